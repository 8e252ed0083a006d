//! `botsim bundle`: turns a bot written against the core library (`botsim_core`, which
//! `botsim` re-exports) into the one source file the contest server takes. The bot's
//! `botsim_core::...` paths, and the paths in every module they reach, decide which library
//! modules go in, submodules included (inlined in place of `mod x;`) only when something
//! reaches them; `#[cfg(test)]` items, doc comments, line comments and indentation are
//! dropped; the result must be ASCII, use no crate the server lacks, and stay under its size limit.
//!
//! Sources are read with Rust's own tokenizer and grammar (`bundle::source`), so nothing inside a
//! string or a comment is ever taken for code.

mod source;

use crate::error::FileError;
use crate::games::GameKind;
use crate::games::PlayError;
use source::{
    mod_declarations, module_paths, path_roots, referenced_modules, rename_path_root, strip,
    use_declarations,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Why a bot could not be bundled, compiled or checked.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// A source or the bundle could not be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A source that Rust's tokenizer or grammar does not take.
    #[error("{}", file.display())]
    Source {
        /// The file.
        file: PathBuf,
        /// Where, and what is wrong.
        #[source]
        source: source::SourceError,
    },
    /// A `mod name;` without its file.
    #[error("{}: module '{name}' has no file", file.display())]
    NoModuleFile {
        /// The file that declares it.
        file: PathBuf,
        /// The module.
        name: String,
    },
    /// `--params` for a bot whose game cannot be told from its source.
    #[error("--params: cannot tell which game the bot plays: name it with --game csb|fb")]
    UnknownGame,
    /// A tuned parameter the game's bot does not take.
    #[error("--params")]
    Params(#[source] botsim_core::params::ParamError),
    /// `--params` for a bot without the line that receives them.
    #[error("--params: the bot has no line '{TUNED_HOOK}' to receive them")]
    NoTunedHook,
    /// A path into the library that names no module of it.
    #[error("the bot uses botsim_core::{name}, which is not a module in {}", lib.display())]
    NotACoreModule {
        /// The module named.
        name: String,
        /// The library's sources.
        lib: PathBuf,
    },
    /// Code that uses a crate the contest server does not have.
    #[error("{} uses '{root}', a crate the contest server does not have (it has std and {})", whose, SERVER_CRATES.join(", "))]
    ForeignCrate {
        /// The bot, or `module 'NAME' (FILE)`.
        whose: String,
        /// The crate.
        root: String,
    },
    /// A character the server does not take.
    #[error("the bundle must be ASCII: line {line}, column {column} has {found:?}")]
    NotAscii {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// A bundle over the contest's limit.
    #[error("the bundle has {chars} characters, over the contest's {MAX_CHARS}; the heaviest parts: {heaviest}")]
    TooLong {
        /// Its characters.
        chars: usize,
        /// Its heaviest parts, with their sizes.
        heaviest: String,
    },
    /// A bundle that uses rand, with no build of rand to compile it against.
    #[error("the bundle uses rand, and no rand 0.9 build was found to compile it against")]
    NoRand,
    /// rustc could not be run.
    #[error("cannot run rustc")]
    Rustc(#[source] std::io::Error),
    /// rustc refused the bundle.
    #[error("rustc could not compile the bundle ({mode}):\n{stderr}")]
    Compile {
        /// `debug` or `release`.
        mode: &'static str,
        /// What rustc said.
        stderr: String,
    },
    /// The compiled bundle could not play its check game.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The compiled bundle broke the protocol in its check game.
    #[error("the bundled bot broke the protocol at turn {turn}: {detail}")]
    BrokeProtocol {
        /// The turn.
        turn: u32,
        /// What it did.
        detail: String,
    },
}

type Result<T> = std::result::Result<T, BundleError>;

/// A source error in `file`.
fn in_file(file: &Path) -> impl FnOnce(source::SourceError) -> BundleError + '_ {
    move |source| BundleError::Source {
        file: file.to_path_buf(),
        source,
    }
}

/// Largest submission the contest server takes, in characters.
pub const MAX_CHARS: usize = 100_000;
/// The names a bot gives the library: the core crate, or the tool crate that re-exports it.
pub const LIBRARY_NAMES: [&str; 2] = ["botsim_core", "botsim"];
/// Crates the contest server has besides std.
pub const SERVER_CRATES: [&str; 6] = ["chrono", "itertools", "libc", "rand", "regex", "time"];

/// A library module as read: its code (stripped) and its submodules, each read from its own
/// file. Only the modules something in the bundle reaches go in ([`Reach`]).
struct Module {
    /// The source file.
    file: PathBuf,
    /// The stripped code, `mod x;` declarations included.
    code: String,
    /// The `mod x;` declarations in `code`, in order, with the modules they name.
    children: Vec<(source::ModDeclaration, Module)>,
}

impl Module {
    /// Reads the module at `file`, and its submodules from theirs.
    fn load(file: &Path, keep_docs: bool) -> Result<Module> {
        let src = std::fs::read_to_string(file).map_err(FileError::on("read module", file))?;
        let code = strip(&src, keep_docs).map_err(in_file(file))?;
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs") => file.parent().map(Path::to_path_buf).unwrap_or_default(),
            _ => file.with_extension(""),
        };
        let mut children = Vec::new();
        for decl in mod_declarations(&code).map_err(in_file(file))? {
            let name = &decl.name;
            let child = [
                dir.join(format!("{name}.rs")),
                dir.join(name).join("mod.rs"),
            ]
            .into_iter()
            .find(|p| p.exists())
            .ok_or_else(|| BundleError::NoModuleFile {
                file: file.to_path_buf(),
                name: name.clone(),
            })?;
            children.push((decl, Module::load(&child, keep_docs)?));
        }
        Ok(Module {
            file: file.to_path_buf(),
            code,
            children,
        })
    }

    /// The submodule `name`.
    fn child(&self, name: &str) -> Option<&Module> {
        self.children
            .iter()
            .find(|(d, _)| d.name == name)
            .map(|(_, m)| m)
    }

    /// Its own code: without its submodules' declarations.
    fn own_code(&self) -> String {
        let mut text = String::new();
        let mut last = 0;
        for (decl, _) in &self.children {
            text.push_str(&self.code[last..decl.item.start]);
            last = decl.item.end;
        }
        text.push_str(&self.code[last..]);
        text
    }

    /// The code with each reached submodule (its path under `at`) inlined in place of its
    /// `mod x;`, and the others left out; the names of the modules inlined, and their files.
    fn render(&self, at: &[String], reach: &Reach) -> (String, Vec<String>, Vec<PathBuf>) {
        let mut text = String::new();
        let mut inner = Vec::new();
        let mut files = vec![self.file.clone()];
        let mut last = 0;
        for (decl, child) in &self.children {
            let path = [at, std::slice::from_ref(&decl.name)].concat();
            if !reach.modules.contains(&path) {
                text.push_str(&self.code[last..decl.item.start]);
                last = decl.item.end;
                continue;
            }
            let (code, names, more) = child.render(&path, reach);
            text.push_str(&self.code[last..decl.keyword]);
            text.push_str(&format!("mod {} {{\n{code}}}", decl.name));
            inner.push(decl.name.clone());
            inner.extend(names);
            files.extend(more);
            last = decl.item.end;
        }
        text.push_str(&self.code[last..]);
        (text, inner, files)
    }
}

/// Which library modules a bundle needs: those the bot's paths name, and those the paths in
/// their code name in turn (`crate::a::b`, `super::b`, `self::b`, or a submodule's own name),
/// each with its parents. A module nothing reaches is left out, its code and its declaration.
#[derive(Default)]
struct Reach {
    /// The modules reached, as paths from the library's root.
    modules: BTreeSet<Vec<String>>,
}

impl Reach {
    /// Marks what the paths used in the module at `at` (the bot: `None`) name; returns the
    /// top-level modules named that are not loaded yet.
    fn mark(
        &mut self,
        at: Option<&[String]>,
        paths: &[Vec<String>],
        modules: &BTreeMap<String, Module>,
    ) -> Vec<String> {
        let mut missing = Vec::new();
        for path in paths {
            let Some(target) = resolve(at, path, modules) else {
                continue;
            };
            let Some(top) = modules.get(&target[0]) else {
                missing.push(target[0].clone());
                continue;
            };
            // Mark every module along the path; a glob marks every submodule it reaches.
            let mut module = top;
            self.modules.insert(target[..1].to_vec());
            for (k, segment) in target.iter().enumerate().skip(1) {
                if segment == "*" {
                    for (decl, _) in &module.children {
                        let mut sub = target[..k].to_vec();
                        sub.push(decl.name.clone());
                        self.modules.insert(sub);
                    }
                    break;
                }
                let Some(child) = module.child(segment) else {
                    break;
                };
                module = child;
                self.modules.insert(target[..=k].to_vec());
            }
        }
        missing
    }
}

/// The path from the library's root that `path`, used in the module at `at` (the bot: `None`),
/// stands for, if it names the library at all.
fn resolve(
    at: Option<&[String]>,
    path: &[String],
    modules: &BTreeMap<String, Module>,
) -> Option<Vec<String>> {
    let first = path.first()?.as_str();
    let rest = |skip: usize| path[skip..].to_vec();
    if first == "crate" && at.is_some() || LIBRARY_NAMES.contains(&first) {
        return Some(rest(1)).filter(|p| !p.is_empty());
    }
    let at = at?;
    if first == "self" {
        return Some([at, &path[1..]].concat());
    }
    if first == "super" {
        let ups = path.iter().take_while(|s| *s == "super").count();
        let base = at.get(..at.len().checked_sub(ups)?)?;
        let target = [base, &path[ups..]].concat();
        return (!target.is_empty()).then_some(target);
    }
    // A submodule named by its own name in its parent's code.
    let mut module = modules.get(&at[0])?;
    for segment in &at[1..] {
        module = module.child(segment)?;
    }
    module.child(first).map(|_| [at, path].concat())
}

/// A library module as it goes into the bundle: its reached submodules inlined.
struct Rendered {
    text: String,
    /// Names of every module inside it (at any depth), for the crate check.
    inner: Vec<String>,
    /// Source files it came from, for messages.
    files: Vec<PathBuf>,
}

/// A finished bundle.
pub struct Bundle {
    pub text: String,
    /// Characters contributed by each top-level module (and the bot), largest first.
    pub weights: Vec<(String, usize)>,
}

/// The line of a bot where tuned parameters go.
const TUNED_HOOK: &str = "const TUNED: &[(&str, f64)] = &[];";

/// Writes tuned parameters into a bot's `TUNED` constant. For a bot on our evaluation every
/// name is checked against the game's parameters first; a bot with an evaluation of its own
/// (an `Evaluation for` impl in its source) names weights of its own, which it checks itself
/// when it starts (as `bundle --check` starts it).
fn write_tuned(main: &str, game: Option<GameKind>, tuned: &[(String, f64)]) -> Result<String> {
    let pairs: Vec<(&str, f64)> = tuned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let game = game.ok_or(BundleError::UnknownGame)?;
    let own_evaluation = strip(main, false).is_ok_and(|code| code.contains("Evaluation for "));
    if !own_evaluation {
        game.tools()
            .check_params(&pairs)
            .map_err(BundleError::Params)?;
    }
    if !main.contains(TUNED_HOOK) {
        return Err(BundleError::NoTunedHook);
    }
    let values: Vec<String> = tuned
        .iter()
        .map(|(n, v)| format!("(\"{n}\", {v:?})"))
        .collect();
    Ok(main.replace(
        TUNED_HOOK,
        &format!("const TUNED: &[(&str, f64)] = &[{}];", values.join(", ")),
    ))
}

/// How to bundle a bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Lines to put first, as comments.
    pub header: &'a str,
    /// Keep doc comments, line comments and indentation.
    pub keep_docs: bool,
    /// Tuned parameters, to become the bot's `TUNED` constants.
    pub tuned: &'a [(String, f64)],
    /// The game the bot plays, when its source does not say (see [`game_of`]).
    pub game: Option<GameKind>,
}

/// Bundles the bot at `bot` with the library whose sources are in `lib_dir` (its `src/`).
pub fn bundle(bot: &Path, lib_dir: &Path, options: &Options) -> Result<Bundle> {
    let Options {
        header,
        keep_docs,
        tuned,
        game,
    } = *options;
    let src = std::fs::read_to_string(bot).map_err(FileError::on("read bot", bot))?;
    let origin = || in_file(bot);
    let mut main = strip(&src, keep_docs).map_err(origin())?;
    if !tuned.is_empty() {
        main = write_tuned(&main, game.or_else(|| game_of(&src)), tuned)?;
    }
    let mut modules: BTreeMap<String, Module> = BTreeMap::new();
    let mut reach = Reach::default();
    let mut wanted = reach.mark(None, &module_paths(&main).map_err(origin())?, &modules);
    loop {
        // Load the top-level modules named but not read yet, then mark again from the top:
        // what is reached only grows, so this ends.
        for name in std::mem::take(&mut wanted) {
            if modules.contains_key(&name) {
                continue;
            }
            let file = [
                lib_dir.join(format!("{name}.rs")),
                lib_dir.join(&name).join("mod.rs"),
            ]
            .into_iter()
            .find(|p| p.exists())
            .ok_or_else(|| BundleError::NotACoreModule {
                name: name.clone(),
                lib: lib_dir.to_path_buf(),
            })?;
            modules.insert(name, Module::load(&file, keep_docs)?);
        }
        let before = reach.modules.len();
        wanted.extend(reach.mark(None, &module_paths(&main).map_err(origin())?, &modules));
        let reached: Vec<Vec<String>> = reach.modules.iter().cloned().collect();
        for at in reached {
            let mut module = &modules[&at[0]];
            for segment in &at[1..] {
                module = module.child(segment).expect("reached modules exist");
            }
            let paths = module_paths(&module.own_code()).map_err(in_file(&module.file))?;
            wanted.extend(reach.mark(Some(&at), &paths, &modules));
        }
        if wanted.is_empty() && reach.modules.len() == before {
            break;
        }
    }
    let modules: BTreeMap<String, Rendered> = modules
        .iter()
        .filter(|(name, _)| reach.modules.contains(std::slice::from_ref(*name)))
        .map(|(name, m)| {
            let (text, inner, files) = m.render(std::slice::from_ref(name), &reach);
            (name.clone(), Rendered { text, inner, files })
        })
        .collect();
    // Every path root must be std, a primitive, a bundled module, or a crate the server has.
    let mut local: BTreeSet<String> = modules.keys().cloned().collect();
    for m in modules.values() {
        local.extend(m.inner.iter().cloned());
    }
    let allowed = |root: &str| {
        matches!(
            root,
            "std" | "core" | "alloc" | "crate" | "self" | "super" | "clippy" | "rustfmt"
        ) || matches!(
            root,
            "f32"
                | "f64"
                | "i8"
                | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "isize"
                | "u8"
                | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "usize"
                | "bool"
                | "char"
                | "str"
        ) || LIBRARY_NAMES.contains(&root)
            || SERVER_CRATES.contains(&root)
            || local.contains(root)
            || root.starts_with(|c: char| c.is_ascii_uppercase())
    };
    // The first root in `text` the server cannot resolve. What `use` brings into scope is
    // local; the root of a `use` must itself be allowed.
    let foreign = |text: &str| -> std::result::Result<Option<String>, source::SourceError> {
        let mut names = BTreeSet::new();
        for u in use_declarations(text)? {
            if !allowed(&u.root) {
                return Ok(Some(u.root));
            }
            names.extend(u.names);
        }
        Ok(path_roots(text)?
            .into_iter()
            .find(|r| !allowed(r) && !names.contains(r)))
    };
    let mut weights = vec![(bot.display().to_string(), main.len())];
    for (name, m) in &modules {
        if let Some(root) = foreign(&m.text).map_err(in_file(&m.files[0]))? {
            return Err(BundleError::ForeignCrate {
                whose: format!("module '{name}' ({})", m.files[0].display()),
                root,
            });
        }
        weights.push((name.clone(), m.text.len()));
    }
    if let Some(root) = foreign(&main).map_err(origin())? {
        return Err(BundleError::ForeignCrate {
            whose: bot.display().to_string(),
            root,
        });
    }
    let mut text = String::new();
    for line in header.lines() {
        text.push_str(&format!("// {line}\n"));
    }
    for name in LIBRARY_NAMES {
        main = rename_path_root(&main, name, "crate").map_err(origin())?;
    }
    text.push_str(&main);
    for (name, m) in &modules {
        text.push_str(&format!(
            "\n#[allow(dead_code, unused_imports)]\nmod {name} {{\n{}}}\n",
            m.text
        ));
    }
    if let Some((line, col, c)) = text.lines().enumerate().find_map(|(l, s)| {
        s.char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map(|(k, c)| (l + 1, k + 1, c))
    }) {
        return Err(BundleError::NotAscii {
            line,
            column: col,
            found: c,
        });
    }
    weights.sort_by_key(|w| std::cmp::Reverse(w.1));
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        let heavy: Vec<String> = weights
            .iter()
            .take(5)
            .map(|(n, w)| format!("{n} {w}"))
            .collect();
        return Err(BundleError::TooLong {
            chars,
            heaviest: heavy.join(", "),
        });
    }
    Ok(Bundle { text, weights })
}

/// The game a bot plays, from the library modules it uses.
pub fn game_of(bot_source: &str) -> Option<GameKind> {
    let refs = strip(bot_source, false)
        .and_then(|code| referenced_modules(&code))
        .ok()?;
    GameKind::ALL.into_iter().find(|g| refs.contains(g.name()))
}

/// Where the core library's sources are in a checkout of botsim.
const CORE_SOURCES: &str = "crates/core/src";

/// The core library's sources for a bot: `crates/core/src` in the nearest ancestor that has
/// it, else the one this program was built from.
pub fn find_library(bot: &Path) -> PathBuf {
    let start = bot.canonicalize().unwrap_or_else(|_| bot.to_path_buf());
    start
        .ancestors()
        .map(|d| d.join(CORE_SOURCES))
        .find(|src| src.join("lib.rs").exists())
        .unwrap_or_else(|| crate::checkout().join(CORE_SOURCES))
}

/// The header of a bundle: what it was made from, by which botsim and commit.
pub fn header(bot: &Path, lib_dir: &Path) -> String {
    let commit = std::process::Command::new("git")
        .arg("-C")
        .arg(lib_dir)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".to_string());
    format!(
        "Bundled by botsim {} (commit {commit}) from {}.\nGenerated: edit the sources, not this file.",
        env!("CARGO_PKG_VERSION"),
        bot.display()
    )
}

/// How [`compile`] optimises a bundle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// No optimisation: the quickest proof that it compiles.
    Debug,
    /// `-C opt-level=3` and nothing more, as a contest server may compile it: the crate split
    /// into several codegen units, where code one unit would inline may stay a call.
    Server,
    /// `-C opt-level=3 -C codegen-units=1`, as cargo's release profile here builds the bots:
    /// ladder versions, so that on the clock they search as fast as today's build.
    Release,
}

impl Profile {
    /// The profile's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Debug => "debug",
            Profile::Server => "release",
            Profile::Release => "release, one codegen unit",
        }
    }

    /// The profile's options to `rustc`.
    fn flags(self) -> &'static [&'static str] {
        match self {
            Profile::Debug => &[],
            Profile::Server => &["-C", "opt-level=3"],
            Profile::Release => &["-C", "opt-level=3", "-C", "codegen-units=1"],
        }
    }
}

/// Compiles a bundle on its own with plain `rustc` (edition 2021), with `rand` available only if
/// it uses it (from the project's own build, when found). Returns the binary.
pub fn compile(bundle: &Path, profile: Profile, out: &Path) -> Result<()> {
    let text = std::fs::read_to_string(bundle).map_err(FileError::on("read", bundle))?;
    let mut cmd = std::process::Command::new("rustc");
    cmd.args([
        "--edition",
        "2021",
        "--crate-type",
        "bin",
        "--crate-name",
        "bundle",
        "-o",
    ])
    .arg(out)
    .arg(bundle);
    cmd.args(profile.flags());
    let roots = path_roots(&text).map_err(in_file(bundle))?;
    if roots.contains("rand") {
        let deps = crate::checkout().join("target/release/deps");
        let rlib = std::fs::read_dir(&deps)
            .ok()
            .and_then(|d| {
                d.filter_map(|e| e.ok()).map(|e| e.path()).find(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("librand-") && n.ends_with(".rlib"))
                })
            })
            .ok_or(BundleError::NoRand)?;
        cmd.arg("-L").arg(format!("dependency={}", deps.display()));
        cmd.arg("--extern").arg(format!("rand={}", rlib.display()));
    }
    let output = cmd.output().map_err(BundleError::Rustc)?;
    if !output.status.success() {
        return Err(BundleError::Compile {
            mode: profile.name(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    Ok(())
}

/// Plays a whole game of `game` between the compiled bundle (as a program, with a small fixed
/// budget) and the built-in heuristic bot, and returns a one-line summary. Fails if the bundle
/// breaks the protocol.
pub fn play_check(binary: &Path, game: GameKind) -> Result<String> {
    use crate::referee::process::{shell_word, Process};
    let command = shell_word(&binary.display().to_string());
    let mut bot =
        Process::spawn(&command, &[("BOTSIM_ROLLOUTS", "300")]).map_err(PlayError::from)?;
    bot.later_turns = std::time::Duration::from_millis(2000);
    let rec = game.tools().play_heuristic(1, Some(&mut bot), false)?;
    if let Some(e) = rec.errors.iter().find(|e| e.player == 0) {
        return Err(BundleError::BrokeProtocol {
            turn: e.turn,
            detail: e.detail.clone(),
        });
    }
    Ok(format!(
        "played a {} game against the built-in bot: {} - {} after {} turns",
        game.name(),
        rec.scores[0],
        rec.scores[1],
        rec.turns
    ))
}

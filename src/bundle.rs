//! `botsim bundle`: turns a bot written against the library into the one source file the
//! contest server takes. The bot's `use botsim::...` paths, and the `crate::...` paths of every
//! module they reach, decide which library modules go in (whole, with their submodules inlined
//! in place of `mod x;`); `#[cfg(test)]` items, doc comments, line comments and indentation are
//! dropped; the result must be ASCII, use no crate the server lacks, and stay under its size limit.
//!
//! The text is edited with a byte classifier that knows comments, strings, raw strings and
//! char literals, so nothing inside a string or a comment is ever taken for code.

use anyhow::{bail, Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Largest submission the contest server takes, in characters.
pub const MAX_CHARS: usize = 100_000;
/// Crates the contest server has besides std.
pub const SERVER_CRATES: [&str; 6] = ["chrono", "itertools", "libc", "rand", "regex", "time"];

/// How each byte of a source reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Code,
    Comment,
    /// `///` or `//!` (a doc comment), to the end of its line.
    Doc,
    Literal,
}

/// Classifies every byte of a Rust source.
fn classify(src: &str) -> Vec<Class> {
    let b = src.as_bytes();
    let mut out = vec![Class::Code; b.len()];
    let mut i = 0;
    let at = |i: usize, s: &str| b[i..].starts_with(s.as_bytes());
    while i < b.len() {
        let start = i;
        let class;
        if at(i, "//") {
            let doc = (at(i, "///") && !at(i, "////")) || at(i, "//!");
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            class = if doc { Class::Doc } else { Class::Comment };
        } else if at(i, "/*") {
            let mut depth = 0;
            loop {
                if i >= b.len() {
                    break;
                } else if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            class = Class::Comment;
        } else if let Some(len) = raw_string(&b[i..]) {
            i += len;
            class = Class::Literal;
        } else if b[i] == b'"' || (b[i] == b'b' && at(i, "b\"")) {
            i += if b[i] == b'b' { 2 } else { 1 };
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            class = Class::Literal;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}'), or a lifetime ('a) which is code.
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
                class = Class::Literal;
            } else {
                let c = src[i + 1..].chars().next().map_or(0, char::len_utf8);
                if b.get(i + 1 + c) == Some(&b'\'') {
                    i += c + 2;
                    class = Class::Literal;
                } else {
                    i += 1;
                    class = Class::Code;
                }
            }
        } else {
            // An identifier ending in r or b must not start a raw string by accident.
            if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
            } else {
                i += 1;
            }
            class = Class::Code;
        }
        let end = i.min(b.len());
        out[start..end].fill(class);
        i = end;
    }
    out
}

/// The length of a raw string (`r"..."`, `r#"..."#`, `br"..."`) starting here.
fn raw_string(b: &[u8]) -> Option<usize> {
    let mut i = usize::from(b.first() == Some(&b'b'));
    if b.get(i) != Some(&b'r') {
        return None;
    }
    i += 1;
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    i += hashes;
    if b.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let end = b[i..]
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(i + end + close.len())
}

/// The source with `#[cfg(test)]` items removed, and doc comments, line comments and the
/// indentation of code lines too unless `keep_docs`.
pub fn strip(src: &str, keep_docs: bool) -> String {
    let classes = classify(src);
    let b = src.as_bytes();
    let code_at = |i: usize, s: &str| b[i..].starts_with(s.as_bytes()) && classes[i] == Class::Code;
    let mut drop = vec![false; b.len()];
    let mut i = 0;
    while i < b.len() {
        if code_at(i, "#[cfg(test)]") {
            let end = item_end(b, &classes, i + "#[cfg(test)]".len());
            drop[i..end].fill(true);
            i = end;
        } else if !keep_docs && classes[i] == Class::Comment && b[i..].starts_with(b"//") {
            // A line comment goes with the doc comments: to the end of its line.
            while i < b.len() && classes[i] == Class::Comment && b[i] != b'\n' {
                drop[i] = true;
                i += 1;
            }
        } else {
            if classes[i] == Class::Doc && !keep_docs {
                drop[i] = true;
            }
            i += 1;
        }
    }
    // Rebuild line by line: a line emptied by the removals disappears whole. Without the
    // comments the indentation goes too, unless the line starts inside a string literal.
    let mut out = String::with_capacity(src.len());
    let mut line = String::new();
    let mut had_text = false;
    let mut in_literal = false;
    for (k, c) in src.char_indices() {
        if c == '\n' {
            if !line.trim().is_empty() || !had_text {
                let text = if keep_docs || in_literal {
                    line.trim_end()
                } else {
                    line.trim()
                };
                out.push_str(text);
                out.push('\n');
            }
            line.clear();
            had_text = false;
            in_literal = classes.get(k + 1) == Some(&Class::Literal);
            continue;
        }
        if drop[k] {
            had_text = true;
        } else {
            line.push(c);
        }
    }
    if !line.trim().is_empty() {
        out.push_str(&line);
    }
    out
}

/// Where the item that starts at (or after attributes from) `i` ends: its closing brace, or its
/// semicolon if it has no body.
fn item_end(b: &[u8], classes: &[Class], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        if classes[i] == Class::Code {
            match b[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                b';' if depth == 0 => return i + 1,
                _ => {}
            }
        }
        i += 1;
    }
    b.len()
}

/// `mod name;` declarations in code: (start, end, name), with any `pub` before them.
fn mod_declarations(src: &str) -> Vec<(usize, usize, String)> {
    let classes = classify(src);
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 4 < b.len() {
        let boundary = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if classes[i] == Class::Code && boundary && b[i..].starts_with(b"mod ") {
            let name_start = i + 4;
            let name_len = b[name_start..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count();
            let after = name_start + name_len;
            if name_len > 0 && b.get(after) == Some(&b';') {
                out.push((i, after + 1, src[name_start..after].to_string()));
                i = after + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The first segments of paths in code (`name::`), which name crates and modules.
fn path_roots(src: &str) -> BTreeSet<String> {
    let classes = classify(src);
    let b = src.as_bytes();
    let mut roots = BTreeSet::new();
    let mut i = 0;
    while i < b.len() {
        let starts = classes[i] == Class::Code
            && (b[i].is_ascii_alphabetic() || b[i] == b'_')
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b':'));
        if starts {
            let len = b[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count();
            // A path goes on with a name, a group or a glob (not `::<`, a turbofish).
            let next = b.get(i + len + 2).copied().unwrap_or(b' ');
            if b[i + len..].starts_with(b"::")
                && (next.is_ascii_alphabetic() || matches!(next, b'_' | b'{' | b'*'))
            {
                roots.insert(src[i..i + len].to_string());
            }
            i += len;
        } else {
            i += 1;
        }
    }
    roots
}

/// The `use` declarations in code: for each, its root (first segment) and every other name in it
/// (the names it brings into scope, and their parents, which `self` may import).
fn use_declarations(src: &str) -> Vec<(String, Vec<String>)> {
    let classes = classify(src);
    let b = src.as_bytes();
    let mut out = Vec::new();
    for (k, _) in src.match_indices("use ") {
        let boundary = k == 0 || !(b[k - 1].is_ascii_alphanumeric() || b[k - 1] == b'_');
        if classes[k] != Class::Code || !boundary {
            continue;
        }
        let end = src[k..].find(';').map_or(src.len(), |e| k + e);
        let names: Vec<String> = src[k + 4..end]
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && w != &"as")
            .map(str::to_string)
            .collect();
        if let Some((root, rest)) = names.split_first() {
            out.push((root.clone(), rest.to_vec()));
        }
    }
    out
}

/// The top-level library modules that `src` names through `crate::` or `botsim::` paths,
/// including grouped imports such as `crate::{geom, java}`.
fn referenced_modules(src: &str) -> BTreeSet<String> {
    let classes = classify(src);
    let mut out = BTreeSet::new();
    for prefix in ["crate::", "botsim::"] {
        for (k, _) in src.match_indices(prefix) {
            if classes[k] != Class::Code || (k > 0 && src.as_bytes()[k - 1] == b':') {
                continue;
            }
            let rest = &src[k + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let inner = &group[..group.find('}').unwrap_or(group.len())];
                for part in inner.split(',') {
                    let name: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() {
                        out.insert(name);
                    }
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
    out
}

/// A library module, with its submodules inlined.
struct Module {
    text: String,
    /// Names of every module inside it (at any depth), for the crate check.
    inner: Vec<String>,
    /// Source files it came from, for messages.
    files: Vec<PathBuf>,
}

/// Reads the module at `file`, stripped, with each `mod x;` replaced by `mod x { ... }`.
fn load_module(file: &Path, keep_docs: bool) -> Result<Module> {
    let src = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read module {}", file.display()))?;
    let stripped = strip(&src, keep_docs);
    let dir = match file.file_name().and_then(|n| n.to_str()) {
        Some("mod.rs") => file.parent().map(Path::to_path_buf).unwrap_or_default(),
        _ => file.with_extension(""),
    };
    let mut text = String::new();
    let mut inner = Vec::new();
    let mut files = vec![file.to_path_buf()];
    let mut last = 0;
    for (start, end, name) in mod_declarations(&stripped) {
        let child = [
            dir.join(format!("{name}.rs")),
            dir.join(&name).join("mod.rs"),
        ]
        .into_iter()
        .find(|p| p.exists())
        .with_context(|| format!("{}: module '{name}' has no file", file.display()))?;
        let m = load_module(&child, keep_docs)?;
        text.push_str(&stripped[last..start]);
        text.push_str(&format!("mod {name} {{\n{}}}", m.text));
        inner.push(name);
        inner.extend(m.inner);
        files.extend(m.files);
        last = end;
    }
    text.push_str(&stripped[last..]);
    Ok(Module { text, inner, files })
}

/// A finished bundle.
pub struct Bundle {
    pub text: String,
    /// Characters contributed by each top-level module (and the bot), largest first.
    pub weights: Vec<(String, usize)>,
}

/// The line of a bot where tuned parameters go.
const TUNED_HOOK: &str = "const TUNED: &[(&str, f64)] = &[];";

/// Writes tuned parameters into a bot's `TUNED` constant, after checking every name against
/// the game's parameters.
fn write_tuned(main: &str, game: Option<&str>, tuned: &[(String, f64)]) -> Result<String> {
    use crate::params::Named;
    let pairs: Vec<(&str, f64)> = tuned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let check = match game {
        Some("csb") => crate::csb::ga::Params::default().set_all(&pairs),
        Some("fb") => crate::fb::ga::Params::default().set_all(&pairs),
        _ => Err("cannot tell which game the bot plays".to_string()),
    };
    check.map_err(|e| anyhow::anyhow!("--params: {e}"))?;
    if !main.contains(TUNED_HOOK) {
        bail!("--params: the bot has no line '{TUNED_HOOK}' to receive them");
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

/// Bundles the bot at `bot` with the library whose sources are in `lib_dir` (its `src/`).
/// `header` goes first, as comment lines; `tuned` parameters, if any, become the bot's
/// `TUNED` constants.
pub fn bundle(
    bot: &Path,
    lib_dir: &Path,
    header: &str,
    keep_docs: bool,
    tuned: &[(String, f64)],
) -> Result<Bundle> {
    let src = std::fs::read_to_string(bot)
        .with_context(|| format!("cannot read bot {}", bot.display()))?;
    let mut main = strip(&src, keep_docs);
    if !tuned.is_empty() {
        main = write_tuned(&main, game_of(&src), tuned)?;
    }
    let mut wanted: Vec<String> = referenced_modules(&main).into_iter().collect();
    let mut modules: BTreeMap<String, Module> = BTreeMap::new();
    while let Some(name) = wanted.pop() {
        if modules.contains_key(&name) {
            continue;
        }
        let file = [
            lib_dir.join(format!("{name}.rs")),
            lib_dir.join(&name).join("mod.rs"),
        ]
        .into_iter()
        .find(|p| p.exists())
        .with_context(|| {
            format!(
                "the bot uses botsim::{name}, which is not a module in {}",
                lib_dir.display()
            )
        })?;
        let m = load_module(&file, keep_docs)?;
        wanted.extend(referenced_modules(&m.text));
        modules.insert(name, m);
    }
    // Every path root must be std, a primitive, a bundled module, or a crate the server has.
    let mut local: BTreeSet<String> = modules.keys().cloned().collect();
    for m in modules.values() {
        local.extend(m.inner.iter().cloned());
    }
    let allowed = |root: &str| {
        matches!(
            root,
            "std" | "core" | "alloc" | "crate" | "self" | "super" | "botsim" | "clippy" | "rustfmt"
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
        ) || SERVER_CRATES.contains(&root)
            || local.contains(root)
            || root.starts_with(|c: char| c.is_ascii_uppercase())
    };
    // What `use` brings into scope is local; the root of a `use` must itself be allowed.
    let imported = |text: &str| -> Result<BTreeSet<String>, String> {
        let mut names = BTreeSet::new();
        for (root, rest) in use_declarations(text) {
            if !allowed(&root) {
                return Err(root);
            }
            names.extend(rest);
        }
        Ok(names)
    };
    let check = |text: &str| -> Result<(), String> {
        let names = imported(text)?;
        match path_roots(text)
            .into_iter()
            .find(|r| !allowed(r) && !names.contains(r))
        {
            Some(root) => Err(root),
            None => Ok(()),
        }
    };
    let mut weights = vec![(bot.display().to_string(), main.len())];
    for (name, m) in &modules {
        if let Err(root) = check(&m.text) {
            bail!(
                "module '{name}' ({}) uses '{root}', a crate the contest server does not have (it has std and {})",
                m.files[0].display(),
                SERVER_CRATES.join(", ")
            );
        }
        weights.push((name.clone(), m.text.len()));
    }
    if let Err(root) = check(&main) {
        bail!(
            "{} uses '{root}', a crate the contest server does not have (it has std and {})",
            bot.display(),
            SERVER_CRATES.join(", ")
        );
    }
    let mut text = String::new();
    for line in header.lines() {
        text.push_str(&format!("// {line}\n"));
    }
    text.push_str(&main.replace("botsim::", "crate::"));
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
        bail!("the bundle must be ASCII: line {line}, column {col} has {c:?}");
    }
    weights.sort_by_key(|w| std::cmp::Reverse(w.1));
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        let heavy: Vec<String> = weights
            .iter()
            .take(5)
            .map(|(n, w)| format!("{n} {w}"))
            .collect();
        bail!(
            "the bundle has {chars} characters, over the contest's {MAX_CHARS}; the heaviest parts: {}",
            heavy.join(", ")
        );
    }
    Ok(Bundle { text, weights })
}

/// The game a bot plays, from the library modules it uses.
pub fn game_of(bot_source: &str) -> Option<&'static str> {
    let refs = referenced_modules(&strip(bot_source, false));
    if refs.contains("csb") {
        Some("csb")
    } else if refs.contains("fb") {
        Some("fb")
    } else {
        None
    }
}

/// The library sources for a bot: the `src/` beside the nearest ancestor holding
/// `src/lib.rs`, else the one this program was built from.
pub fn find_library(bot: &Path) -> PathBuf {
    let start = bot.canonicalize().unwrap_or_else(|_| bot.to_path_buf());
    start
        .ancestors()
        .map(|d| d.join("src"))
        .find(|src| src.join("lib.rs").exists())
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
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

/// Compiles a bundle on its own with plain `rustc` (edition 2021), with `rand` available only if
/// it uses it (from the project's own build, when found). Returns the binary.
pub fn compile(bundle: &Path, release: bool, out: &Path) -> Result<()> {
    let text = std::fs::read_to_string(bundle)?;
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
    if release {
        cmd.args(["-C", "opt-level=3"]);
    }
    if path_roots(&text).contains("rand") {
        let deps = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/deps");
        let rlib = std::fs::read_dir(&deps)
            .ok()
            .and_then(|d| {
                d.filter_map(|e| e.ok()).map(|e| e.path()).find(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("librand-") && n.ends_with(".rlib"))
                })
            })
            .context(
                "the bundle uses rand, and no rand 0.9 build was found to compile it against",
            )?;
        cmd.arg("-L").arg(format!("dependency={}", deps.display()));
        cmd.arg("--extern").arg(format!("rand={}", rlib.display()));
    }
    let output = cmd.output().context("cannot run rustc")?;
    if !output.status.success() {
        bail!(
            "rustc could not compile the bundle ({}):\n{}",
            if release { "release" } else { "debug" },
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(())
}

/// Plays a whole game of `game` between the compiled bundle (as a program, with a small fixed
/// budget) and the built-in heuristic bot, and returns a one-line summary. Fails if the bundle
/// breaks the protocol.
pub fn play_check(binary: &Path, game: &str) -> Result<String> {
    use crate::referee::process::Process;
    let command = format!("'{}'", binary.display());
    let mut bot = Process::spawn(&command, &[("BOTSIM_ROLLOUTS", "300")])?;
    bot.later_turns = std::time::Duration::from_millis(2000);
    let (scores, turns, errors) = match game {
        "csb" => {
            let mut racer = crate::csb::racer::Racer::default();
            let rec = crate::referee::csb::play(
                &crate::referee::csb::GameSpec::Seed(1),
                [&mut bot, &mut racer],
                false,
            )?;
            (
                rec.outcome.scores.map(i32::from),
                rec.turns as u32,
                rec.errors,
            )
        }
        _ => {
            let mut chaser = crate::fb::chaser::Chaser::default();
            let rec = crate::referee::fb::play(1, [&mut bot, &mut chaser], false)?;
            (rec.outcome.scores, rec.turns, rec.errors)
        }
    };
    if let Some(e) = errors.iter().find(|e| e.player == 0) {
        bail!(
            "the bundled bot broke the protocol at turn {}: {}",
            e.turn,
            e.detail
        );
    }
    Ok(format!(
        "played a {game} game against the built-in bot: {} - {} after {turns} turns",
        scores[0], scores[1]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_tests_and_docs_but_not_strings() {
        let src = "//! crate doc\nuse std::fmt; // gone\n/// doc\nfn a() { let s = \"#[cfg(test)] /// no // no\"; let c = '}'; }\n#[cfg(test)]\nmod tests {\n    fn t() { let x = \"}\"; }\n}\n    // gone too\nfn b<'a>(x: &'a str) {}\n";
        let out = strip(src, false);
        assert_eq!(
            out,
            "use std::fmt;\nfn a() { let s = \"#[cfg(test)] /// no // no\"; let c = '}'; }\nfn b<'a>(x: &'a str) {}\n"
        );
        assert!(strip(src, true).contains("// gone too"));
        let indented = "fn c() {\n    let s = \"one\n    two\";\n    let t = 1;\n}\n";
        assert_eq!(
            strip(indented, false),
            "fn c() {\nlet s = \"one\n    two\";\nlet t = 1;\n}\n",
            "code lines lose their indentation, a string's own lines keep it"
        );
        assert_eq!(strip(indented, true), indented);
        assert!(strip(src, true).contains("/// doc"));
    }

    #[test]
    fn finds_modules_and_roots() {
        let src = "pub mod a;\nmod b_c;\nlet s = \"mod x;\";\nuse crate::{geom, java::Random};\nuse serde_json::Value;\nf::<u8>();\n";
        let mods: Vec<String> = mod_declarations(src).into_iter().map(|m| m.2).collect();
        assert_eq!(mods, ["a", "b_c"]);
        let refs: Vec<String> = referenced_modules(src).into_iter().collect();
        assert_eq!(refs, ["geom", "java"]);
        assert!(path_roots(src).contains("serde_json"));
        assert!(!path_roots(src).contains("f"), "a turbofish is not a path");
        assert_eq!(raw_string(br##"r#"a"b"#x"##), Some(8));
    }
}

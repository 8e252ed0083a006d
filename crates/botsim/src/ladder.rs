//! The ladder: the accepted versions of our contest bots, each named in `ladder.toml` by the
//! commit it was accepted at, and rebuilt from that commit on demand (as OpenBench and fishtest
//! build an engine version from its repository and commit) instead of kept as generated copies.
//!
//! A version is built by taking its commit's tree out of git (`git archive`), bundling its bot
//! with the bundler of this botsim into one source file, and compiling that alone with `rustc`;
//! the binary is cached by version and commit under `target/ladder/`. `ladder:NAME [ARGS]` plays
//! it as a program (see [`crate::player::PlayerSpec`]). Each version records a fingerprint of
//! how it plays at a fixed budget, and [`Ladder::fingerprint`] shows a rebuilt binary still plays so.

use crate::arena::{self, Clock, Config, Limits, Seeds};
use crate::bundle;
use crate::games::workload::Fingerprint;
use crate::games::GameKind;
use crate::player::PlayerSpec;
use crate::referee::process::shell_word;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The file that lists the versions, at the root of the checkout.
pub const FILE: &str = "ladder.toml";

/// Games a check plays: two pairs.
pub const CHECK_GAMES: usize = 4;

/// What can go wrong with the ladder.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    /// No `ladder.toml` here or in the checkout botsim was built from.
    #[error(
        "no {FILE} found in {0} or its parents, nor in the checkout botsim was built from: run \
         botsim from a clone of botsim"
    )]
    NoFile(PathBuf),
    /// `ladder.toml` could not be read or parsed.
    #[error("{path}: {message}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A name the file does not list.
    #[error("no version '{name}' in {path}; it lists {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The file.
        path: PathBuf,
        /// The names it lists.
        known: String,
    },
    /// The version's commit is not in this clone.
    #[error(
        "{name}'s commit {commit} is not in this clone (a shallow clone has only the newest \
         commits): fetch the history with `git -C {root} fetch --unshallow`, or that commit \
         alone with `git -C {root} fetch origin {commit}`"
    )]
    MissingCommit {
        /// The version.
        name: String,
        /// Its commit.
        commit: String,
        /// The clone.
        root: PathBuf,
    },
    /// A step of the build failed.
    #[error("building {name}: {message}")]
    Build {
        /// The version.
        name: String,
        /// What failed, with the tool's own words.
        message: String,
    },
    /// The version's bot could not be bundled or compiled.
    #[error("building {name}")]
    Bundle {
        /// The version.
        name: String,
        /// Why.
        #[source]
        source: Box<bundle::BundleError>,
    },
    /// A check's game could not be played.
    #[error("checking {name}")]
    Game {
        /// The version.
        name: String,
        /// Why.
        #[source]
        source: Box<crate::games::PlayError>,
    },
    /// A version of one game asked to play the other.
    #[error("ladder:{name} plays {plays}, not {game} (--game)")]
    WrongGame {
        /// The version.
        name: String,
        /// Its game.
        plays: &'static str,
        /// The game asked for.
        game: &'static str,
    },
    /// A check's games could not be played.
    #[error("checking {name}: {message}")]
    Play {
        /// The version.
        name: String,
        /// What failed.
        message: String,
    },
}

/// One accepted version, as `ladder.toml` lists it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Version {
    /// Its name, as `ladder:NAME` and the tables name it: `csb_v3`.
    pub name: String,
    /// The game it plays: `csb` or `fb` in the file.
    #[serde(deserialize_with = "game_named")]
    pub game: GameKind,
    /// The full id of the commit it was accepted at.
    pub commit: String,
    /// Its bot's source in that commit: `bots/csb.rs`.
    pub bot: String,
    /// Arguments it always gets (before those of `ladder:NAME ARGS`).
    #[serde(default)]
    pub args: String,
    /// What it plays, in a line.
    pub about: String,
    /// How it plays, fixed: what [`Ladder::fingerprint`] is compared with.
    pub check: Recorded,
}

/// A version's play recorded at a fixed budget: [`CHECK_GAMES`] games (pairs of one game seed,
/// seats swapped) against the game's built-in heuristic bot, `--rollouts N`, and the
/// fingerprint of every order it gave and every score.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Recorded {
    /// Its search's rollouts a turn.
    pub rollouts: u64,
    /// The game seed of the first pair (the next pair's is one more), which is also the
    /// search's seed.
    pub seed: i64,
    /// The fingerprint, 16 hex digits.
    pub fingerprint: Fp,
}

/// A fingerprint of play, written as 16 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct Fp(pub u64);

impl TryFrom<String> for Fp {
    type Error = String;

    fn try_from(text: String) -> Result<Fp, String> {
        u64::from_str_radix(&text, 16)
            .ok()
            .filter(|_| text.len() == 16)
            .map(Fp)
            .ok_or_else(|| format!("fingerprint '{text}' is not 16 hex digits"))
    }
}

impl std::fmt::Display for Fp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// A game by its short name, for `ladder.toml`.
fn game_named<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
    let name = String::deserialize(d)?;
    GameKind::from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("game '{name}' is not csb or fb")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    version: Vec<Version>,
}

/// The versions of a `ladder.toml` and the clone they are built from.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// The clone: the folder of `ladder.toml`.
    pub root: PathBuf,
    /// The versions, in the file's order.
    pub versions: Vec<Version>,
}

impl Ladder {
    /// The ladder of the clone around the current folder, else of the checkout this botsim was
    /// built from (so that an installed botsim finds it too).
    pub fn find() -> Result<Ladder, LadderError> {
        let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let file = here
            .ancestors()
            .map(|d| d.join(FILE))
            .chain([crate::checkout().join(FILE)])
            .find(|f| f.is_file())
            .ok_or(LadderError::NoFile(here))?;
        Ladder::load(&file)
    }

    /// Reads a `ladder.toml`.
    pub fn load(file: &Path) -> Result<Ladder, LadderError> {
        let bad = |message: String| LadderError::BadFile {
            path: file.to_path_buf(),
            message,
        };
        let text = std::fs::read_to_string(file).map_err(|e| bad(e.to_string()))?;
        let parsed: File = toml::from_str(&text).map_err(|e| bad(e.to_string()))?;
        for (k, v) in parsed.version.iter().enumerate() {
            if v.commit.len() != 40 || !v.commit.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(bad(format!(
                    "{}: commit '{}' is not a full commit id (40 hex digits)",
                    v.name, v.commit
                )));
            }
            if parsed.version[..k].iter().any(|w| w.name == v.name) {
                return Err(bad(format!("{} is listed twice", v.name)));
            }
        }
        Ok(Ladder {
            root: file
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(".")),
            versions: parsed.version,
        })
    }

    /// The version called `name`.
    pub fn get(&self, name: &str) -> Result<&Version, LadderError> {
        self.versions
            .iter()
            .find(|v| v.name == name)
            .ok_or_else(|| LadderError::Unknown {
                name: name.to_string(),
                path: self.root.join(FILE),
                known: self
                    .versions
                    .iter()
                    .map(|v| v.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Where a version's build is cached: by its name and commit, and the way it is compiled
    /// (`u1`: one codegen unit; builds of before it ran slower and are not reused).
    pub fn cache_dir(&self, v: &Version) -> PathBuf {
        self.root
            .join("target/ladder")
            .join(format!("{}-{}-u1", v.name, &v.commit[..12]))
    }

    /// The version's binary, once built.
    pub fn binary(&self, v: &Version) -> PathBuf {
        self.cache_dir(v).join(&v.name)
    }

    /// Builds a version unless its binary is cached; returns the binary and whether it was
    /// built now.
    pub fn build(&self, v: &Version) -> Result<(PathBuf, bool), LadderError> {
        let binary = self.binary(v);
        if binary.is_file() {
            return Ok((binary, false));
        }
        let fail = |message: String| LadderError::Build {
            name: v.name.clone(),
            message,
        };
        let present = Command::new("git")
            .arg("-C")
            .arg(&self.root)
            .args(["cat-file", "-e", &format!("{}^{{commit}}", v.commit)])
            .output()
            .map_err(|e| fail(format!("cannot run git: {e}")))?;
        if !present.status.success() {
            return Err(LadderError::MissingCommit {
                name: v.name.clone(),
                commit: v.commit.clone(),
                root: self.root.clone(),
            });
        }
        let dir = self.cache_dir(v);
        // A build in a folder of its own, renamed into place when done: a build that fails or
        // is interrupted leaves no binary, and two runs building at once do not mix.
        let work = dir.with_extension(format!("building-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&work);
        let tree = work.join("tree");
        std::fs::create_dir_all(&tree).map_err(|e| fail(format!("{}: {e}", tree.display())))?;
        let result = (|| {
            extract(&self.root, &v.commit, &tree).map_err(&fail)?;
            let bot = tree.join(&v.bot);
            // The library's sources: `crates/core/src` since the workspace split, `src` before.
            let lib = ["crates/core/src", "src"]
                .into_iter()
                .map(|d| tree.join(d))
                .find(|d| d.join("lib.rs").is_file())
                .ok_or_else(|| fail(format!("commit {} has no library sources", v.commit)))?;
            let header = format!(
                "Ladder version {} of botsim: {} at commit {}, bundled by botsim {}.\n\
                 Generated: `botsim ladder build {}` makes it again.",
                v.name,
                v.bot,
                v.commit,
                env!("CARGO_PKG_VERSION"),
                v.name
            );
            let bundled = |source| LadderError::Bundle {
                name: v.name.clone(),
                source: Box::new(source),
            };
            let options = bundle::Options {
                header: &header,
                game: Some(v.game),
                ..bundle::Options::default()
            };
            let b = bundle::bundle(&bot, &lib, &options).map_err(bundled)?;
            let source = work.join(format!("{}.rs", v.name));
            std::fs::write(&source, &b.text)
                .map_err(|e| fail(format!("{}: {e}", source.display())))?;
            bundle::compile(&source, bundle::Profile::Release, &work.join(&v.name))
                .map_err(bundled)?;
            std::fs::remove_dir_all(&tree).map_err(|e| fail(format!("{}: {e}", tree.display())))
        })();
        if let Err(e) = result {
            let _ = std::fs::remove_dir_all(&work);
            return Err(e);
        }
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = std::fs::rename(&work, &dir) {
            let _ = std::fs::remove_dir_all(&work);
            // Another run built it at the same time: its binary is as good as ours.
            if !binary.is_file() {
                return Err(fail(format!("{}: {e}", dir.display())));
            }
        }
        Ok((binary, true))
    }

    /// The command line that plays version `v` with `args` after its own.
    pub fn command(&self, v: &Version, args: &str) -> String {
        let mut command = quote(&self.binary(v));
        for part in [v.args.trim(), args.trim()] {
            if !part.is_empty() {
                command.push(' ');
                command.push_str(part);
            }
        }
        command
    }

    /// Builds each ladder player's version (unless cached) and gives it its command line;
    /// `built` hears of each version before it is built. Every version must play `game`.
    pub fn resolve(
        players: &mut [PlayerSpec],
        game: GameKind,
        mut building: impl FnMut(&Version),
    ) -> Result<(), LadderError> {
        let mut ladder = None;
        for p in players.iter_mut() {
            let PlayerSpec::Ladder(spec) = p else {
                continue;
            };
            let ladder = match &ladder {
                Some(l) => l,
                None => ladder.insert(Ladder::find()?),
            };
            let v = ladder.get(&spec.name)?;
            if v.game != game {
                return Err(LadderError::WrongGame {
                    name: v.name.clone(),
                    plays: v.game.name(),
                    game: game.name(),
                });
            }
            if !ladder.binary(v).is_file() {
                building(v);
            }
            ladder.build(v)?;
            spec.command = Some(ladder.command(v, &spec.args));
        }
        Ok(())
    }

    /// Plays version `v`'s recorded pair with `binary` and returns the fingerprint of its play,
    /// to compare with `v.check.fingerprint`.
    pub fn fingerprint(&self, v: &Version, binary: &Path) -> Result<Fp, LadderError> {
        let fail = |message: String| LadderError::Play {
            name: v.name.clone(),
            message,
        };
        let game = v.game;
        let opponent = game.heuristic_bot();
        let command = format!(
            "{} {} --rollouts {} --seed {}",
            quote(binary),
            v.args.trim(),
            v.check.rollouts,
            v.check.seed
        );
        let players = vec![
            PlayerSpec::Program(command),
            opponent.parse().map_err(|e| fail(format!("{e}")))?,
        ];
        let mut cfg = Config::new(game, players, CHECK_GAMES, v.check.seed);
        cfg.seeds = Seeds::Given;
        // Fixed work: the clock only catches a version that hangs.
        cfg.limits = Limits {
            first_turn: Duration::from_secs(30),
            later_turns: Duration::from_secs(30),
            clock: Clock::Cpu,
            memory_mb: None,
        };
        cfg.replays = Some(PathBuf::new());
        let mut fp = Fingerprint::default();
        for index in 0..CHECK_GAMES {
            let (result, trace) =
                arena::play_game(&cfg, index).map_err(|source| LadderError::Game {
                    name: v.name.clone(),
                    source: Box::new(source),
                })?;
            if let Some(e) = result.errors.first() {
                return Err(fail(format!("game {}: {e}", index + 1)));
            }
            let trace = trace.ok_or_else(|| fail("the game was not recorded".into()))?;
            // The version sits first in the first game of a pair and second in the other.
            let seat = index % 2;
            for turn in &trace.turns {
                for line in turn.output.get(seat).into_iter().flatten() {
                    fp.add_text(line);
                    fp.add(u64::from(b'\n'));
                }
            }
            for s in result.scores {
                fp.add(s as u64);
            }
        }
        Ok(Fp(fp.value()))
    }
}

/// `commit`'s tree, written into `into` by `git archive`.
fn extract(root: &Path, commit: &str, into: &Path) -> Result<(), String> {
    let archive = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["archive", "--format=tar", commit])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !archive.status.success() {
        return Err(format!(
            "git archive {commit}: {}",
            String::from_utf8_lossy(&archive.stderr).trim()
        ));
    }
    let mut tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(into)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if let Some(mut stdin) = tar.stdin.take() {
        use std::io::Write as _;
        stdin
            .write_all(&archive.stdout)
            .map_err(|e| format!("tar: {e}"))?;
    }
    let out = tar.wait_with_output().map_err(|e| format!("tar: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "tar: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}

/// A path as one word of a command line.
fn quote(path: &Path) -> String {
    shell_word(&path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> (PathBuf, Result<Ladder, LadderError>) {
        // A folder per call: tests run in parallel, and two texts may have the same length.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("botsim-ladder-{}-{call}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(FILE);
        std::fs::write(&file, text).unwrap();
        let ladder = Ladder::load(&file);
        (dir, ladder)
    }

    const ONE: &str = r#"
[[version]]
name = "csb_v9"
game = "csb"
commit = "0123456789abcdef0123456789abcdef01234567"
bot = "bots/csb.rs"
args = "--ms 70"
about = "a test"
check = { rollouts = 300, seed = 5, fingerprint = "00000000000000ff" }
"#;

    #[test]
    fn a_file_reads_and_names_its_versions() {
        let (dir, ladder) = write(ONE);
        let ladder = ladder.unwrap();
        let v = ladder.get("csb_v9").unwrap();
        assert_eq!(v.game, GameKind::Csb);
        assert_eq!(v.check.fingerprint, Fp(255));
        assert_eq!(v.check.fingerprint.to_string(), "00000000000000ff");
        assert_eq!(
            ladder.binary(v),
            dir.join("target/ladder/csb_v9-0123456789ab-u1/csb_v9")
        );
        assert_eq!(
            ladder.command(v, " --seed 3 "),
            format!("{} --ms 70 --seed 3", quote(&ladder.binary(v)))
        );
        let unknown = ladder.get("csb_v8").unwrap_err().to_string();
        assert!(unknown.contains("no version 'csb_v8'") && unknown.ends_with("it lists csb_v9"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        for (change, says) in [
            (
                ("game = \"csb\"", "game = \"chess\""),
                "game 'chess' is not csb or fb",
            ),
            (
                ("0123456789abcdef0123456789abcdef01234567", "0123456"),
                "not a full commit id",
            ),
            (("\"00000000000000ff\"", "\"ff\""), "not 16 hex digits"),
            (("about", "abut"), "unknown field"),
        ] {
            let (dir, ladder) = write(&ONE.replace(change.0, change.1));
            let e = ladder.unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
            std::fs::remove_dir_all(dir).unwrap();
        }
        let (dir, ladder) = write(&format!("{ONE}{ONE}"));
        assert!(ladder.unwrap_err().to_string().contains("listed twice"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_commit_the_clone_lacks_says_how_to_fetch_it() {
        let (dir, ladder) = write(ONE);
        let ladder = ladder.unwrap();
        let status = Command::new("git")
            .arg("init")
            .arg("-q")
            .arg(&dir)
            .status()
            .unwrap();
        assert!(status.success());
        let e = ladder.build(ladder.get("csb_v9").unwrap()).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, LadderError::MissingCommit { .. }), "{text}");
        assert!(text.contains("fetch --unshallow"), "{text}");
        assert!(!ladder.binary(&ladder.versions[0]).exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

//! `botsim new`: a bot of one's own as a small crate, from the game's example bot
//! (examples/csb_my_bot.rs, examples/fb_my_bot.rs, the same text the examples' tests play), so
//! that what a user starts from is a bot known to build, win and bundle.

use crate::error::FileError;
use crate::games::GameKind;
use std::path::{Path, PathBuf};

const CSB_EXAMPLE: &str = include_str!("../../../examples/csb_my_bot.rs");
const FB_EXAMPLE: &str = include_str!("../../../examples/fb_my_bot.rs");

/// Why a bot could not be created.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    /// A name cargo would refuse as a package's.
    #[error("'{0}' is not a bot name: use letters, digits, '_' and '-', starting with a letter")]
    Name(String),
    /// The folder is there already.
    #[error("{} already exists: choose another name, or remove it", .0.display())]
    Exists(PathBuf),
    /// A file could not be written.
    #[error(transparent)]
    File(#[from] FileError),
}

/// The bot crate `name` for `game` in the folder `dir` (which must not exist): its manifest
/// (botsim-core from `core`, by path), `src/main.rs` (the game's example with a header saying
/// how to build, play and bundle it) and `.gitignore`. The files written, in order.
pub fn create(
    dir: &Path,
    name: &str,
    game: GameKind,
    core: &Path,
) -> Result<Vec<PathBuf>, NewError> {
    let valid = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid {
        return Err(NewError::Name(name.to_string()));
    }
    if dir.exists() {
        return Err(NewError::Exists(dir.to_path_buf()));
    }
    let files = [
        (dir.join("Cargo.toml"), manifest(name, core)),
        (dir.join("src/main.rs"), main_rs(name, game, dir)),
        (dir.join(".gitignore"), "/target\n".to_string()),
    ];
    std::fs::create_dir_all(dir.join("src")).map_err(FileError::on("create", dir))?;
    for (path, text) in &files {
        std::fs::write(path, text).map_err(FileError::on("write", path))?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// The manifest: botsim-core by path, a workspace of its own (so that the crate builds wherever
/// it is, inside another workspace too), and the release profile of our contest bots.
fn manifest(name: &str, core: &Path) -> String {
    format!(
        "[package]\n\
         name = \"{name}\"\n\
         version = \"0.1.0\"\n\
         edition = \"2021\"\n\
         \n\
         # botsim's engines, search and contest loop: std only, so that `botsim bundle` makes one\n\
         # file the contest server compiles.\n\
         [dependencies]\n\
         botsim-core = {{ path = \"{}\" }}\n\
         \n\
         # A crate of its own, wherever it lies.\n\
         [workspace]\n\
         \n\
         [profile.release]\n\
         codegen-units = 1\n\
         lto = \"thin\"\n",
        core.display().to_string().replace('\\', "/")
    )
}

/// The game's example with its header (the `//!` lines) replaced by one for this crate.
fn main_rs(name: &str, game: GameKind, dir: &Path) -> String {
    let example = match game {
        GameKind::Csb => CSB_EXAMPLE,
        GameKind::Fb => FB_EXAMPLE,
    };
    let opponent = game.heuristic_bot();
    let body = example
        .lines()
        .skip_while(|line| line.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let title = match game {
        GameKind::Csb => "Coders Strike Back",
        GameKind::Fb => "Fantastic Bits",
    };
    let d = dir.display();
    let g = game.name();
    format!(
        "//! {name}: a {title} bot on botsim's engine and search; its own part is the evaluation\n\
         //! below. docs/your-bot.md in botsim's checkout goes from here to a submission.\n\
         //!\n\
         //! ```sh\n\
         //! cargo build --release --manifest-path {d}/Cargo.toml\n\
         //! botsim arena --game {g} --p1 \"{d}/target/release/{name} --rollouts 2000\" --p2 {opponent} --games 20\n\
         //! botsim bundle {d}/src/main.rs -o submission.rs --check\n\
         //! ```\n{body}\n"
    )
}

//! botsim: exact simulators, search and an arena for CodinGame bot contests.
//!
//! The workspace has two sides.
//!
//! **The bundle-safe core** is the `botsim-core` crate (`crates/core`): what a contest
//! submission is made of, on `std` alone, so the compiler keeps the tool side out of it. The
//! tools name its modules by their crate (`botsim_core::csb`), so the boundary shows.
//!
//! **The tool side** is this crate: it runs games and reads and writes files, and uses
//! well-kept crates freely:
//! - [`games`]: the games botsim knows, by [`games::GameKind`];
//! - [`referee`]: whole games between bots, and replaying recorded games (`verify`);
//! - [`trace`]: the `trace/1` game record (gzip JSON Lines); [`replay`]: a game as an HTML page;
//! - [`arena`]: many games in parallel, their results kept as they end, resumable;
//! - [`stats`]: W-D-L, Elo with its interval, the SPRT, Bradley-Terry ratings;
//! - [`builtin`]: the built-in bots by name; [`player`]: a player spec, built in or a program;
//! - [`bundle`]: one source file for the contest server;
//! - [`tune`]: SPSA over a search bot's parameters by self-play;
//! - [`mod@bench`]: fixed, seeded workloads with a behaviour fingerprint;
//! - [`ladder`]: the accepted versions of our bots, rebuilt from their commits;
//! - [`scaffold`]: `botsim new`, a bot crate of one's own from the game's example;
//! - [`error`]: the file errors every module shares;
//! - [`jsonl`]: the JSON Lines files of results and histories, safe to cut at any moment;

/// The checkout this botsim was built from (the workspace's root, two levels above this
/// crate's): where an installed botsim still finds the core's sources and `ladder.toml`.
pub fn checkout() -> &'static std::path::Path {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent()
        .and_then(std::path::Path::parent)
        .unwrap_or(here)
}

pub mod arena;
pub mod bench;
pub mod builtin;
pub mod bundle;
pub mod error;
pub mod games;
pub mod jsonl;
pub mod ladder;
pub mod player;
pub mod referee;
pub mod replay;
pub mod scaffold;
pub mod stats;
pub mod trace;
pub mod tune;

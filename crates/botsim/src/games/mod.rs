//! The games botsim knows, and what the tools need of each. The command line (`--game
//! csb|fb`), results and traces name a game by [`GameKind`]; what the tools do with it (the
//! arena plays it, verify replays it, bench and replay read it, tune and the bundler check its
//! parameters) they ask of its row, a [`GameTools`]. Each game's tool code lives in its folder:
//! its setup and trace form (`referee.rs`), its built-in bots by name (`builtin.rs`), its replay
//! notes (`notes.rs`), its benchmark workloads (`bench.rs`) and its row (`mod.rs`).
//!
//! This module sits below the tools that use it (arena, bench, replay, tune, bundle, ladder)
//! and names none of them: what the arena brings to a game, its seated players, comes in
//! through [`Seat`]. Adding a game means its referee in the core (a `Match` implementing
//! [`botsim_core::rules::Rules`]), a folder here, a variant of [`GameKind`], and a bound of
//! [`Seats`].

pub mod csb;
pub mod fb;
pub mod notes;
pub mod workload;

use crate::builtin;
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch, Player};
use crate::trace::Trace;
use botsim_core::bot::{Bot, Game};
use botsim_core::contest::ContestBot;
use botsim_core::params::ParamError;
use notes::Notes;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::time::Duration;

/// The two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Coders Strike Back
    Csb,
    /// Fantastic Bits
    Fb,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 2] = [GameKind::Csb, GameKind::Fb];

    /// The game's row of the table.
    pub fn tools(self) -> &'static dyn GameTools {
        match self {
            GameKind::Csb => &csb::CsbTools,
            GameKind::Fb => &fb::FbTools,
        }
    }

    /// The game's short name, as traces, results and the command line write it.
    pub fn name(self) -> &'static str {
        self.tools().name()
    }

    /// The game a short name stands for (a trace's `game` field, say).
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's built-in heuristic bot, the yardstick a new bot is first played against.
    pub fn heuristic_bot(self) -> &'static str {
        match self {
            GameKind::Csb => "builtin:racer",
            GameKind::Fb => "builtin:chaser",
        }
    }

    /// The contest's time limit after the first turn.
    pub fn turn_limit(self) -> Duration {
        self.tools().turn_limit()
    }
}

pub use workload::Workload;

/// The players a command takes, for its `--help`: the built-in bots of every game with their
/// settings (from each game's `builtin::BOTS`), ladder versions and programs.
pub fn players_help() -> String {
    let mut text = String::from(
        "Players: builtin:NAME[:key=value,...], ladder:NAME [ARGS] (botsim ladder list), or a \
         command line that runs a bot speaking the contest protocol.\n\nBuilt-in bots:\n",
    );
    for (game, bots) in [("csb", csb::builtin::BOTS), ("fb", fb::builtin::BOTS)] {
        for bot in bots {
            text.push_str(&format!("  {game}  builtin:{}: {}\n", bot.name, bot.about));
            for (key, example, what) in bot.settings {
                let shown = if example.is_empty() {
                    format!("{key}=...")
                } else {
                    format!("{key}={example}")
                };
                text.push_str(&format!("        {shown:<22} {what}\n"));
            }
        }
    }
    text
}

/// Why a game could not be set up from what describes it (a trace's properties, a map).
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A CSB map that is not one.
    #[error(transparent)]
    Track(#[from] botsim_core::csb::TrackError),
    /// A seed property that is not a number.
    #[error("seed property '{text}'")]
    Seed {
        /// The property as written.
        text: String,
        /// What the number reader said.
        #[source]
        source: std::num::ParseIntError,
    },
    /// A trace that names neither a seed nor a map.
    #[error("the trace names no seed (and no map)")]
    NoSeed,
}

/// The referee's seed a trace records: its `seed` property, else its seed field.
pub fn seed_of(trace: &Trace) -> Result<i64, SetupError> {
    match trace.props.get("seed") {
        Some(s) => s.trim().parse::<i64>().map_err(|source| SetupError::Seed {
            text: s.to_string(),
            source,
        }),
        None => trace.seed.ok_or(SetupError::NoSeed),
    }
}

/// Why a game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A built-in player could not be made.
    #[error(transparent)]
    Build(#[from] crate::builtin::BuildError),
    /// A program player could not be started.
    #[error(transparent)]
    Process(#[from] crate::referee::process::ProcessError),
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A ladder player that was not built (see `ladder::Ladder::resolve`).
    #[error("{0}: the ladder version was not built")]
    NotBuilt(String),
}

type Result<T, E = PlayError> = std::result::Result<T, E>;

/// Builds a built-in bot of game `G` from its spec and default search seed (each game's
/// `builtin::build`).
pub type BuildBuiltin<G> = fn(&builtin::Spec, u64) -> Result<Box<dyn Bot<G>>, builtin::BuildError>;

/// Plays a game of `G` between two seated players (each game's referee `play`).
pub type PlayBetween<'a, G> = &'a mut dyn FnMut([&mut dyn Player<G>; 2]) -> Result<GameRecord>;

/// The arena's side of one game of `G`: it seats the two players (`build` makes a built-in
/// one) and has `play` run the game between them.
pub trait Seat<G: Game> {
    /// Seats the players and plays the game with `play`.
    fn play(&mut self, build: BuildBuiltin<G>, play: PlayBetween<G>) -> Result<GameRecord>;
}

/// Seats for a game of any kind.
pub trait Seats: Seat<botsim_core::csb::Csb> + Seat<botsim_core::fb::Fb> {}

impl<T: Seat<botsim_core::csb::Csb> + Seat<botsim_core::fb::Fb>> Seats for T {}

/// How one game of the arena is dealt: the referee's seed, CSB's map when one was given instead
/// of the seed's, whether to record the game, and the recorded turns it starts with.
#[derive(Clone, Copy, Debug)]
pub struct Deal<'a> {
    /// The referee's seed.
    pub seed: i64,
    /// CSB only: the checkpoints, instead of the seed's map.
    pub map: Option<&'a [(i32, i32)]>,
    /// Whether to record the game as a trace.
    pub record: bool,
    /// The first turns of a recorded game of this seed and map, played as recorded before the
    /// players take over (see [`crate::referee::run`]); empty for a game from its start.
    pub opening: &'a [crate::trace::Turn],
}

/// One game's row: what every tool needs of a game, behind one object.
pub trait GameTools: Sync {
    /// The game's short name, as traces, results and the command line write it.
    fn name(&self) -> &'static str;
    /// The contest's time limit after the first turn.
    fn turn_limit(&self) -> Duration;
    /// Checks parameter names and values against the game's GA bot (tuned values written into
    /// a bundle, say).
    fn check_params(&self, pairs: &[(&str, f64)]) -> Result<(), ParamError>;
    /// Checks a built-in bot's spec by building it once: an unknown name or parameter, or a
    /// value that is not a number, is reported before any game is played.
    fn check_builtin(&self, spec: &builtin::Spec) -> Result<(), builtin::BuildError>;
    /// Plays a game dealt by `deal` between the players `seats` seats.
    fn play_seated(&self, seats: &mut dyn Seats, deal: Deal) -> Result<GameRecord>;
    /// Plays a game from `seed` against the built-in heuristic bot (player 1), with `first` as
    /// player 0 (`None`: the heuristic bot too); recorded if `record`.
    fn play_heuristic(
        &self,
        seed: i64,
        first: Option<&mut Process>,
        record: bool,
    ) -> Result<GameRecord>;
    /// Replays a recorded game against the engine: the turns verified, or the first
    /// difference.
    fn verify(&self, trace: &Trace) -> Result<usize, (usize, Mismatch)>;
    /// Referees one game from `seed` for the brutaltester, over its protocol.
    fn serve_brutaltester(
        &self,
        seed: i64,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), crate::referee::brutaltester::ProtocolError>;
    /// The default GA contest bot with budget `think` (search seed 1).
    fn searcher(&self, think: botsim_core::search::Think) -> Box<dyn ContestBot>;
    /// The engine benchmark's workloads, by name.
    fn workloads(&self) -> Vec<(&'static str, Workload)>;
    /// What the replay page shows beside the field, from the trace's setup and turns (empty
    /// if the setup cannot be rebuilt).
    fn notes(&self, trace: &Trace) -> Notes;
    /// The message after an order line, if the line parses and has one.
    fn order_message(&self, line: &str) -> Option<String>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in bot the help lists builds, with every setting it lists (so the table and
    /// the parser cannot drift apart), and a name it does not list is refused with the list.
    #[test]
    fn the_help_table_is_what_the_parser_takes() {
        let tables: [(GameKind, &[crate::builtin::Builtin]); 2] = [
            (GameKind::Csb, csb::builtin::BOTS),
            (GameKind::Fb, fb::builtin::BOTS),
        ];
        for (game, bots) in tables {
            for bot in bots {
                let mut texts = vec![format!("builtin:{}", bot.name)];
                texts.extend(
                    bot.settings
                        .iter()
                        .filter(|(_, example, _)| !example.is_empty())
                        .map(|(key, example, _)| format!("builtin:{}:{key}={example}", bot.name)),
                );
                for text in texts {
                    let spec = crate::builtin::Spec::parse(&text).unwrap().unwrap();
                    let built = game.tools().check_builtin(&spec);
                    assert!(built.is_ok(), "{text}: {:?}", built.err());
                }
                assert!(players_help().contains(&format!("builtin:{}: {}", bot.name, bot.about)));
            }
            let spec = crate::builtin::Spec::parse("builtin:nobody")
                .unwrap()
                .unwrap();
            let e = game.tools().check_builtin(&spec).unwrap_err().to_string();
            for bot in bots {
                assert!(e.contains(&format!("builtin:{}", bot.name)), "{e}");
            }
        }
    }

    #[test]
    fn names_go_both_ways() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::from_name(g.name()), Some(g));
        }
        assert_eq!(GameKind::from_name("chess"), None);
        assert_eq!(GameKind::Csb.name(), "csb");
        assert_eq!(GameKind::Fb.turn_limit(), Duration::from_millis(100));
    }
}

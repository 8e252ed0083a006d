//! The table of games: the one place that lists the games botsim knows. The command line
//! (`--game csb|fb`), results and traces name a game by [`GameKind`]; what the tools do with it
//! (the arena plays it, verify replays it, bench and replay read it, tune and the bundler check
//! its parameters) they ask of its row, a [`GameTools`]. Adding a game means its referee in the
//! core (a `Match` implementing [`crate::rules::Rules`]), its trace form
//! ([`crate::referee::Traced`]), a `GameTools` row and a variant here.

mod csb;
mod fb;

use crate::arena::{Config, Played};
use crate::bench::Report;
use crate::builtin;
use crate::contest::ContestBot;
use crate::params::ParamError;
use crate::player::PlayerSpec;
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch};
use crate::replay::Notes;
use crate::trace::Trace;
use anyhow::Result;
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

    /// The contest's time limit after the first turn.
    pub fn turn_limit(self) -> Duration {
        self.tools().turn_limit()
    }
}

/// A benchmark workload: random turns of a game, `(turns, seed)`.
pub type Workload = fn(u64, u64) -> Report;

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
    fn check_builtin(&self, spec: &builtin::Spec) -> Result<()>;
    /// Plays the arena's game `index` from `seed` between the seated players.
    fn play_arena(
        &self,
        cfg: &Config,
        index: usize,
        seed: i64,
        seats: &[&PlayerSpec; 2],
    ) -> Result<Played>;
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
    ) -> Result<()>;
    /// The default GA contest bot with budget `think` (search seed 1).
    fn searcher(&self, think: crate::search::Think) -> Box<dyn ContestBot>;
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

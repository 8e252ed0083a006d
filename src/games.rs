//! The games botsim knows, in one place: the command line (`--game csb|fb`), results and traces
//! (by name), the arena, tune, replay, verify and bench all name a game by [`GameKind`].

use serde::{Deserialize, Serialize};
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

    /// The game's short name, as traces, results and the command line write it.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Csb => "csb",
            GameKind::Fb => "fb",
        }
    }

    /// The game a short name stands for (a trace's `game` field, say).
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The contest's time limit after the first turn.
    pub fn turn_limit(self) -> Duration {
        Duration::from_millis(match self {
            GameKind::Csb => 75,
            GameKind::Fb => 100,
        })
    }
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
    }
}

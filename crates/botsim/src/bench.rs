//! The search benchmarks of `botsim bench`: the GA bot of a game over fixed positions, in real
//! time (rollouts a turn) or at a fixed budget (time, and a fingerprint of the orders). The
//! engines' random-turn workloads are each game's (`games::*::bench`).

use crate::games::workload::Fingerprint;
use crate::games::{GameKind, PlayError};

/// Why a search benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The game its positions come from could not be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The search bot could not read a position.
    #[error(transparent)]
    Input(#[from] botsim_core::input::InputError),
    /// The game was not recorded.
    #[error("the game of the positions was not recorded")]
    NotRecorded,
}
use std::time::Instant;

/// The positions a search benchmark thinks about: player 0's input lines of `turns` turns
/// spread evenly over one game, from the crowded start to the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Positions {
    /// A game between the heuristic bots (seed 11: a CSB race of 206 turns, racer against
    /// racer; an FB game of chaser against chaser): pods that seldom touch.
    #[default]
    Race,
    /// A game between the GA bot (2000 rollouts a turn) and a bot that fights for the way (CSB:
    /// `builtin:brawler`, whose blocker meets the runner; FB: `builtin:chaser`), seed 11: the
    /// contacts of a game against a search bot that blocks, where a rollout costs more.
    Fight,
}

impl Positions {
    /// What the benchmark's report says of the positions: nothing for the default.
    pub fn label(self) -> &'static str {
        match self {
            Positions::Race => "",
            Positions::Fight => " of a fight",
        }
    }

    /// Player 0's input lines of `turns` turns of the game.
    pub fn inputs(self, game: GameKind, turns: usize) -> Result<Vec<Vec<String>>, BenchError> {
        let trace = match self {
            Positions::Race => game
                .tools()
                .play_heuristic(11, None, true)?
                .trace
                .ok_or(BenchError::NotRecorded)?,
            Positions::Fight => {
                let opponent = match game {
                    GameKind::Csb => "builtin:brawler",
                    GameKind::Fb => "builtin:chaser",
                };
                let players = ["builtin:ga:rollouts=2000", opponent]
                    .map(|p| p.parse().expect("a built-in spec"))
                    .to_vec();
                let mut cfg = crate::arena::Config::new(game, players, 2, 11);
                cfg.seeds = crate::arena::Seeds::Given;
                crate::arena::play_game_recorded(&cfg, 0, true)?
                    .1
                    .ok_or(BenchError::NotRecorded)?
            }
        };
        let every = (trace.turns.len() / turns).max(1);
        Ok(trace
            .turns
            .into_iter()
            .step_by(every)
            .take(turns)
            .map(|t| t.input.into_iter().next().unwrap_or_default())
            .collect())
    }
}

/// Rollouts the search of `game` does in `ms` milliseconds a turn: the GA bot reads each
/// turn's input of `positions` ([`Positions::inputs`]) and searches it within the time.
/// Returns the rollouts of each turn (the first turn, which gets 1000 ms in a contest, gets
/// `ms` here too).
pub fn search_rollouts(
    game: GameKind,
    positions: &[Vec<String>],
    ms: u64,
) -> Result<Vec<u64>, BenchError> {
    let mut bot = game.tools().searcher(botsim_core::search::Think::Millis {
        first: ms,
        later: ms,
    });
    let mut out = Vec::new();
    for input in positions {
        bot.turn(input, Instant::now())?;
        out.push(bot.stats().rollouts);
    }
    Ok(out)
}

/// The search of `game` with a fixed budget of `rollouts` a turn over `positions`, as
/// [`search_rollouts`]: fixed work, so its time measures speed alone. Returns the rollouts done
/// and the fingerprint of the orders, which shows whether a change altered the search's play.
pub fn search_fixed(
    game: GameKind,
    positions: &[Vec<String>],
    rollouts: u64,
) -> Result<(u64, u64), BenchError> {
    let mut bot = game
        .tools()
        .searcher(botsim_core::search::Think::Rollouts(rollouts));
    let mut fp = Fingerprint::default();
    let mut done = 0;
    for input in positions {
        let orders = bot.turn(input, Instant::now())?;
        done += bot.stats().rollouts;
        for line in orders {
            fp.add_text(&line);
        }
    }
    Ok((done, fp.value()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of the positions have one of our pods within `reach` of one of theirs (the
    /// last four lines of a CSB turn's input: ours, then theirs, `x y vx vy angle next`).
    fn close_calls(positions: &[Vec<String>], reach: f64) -> usize {
        positions
            .iter()
            .filter(|lines| {
                let pods: Vec<(f64, f64)> = lines[lines.len() - 4..]
                    .iter()
                    .map(|l| {
                        let v: Vec<f64> = l.split(' ').map(|w| w.parse().unwrap()).collect();
                        (v[0], v[1])
                    })
                    .collect();
                pods[..2].iter().any(|a| {
                    pods[2..]
                        .iter()
                        .any(|b| (a.0 - b.0).hypot(a.1 - b.1) < reach)
                })
            })
            .count()
    }

    #[test]
    fn the_fight_positions_are_closer_quarters_than_the_race() {
        let race = Positions::Race.inputs(GameKind::Csb, 30).unwrap();
        let fight = Positions::Fight.inputs(GameKind::Csb, 30).unwrap();
        assert_eq!((race.len(), fight.len()), (30, 30));
        let (r, f) = (close_calls(&race, 2000.0), close_calls(&fight, 2000.0));
        assert!(f > 2 * r.max(3), "race {r}, fight {f} of 30 positions");
    }
}

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

/// Player 0's input lines for `turns` turns spread evenly over a game between the heuristic
/// bots (seed 11: a CSB race of 206 turns, racer against racer; an FB game of chaser against
/// chaser): the positions the search benchmarks think about, from the crowded start to the end.
fn search_positions(game: GameKind, turns: usize) -> Result<Vec<Vec<String>>, BenchError> {
    let trace = game
        .tools()
        .play_heuristic(11, None, true)?
        .trace
        .ok_or(BenchError::NotRecorded)?;
    let every = (trace.turns.len() / turns).max(1);
    Ok(trace
        .turns
        .into_iter()
        .step_by(every)
        .take(turns)
        .map(|t| t.input.into_iter().next().unwrap_or_default())
        .collect())
}

/// Rollouts the search of `game` does in `ms` milliseconds a turn: the GA bot reads player 0's
/// input of `turns` turns of `search_positions` and searches each within the time. Returns
/// the rollouts of each turn (the first turn, which gets 1000 ms in a contest, gets `ms` here
/// too).
pub fn search_rollouts(game: GameKind, ms: u64, turns: usize) -> Result<Vec<u64>, BenchError> {
    let mut bot = game.tools().searcher(botsim_core::search::Think::Millis {
        first: ms,
        later: ms,
    });
    let mut out = Vec::new();
    for input in search_positions(game, turns)? {
        bot.turn(&input, Instant::now())?;
        out.push(bot.stats().rollouts);
    }
    Ok(out)
}

/// The search of `game` with a fixed budget of `rollouts` a turn over the same positions as
/// [`search_rollouts`]: fixed work, so its time measures speed alone. Returns the rollouts done
/// and the fingerprint of the orders, which shows whether a change altered the search's play.
pub fn search_fixed(game: GameKind, rollouts: u64, turns: usize) -> Result<(u64, u64), BenchError> {
    let positions = search_positions(game, turns)?;
    let mut bot = game
        .tools()
        .searcher(botsim_core::search::Think::Rollouts(rollouts));
    let mut fp = Fingerprint::default();
    let mut done = 0;
    for input in &positions {
        let orders = bot.turn(input, Instant::now())?;
        done += bot.stats().rollouts;
        for line in orders {
            fp.add_text(&line);
        }
    }
    Ok((done, fp.value()))
}

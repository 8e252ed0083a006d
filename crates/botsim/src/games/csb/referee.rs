//! Coders Strike Back games for the tools: a race set up from a seed or a map, played between
//! bots by the core's referee ([`Match`]), recorded in the trace's form, and recorded races
//! replayed against it.

pub use botsim_core::csb::referee::Match;

use crate::games::SetupError;
use crate::referee::{GameRecord, Mismatch, Player, TraceHeader};
use crate::trace::Trace;
use botsim_core::csb::{Csb, Setup, State};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// How a game is set up: from a seed (as the contest server does) or on an explicit map.
#[derive(Clone, Debug, PartialEq)]
pub enum GameSpec {
    Seed(i64),
    Map { seed: i64, map: Vec<(i32, i32)> },
}

impl GameSpec {
    /// The game a trace recorded: its map if it names one, else its seed.
    pub fn of_trace(t: &Trace) -> Result<GameSpec, SetupError> {
        Ok(match t.props.get("map") {
            Some(m) => GameSpec::Map {
                seed: 0,
                map: Setup::parse_map(m)?,
            },
            None => GameSpec::Seed(t.seed.unwrap_or(0)),
        })
    }

    /// The game's setup: the seed's map, or the map given.
    pub fn setup(&self) -> Result<Setup, SetupError> {
        match self {
            GameSpec::Seed(seed) => Ok(Setup::from_seed(*seed)),
            GameSpec::Map { map, .. } => Ok(Setup::from_map(map)?),
        }
    }

    fn props(&self) -> BTreeMap<String, String> {
        let mut props = BTreeMap::new();
        match self {
            GameSpec::Seed(seed) => {
                props.insert("seed".to_string(), seed.to_string());
            }
            GameSpec::Map { seed, map } => {
                props.insert("seed".to_string(), seed.to_string());
                let text: Vec<String> = map.iter().map(|(x, y)| format!("{x} {y}")).collect();
                props.insert("map".to_string(), text.join(" "));
            }
        }
        props
    }

    fn seed(&self) -> i64 {
        match self {
            GameSpec::Seed(seed) | GameSpec::Map { seed, .. } => *seed,
        }
    }
}

/// Plays a whole game between two in-process bots (player 0 first), recording the full
/// trace if `record`.
pub fn play(
    spec: &GameSpec,
    bots: [&mut dyn Player<Csb>; 2],
    record: bool,
) -> Result<GameRecord, SetupError> {
    play_from(spec, bots, record, &[])
}

/// [`play`] after `opening`, the first turns of a recorded game of `spec` (see
/// [`crate::referee::run`]).
pub fn play_from(
    spec: &GameSpec,
    bots: [&mut dyn Player<Csb>; 2],
    record: bool,
    opening: &[crate::trace::Turn],
) -> Result<GameRecord, SetupError> {
    let setup = spec.setup()?;
    let header = TraceHeader {
        rules: "csb-legend",
        seed: spec.seed(),
        props: spec.props(),
        setup: setup_json(&setup),
    };
    Ok(crate::referee::play(
        Match::new(setup),
        header,
        bots,
        record,
        opening,
    ))
}

impl crate::referee::Traced for Match {
    fn state_json(&self) -> Value {
        state_json(&self.state)
    }
}

/// The state after a turn in the trace's form.
pub fn state_json(state: &State) -> Value {
    let pods: Vec<Value> = state
        .pods
        .iter()
        .map(|p| {
            json!({
                "x": p.pos.x as i64, "y": p.pos.y as i64,
                "vx": p.vel.x as i64, "vy": p.vel.y as i64,
                "angle": p.angle,
                "next": p.next_checkpoint(),
                "passed": p.passed,
                "shield_round": p.shield_round,
                "boost_used": p.boost_used,
            })
        })
        .collect();
    json!({ "pods": pods, "dead": state.dead })
}

/// The setup in the trace's form.
pub fn setup_json(setup: &Setup) -> Value {
    let cps: Vec<[i64; 2]> = setup
        .track
        .checkpoints()
        .iter()
        .map(|c| [c.x as i64, c.y as i64])
        .collect();
    let pods: Vec<[i64; 2]> = setup
        .spawns
        .iter()
        .map(|p| [p.x as i64, p.y as i64])
        .collect();
    json!({ "laps": setup.track.laps, "checkpoints": cps, "map_index": setup.map_index, "pods": pods })
}

/// Replays a recorded CSB game: rebuilds it from its properties (checking the recorded setup),
/// feeds the recorded outputs, and compares every input line, every state and the result.
/// Returns the number of turns verified, or the first difference.
pub fn verify(trace: &Trace) -> Result<usize, (usize, Mismatch)> {
    let setup = setup_from_props(trace).map_err(|e| {
        (
            0,
            Mismatch::new(
                None,
                None,
                "setup",
                "a valid setup",
                crate::error::chain(&e),
            ),
        )
    })?;
    let actual = setup_json(&setup);
    if actual != trace.setup {
        return Err((
            0,
            Mismatch::new(
                None,
                None,
                "setup",
                trace.setup.to_string(),
                actual.to_string(),
            ),
        ));
    }
    crate::referee::replay(&mut Match::new(setup), trace)
}

/// A position in which a player of a recorded race had gone some turns without a checkpoint
/// pass ([`stalls`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stall {
    /// Turns played before the position.
    pub turn: usize,
    /// The player near its timeout.
    pub player: usize,
    /// The other player's turns without a pass then: if fewer, `player` times out first.
    pub other: u16,
}

/// Where a recorded race comes near the checkpoint timeout: for each player, the first
/// position in which it had gone `turns` turns without a checkpoint pass, while a turn is left
/// to play. The race is replayed from the recorded outputs (a trace that does not replay gives
/// the positions its outputs lead to here; `verify` it first).
pub fn stalls(trace: &Trace, turns: u16) -> Result<Vec<Stall>, SetupError> {
    use botsim_core::rules::Rules;
    let mut game = Match::new(setup_from_props(trace)?);
    let mut found: Vec<Stall> = Vec::new();
    for (played, turn) in (1..).zip(&trace.turns) {
        if game.play_turn(crate::referee::recorded_replies(turn)) || played == trace.turns.len() {
            break;
        }
        for p in 0..2 {
            if game.state.since_pass(p) == turns && found.iter().all(|s| s.player != p) {
                found.push(Stall {
                    turn: played,
                    player: p,
                    other: game.state.since_pass(1 - p),
                });
            }
        }
    }
    Ok(found)
}

/// The setup a trace's properties ask for (the `map` property, else the seed).
pub(crate) fn setup_from_props(trace: &Trace) -> Result<Setup, SetupError> {
    if let Some(map) = trace.props.get("map") {
        let cps = Setup::parse_map(map)?;
        return Ok(Setup::from_map(&cps)?);
    }
    let seed = crate::games::seed_of(trace)?;
    Ok(Setup::from_seed(seed))
}

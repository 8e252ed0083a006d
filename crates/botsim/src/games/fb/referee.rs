//! Fantastic Bits games for the tools: a game set up from a seed, played between bots by the
//! core's referee ([`Match`]), recorded in the trace's form, and recorded games replayed
//! against it.

pub use botsim_core::fb::referee::{reason_name, Match, Outcome};

use crate::games::SetupError;
use crate::referee::{first_difference, GameRecord, Mismatch, Player, TraceHeader};
use crate::trace::Trace;
use botsim_core::fb::state::{Spell, State, FIRST_BLUDGER, FIRST_SNAFFLE};
use botsim_core::fb::{setup, Fb};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Plays a whole game from `seed` between two in-process bots (team 0 first).
pub fn play(
    seed: i64,
    bots: [&mut dyn Player<Fb>; 2],
    record: bool,
) -> Result<GameRecord, SetupError> {
    play_from(seed, bots, record, &[])
}

/// [`play`] after `opening`, the first turns of a recorded game from `seed` (see
/// [`crate::referee::run`]).
pub fn play_from(
    seed: i64,
    bots: [&mut dyn Player<Fb>; 2],
    record: bool,
    opening: &[crate::trace::Turn],
) -> Result<GameRecord, SetupError> {
    let start = setup::from_seed(seed);
    let header = TraceHeader {
        rules: "fb-multi",
        seed,
        props: BTreeMap::from([("seed".to_string(), seed.to_string())]),
        setup: setup_json(&start),
    };
    Ok(crate::referee::play(
        Match::new(start),
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

fn xy(v: botsim_core::geom::Vec2) -> Value {
    json!([v.x as i64, v.y as i64])
}

/// A state in the trace's form.
pub fn state_json(state: &State) -> Value {
    let id = |slot: Option<u8>| slot.map_or(-1, |s| state.id_of(s as usize));
    let wizards: Vec<Value> = (0..4)
        .map(|w| {
            let wz = &state.wizards[w];
            let effect = |s: Spell| {
                let e = wz.effects[s as usize];
                json!([e.countdown, id(e.target)])
            };
            json!({
                "id": w, "team": State::team(w),
                "pos": xy(state.bodies[w].pos), "vel": xy(state.bodies[w].vel),
                "grabCooldown": wz.grab_cooldown,
                "holding": id(wz.holding),
                "accio": effect(Spell::Accio), "flipendo": effect(Spell::Flipendo),
                "petrificus": effect(Spell::Petrificus), "obliviate": effect(Spell::Obliviate),
                "pending": wz.pending,
                "spellTarget": id(wz.spell_target),
            })
        })
        .collect();
    let snaffles: Vec<Value> = state
        .snaffle_slots()
        .map(|s| {
            let sn = &state.snaffles[s - FIRST_SNAFFLE];
            let ignore: Vec<i32> = sn
                .ignore
                .as_slice()
                .iter()
                .map(|&t| state.id_of(FIRST_SNAFFLE + t as usize))
                .collect();
            json!({
                "id": state.id_of(s), "pos": xy(state.bodies[s].pos), "vel": xy(state.bodies[s].vel),
                "alive": sn.alive, "captured": sn.captured, "ignore": ignore,
            })
        })
        .collect();
    let bludgers: Vec<Value> = (0..2)
        .map(|k| {
            let s = FIRST_BLUDGER + k;
            json!({
                "id": state.id_of(s), "pos": xy(state.bodies[s].pos), "vel": xy(state.bodies[s].vel),
                "lastVictim": id(state.bludgers[k].last_victim),
            })
        })
        .collect();
    let players: Vec<Value> = state
        .players
        .iter()
        .map(|p| json!({"score": p.score, "magic": p.magic, "dead": p.dead}))
        .collect();
    json!({ "players": players, "wizards": wizards, "snaffles": snaffles, "bludgers": bludgers })
}

/// The setup in the trace's form.
pub fn setup_json(state: &State) -> Value {
    let snaffles: Vec<Value> = state
        .snaffle_slots()
        .map(|s| xy(state.bodies[s].pos))
        .collect();
    json!({ "snaffles": snaffles, "score_to_win": state.score_to_win, "initial_state": state_json(state) })
}

/// Replays a recorded FB game: rebuilds it from its seed (checking the recorded setup), feeds
/// the recorded outputs, and compares every input line, every state and the result. Returns
/// the number of turns verified, or the first difference.
pub fn verify(trace: &Trace) -> Result<usize, (usize, Mismatch)> {
    let start = start_from_props(trace).map_err(|e| {
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
    if let Some((path, e, a)) = first_difference(&trace.setup, &setup_json(&start), "setup") {
        return Err((0, Mismatch::new(None, None, &path, e, a)));
    }
    crate::referee::replay(&mut Match::new(start), trace)
}

pub(crate) fn start_from_props(trace: &Trace) -> Result<State, SetupError> {
    let seed = crate::games::seed_of(trace)?;
    Ok(setup::from_seed(seed))
}

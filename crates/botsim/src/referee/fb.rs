//! The Fantastic Bits referee: a game driven by the teams' text, as the contest server drives
//! it, used both to play bots against each other and to replay recorded games.

use super::{first_difference, Fault, GameRecord, Mismatch, PlayerError, TraceHeader};
use crate::bot::Bot;
use crate::fb::protocol::{self, format_action};
use crate::fb::state::{Spell, State, FIRST_BLUDGER, FIRST_SNAFFLE};
use crate::fb::{self, setup, Action, Fb, View};
use crate::trace::Trace;
use anyhow::{Context, Result};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The final scores and why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub scores: [i32; 2],
    pub reason: fb::EndReason,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    pub state: State,
    outcome: Option<Outcome>,
    pub errors: Vec<PlayerError>,
}

impl Match {
    pub fn new(state: State) -> Match {
        Match {
            state,
            outcome: None,
            errors: Vec::new(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays one turn from what each team printed (`None`: no answer in time), reporting the
    /// turn's bounces to `contacts`. A team whose line is invalid, or who did not answer, is
    /// eliminated with score −1; the turn is still played, with the orders it gave before the
    /// bad line.
    fn play_turn_with(
        &mut self,
        replies: [Option<&[String]>; 2],
        contacts: &mut impl crate::geom::Contacts,
    ) -> Option<Outcome> {
        assert!(self.outcome.is_none(), "play_turn after the game ended");
        for (team, reply) in replies.iter().enumerate() {
            if let Err((fault, detail)) = self.apply_reply(team, *reply) {
                self.state.players[team].dead = true;
                self.state.players[team].score = -1;
                self.errors.push(PlayerError {
                    player: team,
                    turn: self.state.round as u32,
                    fault,
                    detail,
                });
            }
        }
        fb::step::physics_with(&mut self.state, contacts);
        self.outcome = fb::outcome(&self.state).map(|o| Outcome {
            scores: o.scores,
            reason: o.reason,
        });
        self.outcome
    }

    fn apply_reply(
        &mut self,
        team: usize,
        reply: Option<&[String]>,
    ) -> Result<(), (Fault, String)> {
        let lines = reply.ok_or((Fault::NoAnswer, "no answer".to_string()))?;
        for k in 0..2 {
            let line = lines.get(k).ok_or((
                Fault::NoAnswer,
                format!("answered {} line(s), expected 2", lines.len()),
            ))?;
            let bad = |e: fb::ActionError| {
                (
                    Fault::InvalidOutput,
                    format!("line {}: {e}, found '{line}'", k + 1),
                )
            };
            let (action, _) = fb::parse_action(line).map_err(bad)?;
            fb::apply_action(&mut self.state, team * 2 + k, action).map_err(bad)?;
        }
        Ok(())
    }
}

/// The text name of an end, as the traces write it.
pub fn reason_name(outcome: &Outcome, errors: &[PlayerError]) -> String {
    match outcome.reason {
        fb::EndReason::Eliminated => {
            let teams: Vec<String> = errors.iter().map(|e| format!("team{}", e.player)).collect();
            format!("invalid_output_{}", teams.join(","))
        }
        fb::EndReason::ScoreToWin => "score_to_win".to_string(),
        fb::EndReason::NoSnafflesLeft => "no_snaffles_left".to_string(),
        fb::EndReason::MaxTurns => "max_turns".to_string(),
    }
}

/// Plays a whole game from `seed` between two in-process bots (team 0 first).
pub fn play(seed: i64, bots: [&mut dyn Bot<Fb>; 2], record: bool) -> Result<GameRecord> {
    let start = setup::from_seed(seed);
    let header = TraceHeader {
        rules: "fb-multi",
        seed,
        props: BTreeMap::from([("seed".to_string(), seed.to_string())]),
        setup: setup_json(&start),
    };
    Ok(super::play(Match::new(start), header, bots, record))
}

impl super::Referee for Match {
    type Game = Fb;

    fn view(&self, team: usize) -> View {
        View {
            state: self.state,
            team,
        }
    }

    fn order_lines(orders: &[Action; 2]) -> Vec<String> {
        orders.iter().map(format_action).collect()
    }

    fn turns(&self) -> u32 {
        self.state.round as u32
    }

    fn errors(&self) -> &[PlayerError] {
        &self.errors
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome.map(|o| reason_name(&o, &self.errors))
    }

    fn input_lines(&self, team: usize) -> Vec<String> {
        let mut text = String::new();
        protocol::write_turn(&self.state, team, &mut text).expect("writing to a String");
        text.lines().map(str::to_string).collect()
    }

    fn play_turn(&mut self, replies: [Option<&[String]>; 2]) -> bool {
        self.play_turn_with(replies, &mut ()).is_some()
    }

    fn play_turn_recording(
        &mut self,
        replies: [Option<&[String]>; 2],
        contacts: &mut crate::geom::ContactLog,
    ) -> bool {
        self.play_turn_with(replies, contacts).is_some()
    }

    fn final_scores(&self) -> Option<[i32; 2]> {
        self.outcome.map(|o| o.scores)
    }

    fn state_json(&self) -> Value {
        state_json(&self.state)
    }
}

fn xy(v: crate::geom::Vec2) -> Value {
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
            Mismatch::new(None, None, "setup", "a valid setup", format!("{e:#}")),
        )
    })?;
    if let Some((path, e, a)) = first_difference(&trace.setup, &setup_json(&start), "setup") {
        return Err((0, Mismatch::new(None, None, &path, e, a)));
    }
    super::replay(&mut Match::new(start), trace)
}

pub(crate) fn start_from_props(trace: &Trace) -> Result<State> {
    let seed = match trace.props.get("seed") {
        Some(s) => s
            .trim()
            .parse::<i64>()
            .with_context(|| format!("seed property '{s}'"))?,
        None => trace.seed.context("no seed property")?,
    };
    Ok(setup::from_seed(seed))
}

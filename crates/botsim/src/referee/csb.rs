//! The Coders Strike Back referee: a game driven by the players' text, exactly as the contest
//! server drives it (input lines, output parsing, elimination for invalid output or silence),
//! used both to play bots against each other and to replay recorded games.

use super::{Fault, GameRecord, Mismatch, PlayerError, TraceHeader};
use crate::bot::Bot;
use crate::csb::protocol::{self, format_order};
use crate::csb::{self, Command, Csb, EndReason, Outcome, Setup, State, View, PODS};
use crate::trace::Trace;
use anyhow::{anyhow, Context, Result};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    pub setup: Setup,
    pub state: State,
    outcome: Option<Outcome>,
    pub errors: Vec<PlayerError>,
}

impl Match {
    pub fn new(setup: Setup) -> Match {
        Match {
            state: setup.initial_state(),
            setup,
            outcome: None,
            errors: Vec::new(),
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// [`Referee::play_turn`] with another physics, given the turn's commands: for measuring
    /// how often the search's fast modes disagree with the exact step.
    pub fn play_turn_with(
        &mut self,
        replies: [Option<&[String]>; 2],
        physics: impl FnOnce(&csb::Track, &mut State, &[Command; PODS]),
    ) -> Option<Outcome> {
        assert!(self.outcome.is_none(), "play_turn after the game ended");
        let mut commands = [Command::IDLE; PODS];
        let mut killed = None;
        for (player, reply) in replies.iter().enumerate() {
            let Err((reason, detail)) =
                parse_reply(*reply, &mut commands[player * 2..player * 2 + 2])
            else {
                continue;
            };
            self.state.dead[player] = true;
            killed.get_or_insert(reason);
            self.errors.push(PlayerError {
                player,
                turn: self.state.round as u32,
                fault: if reason == EndReason::PlayerTimeout {
                    Fault::NoAnswer
                } else {
                    Fault::InvalidOutput
                },
                detail,
            });
        }
        physics(&self.setup.track, &mut self.state, &commands);
        self.outcome = csb::outcome(&self.setup.track, &self.state).map(|o| Outcome {
            reason: killed.unwrap_or(o.reason),
            ..o
        });
        self.outcome
    }
}

/// Parses one player's lines into its two pods' commands, stopping at the first bad line.
fn parse_reply(
    reply: Option<&[String]>,
    commands: &mut [Command],
) -> Result<(), (EndReason, String)> {
    let lines = reply.ok_or((EndReason::PlayerTimeout, "no answer".to_string()))?;
    for (k, cmd) in commands.iter_mut().enumerate() {
        let line = lines.get(k).ok_or((
            EndReason::PlayerTimeout,
            format!("answered {} line(s), expected 2", lines.len()),
        ))?;
        let order = csb::parse_order(line).map_err(|e| {
            (
                EndReason::InvalidInput,
                format!("line {}: {e}, found '{line}'", k + 1),
            )
        })?;
        *cmd = order.command();
    }
    Ok(())
}

/// How a game is set up: from a seed (as the contest server does) or on an explicit map.
#[derive(Clone, Debug, PartialEq)]
pub enum GameSpec {
    Seed(i64),
    Map { seed: i64, map: Vec<(i32, i32)> },
}

impl GameSpec {
    /// The game a trace recorded: its map if it names one, else its seed.
    pub fn of_trace(t: &Trace) -> Result<GameSpec> {
        Ok(match t.props.get("map") {
            Some(m) => GameSpec::Map {
                seed: 0,
                map: Setup::parse_map(m).map_err(|e| anyhow!(e))?,
            },
            None => GameSpec::Seed(t.seed.unwrap_or(0)),
        })
    }

    pub fn setup(&self) -> Result<Setup> {
        match self {
            GameSpec::Seed(seed) => Ok(Setup::from_seed(*seed)),
            GameSpec::Map { map, .. } => Setup::from_map(map).map_err(|e| anyhow!(e)),
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
pub fn play(spec: &GameSpec, bots: [&mut dyn Bot<Csb>; 2], record: bool) -> Result<GameRecord> {
    let setup = spec.setup()?;
    let header = TraceHeader {
        rules: "csb-legend",
        seed: spec.seed(),
        props: spec.props(),
        setup: setup_json(&setup),
    };
    Ok(super::play(Match::new(setup), header, bots, record))
}

impl super::Referee for Match {
    type Game = Csb;

    fn view(&self, player: usize) -> View {
        View {
            track: self.setup.track,
            state: self.state,
            player,
        }
    }

    fn order_lines(orders: &[csb::Order<'static>; 2]) -> Vec<String> {
        orders
            .iter()
            .map(|o| format_order(o.x, o.y, o.thrust))
            .collect()
    }

    fn turns(&self) -> u32 {
        self.state.round.into()
    }

    fn errors(&self) -> &[PlayerError] {
        &self.errors
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome.map(|o| o.reason.as_str().to_string())
    }

    /// The init lines first on turn 0.
    fn input_lines(&self, player: usize) -> Vec<String> {
        let mut text = String::new();
        if self.state.round == 0 {
            protocol::write_init(&self.setup.track, &mut text).expect("writing to a String");
        }
        protocol::write_turn(&self.state, player, &mut text).expect("writing to a String");
        text.lines().map(str::to_string).collect()
    }

    /// A player whose line is invalid, or who did not answer, is eliminated; the turn is still
    /// played with the orders parsed before the bad line.
    fn play_turn(&mut self, replies: [Option<&[String]>; 2]) -> bool {
        self.play_turn_with(replies, csb::step).is_some()
    }

    fn play_turn_recording(
        &mut self,
        replies: [Option<&[String]>; 2],
        contacts: &mut crate::geom::ContactLog,
    ) -> bool {
        self.play_turn_with(replies, |t, s, c| {
            csb::step::step_recording(t, s, c, contacts)
        })
        .is_some()
    }

    fn final_scores(&self) -> Option<[i32; 2]> {
        self.outcome.map(|o| o.scores.map(i32::from))
    }

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
            Mismatch::new(None, None, "setup", "a valid setup", format!("{e:#}")),
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
    super::replay(&mut Match::new(setup), trace)
}

/// The setup a trace's properties ask for (the `map` property, else the seed).
pub(crate) fn setup_from_props(trace: &Trace) -> Result<Setup> {
    if let Some(map) = trace.props.get("map") {
        let cps = Setup::parse_map(map).map_err(|e| anyhow!(e))?;
        return Setup::from_map(&cps).map_err(|e| anyhow!(e));
    }
    let seed = match trace.props.get("seed") {
        Some(s) => s
            .trim()
            .parse::<i64>()
            .with_context(|| format!("seed property '{s}'"))?,
        None => trace.seed.context("no seed and no map")?,
    };
    Ok(Setup::from_seed(seed))
}

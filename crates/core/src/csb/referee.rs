//! The Coders Strike Back referee: a race driven by the players' text, exactly as the contest
//! server drives it (input lines, output parsing, elimination for invalid output or silence).

use super::protocol::{self, format_order};
use super::{Command, Csb, EndReason, Outcome, Setup, State, View, PODS};
use crate::geom::ContactLog;
use crate::rules::{Fault, PlayerError, Rules};

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    /// The race: its track and grid.
    pub setup: Setup,
    /// The pods after the turns played.
    pub state: State,
    outcome: Option<Outcome>,
    /// The players eliminated so far.
    pub errors: Vec<PlayerError>,
}

impl Match {
    /// A race about to start.
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

    /// [`Rules::play_turn`] with another physics, given the turn's commands: for measuring
    /// how often the search's fast modes disagree with the exact step.
    pub fn play_turn_with(
        &mut self,
        replies: [Option<&[String]>; 2],
        physics: impl FnOnce(&super::Track, &mut State, &[Command; PODS]),
    ) -> Option<Outcome> {
        assert!(self.outcome.is_none(), "play_turn after the game ended");
        let mut commands = [Command::IDLE; PODS];
        let mut killed = None;
        for (player, reply) in replies.iter().enumerate() {
            let Err((fault, detail)) =
                parse_reply(*reply, &mut commands[player * 2..player * 2 + 2])
            else {
                continue;
            };
            self.state.dead[player] = true;
            killed.get_or_insert(match fault {
                Fault::InvalidOutput => EndReason::InvalidInput,
                Fault::NoAnswer | Fault::TooFewLines => EndReason::PlayerTimeout,
            });
            self.errors.push(PlayerError {
                player,
                turn: self.state.round as u32,
                fault,
                detail,
            });
        }
        physics(&self.setup.track, &mut self.state, &commands);
        self.outcome = super::outcome(&self.setup.track, &self.state).map(|o| Outcome {
            reason: killed.unwrap_or(o.reason),
            ..o
        });
        self.outcome
    }
}

/// Parses one player's lines into its two pods' commands, stopping at the first bad line.
fn parse_reply(reply: Option<&[String]>, commands: &mut [Command]) -> Result<(), (Fault, String)> {
    let lines = reply.ok_or((Fault::NoAnswer, "no answer".to_string()))?;
    for (k, cmd) in commands.iter_mut().enumerate() {
        let line = lines.get(k).ok_or((
            Fault::TooFewLines,
            format!("answered {} line(s), expected 2", lines.len()),
        ))?;
        let order = super::parse_order(line).map_err(|e| {
            (
                Fault::InvalidOutput,
                format!("line {}: {e}, found '{line}'", k + 1),
            )
        })?;
        *cmd = order.command();
    }
    Ok(())
}

impl Rules for Match {
    type Game = Csb;

    fn view(&self, player: usize) -> View {
        View {
            track: self.setup.track,
            state: self.state,
            player,
        }
    }

    fn order_lines(orders: &[super::Order<'static>; 2]) -> Vec<String> {
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
        self.play_turn_with(replies, super::step).is_some()
    }

    fn play_turn_recording(
        &mut self,
        replies: [Option<&[String]>; 2],
        contacts: &mut ContactLog,
    ) -> bool {
        self.play_turn_with(replies, |t, s, c| {
            super::step::step_recording(t, s, c, contacts)
        })
        .is_some()
    }

    fn final_scores(&self) -> Option<[i32; 2]> {
        self.outcome.map(|o| o.scores.map(i32::from))
    }
}

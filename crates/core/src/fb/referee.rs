//! The Fantastic Bits referee: a game driven by the teams' text, exactly as the contest server
//! drives it (input lines, output parsing, elimination for invalid output or silence).

use super::protocol::{self, format_action};
use super::{Action, Fb, State, View};
use crate::geom::{ContactLog, Contacts};
use crate::rules::{Fault, PlayerError, Rules};

/// The final scores and why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each team's score (-1 for a team eliminated by its output).
    pub scores: [i32; 2],
    /// Why the game ended.
    pub reason: super::EndReason,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    /// The state after the turns played.
    pub state: State,
    outcome: Option<Outcome>,
    /// The teams eliminated so far.
    pub errors: Vec<PlayerError>,
}

impl Match {
    /// A game about to start from `state`.
    pub fn new(state: State) -> Match {
        Match {
            state,
            outcome: None,
            errors: Vec::new(),
        }
    }

    /// The result, once the game is over.
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
        contacts: &mut impl Contacts,
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
        super::step::physics_with(&mut self.state, contacts);
        self.outcome = super::outcome(&self.state).map(|o| Outcome {
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
                Fault::TooFewLines,
                format!("answered {} line(s), expected 2", lines.len()),
            ))?;
            let bad = |e: super::ActionError| {
                (
                    Fault::InvalidOutput,
                    format!("line {}: {e}, found '{line}'", k + 1),
                )
            };
            let (action, _) = super::parse_action(line).map_err(bad)?;
            super::apply_action(&mut self.state, team * 2 + k, action).map_err(bad)?;
        }
        Ok(())
    }
}

/// The text name of an end, as the traces write it.
pub fn reason_name(outcome: &Outcome, errors: &[PlayerError]) -> String {
    match outcome.reason {
        super::EndReason::Eliminated => {
            let teams: Vec<String> = errors.iter().map(|e| format!("team{}", e.player)).collect();
            format!("invalid_output_{}", teams.join(","))
        }
        super::EndReason::ScoreToWin => "score_to_win".to_string(),
        super::EndReason::NoSnafflesLeft => "no_snaffles_left".to_string(),
        super::EndReason::MaxTurns => "max_turns".to_string(),
    }
}

impl Rules for Match {
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
        contacts: &mut ContactLog,
    ) -> bool {
        self.play_turn_with(replies, contacts).is_some()
    }

    fn final_scores(&self) -> Option<[i32; 2]> {
        self.outcome.map(|o| o.scores)
    }
}

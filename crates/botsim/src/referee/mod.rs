//! Whole games of any game: bots against each other under the contest's rules, and recorded
//! games replayed against the engines (`verify`). Each game's own part (its setup and its
//! trace form) is in its folder of [`crate::games`].

pub mod brutaltester;
pub mod player;
pub mod process;

use crate::trace::{self, Trace};
use botsim_core::bot::{Answer, Game};
pub use player::{InProcess, Player, Stop};
use serde_json::Value;
use std::collections::BTreeMap;

pub use botsim_core::rules::{Fault, PlayerError, Rules};

/// A game the tools can record: its state in the trace's form, after every turn.
pub trait Traced: Rules {
    /// The state after the turns played, in the trace's form.
    fn state_json(&self) -> Value;
}

/// Drives a game to its end, asking `ask(game, inputs)` for both players' lines every turn
/// (`None`: no answer). Returns the turns, recorded in the trace's form if `record`, with what
/// `stderr(player, last)` (see [`Player::take_stderr`]) says each player wrote on
/// stderr during the turn: all it wrote after a turn's input and before the next's.
///
/// The first turns play `opening`'s recorded lines instead of the players' (a recorded game
/// played on from one of its turns): the players are still asked, so that what they remember
/// of the game is what they would, but their answers are dropped.
pub fn run<R: Traced>(
    game: &mut R,
    record: bool,
    opening: &[trace::Turn],
    mut ask: impl FnMut(&R, [&[String]; 2]) -> [Option<Vec<String>>; 2],
    mut stderr: impl FnMut(usize, bool) -> Vec<String>,
) -> Vec<trace::Turn> {
    let mut turns: Vec<trace::Turn> = Vec::new();
    let mut played = 0;
    loop {
        let inputs = [game.input_lines(0), game.input_lines(1)];
        let mut before: [Vec<String>; 2] = Default::default();
        if record {
            before = [stderr(0, false), stderr(1, false)];
        }
        let mut outputs = ask(game, [&inputs[0], &inputs[1]]);
        if let Some(recorded) = opening.get(played) {
            outputs = recorded_replies(recorded).map(|lines| lines.map(<[String]>::to_vec));
        }
        let over = game.play_turn([outputs[0].as_deref(), outputs[1].as_deref()]);
        played += 1;
        if record {
            // What came before this turn's input finished the last turn (or, before the first
            // turn, the start-up).
            if let Some(last) = turns.last_mut() {
                for (kept, more) in last.stderr.iter_mut().zip(&mut before) {
                    kept.append(more);
                }
            }
            turns.push(trace::Turn {
                input: inputs.to_vec(),
                output: outputs.map(Option::unwrap_or_default).to_vec(),
                stderr: before.to_vec(),
                state: game.state_json(),
            });
        }
        if over {
            if let Some(last) = turns.last_mut() {
                for (p, kept) in last.stderr.iter_mut().enumerate() {
                    kept.append(&mut stderr(p, true));
                }
            }
            for turn in &mut turns {
                if turn.stderr.iter().all(Vec::is_empty) {
                    turn.stderr.clear();
                }
            }
            return turns;
        }
    }
}

/// [`run`] between two bots: each sees its view and the input lines, and an answer of orders
/// stands for their lines ([`Rules::order_lines`]). The players that think in processes of
/// their own ([`Player::start_turn`]) get their input first, then the in-process ones play, then
/// the answers of the first are read: both players of a game think at the same time.
fn run_bots<R: Traced>(
    game: &mut R,
    bots: &mut [&mut dyn Player<R::Game>; 2],
    record: bool,
    opening: &[trace::Turn],
) -> Vec<trace::Turn> {
    let lines = |answer: Answer<<R::Game as Game>::Orders>| match answer {
        Answer::Lines(lines) => Some(lines),
        Answer::Orders(orders) => Some(R::order_lines(&orders)),
        Answer::Silent => None,
    };
    let bots = std::cell::RefCell::new(bots);
    run(
        game,
        record,
        opening,
        |g, inputs| {
            let mut bots = bots.borrow_mut();
            let started: [bool; 2] = std::array::from_fn(|p| bots[p].start_turn(inputs[p]));
            let mut outputs: [Option<Vec<String>>; 2] = [None, None];
            for p in (0..2).filter(|&p| !started[p]) {
                outputs[p] = lines(bots[p].play(&g.view(p), inputs[p]));
            }
            for p in (0..2).filter(|&p| started[p]) {
                outputs[p] = lines(bots[p].finish_turn().0);
            }
            outputs
        },
        |player, last| bots.borrow_mut()[player].take_stderr(last),
    )
}

/// What a trace says of a game before its turns: the game, its rules and how it was set up.
#[derive(Clone, Debug)]
pub struct TraceHeader {
    pub rules: &'static str,
    pub seed: i64,
    pub props: BTreeMap<String, String>,
    /// The setup in the trace's form.
    pub setup: Value,
}

/// A finished game, of either game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub scores: [i32; 2],
    /// Why it ended, as traces name it.
    pub reason: String,
    pub turns: u32,
    pub errors: Vec<PlayerError>,
    pub trace: Option<Trace>,
}

/// Plays `game` to its end between two in-process bots (player 0 first), recording the whole
/// trace, which `header` begins, if `record`. The first turns play `opening`'s recorded lines
/// (see [`run`]).
pub fn play<R: Traced>(
    mut game: R,
    header: TraceHeader,
    mut bots: [&mut dyn Player<R::Game>; 2],
    record: bool,
    opening: &[trace::Turn],
) -> GameRecord {
    let turns = run_bots(&mut game, &mut bots, record, opening);
    let over = "run plays until the game is over";
    let scores = game.final_scores().expect(over);
    let reason = game.end_reason().expect(over);
    let trace = record.then(|| Trace {
        format: trace::FORMAT.to_string(),
        game: R::Game::NAME.to_string(),
        rules: header.rules.to_string(),
        seed: Some(header.seed),
        props: header.props,
        bots: bots.iter().map(|b| b.name()).collect(),
        setup: header.setup,
        turns,
        result: trace::TraceResult {
            scores: scores.to_vec(),
            turns: game.turns() as usize,
            reason: reason.clone(),
        },
    });
    GameRecord {
        scores,
        reason,
        turns: game.turns(),
        errors: game.errors().to_vec(),
        trace,
    }
}

/// What each player printed in a recorded turn; a player with no lines did not answer.
pub fn recorded_replies(turn: &trace::Turn) -> [Option<&[String]>; 2] {
    std::array::from_fn(|p| {
        turn.output
            .get(p)
            .filter(|l| !l.is_empty())
            .map(Vec::as_slice)
    })
}

/// Replays a recorded game's turns on `game` (built from the trace's setup): compares both
/// players' input lines and the state every turn, then the result. Returns the number of turns
/// verified, or the first difference.
pub fn replay<R: Traced>(game: &mut R, trace: &Trace) -> Result<usize, (usize, Mismatch)> {
    let mut over = false;
    for (t, turn) in trace.turns.iter().enumerate() {
        if over {
            let m = Mismatch::new(
                Some(t),
                None,
                "game continues",
                "more turns",
                "the game is over",
            );
            return Err((t, m));
        }
        for player in 0..2 {
            let actual = game.input_lines(player);
            let expected = turn.input.get(player).map(Vec::as_slice).unwrap_or(&[]);
            if actual != expected {
                let k = actual
                    .iter()
                    .zip(expected)
                    .position(|(a, e)| a != e)
                    .unwrap_or(actual.len().min(expected.len()));
                let line = |l: &[String]| l.get(k).cloned().unwrap_or_else(|| "(no line)".into());
                let what = format!("input line {}", k + 1);
                return Err((
                    t,
                    Mismatch::new(Some(t), Some(player), &what, line(expected), line(&actual)),
                ));
            }
        }
        let replies = recorded_replies(turn);
        over = game.play_turn(replies);
        if let Some((path, e, a)) = first_difference(&turn.state, &game.state_json(), "state") {
            return Err((t, Mismatch::new(Some(t), None, &path, e, a)));
        }
    }
    let n = trace.turns.len();
    let Some(scores) = game.final_scores() else {
        return Err((
            n,
            Mismatch::new(None, None, "game over", "the game to end", "it goes on"),
        ));
    };
    if scores[..] != trace.result.scores[..] || n != trace.result.turns {
        let expected = format!(
            "scores {:?} after {} turns",
            trace.result.scores, trace.result.turns
        );
        let actual = format!("scores {scores:?} after {n} turns");
        return Err((n, Mismatch::new(None, None, "result", expected, actual)));
    }
    Ok(n)
}

/// The first place a replay differs from its trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// 0-based turn, or `None` for the setup and the result.
    pub turn: Option<usize>,
    pub player: Option<usize>,
    pub what: String,
    pub expected: String,
    pub actual: String,
}

impl Mismatch {
    pub fn new(
        turn: Option<usize>,
        player: Option<usize>,
        what: &str,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Mismatch {
        Mismatch {
            turn,
            player,
            what: what.to_string(),
            expected: expected.into(),
            actual: actual.into(),
        }
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.turn {
            Some(t) => write!(f, "turn {t}")?,
            None => write!(f, "game")?,
        }
        if let Some(p) = self.player {
            write!(f, ", player {p}")?;
        }
        write!(
            f,
            ": {}\n  expected: {}\n  actual:   {}",
            self.what, self.expected, self.actual
        )
    }
}

/// The first leaf where two JSON values differ: (path, expected, actual). Numbers compare
/// exactly (integers as integers, doubles bit for bit).
pub(crate) fn first_difference(
    expected: &Value,
    actual: &Value,
    path: &str,
) -> Option<(String, String, String)> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).unwrap_or(&Value::Null);
                if let Some(d) = first_difference(ev, av, &format!("{path}.{k}")) {
                    return Some(d);
                }
            }
            None
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => e
            .iter()
            .zip(a)
            .enumerate()
            .find_map(|(i, (ev, av))| first_difference(ev, av, &format!("{path}[{i}]"))),
        (Value::Number(e), Value::Number(a)) => {
            let same = match (e.as_i64(), a.as_i64()) {
                (Some(x), Some(y)) => x == y,
                _ => e.as_f64().map(f64::to_bits) == a.as_f64().map(f64::to_bits),
            };
            (!same).then(|| (path.to_string(), e.to_string(), a.to_string()))
        }
        _ => (expected != actual)
            .then(|| (path.to_string(), expected.to_string(), actual.to_string())),
    }
}

//! What a replay page shows beside the field, worked out by playing a trace's orders again on
//! the exact engine: the collisions, the players' counters and the game's events. Each game's
//! folder fills them in (`csb/notes.rs`, `fb/notes.rs`) with the helpers here.

use crate::referee::recorded_replies;
use crate::trace::Trace;
use botsim_core::geom::ContactLog;
use botsim_core::rules::Rules;
use serde::Serialize;

/// What the page shows beside the field.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Notes {
    /// Every collision (bodies, posts, walls): its turn (0-based) and where they touched.
    pub contacts: Vec<(usize, [f64; 2])>,
    /// Per turn, per pod or wizard (player 0's two first): the message after its order.
    pub messages: Vec<[String; 4]>,
    /// What the counters count: `timeout` (CSB) or `magic` (FB).
    pub counter: &'static str,
    /// Per turn, each player's counter after the turn.
    pub counters: Vec<[i32; 2]>,
    /// The game's events, in turn order.
    pub events: Vec<Event>,
    /// Where the trace does not reproduce on the engine (its orders played again do not give
    /// its states, inputs or result), if it does not: the page shows it as a warning.
    pub mismatch: Option<String>,
}

/// One event of the timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Event {
    /// The turn (0-based) it happened in.
    pub turn: usize,
    /// `checkpoint`, `boost`, `shield`, `collision`, `goal`, `spell`, `grab`, `throw`, `error`
    /// or `end`.
    pub kind: &'static str,
    /// The player it concerns, if one.
    pub player: Option<usize>,
    pub text: String,
}

/// Plays a trace's recorded orders on `game`, calling `each(turn, before, game, contacts)`
/// after every turn with the game as it stood before it; the game at the end.
pub(crate) fn replay_turns<R: Rules + Clone>(
    mut game: R,
    trace: &Trace,
    mut each: impl FnMut(usize, &R, &R, &ContactLog),
) -> R {
    let mut log = ContactLog::new();
    for (t, turn) in trace.turns.iter().enumerate() {
        let before = game.clone();
        let over = game.play_turn_recording(recorded_replies(turn), &mut log);
        each(t, &before, &game, &log);
        log.clear();
        if over {
            break;
        }
    }
    game
}

/// An event of the timeline.
pub(crate) fn event(turn: usize, kind: &'static str, player: Option<usize>, text: String) -> Event {
    Event {
        turn,
        kind,
        player,
        text,
    }
}

/// The end of the game, and the players it eliminated, as events.
pub(crate) fn end_events(trace: &Trace, errors: &[crate::referee::PlayerError], notes: &mut Notes) {
    for e in errors {
        notes.events.push(event(
            e.turn as usize,
            "error",
            Some(e.player),
            format!("player {} eliminated: {}", e.player, e.detail),
        ));
    }
    let r = &trace.result;
    notes.events.push(event(
        r.turns.saturating_sub(1),
        "end",
        None,
        format!(
            "end after {} turns ({}): {}",
            r.turns,
            r.reason,
            r.scores
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(" - ")
        ),
    ));
}

//! `botsim replay`: a game as one self-contained HTML page (no network needed) that draws it
//! on a canvas with play/pause, stepping, speed and a turn slider, and shows each bot's lines.
//! The page template is `replay.html`; the trace goes in as JSON.

use crate::geom::{ContactLog, Vec2};
use crate::referee::{recorded_replies, Referee};
use crate::trace::Trace;
use anyhow::Result;

const TEMPLATE: &str = include_str!("replay.html");

/// The page for one game.
pub fn html(trace: &Trace) -> Result<String> {
    // Inside a <script> element, "</" must not appear: JSON allows "<\/" for it.
    let json = serde_json::to_string(trace)?.replace("</", "<\\/");
    let contacts: Vec<[f64; 3]> = contacts(trace)
        .into_iter()
        .map(|(t, at)| [t as f64, at.x.round(), at.y.round()])
        .collect();
    Ok(TEMPLATE
        .replace("__TRACE__", &json)
        .replace("__CONTACTS__", &serde_json::to_string(&contacts)?))
}

/// Every collision of the game (its turn, 0-based, and where the bodies touched), found by
/// playing the recorded orders again on the exact engine. Empty if the trace's setup cannot be
/// rebuilt.
pub fn contacts(trace: &Trace) -> Vec<(usize, Vec2)> {
    match trace.game.as_str() {
        "csb" => crate::referee::csb::setup_from_props(trace)
            .map(|s| replay_contacts(crate::referee::csb::Match::new(s), trace))
            .unwrap_or_default(),
        "fb" => crate::referee::fb::start_from_props(trace)
            .map(|s| replay_contacts(crate::referee::fb::Match::new(s), trace))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Plays a trace's recorded orders on `game`, collecting each turn's collisions.
fn replay_contacts<R: Referee>(mut game: R, trace: &Trace) -> Vec<(usize, Vec2)> {
    let mut out = Vec::new();
    let mut log = ContactLog::new();
    for (t, turn) in trace.turns.iter().enumerate() {
        let over = game.play_turn_recording(recorded_replies(turn), &mut log);
        out.extend(log.drain(..).map(|c| (t, c.3)));
        if over {
            break;
        }
    }
    out
}

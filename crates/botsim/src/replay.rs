//! `botsim replay`: a game as one self-contained HTML page (no network needed) that draws it
//! on a canvas, with a legend of the players, each pod or wizard labelled with the message its
//! order carried, each bot's lines and stderr for the turn, the players' counters (CSB: turns
//! left before the checkpoint timeout; FB: magic), a timeline of the game's events to jump to,
//! play/pause, stepping (buttons and keyboard), speed and a turn slider.
//!
//! The page template is `replay.html`; the trace and the [`Notes`] go in as JSON. The notes
//! come from playing the recorded orders again on the exact engine, so that the page shows
//! what the referee did (every collision, pass, spell) rather than guessing it from positions.

use crate::games::notes::Notes;
use crate::games::GameKind;
use crate::trace::Trace;

const TEMPLATE: &str = include_str!("replay.html");

/// The page for one game.
pub fn html(trace: &Trace) -> Result<String, serde_json::Error> {
    page(trace, &notes(trace))
}

/// The page for one game whose [`notes`] are already made.
pub fn page(trace: &Trace, notes: &Notes) -> Result<String, serde_json::Error> {
    // Inside a <script> element, "</" must not appear: JSON allows "<\/" for it.
    let script_json = |text: String| text.replace("</", "<\\/");
    let trace_json = script_json(serde_json::to_string(trace)?);
    let notes_json = script_json(serde_json::to_string(notes)?);
    Ok(TEMPLATE
        .replace("__TRACE__", &trace_json)
        .replace("__NOTES__", &notes_json))
}

/// The notes of a game; empty if the trace's setup cannot be rebuilt. Its `mismatch` says
/// where the trace does not reproduce on the engine, if it does not.
pub fn notes(trace: &Trace) -> Notes {
    let game = GameKind::from_name(&trace.game);
    let notes = game.map(|g| g.tools().notes(trace)).unwrap_or_default();
    Notes {
        messages: messages(trace),
        mismatch: match game {
            Some(g) => g.tools().verify(trace).err().map(|(_, m)| m.to_string()),
            None => Some(format!("botsim does not know the game '{}'", trace.game)),
        },
        ..notes
    }
}

/// The message after each order (CSB `x y thrust message`, FB `MOVE x y thrust message`...),
/// as the referee's parsers read it.
fn messages(trace: &Trace) -> Vec<[String; 4]> {
    let message = |line: &str| -> Option<String> {
        let text = GameKind::from_name(&trace.game)?
            .tools()
            .order_message(line);
        text.map(|m| m.trim().to_string())
    };
    trace
        .turns
        .iter()
        .map(|turn| {
            std::array::from_fn(|unit| {
                turn.output
                    .get(unit / 2)
                    .and_then(|lines| lines.get(unit % 2))
                    .and_then(|line| message(line))
                    .unwrap_or_default()
            })
        })
        .collect()
}

//! `botsim replay`: a game as one self-contained HTML page (no network needed) that draws it
//! on a canvas with play/pause, stepping, speed and a turn slider, and shows each bot's lines.
//! The page template is `replay.html`; the trace goes in as JSON.

use crate::trace::Trace;
use anyhow::Result;

const TEMPLATE: &str = include_str!("replay.html");

/// The page for one game.
pub fn html(trace: &Trace) -> Result<String> {
    // Inside a <script> element, "</" must not appear: JSON allows "<\/" for it.
    let json = serde_json::to_string(trace)?.replace("</", "<\\/");
    Ok(TEMPLATE.replace("__TRACE__", &json))
}

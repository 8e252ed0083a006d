//! `botsim replay`: a game as one self-contained HTML page (no network needed) that draws it
//! on a canvas, with a legend of the players, each pod or wizard labelled with the message its
//! order carried, each bot's lines and stderr for the turn, the players' counters (CSB: turns
//! left before the checkpoint timeout; FB: magic), a timeline of the game's events to jump to,
//! play/pause, stepping (buttons and keyboard), speed and a turn slider.
//!
//! The page template is `replay.html`; the trace and the [`Notes`] go in as JSON. The notes
//! come from playing the recorded orders again on the exact engine, so that the page shows
//! what the referee did (every collision, pass, spell) rather than guessing it from positions.

use crate::fb::state::{FIRST_BLUDGER, FIRST_SNAFFLE, WIZARDS};
use crate::games::GameKind;
use crate::geom::ContactLog;
use crate::referee::{recorded_replies, Rules};
use crate::trace::Trace;
use anyhow::Result;
use serde::Serialize;

const TEMPLATE: &str = include_str!("replay.html");

/// The page for one game.
pub fn html(trace: &Trace) -> Result<String> {
    // Inside a <script> element, "</" must not appear: JSON allows "<\/" for it.
    let script_json = |text: String| text.replace("</", "<\\/");
    let trace_json = script_json(serde_json::to_string(trace)?);
    let notes_json = script_json(serde_json::to_string(&notes(trace))?);
    Ok(TEMPLATE
        .replace("__TRACE__", &trace_json)
        .replace("__NOTES__", &notes_json))
}

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

/// The notes of a game; empty if the trace's setup cannot be rebuilt.
pub fn notes(trace: &Trace) -> Notes {
    let notes = GameKind::from_name(&trace.game)
        .map(|g| g.tools().notes(trace))
        .unwrap_or_default();
    Notes {
        messages: messages(trace),
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

/// Plays a trace's recorded orders on `game`, calling `each(turn, before, game, contacts)`
/// after every turn with the game as it stood before it; the game at the end.
fn replay_turns<R: Rules + Clone>(
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

fn event(turn: usize, kind: &'static str, player: Option<usize>, text: String) -> Event {
    Event {
        turn,
        kind,
        player,
        text,
    }
}

/// The end of the game, and the players it eliminated, as events.
fn end_events(trace: &Trace, errors: &[crate::referee::PlayerError], notes: &mut Notes) {
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

pub(crate) fn csb_notes(game: crate::referee::csb::Match, trace: &Trace) -> Notes {
    use crate::csb::step::CHECKPOINT_TIMEOUT;
    let mut notes = Notes {
        counter: "timeout",
        ..Notes::default()
    };
    let track = game.setup.track;
    let total = track.len() * usize::from(track.laps);
    let end = replay_turns(game, trace, |t, before, after, log| {
        let (was, now) = (&before.state, &after.state);
        for (i, (p, q)) in was.pods.iter().zip(&now.pods).enumerate() {
            let who = format!("pod {i}");
            let player = Some(i / 2);
            for pass in p.passed + 1..=q.passed {
                let cp = usize::from(pass) % track.len();
                notes.events.push(event(
                    t,
                    "checkpoint",
                    player,
                    format!("{who} passes checkpoint {cp} (pass {pass} of {total})"),
                ));
            }
            if q.boost_used && !p.boost_used {
                notes
                    .events
                    .push(event(t, "boost", player, format!("{who} boosts")));
            }
            if q.shield_round == Some(t as u16) {
                notes
                    .events
                    .push(event(t, "shield", player, format!("{who} shields")));
            }
        }
        for &(_, a, b, at) in log {
            notes.contacts.push((t, [at.x.round(), at.y.round()]));
            if let Some(b) = b {
                notes.events.push(event(
                    t,
                    "collision",
                    None,
                    format!("pods {} and {} collide", a.min(b), a.max(b)),
                ));
            }
        }
        notes.counters.push(std::array::from_fn(|player| {
            let last = now.pods[player * 2..player * 2 + 2]
                .iter()
                .map(|p| p.last_pass)
                .max()
                .unwrap_or(0);
            i32::from(CHECKPOINT_TIMEOUT) - (i32::from(now.round) - i32::from(last))
        }));
    });
    end_events(trace, &end.errors, &mut notes);
    notes
}

/// A body of a Fantastic Bits state, by slot, as the players see it: kind and id.
fn fb_body(state: &crate::fb::State, slot: usize) -> String {
    let kind = if slot < WIZARDS {
        "wizard"
    } else if slot < FIRST_BLUDGER {
        "snaffle"
    } else {
        "bludger"
    };
    format!("{kind} {}", state.id_of(slot))
}

pub(crate) fn fb_notes(game: crate::referee::fb::Match, trace: &Trace) -> Notes {
    use crate::fb::{parse_action, Action};
    let mut notes = Notes {
        counter: "magic",
        ..Notes::default()
    };
    let end = replay_turns(game, trace, |t, before, after, log| {
        let (was, now) = (&before.state, &after.state);
        // Spells are paid in wizard order from the magic the team had.
        let mut magic = was.players.map(|p| p.magic);
        for w in 0..WIZARDS {
            let team = w / 2;
            let line = trace.turns[t]
                .output
                .get(team)
                .and_then(|l| l.get(w % 2))
                .map(String::as_str);
            let Some(Ok((action, _))) = line.map(parse_action) else {
                continue;
            };
            let who = format!("wizard {w}");
            match action {
                Action::Cast { spell, target } => {
                    let paid = magic[team] >= spell.cost();
                    if paid {
                        magic[team] -= spell.cost();
                    }
                    let order = crate::fb::protocol::format_action(&action);
                    let target = was
                        .slot_of(target)
                        .map_or(format!("id {target}"), |s| fb_body(was, s));
                    let word = order.split(' ').next().unwrap_or_default();
                    notes.events.push(event(
                        t,
                        "spell",
                        Some(team),
                        if paid {
                            format!("{who} casts {word} on {target}")
                        } else {
                            format!("{who} casts {word} on {target}: not enough magic")
                        },
                    ));
                }
                Action::Throw { power, .. } if was.wizards[w].holding.is_some() => {
                    notes.events.push(event(
                        t,
                        "throw",
                        Some(team),
                        format!("{who} throws (power {power})"),
                    ));
                }
                _ => {}
            }
        }
        for w in 0..WIZARDS {
            if let (None, Some(s)) = (was.wizards[w].holding, now.wizards[w].holding) {
                notes.events.push(event(
                    t,
                    "grab",
                    Some(w / 2),
                    format!("wizard {w} grabs {}", fb_body(now, usize::from(s))),
                ));
            }
        }
        for team in 0..2 {
            if now.players[team].score > was.players[team].score && !now.players[team].dead {
                notes.events.push(event(
                    t,
                    "goal",
                    Some(team),
                    format!(
                        "player {team} scores: {} - {}",
                        now.players[0].score, now.players[1].score
                    ),
                ));
            }
        }
        for &(_, a, b, at) in log {
            notes.contacts.push((t, [at.x.round(), at.y.round()]));
            // Bodies that meet; snaffles among themselves are left out (they are many).
            if let Some(b) = b.filter(|&b| a < FIRST_SNAFFLE || b < FIRST_SNAFFLE) {
                notes.events.push(event(
                    t,
                    "collision",
                    None,
                    format!("{} and {} collide", fb_body(now, a), fb_body(now, b)),
                ));
            }
        }
        notes.counters.push(now.players.map(|p| p.magic));
    });
    end_events(trace, &end.errors, &mut notes);
    notes
}

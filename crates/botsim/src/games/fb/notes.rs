//! The replay notes of an FB game: goals, spells, grabs, throws, collisions, and each team's
//! magic.

use super::referee::Match;
use crate::games::notes::{end_events, event, replay_turns, Notes};
use crate::trace::Trace;
use botsim_core::fb::state::{FIRST_BLUDGER, FIRST_SNAFFLE, WIZARDS};

/// A body of a Fantastic Bits state, by slot, as the players see it: kind and id.
fn fb_body(state: &botsim_core::fb::State, slot: usize) -> String {
    let kind = if slot < WIZARDS {
        "wizard"
    } else if slot < FIRST_BLUDGER {
        "snaffle"
    } else {
        "bludger"
    };
    format!("{kind} {}", state.id_of(slot))
}

/// The notes of `trace`, replayed on `game` (its start).
pub(crate) fn notes(game: Match, trace: &Trace) -> Notes {
    use botsim_core::fb::{parse_action, Action};
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
                    let order = botsim_core::fb::protocol::format_action(&action);
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

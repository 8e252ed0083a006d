//! The replay notes of a CSB game: checkpoint passes, boosts, shields, collisions, and each
//! player's turns left before the checkpoint timeout.

use super::referee::Match;
use crate::games::notes::{end_events, event, replay_turns, Notes};
use crate::trace::Trace;

/// The notes of `trace`, replayed on `game` (its setup).
pub(crate) fn notes(game: Match, trace: &Trace) -> Notes {
    use botsim_core::csb::step::CHECKPOINT_TIMEOUT;
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

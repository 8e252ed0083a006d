//! Whole games between in-process bots, and their traces.

use botsim::games::csb::referee::{play, verify, GameSpec};
use botsim::trace;
use botsim_core::bot::{Answer, Bot};
use botsim_core::csb::{racer::Racer, Csb, EndReason, View};

#[test]
fn racers_finish_and_their_trace_replays() {
    for seed in [1, -5, 1 << 40] {
        let (mut a, mut b) = (Racer::default(), Racer::default());
        let rec = play(&GameSpec::Seed(seed), [&mut a, &mut b], true).unwrap();
        assert_eq!(rec.reason, EndReason::EndReached.as_str(), "seed {seed}");
        assert!(rec.scores.contains(&2));
        let t = rec.trace.unwrap();
        assert_eq!(t.turns.len(), rec.turns as usize);
        // Written, read back and replayed: the trace is in the golden format.
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("botsim-play-{seed}.jsonl.gz"));
        trace::write_file(&path, std::slice::from_ref(&t)).unwrap();
        let back = trace::read_file(&path).unwrap();
        std::fs::remove_file(&path).ok();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0], t);
        assert_eq!(verify(&back[0]), Ok(rec.turns as usize));
    }
}

/// Prints fixed lines: a bot that breaks the protocol on purpose.
struct Scripted(Vec<&'static str>);

impl Bot<Csb> for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }
    fn play(&mut self, _: &View, _: &[String]) -> Answer<[botsim_core::csb::Order<'static>; 2]> {
        if self.0.is_empty() {
            return Answer::Silent;
        }
        Answer::Lines(self.0.iter().map(|s| s.to_string()).collect())
    }
}

#[test]
fn invalid_output_loses_after_the_turn_is_played() {
    for (lines, reason) in [
        (vec!["8000 4500 201", "0 0 100"], EndReason::InvalidInput),
        (vec!["8000 4500 100 ", "0 0 100"], EndReason::InvalidInput),
        (vec!["8000 4500 100"], EndReason::PlayerTimeout),
        (vec![], EndReason::PlayerTimeout),
    ] {
        let mut bad = Scripted(lines.clone());
        let mut good = Racer::default();
        let rec = play(&GameSpec::Seed(3), [&mut good, &mut bad], true).unwrap();
        assert_eq!(rec.reason, reason.as_str(), "{lines:?}");
        assert_eq!(rec.scores, [2, 0], "{lines:?}");
        assert_eq!(
            rec.turns, 1,
            "the bad turn is played out, then the game ends"
        );
        assert_eq!(rec.errors.len(), 1);
        assert_eq!(rec.errors[0].player, 1);
        // The turn's physics ran: the good bot's pods moved.
        let t = rec.trace.unwrap();
        let pod = &t.turns[0].state["pods"][0];
        assert!(pod["vx"] != 0 || pod["vy"] != 0, "{pod}");
    }
}

//! Whole games between in-process bots, and their traces.

use botsim::games::csb::referee::{play, verify, GameSpec};
use botsim::trace;
use botsim_core::bot::{Answer, Bot};
use botsim_core::csb::ga::eval::after_next;
use botsim_core::csb::ga::{GaBot, Params, Think};
use botsim_core::csb::{racer::Racer, Csb, EndReason, Order, Thrust, View};
use botsim_core::geom::round_to_i32;

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

/// Parks its pods on the next two checkpoints of the opponent's leading pod, each shielded
/// whenever an opponent pod would touch it next turn: guards that time out a runner which does
/// not get past them. The parker never races: its pods pass a checkpoint only where one parks
/// on its own next one, so it mostly loses on its own checkpoint timeout.
struct Parker;

impl Bot<Csb> for Parker {
    fn name(&self) -> String {
        "parker".into()
    }
    fn play(&mut self, view: &View, _: &[String]) -> Answer<[Order<'static>; 2]> {
        let [a, b, c, d] = view.own_pods();
        let (t, s) = (&view.track, &view.state);
        let lead = &s.pods[t.leader(s, 1 - view.player, 30_000.0)];
        let posts = [t.checkpoint(lead.next_checkpoint()), after_next(t, lead)];
        Answer::Orders([0, 1].map(|k| {
            let guard = &s.pods[[a, b][k]];
            let ahead = guard.pos + guard.vel;
            let threat = [c, d]
                .iter()
                .any(|&i| (s.pods[i].pos + s.pods[i].vel).dist(ahead) < 850.0);
            let aim = posts[k] - guard.vel * 3.0;
            let thrust = if threat {
                Thrust::Shield
            } else {
                Thrust::Power((aim.dist(guard.pos) / 4.0).min(100.0) as u16)
            };
            Order {
                x: round_to_i32(aim.x),
                y: round_to_i32(aim.y),
                thrust,
                message: None,
            }
        }))
    }
}

/// The longest run of turns in which neither pod of `player` passed a checkpoint.
fn longest_wait(t: &botsim::trace::Trace, player: usize) -> usize {
    let passes = |turn: &botsim::trace::Turn| -> i64 {
        (player * 2..player * 2 + 2)
            .map(|i| turn.state["pods"][i]["passed"].as_i64().unwrap())
            .sum()
    };
    let (mut last, mut longest, mut before) = (0, 0, 0);
    for (k, turn) in t.turns.iter().enumerate() {
        let now = passes(turn);
        if now > before {
            last = k;
        }
        before = now;
        longest = longest.max(k - last);
    }
    longest
}

/// Turns in which a pod of player 1 lay within 1,000 of a checkpoint's centre.
fn parked_turns(t: &botsim::trace::Trace) -> usize {
    let cps: Vec<(f64, f64)> = t.setup["checkpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_f64().unwrap(), c[1].as_f64().unwrap()))
        .collect();
    t.turns
        .iter()
        .filter(|turn| {
            (2..4).any(|i| {
                let g = &turn.state["pods"][i];
                let f = |k: &str| g[k].as_f64().unwrap();
                cps.iter()
                    .any(|c| (f("x") - c.0).hypot(f("y") - c.1) < 1_000.0)
            })
        })
        .count()
}

#[test]
fn guards_parked_on_our_checkpoints_do_not_time_out_the_search_bot() {
    for seed in [1, 2, 3, 4, 5, 6] {
        let mut ga = GaBot::new(<Params>::default(), Think::Rollouts(1000), seed as u64);
        let rec = play(&GameSpec::Seed(seed), [&mut ga, &mut Parker], true).unwrap();
        let t = rec.trace.unwrap();
        let (wait, parked) = (longest_wait(&t, 0), parked_turns(&t));
        assert!(
            rec.scores[0] > rec.scores[1],
            "seed {seed}: {} after {} turns",
            rec.reason,
            rec.turns
        );
        assert!(wait < 50, "seed {seed}: {wait} turns without a pass");
        assert!(parked >= 10, "seed {seed}: parked {parked} turns");
    }
}

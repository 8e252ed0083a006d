//! A Coders Strike Back bot of one's own, on botsim's engine and search: everything but the
//! evaluation comes with `GaBot` (the genetic search over both pods' next six turns, against a
//! model of the opponent, and the contest loop with its flags `--ms`, `--rollouts`, `--seed`,
//! `--params`). Change `TwoRacers::score`, then measure it (docs/your-bot.md):
//!
//! ```sh
//! cargo build --release --examples
//! botsim arena --game csb --p1 target/release/examples/csb_my_bot --p2 builtin:racer --games 100
//! botsim bundle examples/csb_my_bot.rs -o submission.rs --check
//! ```

use botsim_core::csb::ga::{Evaluation, GaBot};
use botsim_core::csb::{outcome, Pod, State, Track};
use std::f64::consts::{PI, TAU};

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

/// Both pods race, none blocks: a position is worth our leading pod's progress over their
/// leading pod's, a share of our second pod's progress, and pods that face where they go.
#[derive(Clone, Copy, Debug)]
struct TwoRacers {
    /// A checkpoint pass, in units of distance.
    pass: f64,
    /// The share of our second pod's progress.
    second: f64,
    /// The cost of a radian between a pod's facing and its next checkpoint.
    facing: f64,
}

impl Default for TwoRacers {
    fn default() -> TwoRacers {
        TwoRacers {
            pass: 20_000.0,
            second: 0.3,
            facing: 300.0,
        }
    }
}

/// Passes first, then nearness to the next checkpoint.
fn progress(track: &Track, pod: &Pod, pass: f64) -> f64 {
    pod.passed as f64 * pass - pod.pos.dist(track.checkpoint(pod.next_checkpoint()))
}

/// The angle, 0 to pi, between where a pod faces and its next checkpoint.
fn off_course(track: &Track, pod: &Pod) -> f64 {
    let Some(angle) = pod.angle else { return 0.0 };
    let to = track.checkpoint(pod.next_checkpoint()) - pod.pos;
    let off = (to.y.atan2(to.x) - angle).rem_euclid(TAU);
    if off > PI {
        TAU - off
    } else {
        off
    }
}

impl Evaluation for TwoRacers {
    fn score(&self, track: &Track, end: &State, me: usize) -> f64 {
        let them = 1 - me;
        // A finished race (or a player out on the checkpoint timeout) is all that counts.
        if let Some(end_of_game) = outcome(track, end) {
            return 1e9 * (end_of_game.scores[me] as f64 - end_of_game.scores[them] as f64);
        }
        let ours = [0, 1].map(|k| progress(track, &end.pods[me * 2 + k], self.pass));
        let theirs = [0, 1].map(|k| progress(track, &end.pods[them * 2 + k], self.pass));
        let (lead, second) = (ours[0].max(ours[1]), ours[0].min(ours[1]));
        let facing: f64 = [0, 1]
            .map(|k| off_course(track, &end.pods[me * 2 + k]))
            .iter()
            .sum();
        lead - theirs[0].max(theirs[1]) + self.second * second - self.facing * facing
    }

    // The weights by name, so that `--params FILE` and `botsim tune` can set them.
    fn weights(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("pass", self.pass),
            ("second", self.second),
            ("facing", self.facing),
        ]
    }

    fn set_weight(&mut self, name: &str, value: f64) -> bool {
        match name {
            "pass" => self.pass = value,
            "second" => self.second = value,
            "facing" => self.facing = value,
            _ => return false,
        }
        true
    }
}

fn main() {
    // 65 ms of the contest's 75 a turn: the rest is room for a loaded machine.
    botsim_core::contest::contest_main(65, TUNED, GaBot::<TwoRacers>::new);
}

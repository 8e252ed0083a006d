//! A Fantastic Bits bot of one's own, on botsim's engine and search: everything but the
//! evaluation comes with `GaBot` (the genetic search over both wizards' next turns, moves,
//! throws and spells, against a model of the opponent, and the contest loop with its flags
//! `--ms`, `--rollouts`, `--seed`, `--params`). Change `Forward::score`, then measure it
//! (docs/your-bot.md):
//!
//! ```sh
//! cargo build --release --examples
//! botsim arena --game fb --p1 target/release/examples/fb_my_bot --p2 builtin:chaser --games 100
//! botsim bundle examples/fb_my_bot.rs -o submission.rs --check
//! ```

use botsim_core::fb::ga::{nearest_free, target_goal, Evaluation, GaBot};
use botsim_core::fb::state::FIRST_SNAFFLE;
use botsim_core::fb::{outcome, State};

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

/// Push the snaffles forward: a state is worth its goals, how far up the field the snaffles
/// are (towards the goal we attack), snaffles in our hands, and free wizards near a snaffle.
#[derive(Clone, Copy, Debug)]
struct Forward {
    /// A goal, in units of distance.
    goal: f64,
    /// Holding a snaffle.
    hold: f64,
    /// The cost of each unit between a free wizard and its nearest free snaffle.
    reach: f64,
}

impl Default for Forward {
    fn default() -> Forward {
        Forward {
            goal: 30_000.0,
            hold: 500.0,
            reach: 0.5,
        }
    }
}

impl Evaluation for Forward {
    fn score(&self, end: &State, me: usize) -> f64 {
        let them = 1 - me;
        // A finished game is all that counts.
        if let Some(result) = outcome(end) {
            let lead = result.scores[me] - result.scores[them];
            let gone = end.players[me].dead as i32 - end.players[them].dead as i32;
            return 1e9 * (lead - 100 * gone).signum() as f64;
        }
        let goals = (end.players[me].score - end.players[them].score) as f64;
        let mut value = self.goal * goals;
        // Field progress: each snaffle in play, by its distance (along x) from our target.
        let target_x = target_goal(me).x;
        for k in end.snaffle_slots() {
            if end.snaffles[k - FIRST_SNAFFLE].alive {
                value -= (end.bodies[k].pos.x - target_x).abs();
            }
        }
        for w in me * 2..me * 2 + 2 {
            let at = end.bodies[w].pos;
            match end.held(w) {
                Some(_) => value += self.hold,
                None => {
                    if let Some(k) = nearest_free(end, at) {
                        value -= self.reach * end.bodies[k].pos.dist(at);
                    }
                }
            }
        }
        value
    }

    // The weights by name, so that `--params FILE` and `botsim tune` can set them.
    fn weights(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("goal", self.goal),
            ("hold", self.hold),
            ("reach", self.reach),
        ]
    }

    fn set_weight(&mut self, name: &str, value: f64) -> bool {
        match name {
            "goal" => self.goal = value,
            "hold" => self.hold = value,
            "reach" => self.reach = value,
            _ => return false,
        }
        true
    }
}

fn main() {
    // 85 ms of the contest's 100 a turn: the rest is room for a loaded machine.
    botsim_core::contest::contest_main(85, TUNED, GaBot::<Forward>::new);
}

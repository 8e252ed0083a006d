//! The evaluation of a state at a plan's end: goals, snaffles' distance to the goal we attack,
//! our wizards' reach to the snaffles they would split between them, the opponent's reach, and
//! magic.

use super::plan::{nearest_free, target_goal};
use crate::fb::state::{State, FIRST_SNAFFLE};

/// The default of [`Weights::deny`].
const DENY: f64 = 0.3;

/// Every weight of the evaluation, in one place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A goal of ours minus one of theirs.
    pub goal: f64,
    /// Each snaffle's nearness to the goal we attack (per unit of distance).
    pub snaffle: f64,
    /// Our wizards' nearness to free snaffles (per unit of distance): with both free, to the two
    /// snaffles they would split between them.
    pub chase: f64,
    /// Holding a snaffle.
    pub hold: f64,
    /// Each point of magic.
    pub magic: f64,
    /// Winning or losing.
    pub win: f64,
    /// The opponent's wizards' distance to their nearest free snaffle (per unit of distance).
    pub deny: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            goal: 20_000.0,
            snaffle: 1.0,
            chase: 0.3,
            hold: 300.0,
            magic: 15.0,
            win: 1e8,
            deny: DENY,
        }
    }
}

impl super::Evaluation for Weights {
    #[inline]
    fn score(&self, end: &State, me: usize) -> f64 {
        evaluate(end, me, self)
    }

    fn weights(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("weights.goal", self.goal),
            ("weights.snaffle", self.snaffle),
            ("weights.chase", self.chase),
            ("weights.hold", self.hold),
            ("weights.magic", self.magic),
            ("weights.win", self.win),
            ("weights.deny", self.deny),
        ]
    }

    fn set_weight(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "weights.goal" => &mut self.goal,
            "weights.snaffle" => &mut self.snaffle,
            "weights.chase" => &mut self.chase,
            "weights.hold" => &mut self.hold,
            "weights.magic" => &mut self.magic,
            "weights.win" => &mut self.win,
            "weights.deny" => &mut self.deny,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// The evaluation of a state for team `me`.
pub fn evaluate(s: &State, me: usize, w: &Weights) -> f64 {
    let them = 1 - me;
    let (mine, theirs) = (s.players[me].score, s.players[them].score);
    if s.players[me].dead || theirs >= s.score_to_win {
        return -w.win;
    }
    if s.players[them].dead || mine >= s.score_to_win {
        return w.win;
    }
    let goal = target_goal(me);
    let mut value = w.goal * (mine - theirs) as f64 + w.magic * s.players[me].magic as f64;
    for k in s.snaffle_slots() {
        if s.snaffles[k - FIRST_SNAFFLE].alive {
            value -= w.snaffle * s.bodies[k].pos.dist(goal);
        }
    }
    let ours = [me * 2, me * 2 + 1];
    let free = |wz: usize| s.wizards[wz].holding.is_none();
    for &wz in &ours {
        if !free(wz) {
            value += w.hold;
        }
    }
    if free(ours[0]) && free(ours[1]) {
        value -= w.chase * split_chase(s, ours);
    } else {
        for &wz in &ours {
            if free(wz) {
                if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                    value -= w.chase * s.bodies[k].pos.dist(s.bodies[wz].pos);
                }
            }
        }
    }
    for wz in them * 2..them * 2 + 2 {
        if free(wz) {
            if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                value += w.deny * s.bodies[k].pos.dist(s.bodies[wz].pos);
            }
        }
    }
    value
}

/// The distance two free wizards cover to reach free snaffles, each its own when there are two
/// or more: the smaller sum over the pairs of distinct snaffles.
fn split_chase(s: &State, wizards: [usize; 2]) -> f64 {
    let [a, b] = wizards.map(|wz| s.bodies[wz].pos);
    let mut best = f64::INFINITY;
    let mut nearest = [f64::INFINITY; 2];
    for i in s.snaffle_slots() {
        if !s.snaffle_free(i) {
            continue;
        }
        let p = s.bodies[i].pos;
        let (da, db) = (p.dist(a), p.dist(b));
        nearest = [nearest[0].min(da), nearest[1].min(db)];
        for j in s.snaffle_slots() {
            if j != i && s.snaffle_free(j) {
                best = best.min(da + s.bodies[j].pos.dist(b));
            }
        }
    }
    if best.is_finite() {
        best
    } else if nearest[0].is_finite() {
        nearest[0] + nearest[1]
    } else {
        0.0
    }
}

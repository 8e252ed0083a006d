//! The evaluation of a state at a plan's end: goals, snaffles' distance to the goal we attack,
//! our wizards' reach to the snaffles they would split between them, the opponent's reach, and
//! magic.

use super::plan::{nearest_free, target_goal};
use crate::fb::state::{State, FIRST_SNAFFLE};
use crate::fb::{GOAL_BOTTOM, GOAL_TOP, HEIGHT, POST_RADIUS, WIDTH};
use crate::geom::Vec2;

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
    /// The opponent holding a snaffle (counted against us). 0: at 300, 127-0-130 (-2.7 [-46,
    /// +41]) in 257 games at 6,000 rollouts, undecided when stopped.
    pub their_hold: f64,
    /// Each goal of theirs, beside `goal`: 16,000 would count a conceded snaffle as if it lay
    /// on our goal line still (today a goal against us costs only 4,000 more than a snaffle
    /// there). 0: at 16,000 it lost 89-0-94, SPRT H0 after 182 games at 1,200 rollouts.
    pub conceded: f64,
    /// Turns of a snaffle's velocity added to its position before its distance to the goal is
    /// taken (clamped to the field): a snaffle thrown in a plan's last turn counts where it is
    /// going, not where the horizon stopped it. 0: only the position counts.
    pub lead: f64,
    /// Above 0.5: a snaffle's distance is to the goal's mouth (the line between the posts'
    /// inner edges) rather than to its centre.
    pub mouth: f64,
    /// Each snaffle's nearness to our own goal within `danger_reach` (per unit of distance),
    /// counted against us beside its distance to theirs: a snaffle near our goal weighs more
    /// than its distance to theirs alone says. 0: at 1 (reach 4,000) against 0, at the
    /// contest's time, 171-0-172, 0 [-37, +37] after 343 games, stopped (see README).
    pub danger: f64,
    /// The distance to our goal's centre within which `danger` counts.
    pub danger_reach: f64,
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
            their_hold: 0.0,
            conceded: 0.0,
            lead: 0.0,
            mouth: 0.0,
            danger: 0.0,
            danger_reach: 4_000.0,
        }
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
    let mut value = w.goal * (mine - theirs) as f64 + w.magic * s.players[me].magic as f64
        - w.conceded * theirs as f64;
    let plain = w.lead == 0.0 && w.mouth <= 0.5;
    let home = target_goal(them);
    for k in s.snaffle_slots() {
        if s.snaffles[k - FIRST_SNAFFLE].alive {
            let b = &s.bodies[k];
            value -= w.snaffle
                * if plain {
                    b.pos.dist(goal)
                } else {
                    goal_distance(b.pos + b.vel * w.lead, goal, w.mouth > 0.5)
                };
            if w.danger != 0.0 {
                value -= w.danger * (w.danger_reach - b.pos.dist(home)).max(0.0);
            }
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
        if !free(wz) {
            value -= w.their_hold;
        } else {
            if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                value += w.deny * s.bodies[k].pos.dist(s.bodies[wz].pos);
            }
        }
    }
    value
}

/// A point's distance to the goal centred on `goal`: to its centre, or with `mouth` to the
/// nearest point of its mouth (between the posts' inner edges). The point is first clamped to
/// the field.
fn goal_distance(p: Vec2, goal: Vec2, mouth: bool) -> f64 {
    let p = Vec2::new(p.x.clamp(0.0, WIDTH as f64), p.y.clamp(0.0, HEIGHT as f64));
    let aim = if mouth {
        let inner = GOAL_TOP + POST_RADIUS..=GOAL_BOTTOM - POST_RADIUS;
        Vec2::new(goal.x, p.y.clamp(*inner.start(), *inner.end()))
    } else {
        goal
    };
    p.dist(aim)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fb::setup::from_seed;

    /// `danger` counts a snaffle's nearness to our own goal within its reach, per unit, and
    /// nothing beyond the reach.
    #[test]
    fn danger_counts_a_snaffle_near_our_goal_within_its_reach() {
        let me = 0;
        let home = target_goal(1 - me);
        let mut s = from_seed(3);
        for k in s.snaffle_slots().skip(1) {
            s.snaffles[k - FIRST_SNAFFLE].alive = false;
        }
        let first = s.snaffle_slots().start;
        let plain = Weights::default();
        let wary = Weights {
            danger: 2.0,
            danger_reach: 4_000.0,
            ..plain
        };
        for (off, nearness) in [(1_000.0, 3_000.0), (3_500.0, 500.0), (5_000.0, 0.0)] {
            s.bodies[first].pos = home + Vec2::new(off, 0.0);
            // The two sums differ in their rounding: equal to a millionth.
            let lost = evaluate(&s, me, &plain) - evaluate(&s, me, &wary);
            assert!(
                (lost - 2.0 * nearness).abs() < 1e-6,
                "snaffle {off} from our goal: {lost}"
            );
        }
    }
}

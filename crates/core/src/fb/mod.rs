//! Fantastic Bits (multiplayer rules: 2 teams of 2 wizards, snaffles, bludgers, spells), exact to
//! the official referee.
//!
//! - [`state`]: the bodies in slots, and what each kind has beside its body; `Copy`, fixed size.
//! - [`setup`]: snaffles from a seed, with Java's `Random`, or given.
//! - [`mod@step`]: the orders, the physics, the end; [`collide`]: movement with collisions.
//! - [`protocol`]: the lines each team reads and the order lines it prints.
//! - [`chaser`]: the built-in heuristic bot; [`ga`]: the genetic-search bot.

pub mod chaser;
pub mod collide;
pub mod ga;
pub mod protocol;
pub mod referee;
pub mod setup;
pub mod state;
pub mod step;

use crate::geom::Vec2;
pub use protocol::parse_action;
pub use state::{Spell, State};
use state::{BODIES, FIRST_BLUDGER, FIRST_SNAFFLE};
pub use step::{apply_action, outcome, physics, step, Action, ActionError, EndReason, Outcome};

/// The field: x in 0..=16000, y in 0..=7500.
pub const WIDTH: i32 = 16000;
/// The field's height (see [`WIDTH`]).
pub const HEIGHT: i32 = 7500;
/// The goal mouths span y from 1750 to 5750.
pub const GOAL_TOP: f64 = 1750.0;
/// The goal mouths' lower end (see [`GOAL_TOP`]).
pub const GOAL_BOTTOM: f64 = 5750.0;
/// The four goal posts, in the referee's order.
pub const POSTS: [Vec2; 4] = [
    Vec2::new(0.0, 1750.0),
    Vec2::new(0.0, 5750.0),
    Vec2::new(16000.0, 1750.0),
    Vec2::new(16000.0, 5750.0),
];
/// A goal post's radius.
pub const POST_RADIUS: f64 = 300.0;
/// A wizard's largest thrust.
pub const MAX_THRUST: u32 = 150;
/// A wizard's largest throw.
pub const MAX_THROW: u32 = 500;
/// A bludger's thrust toward its target every turn.
pub const BLUDGER_THRUST: f64 = 1000.0;
/// The least impulse of a collision between bodies.
pub const MIN_IMPULSE: f64 = 100.0;
/// Most magic a team can hold.
pub const MAX_MAGIC: i32 = 100;
/// Turns in a game.
pub const MAX_TURNS: u8 = 200;

/// Whether a body at `pos` moving at `vel` flies at the goal line of the goal centred on `goal`:
/// fast (above 400 a turn), less than 5,000 from the line, on a course that crosses it between
/// the posts. The keeper's and the search's test of a shot worth a Petrificus.
pub fn flies_at_goal(pos: Vec2, vel: Vec2, goal: Vec2) -> bool {
    if (goal.x - pos.x) * vel.x <= 0.0 || vel.norm() <= 400.0 {
        return false;
    }
    let y = pos.y + vel.y * (goal.x - pos.x) / vel.x;
    (goal.x - pos.x).abs() < 5000.0 && (GOAL_TOP..=GOAL_BOTTOM).contains(&y)
}

/// A value for each slot by its kind of body: wizards, snaffles, bludgers.
const fn by_kind(wizard: f64, snaffle: f64, bludger: f64) -> [f64; BODIES] {
    let mut out = [bludger; BODIES];
    let mut slot = 0;
    while slot < FIRST_BLUDGER {
        out[slot] = if slot < FIRST_SNAFFLE {
            wizard
        } else {
            snaffle
        };
        slot += 1;
    }
    out
}

/// Every slot's radius, looked up rather than branched to (the collision search asks it of
/// every body of every sub-step).
const RADII: [f64; BODIES] = by_kind(400.0, 150.0, 200.0);
/// Every slot's mass.
const MASSES: [f64; BODIES] = by_kind(1.0, 0.5, 8.0);
/// Every slot's share of its speed kept through a turn's friction.
const SPEEDS_KEPT: [f64; BODIES] = by_kind(1.0 - 0.25, 1.0 - 0.25, 1.0 - 0.1);
/// Every slot's `1 / mass`: exactly the referee's quotients, the masses being powers of two.
const INV_MASSES: [f64; BODIES] = by_kind(1.0, 2.0, 0.125);

/// Radius of the body in a slot.
#[inline]
pub fn radius(slot: usize) -> f64 {
    RADII[slot]
}

/// Mass of the body in a slot.
#[inline]
pub fn mass(slot: usize) -> f64 {
    MASSES[slot]
}

/// `1 / mass`, as the referee computes it, without a division.
#[inline]
pub fn inv_mass(slot: usize) -> f64 {
    INV_MASSES[slot]
}

/// The share of its speed a body keeps through a turn's friction (spec section 1: wizards and
/// snaffles 0.75, bludgers 0.9).
#[inline]
pub fn speed_kept(slot: usize) -> f64 {
    SPEEDS_KEPT[slot]
}

/// Fantastic Bits as a [`crate::bot::Game`].
pub struct Fb;

/// What a team knows at the start of a turn: everything it is sent (scored snaffles are not).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The whole state, as the team's input tells it.
    pub state: State,
    /// 0 (attacks x = 16000) or 1 (attacks x = 0).
    pub team: usize,
}

impl crate::bot::Game for Fb {
    type View = View;
    type Orders = [Action; 2];
    const NAME: &'static str = "fb";
}

#[cfg(test)]
mod tests {
    use super::*;
    use state::WIZARDS;

    /// Each slot's radius, mass and speed kept are its kind's (spec section 1: wizards 400, 1
    /// and 0.75, snaffles 150, 0.5 and 0.75, bludgers 200, 8 and 0.9), and its `1 / mass` is
    /// the referee's quotient to the bit.
    #[test]
    fn slots_have_their_kinds_constants() {
        for slot in 0..BODIES {
            let (r, m, kept) = if slot < WIZARDS {
                (400.0, 1.0, 0.75)
            } else if slot < FIRST_BLUDGER {
                (150.0, 0.5, 0.75)
            } else {
                (200.0, 8.0, 0.9)
            };
            assert_eq!((radius(slot), mass(slot)), (r, m), "slot {slot}");
            assert_eq!(speed_kept(slot), kept, "slot {slot}");
            assert_eq!(inv_mass(slot).to_bits(), (1.0 / m).to_bits(), "slot {slot}");
        }
    }
}

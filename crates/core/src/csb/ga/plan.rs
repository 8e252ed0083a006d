//! Plans and what they stand for: a gene per pod and turn (a rotation within +/-18 degrees, a
//! thrust that may be a SHIELD or a BOOST), decoded when it changes, and the pod's facing kept
//! by small rotations rather than a sine and cosine of the whole angle.

use super::{Params, HORIZON};
use crate::csb::state::{Pod, Track};
use crate::csb::step::{self, Command, Steer, Thrust, MAX_ROTATION, MAX_THRUST};
use crate::geom::Vec2;
use crate::search::Rng;

/// One pod's order for one turn, as genes in [0, 1], with the order they decode to: decoded
/// when a gene changes ([`Params::gene`]), read by every rollout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gene {
    /// Below 0.25: full left; above 0.75: full right; linear between.
    pub(super) rotate: f64,
    /// Below `shield` genes: SHIELD; above 1 - `boost`: BOOST; else a thrust.
    pub(super) thrust: f64,
    pub(super) turn: Turn,
    /// The thrust of a pod that has its BOOST left.
    pub(super) order: Thrust,
}

/// A turn in radians (within +/-18 degrees) with its sine and cosine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Turn {
    pub(super) delta: f64,
    sin: f64,
    cos: f64,
}

impl Gene {
    /// The rotation gene.
    pub fn rotate(&self) -> f64 {
        self.rotate
    }

    /// The thrust gene.
    pub fn thrust(&self) -> f64 {
        self.thrust
    }

    /// The gene's thrust for a pod that has (`boost_left`) or has not its thrust-650 BOOST
    /// left. A BOOST gene of a pod that used its boost is maximum thrust, which is what the
    /// referee makes of a second BOOST: saying so keeps the step's branch on the kind of
    /// thrust predictable (in a search BOOST genes are common, BOOSTs left rare).
    #[inline(always)]
    pub(super) fn order(&self, boost_left: bool) -> Thrust {
        if !boost_left && self.order == Thrust::Boost {
            Thrust::Power(MAX_THRUST)
        } else {
            self.order
        }
    }

    /// The gene's command for `pod`: its turn from the pod's facing (`facing`, its unit
    /// vector, updated) and its thrust for a pod that has (`boost_left`) or has not its BOOST.
    #[inline(always)]
    pub(super) fn command(
        &self,
        track: &Track,
        pod: &Pod,
        facing: &mut Option<Vec2>,
        boost_left: bool,
    ) -> Command {
        let angle = step::turned(track, pod, self.turn.delta);
        face_by(angle, facing, self.turn, self.order(boost_left))
    }
}

/// Both pods' orders for `HORIZON` turns.
pub type Plan = [[Gene; 2]; HORIZON];

impl<E> Params<E> {
    /// The gene of a `rotate` and a `thrust` in [0, 1], decoded.
    pub fn gene(&self, rotate: f64, thrust: f64) -> Gene {
        Gene {
            rotate,
            thrust,
            turn: self.turn(rotate),
            order: self.order(thrust),
        }
    }

    /// A random gene.
    pub(super) fn random_gene(&self, rng: &mut Rng) -> Gene {
        let rotate = rng.unit();
        self.gene(rotate, rng.unit())
    }

    /// The gene of a pod flying straight at full thrust.
    pub(super) fn straight_gene(&self) -> Gene {
        self.gene(0.5, 0.85)
    }

    /// The plan that flies straight at full thrust.
    pub fn straight(&self) -> Plan {
        [[self.straight_gene(); 2]; HORIZON]
    }

    /// A rotation gene's turn: within +/-18 degrees.
    #[inline]
    pub(super) fn turn(&self, rotate: f64) -> Turn {
        let r = ((rotate - 0.25) * 2.0).clamp(0.0, 1.0);
        let delta = (2.0 * r - 1.0) * MAX_ROTATION;
        let (sin, cos) = crate::geom::small_sin_cos(delta.clamp(-MAX_ROTATION, MAX_ROTATION));
        Turn { delta, sin, cos }
    }

    /// A thrust gene's thrust for a pod that has its BOOST left.
    #[inline]
    pub(super) fn order(&self, thrust: f64) -> Thrust {
        if thrust < self.shield_gene {
            Thrust::Shield
        } else if thrust > 1.0 - self.boost_gene {
            Thrust::Boost
        } else {
            let t = (thrust - self.shield_gene) / (1.0 - self.shield_gene - self.boost_gene);
            Thrust::Power(((t * 1.4 - 0.2).clamp(0.0, 1.0) * MAX_THRUST as f64) as u16)
        }
    }
}

/// A pod's facing as a unit vector, `None` until it first turns.
pub fn facing_of(pod: &Pod) -> Option<Vec2> {
    pod.angle.map(|a| {
        let (sin, cos) = crate::geom::fast_sin_cos(a);
        Vec2::new(cos, sin)
    })
}

/// The search's command for a pod that turns by `delta` to face `angle` (as [`crate::csb::step::turned`]
/// gives it), with `thrust`: its unit vector is the last one (`facing`, updated) turned by the
/// small angle, which is cheaper than a sine and a cosine of the whole angle.
#[inline(always)]
pub fn face(angle: f64, facing: &mut Option<Vec2>, delta: f64, thrust: Thrust) -> Command {
    let (sin, cos) = crate::geom::small_sin_cos(delta.clamp(-MAX_ROTATION, MAX_ROTATION));
    face_by(angle, facing, Turn { delta, sin, cos }, thrust)
}

/// [`face`] by a turn whose sine and cosine are known.
#[inline(always)]
pub(super) fn face_by(
    angle: f64,
    facing: &mut Option<Vec2>,
    turn: Turn,
    thrust: Thrust,
) -> Command {
    let dir = match *facing {
        Some(f) => {
            let (s, c) = (turn.sin, turn.cos);
            Vec2::new(f.x * c - f.y * s, f.y * c + f.x * s)
        }
        None => {
            let (s, c) = crate::geom::fast_sin_cos(angle);
            Vec2::new(c, s)
        }
    };
    *facing = Some(dir);
    Command {
        steer: Steer::Face {
            angle,
            cos: dir.x,
            sin: dir.y,
        },
        thrust,
    }
}

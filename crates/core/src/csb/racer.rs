//! `builtin:racer`: the heuristic bot every Coders Strike Back player writes first. Each pod
//! aims at its next checkpoint, corrected by three times its speed, eases off the thrust when
//! it faces away from the target, and BOOSTs once on a long straight.

use super::protocol::Order;
use super::state::Pod;
use super::step::{Thrust, MAX_THRUST};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::geom::round_to_i32;

/// Tunable knobs of the racer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Racer {
    /// The aim point is the checkpoint minus this many times the pod's speed.
    pub lead: f64,
    /// BOOST when the checkpoint is farther than this...
    pub boost_distance: f64,
    /// ...and the pod faces within this many degrees of it.
    pub boost_angle: f64,
}

impl Default for Racer {
    fn default() -> Racer {
        Racer {
            lead: 3.0,
            boost_distance: 5000.0,
            boost_angle: 10.0,
        }
    }
}

impl Racer {
    /// The order of one pod.
    pub fn order(&self, view: &View, pod: &Pod) -> Order<'static> {
        let cp = view.track.checkpoint(pod.next_checkpoint());
        let aim = cp - pod.vel * self.lead;
        let to_cp = cp - pod.pos;
        // How far off the aim the pod faces, in degrees (0 before its first rotation).
        let off = pod.angle.map_or(0.0, |a| {
            let want = (aim.y - pod.pos.y).atan2(aim.x - pod.pos.x);
            let d = (want - a).rem_euclid(std::f64::consts::TAU);
            d.min(std::f64::consts::TAU - d).to_degrees()
        });
        let thrust =
            if !pod.boost_used && to_cp.norm() > self.boost_distance && off < self.boost_angle {
                Thrust::Boost
            } else if off > 90.0 {
                Thrust::Power(MAX_THRUST / 10)
            } else if off > 30.0 {
                Thrust::Power((MAX_THRUST as f64 * off.to_radians().cos()) as u16)
            } else {
                Thrust::Power(MAX_THRUST)
            };
        Order {
            x: round_to_i32(aim.x),
            y: round_to_i32(aim.y),
            thrust,
            message: None,
        }
    }
}

impl Bot<Csb> for Racer {
    fn name(&self) -> String {
        format!(
            "racer(lead={},boost_distance={},boost_angle={})",
            self.lead, self.boost_distance, self.boost_angle
        )
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Order<'static>; 2]> {
        let [a, b, _, _] = view.own_pods();
        Answer::Orders([
            self.order(view, &view.state.pods[a]),
            self.order(view, &view.state.pods[b]),
        ])
    }
}

//! `builtin:interceptor`: a heuristic rung of the strength ladder, playing the strategy the
//! public post-mortems describe for a bot without search. The leading pod races as the racer
//! does, with BOOST on a long straight and SHIELD against a hard hit; the other pod goes to meet
//! the opponent's leading pod ahead of it, between it and its next checkpoint (or waits at the
//! checkpoint after, when it cannot get there first), and rams it with SHIELD up.
//! `builtin:interceptor:block=0` races with both pods: a pure racer with boost and shield timing.

use super::ga::eval::{after_next, Roles, Weights};
use super::protocol::Order;
use super::racer::Racer;
use super::state::{Pod, State, Track};
use super::step::{Thrust, MAX_THRUST};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::geom::round_to_i32;

/// Two pods' radii: they touch when their centres are this close.
const TOUCH: f64 = 800.0;

/// Tunable knobs of the interceptor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interceptor {
    /// The leading pod's driving (aim, boost).
    pub racer: Racer,
    /// Whether the second pod blocks (else it races too).
    pub block: bool,
    /// SHIELD when a pod will touch an opponent next turn at a relative speed above this.
    pub shield_speed: f64,
    /// The blocker rams (aims at the runner's next position) within this distance of it.
    pub ram_distance: f64,
}

impl Default for Interceptor {
    fn default() -> Interceptor {
        Interceptor {
            racer: Racer::default(),
            block: true,
            shield_speed: 450.0,
            ram_distance: 2500.0,
        }
    }
}

/// The player's leading pod: its runner, as the search bot's evaluation picks it afresh.
fn leader(track: &Track, s: &State, player: usize) -> usize {
    Roles::assign(track, s, &Weights::default(), None).runner[player]
}

impl Interceptor {
    /// Whether `pod` will touch an opponent pod next turn hard enough to shield.
    fn hit_coming(&self, s: &State, me: usize, pod: &Pod) -> bool {
        let them = 1 - me;
        s.pods[them * 2..them * 2 + 2].iter().any(|o| {
            let next = (pod.pos + pod.vel).dist(o.pos + o.vel);
            next < TOUCH && (pod.vel - o.vel).norm() > self.shield_speed
        })
    }

    /// The blocker's order: meet the opponent's leader ahead of it, or wait further on.
    fn block(&self, view: &View, pod: &Pod) -> Order<'static> {
        let (track, s) = (&view.track, &view.state);
        let target = &s.pods[leader(track, s, 1 - view.player)];
        let cp = track.checkpoint(target.next_checkpoint());
        let (aim, thrust) = if pod.pos.dist(target.pos) < self.ram_distance {
            // Ram: where the runner will be when we get there, about.
            let lead = pod.pos.dist(target.pos) / (pod.vel.norm() + 400.0);
            let at = target.pos + target.vel * lead.min(4.0) - pod.vel;
            let thrust = if self.hit_coming(s, view.player, pod) {
                Thrust::Shield
            } else {
                Thrust::Power(MAX_THRUST)
            };
            (at, thrust)
        } else {
            let post = if pod.pos.dist(cp) < target.pos.dist(cp) {
                // Ahead of it: stand a third of the way from its checkpoint toward it.
                cp + (target.pos - cp) * (1.0 / 3.0)
            } else {
                after_next(track, target)
            };
            // Brake on the way in: the speed coasts about 6.7 times its length.
            let d = pod.pos.dist(post);
            let power = ((d - pod.vel.norm() * 3.0) / 10.0).clamp(0.0, MAX_THRUST as f64);
            (post - pod.vel * 3.0, Thrust::Power(power as u16))
        };
        Order {
            x: round_to_i32(aim.x),
            y: round_to_i32(aim.y),
            thrust,
            message: None,
        }
    }

    /// A racing pod's order: the racer's, with SHIELD against a hard hit.
    fn race(&self, view: &View, pod: &Pod) -> Order<'static> {
        let mut order = self.racer.order(view, pod);
        if self.hit_coming(&view.state, view.player, pod) {
            order.thrust = Thrust::Shield;
        }
        order
    }
}

impl Bot<Csb> for Interceptor {
    fn name(&self) -> String {
        format!(
            "interceptor(block={},shield_speed={},ram_distance={})",
            self.block as u8, self.shield_speed, self.ram_distance
        )
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Order<'static>; 2]> {
        let [a, b, _, _] = view.own_pods();
        let leader = leader(&view.track, &view.state, view.player);
        let order = |i: usize| {
            let pod = &view.state.pods[i];
            if self.block && i != leader {
                self.block(view, pod)
            } else {
                self.race(view, pod)
            }
        };
        Answer::Orders([order(a), order(b)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csb::state::PODS;
    use crate::geom::Vec2;

    #[test]
    fn the_blocker_heads_in_front_of_the_opponent_leader() {
        let track = Track::triangle();
        let mut state = State::new([Vec2::ZERO; PODS]);
        state.pods[0].pos = Vec2::new(8000.0, 4000.0); // our leader
        state.pods[1].pos = Vec2::new(12000.0, 4000.0); // our blocker, beyond their checkpoint
        state.pods[2].pos = Vec2::new(3000.0, 2000.0); // their leader, far from us
        state.pods[3].pos = Vec2::new(1000.0, 1000.0);
        let view = View {
            track,
            state,
            player: 0,
        };
        let bot = Interceptor::default();
        let order = bot.block(&view, &view.state.pods[1]);
        // A third of the way from checkpoint 1 (9000, 5000) toward (3000, 2000).
        assert_eq!((order.x, order.y), (7000, 4000));
        let Answer::Orders(orders) = Interceptor::default().play(&view, &[]) else {
            panic!("orders expected")
        };
        assert_eq!((orders[1].x, orders[1].y), (7000, 4000));
        assert_eq!(orders[0], bot.race(&view, &view.state.pods[0]));
    }
}

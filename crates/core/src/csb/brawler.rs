//! `builtin:brawler`: a second CSB opponent outside our lineage, of the design several public
//! post-mortems describe for a bot with a short horizon: each pod in turn tries every sequence of
//! a few moves from a small set (5 turns of the wheel by 3 thrusts, plus SHIELD), the other pod
//! held to its heuristic, and finishes each with a straight run; a hand-made evaluation races
//! the runner and sends the blocker to meet the opponent's runner between it and its checkpoint.
//! No randomness: the same position gives the same orders.

use super::protocol::Order;
use super::state::{State, Track, PODS};
use super::step::{self, Command, Steer, Thrust, MAX_ROTATION};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::geom::{round_to_i32, Vec2};

/// A pod's moves in one turn: a turn of the wheel and a thrust.
const MOVES: [(f64, Thrust); 16] = {
    const R: f64 = MAX_ROTATION;
    const TURNS: [f64; 5] = [-R, -R / 2.0, 0.0, R / 2.0, R];
    let mut moves = [(0.0, Thrust::Shield); 16];
    let mut k = 0;
    while k < 15 {
        let thrust = match k % 3 {
            0 => Thrust::Power(0),
            1 => Thrust::Power(100),
            _ => Thrust::Power(200),
        };
        moves[k] = (TURNS[k / 3], thrust);
        k += 1;
    }
    moves
};
/// Turns after the searched ones, played by the heuristic, before the evaluation.
const FINISH: usize = 3;

/// The brawler: `depth` searched turns (2 or 3) per pod.
pub struct Brawler {
    /// Turns of moves searched per pod: 16^depth sequences each.
    pub depth: usize,
}

/// What a checkpoint pass is worth in its evaluation, in units of distance.
const PASS: f64 = 25_000.0;

/// A turn's roles: our runner and their runner.
struct Roles {
    me: usize,
    ours: usize,
    theirs: usize,
}

impl Roles {
    /// Where pod `i` goes by the heuristic: a runner to its checkpoint corrected by its speed;
    /// our blocker to the point a third of the way from their runner to its checkpoint.
    fn aim(&self, track: &Track, s: &State, i: usize) -> Vec2 {
        let pod = &s.pods[i];
        if State::owner(i) == self.me && i != self.ours {
            let prey = &s.pods[self.theirs];
            let cp = track.checkpoint(prey.next_checkpoint());
            return prey.pos + prey.vel + (cp - prey.pos) * (1.0 / 3.0) - pod.vel;
        }
        track.checkpoint(pod.next_checkpoint()) - pod.vel * 3.0
    }

    fn heuristic(&self, track: &Track, s: &State, i: usize) -> Command {
        let aim = self.aim(track, s, i);
        Command::toward(round_to_i32(aim.x), round_to_i32(aim.y), Thrust::Power(200))
    }

    /// How good `s` is for us: our runner against their best pod, our blocker near the point
    /// ahead of their runner, the race's end above all.
    fn evaluate(&self, track: &Track, s: &State) -> f64 {
        let them = 1 - self.me;
        if let Some(end) = step::outcome(track, s) {
            return 1e9 * (end.scores[self.me] as f64 - end.scores[them] as f64);
        }
        let theirs = track
            .progress(&s.pods[them * 2], PASS)
            .max(track.progress(&s.pods[them * 2 + 1], PASS));
        let blocker = &s.pods[self.ours ^ 1];
        let prey = &s.pods[self.theirs];
        let cp = track.checkpoint(prey.next_checkpoint());
        let meet = prey.pos + (cp - prey.pos) * (1.0 / 3.0);
        track.progress(&s.pods[self.ours], PASS) - 1.5 * theirs - 0.3 * blocker.pos.dist(meet)
    }
}

impl Brawler {
    /// The best first move of pod `i`, every sequence of `depth` moves tried, the other pods
    /// on `fixed` (our other pod) or the heuristic.
    fn best_move(
        &self,
        track: &Track,
        start: &State,
        roles: &Roles,
        i: usize,
        fixed: Option<(f64, Thrust)>,
    ) -> (f64, Thrust) {
        let sequences = MOVES.len().pow(self.depth as u32);
        let mut best = (f64::NEG_INFINITY, MOVES[0]);
        for code in 0..sequences {
            let mut s = *start;
            let mut rest = code;
            let first = MOVES[code % MOVES.len()];
            for turn in 0..self.depth + FINISH {
                let commands: [Command; PODS] = std::array::from_fn(|k| {
                    let partner = State::owner(k) == roles.me && k != i;
                    match (k == i, partner, turn < self.depth) {
                        (true, _, true) => {
                            let (angle, thrust) = MOVES[rest % MOVES.len()];
                            Command {
                                steer: Steer::Turn(angle),
                                thrust,
                            }
                        }
                        (false, true, _) if turn == 0 && fixed.is_some() => {
                            let (angle, thrust) = fixed.expect("checked");
                            Command {
                                steer: Steer::Turn(angle),
                                thrust,
                            }
                        }
                        _ => roles.heuristic(track, &s, k),
                    }
                });
                if turn < self.depth {
                    rest /= MOVES.len();
                }
                step::step(track, &mut s, &commands);
                if step::is_over(track, &s) {
                    break;
                }
            }
            let value = roles.evaluate(track, &s);
            if value > best.0 {
                best = (value, first);
            }
        }
        best.1
    }
}

impl Bot<Csb> for Brawler {
    fn name(&self) -> String {
        format!("brawler(depth={})", self.depth)
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Order<'static>; 2]> {
        let (track, s, me) = (&view.track, &view.state, view.player);
        let roles = Roles {
            me,
            ours: track.leader(s, me, PASS),
            theirs: track.leader(s, 1 - me, PASS),
        };
        // The runner first, the blocker heuristic; then the blocker against the runner's move.
        let run = self.best_move(track, s, &roles, roles.ours, None);
        let block = self.best_move(track, s, &roles, roles.ours ^ 1, Some(run));
        Answer::Orders(std::array::from_fn(|k| {
            let i = me * 2 + k;
            let (angle, thrust) = if i == roles.ours { run } else { block };
            Order::turning(track, &s.pods[i], angle, thrust)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csb::testing::cos_to_checkpoint;
    use crate::csb::Setup;

    fn start() -> View {
        let setup = Setup::from_seed(11);
        View {
            track: setup.track,
            state: setup.initial_state(),
            player: 1,
        }
    }

    /// At the start, the runner drives full thrust at its checkpoint, with nothing in its way.
    #[test]
    fn the_runner_races_for_its_checkpoint() {
        let view = start();
        let mut bot = Brawler { depth: 2 };
        let Answer::Orders(orders) = bot.play(&view, &[]) else {
            panic!("orders")
        };
        let ours = view.track.leader(&view.state, 1, PASS);
        let order = &orders[ours - 2];
        let cos = cos_to_checkpoint(&view, ours, order);
        assert!(cos > 0.94, "the runner aims {order:?}, off by cos {cos}");
        assert_eq!(order.thrust, Thrust::Power(200));
        // The same position, the same orders: the bot has no randomness.
        assert_eq!(bot.play(&view, &[]), Answer::Orders(orders));
    }

    /// The evaluation counts their best pod's progress against us, and the blocker's distance to
    /// the point ahead of their runner.
    #[test]
    fn the_evaluation_weighs_both_roles() {
        let view = start();
        let (track, s) = (&view.track, view.state);
        let roles = Roles {
            me: 1,
            ours: track.leader(&s, 1, PASS),
            theirs: track.leader(&s, 0, PASS),
        };
        let base = roles.evaluate(track, &s);
        let mut ahead = s;
        ahead.pods[roles.theirs].pos = track.checkpoint(1) + Vec2::new(700.0, 0.0);
        assert!(roles.evaluate(track, &ahead) < base);
        let mut away = s;
        away.pods[roles.ours ^ 1].pos = Vec2::new(15_000.0, 8_500.0);
        let mut near = s;
        let prey = &s.pods[roles.theirs];
        near.pods[roles.ours ^ 1].pos =
            prey.pos + (track.checkpoint(prey.next_checkpoint()) - prey.pos) * (1.0 / 3.0);
        assert!(roles.evaluate(track, &near) > roles.evaluate(track, &away));
    }
}

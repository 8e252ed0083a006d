//! `builtin:duelist`: a third CSB opponent outside our lineage, of the design the best-known
//! public post-mortems describe: each turn it first searches the opponent's best plan against
//! its own last plan, then its own plan against that answer. Its search is steady-state (one
//! child at a time replaces the worst of a small population) over turns of the wheel and
//! thrusts; its evaluation races the runner, posts the blocker between the opponent's runner
//! and that runner's checkpoint, facing it, and counts both players' checkpoint timeouts.
//! csb_bot, by contrast, models the opponent (racer or guard) instead of searching it, and
//! breeds whole generations.

use super::protocol::Order;
use super::state::{Pod, State, Track, PODS};
use super::step::{self, Command, Thrust, MAX_ROTATION};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::geom::Vec2;
use crate::search::{shift_units, Budget, Rng, Think};
use std::time::Instant;

/// Turns a plan looks ahead.
pub const HORIZON: usize = 6;
/// Plans each side's search keeps.
const POPULATION: usize = 6;
/// The share of a turn's search spent on the opponent's answer.
const OPPONENT_SHARE: f64 = 0.25;
/// What a checkpoint pass is worth in its evaluation, in units of distance.
const PASS: f64 = 50_000.0;
/// Turns since a player's last pass from which its evaluation counts the timeout.
const TIMEOUT_GRACE: u16 = 70;

/// One pod's order in one turn of a plan.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gene {
    /// -1..1: the turn of the wheel, as a share of the 18 degrees a pod can turn.
    rotate: f64,
    /// 0..1: below 0.05 SHIELD, above 0.95 BOOST, else a thrust of 0..200 (flat at both ends).
    thrust: f64,
}

impl Gene {
    const STRAIGHT: Gene = Gene {
        rotate: 0.0,
        thrust: 0.9,
    };

    fn random(rng: &mut Rng) -> Gene {
        Gene {
            rotate: rng.unit() * 2.0 - 1.0,
            thrust: rng.unit(),
        }
    }

    fn command(&self) -> Command {
        let thrust = if self.thrust < 0.05 {
            Thrust::Shield
        } else if self.thrust > 0.95 {
            Thrust::Boost
        } else {
            let t = ((self.thrust - 0.05) / 0.9 * 1.3 - 0.15).clamp(0.0, 1.0);
            Thrust::Power((t * 200.0).round() as u16)
        };
        Command::turn(self.rotate * MAX_ROTATION, thrust)
    }
}

/// One player's two pods for `HORIZON` turns.
type Plan = [[Gene; 2]; HORIZON];

/// A side's search: plans and their scores against the other side's current plan.
#[derive(Clone, Copy, Debug)]
struct Pool {
    plans: [Plan; POPULATION],
    scores: [f64; POPULATION],
}

impl Pool {
    fn new() -> Pool {
        Pool {
            plans: [[[Gene::STRAIGHT; 2]; HORIZON]; POPULATION],
            scores: [f64::NEG_INFINITY; POPULATION],
        }
    }

    fn best(&self) -> &Plan {
        let mut b = 0;
        for k in 1..POPULATION {
            if self.scores[k] > self.scores[b] {
                b = k;
            }
        }
        &self.plans[b]
    }

    fn worst(&self) -> usize {
        let mut w = 0;
        for k in 1..POPULATION {
            if self.scores[k] < self.scores[w] {
                w = k;
            }
        }
        w
    }

    /// Every plan a turn on: its first turn played, a straight one added at its end; the
    /// worst of last turn replaced by a random plan.
    fn shift(&mut self, rng: &mut Rng) {
        for plan in &mut self.plans {
            *plan = shift_units(plan, || Gene::STRAIGHT);
        }
        let worst = self.worst();
        self.plans[worst] = std::array::from_fn(|_| std::array::from_fn(|_| Gene::random(rng)));
    }
}

/// One turn's position and roles.
struct Duel<'a> {
    track: &'a Track,
    start: State,
    /// Each player's runner, decided at the turn's start (its pod with more progress).
    runner: [usize; 2],
}

impl Duel<'_> {
    /// The end of `plan` for player `side` against `other` for the other player, scored for
    /// `side`.
    fn play(&self, side: usize, plan: &Plan, other: &Plan) -> f64 {
        let mut s = self.start;
        for t in 0..HORIZON {
            let commands: [Command; PODS] = std::array::from_fn(|i| {
                let genes = if State::owner(i) == side { plan } else { other };
                genes[t][i % 2].command()
            });
            step::step_fast(self.track, &mut s, &commands);
            if step::is_over(self.track, &s) {
                break;
            }
        }
        self.evaluate(&s, side)
    }

    /// How good `s` is for player `me`.
    fn evaluate(&self, s: &State, me: usize) -> f64 {
        let them = 1 - me;
        if let Some(end) = step::outcome(self.track, s) {
            return 1e9 * (end.scores[me] as f64 - end.scores[them] as f64);
        }
        let track = self.track;
        let runner = &s.pods[self.runner[me]];
        let blocker = &s.pods[self.runner[me] ^ 1];
        let prey = &s.pods[self.runner[them]];
        let theirs = track
            .progress(&s.pods[them * 2], PASS)
            .max(track.progress(&s.pods[them * 2 + 1], PASS));
        let post = track.checkpoint(prey.next_checkpoint());
        // Halfway between their runner and its checkpoint, but never farther than 3,000 ahead
        // of the runner: where a blocker meets it.
        let ahead = post - prey.pos;
        let meet = prey.pos + ahead * (0.5f64).min(3000.0 / ahead.norm().max(1.0));
        track.progress(runner, PASS)
            - theirs
            - 300.0 * off(runner, track.checkpoint(runner.next_checkpoint()))
            - 0.5 * blocker.pos.dist(meet)
            - 500.0 * off(blocker, prey.pos)
            - 400.0 * (overdue(s, me) - overdue(s, them))
    }
}

/// How far `pod` faces off the direction to `to`: 0 facing it, 2 facing away.
fn off(pod: &Pod, to: Vec2) -> f64 {
    let Some(angle) = pod.angle else { return 0.0 };
    let d = to - pod.pos;
    let n = d.norm();
    if n < 1.0 {
        return 0.0;
    }
    1.0 - (angle.cos() * d.x + angle.sin() * d.y) / n
}

/// Turns past [`TIMEOUT_GRACE`] since player `p`'s last pass.
fn overdue(s: &State, p: usize) -> f64 {
    s.since_pass(p).saturating_sub(TIMEOUT_GRACE) as f64
}

/// The duelist. Its parameters are its budget and seed.
pub struct Duelist {
    /// How long it searches each turn (both sides together).
    pub think: Think,
    seed: u64,
    rng: Rng,
    /// Our plans and theirs, carried from turn to turn.
    pools: [Pool; 2],
    first: bool,
}

impl Duelist {
    /// A duelist with this budget, seeded with `seed`.
    pub fn new(think: Think, seed: u64) -> Duelist {
        Duelist {
            think,
            seed,
            rng: Rng::new(seed),
            pools: [Pool::new(); 2],
            first: true,
        }
    }

    /// Improves `pool`, player `side`'s plans, against `other` until `budget` runs out.
    fn evolve(
        rng: &mut Rng,
        duel: &Duel,
        side: usize,
        pool: &mut Pool,
        other: &Plan,
        budget: Budget,
    ) {
        let started = Instant::now();
        for k in 0..POPULATION {
            pool.scores[k] = duel.play(side, &pool.plans[k], other);
        }
        let mut done = POPULATION as u64;
        let (total, until) = match budget {
            Budget::Rollouts(n) | Budget::Generations(n) => (n, None),
            Budget::Until(end) => (u64::MAX, Some(end)),
        };
        let mut share = 0.0;
        while done < total {
            if let Some(end) = until {
                if done.is_multiple_of(16) {
                    let now = Instant::now();
                    if now >= end {
                        break;
                    }
                    let span = (end - started).as_secs_f64().max(1e-9);
                    share = ((now - started).as_secs_f64() / span).min(1.0);
                }
            } else {
                share = done as f64 / total as f64;
            }
            let child = Self::breed(rng, pool, 1.0 - 0.9 * share);
            let score = duel.play(side, &child, other);
            done += 1;
            let w = pool.worst();
            if score > pool.scores[w] {
                pool.plans[w] = child;
                pool.scores[w] = score;
            }
        }
    }

    /// A child of the pool: a copy of one plan, or turns from two, with one or two genes moved
    /// by up to `reach` (or, one time in ten, drawn anew).
    fn breed(rng: &mut Rng, pool: &Pool, reach: f64) -> Plan {
        let mut child = pool.plans[rng.below(POPULATION)];
        if rng.unit() < 0.3 {
            let other = &pool.plans[rng.below(POPULATION)];
            for (t, genes) in child.iter_mut().enumerate() {
                if rng.unit() < 0.5 {
                    *genes = other[t];
                }
            }
        }
        let changes = if rng.unit() < 0.3 { 2 } else { 1 };
        for _ in 0..changes {
            let gene = &mut child[rng.below(HORIZON)][rng.below(2)];
            if rng.unit() < 0.1 {
                *gene = Gene::random(rng);
            } else if rng.unit() < 0.5 {
                gene.rotate = (gene.rotate + (rng.unit() * 2.0 - 1.0) * reach).clamp(-1.0, 1.0);
            } else {
                gene.thrust = (gene.thrust + (rng.unit() - 0.5) * reach).clamp(0.0, 1.0);
            }
        }
        child
    }
}

impl Bot<Csb> for Duelist {
    fn name(&self) -> String {
        format!("duelist({},seed={})", self.think.describe(), self.seed)
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Order<'static>; 2]> {
        let started = Instant::now();
        let (track, s, me) = (&view.track, view.state, view.player);
        let them = 1 - me;
        let duel = Duel {
            track,
            start: s,
            runner: [track.leader(&s, 0, PASS), track.leader(&s, 1, PASS)],
        };
        if !self.first {
            for pool in &mut self.pools {
                pool.shift(&mut self.rng);
            }
        }
        let [theirs_budget, ours_budget] =
            self.think
                .phases(self.first, started, [OPPONENT_SHARE, 1.0 - OPPONENT_SHARE]);
        self.first = false;
        let [ours, theirs] = &mut self.pools;
        let ours_before = *ours.best();
        Self::evolve(
            &mut self.rng,
            &duel,
            them,
            theirs,
            &ours_before,
            theirs_budget,
        );
        let answer = *theirs.best();
        Self::evolve(&mut self.rng, &duel, me, ours, &answer, ours_budget);
        let plan = ours.best();
        Answer::Orders(std::array::from_fn(|k| {
            let pod = &s.pods[me * 2 + k];
            let command = plan[0][k].command();
            let step::Steer::Turn(delta) = command.steer else {
                unreachable!("the duelist turns the wheel")
            };
            Order::turning(track, pod, delta, command.thrust)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csb::testing::{assert_reproducible, cos_to_checkpoint, view_after};

    #[test]
    fn a_fixed_budget_plays_the_same_orders() {
        assert_reproducible(|seed| Duelist::new(Think::Rollouts(600), seed));
    }

    /// With nothing in its way, the runner makes for its checkpoint at speed.
    #[test]
    fn the_runner_races_for_its_checkpoint() {
        let view = view_after(10);
        let mut bot = Duelist::new(Think::Rollouts(3000), 1);
        let Answer::Orders(orders) = bot.play(&view, &[]) else {
            panic!("orders")
        };
        let ours = view.track.leader(&view.state, 0, PASS);
        let order = &orders[ours];
        let cos = cos_to_checkpoint(&view, ours, order);
        assert!(cos > 0.9, "the runner aims {order:?}, off by cos {cos}");
        assert!(
            matches!(order.thrust, Thrust::Boost | Thrust::Power(150..)),
            "{:?}",
            order.thrust
        );
    }

    /// The evaluation: their progress counts against us, our blocker is worth more in the
    /// way of their runner and facing it, and a player nearer its checkpoint timeout is worse
    /// off.
    #[test]
    fn the_evaluation_weighs_race_blocker_and_timeout() {
        let view = view_after(15);
        let (track, s) = (&view.track, view.state);
        let duel = Duel {
            track,
            start: s,
            runner: [track.leader(&s, 0, PASS), track.leader(&s, 1, PASS)],
        };
        let base = duel.evaluate(&s, 0);
        let prey = duel.runner[1];
        let mut ahead = s;
        ahead.pods[prey].pos = track.checkpoint(ahead.pods[prey].next_checkpoint());
        assert!(duel.evaluate(&ahead, 0) < base);

        let blocker = duel.runner[0] ^ 1;
        let post = track.checkpoint(s.pods[prey].next_checkpoint());
        let at = |pos: Vec2, facing: Vec2| {
            let mut t = s;
            t.pods[blocker].pos = pos;
            t.pods[blocker].angle = Some(facing.y.atan2(facing.x));
            duel.evaluate(&t, 0)
        };
        let between = s.pods[prey].pos + (post - s.pods[prey].pos) * 0.3;
        let behind = s.pods[prey].pos - (post - s.pods[prey].pos) * 0.3;
        let toward_prey = s.pods[prey].pos - between;
        assert!(at(between, toward_prey) > at(behind, toward_prey));
        assert!(at(between, toward_prey) > at(between, toward_prey * -1.0));

        let mut late = s;
        late.round = 90;
        for pod in &mut late.pods[0..2] {
            pod.last_pass = 0;
        }
        for pod in &mut late.pods[2..4] {
            pod.last_pass = 85;
        }
        assert!(duel.evaluate(&late, 0) < base - 1000.0);
        assert!(duel.evaluate(&late, 1) > duel.evaluate(&s, 1) + 1000.0);
    }
}

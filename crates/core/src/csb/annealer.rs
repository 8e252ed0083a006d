//! `builtin:annealer`: a CSB search bot of another design than ours, so that strength is also
//! measured outside our own lineage. Where csb_bot runs a genetic search over rotation genes
//! against a searched opponent, this one anneals (simulated annealing, one plan improved by
//! single changes) a plan of aims relative to each pod's natural target, against an opponent
//! that races straight at its checkpoints, with a hand-made evaluation whose blocker waits on
//! the opponent runner's next checkpoint (the design of several public post-mortems).

use super::protocol::Order;
use super::state::{State, Track, PODS};
use super::step::{self, Command, Thrust};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::geom::{round_to_i32, Vec2};
use crate::search::{Rng, Think};
use std::time::Instant;

/// Turns a plan looks ahead.
pub const HORIZON: usize = 5;
/// The widest aim off a pod's natural target, in radians.
const AIM_SPAN: f64 = std::f64::consts::FRAC_PI_3;
/// A blocker this close to the opponent's runner goes for it rather than for its checkpoint.
const RAM_DISTANCE: f64 = 2500.0;

/// One pod's order in one turn of a plan.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gene {
    /// -1..1: how far off the natural target the pod aims, as a share of [`AIM_SPAN`].
    aim: f64,
    /// 0..1: below 0.04 SHIELD, above 0.97 BOOST, else a thrust of 0..200.
    thrust: f64,
}

impl Gene {
    const STRAIGHT: Gene = Gene {
        aim: 0.0,
        thrust: 0.9,
    };

    fn random(rng: &mut Rng) -> Gene {
        Gene {
            aim: rng.unit() * 2.0 - 1.0,
            thrust: rng.unit(),
        }
    }

    fn thrust(&self) -> Thrust {
        if self.thrust < 0.04 {
            Thrust::Shield
        } else if self.thrust > 0.97 {
            Thrust::Boost
        } else {
            Thrust::Power(
                ((self.thrust - 0.04) / 0.93 * 200.0)
                    .round()
                    .clamp(0.0, 200.0) as u16,
            )
        }
    }
}

type Plan = [[Gene; 2]; HORIZON];

/// The annealing bot. Its parameters are its budget and seed.
pub struct Annealer {
    /// How long it searches each turn.
    pub think: Think,
    seed: u64,
    rng: Rng,
    plan: Plan,
    first: bool,
}

impl Annealer {
    /// An annealer with this budget, seeded with `seed`.
    pub fn new(think: Think, seed: u64) -> Annealer {
        Annealer {
            think,
            seed,
            rng: Rng::new(seed),
            plan: [[Gene::STRAIGHT; 2]; HORIZON],
            first: true,
        }
    }
}

/// What a checkpoint pass is worth in its evaluation, in units of distance.
const PASS: f64 = 30_000.0;

/// One search: the start, whose pods are ours, and the turn's roles.
struct Problem<'a> {
    track: &'a Track,
    start: State,
    me: usize,
    /// Our runner and their runner, decided at the turn's start.
    ours: usize,
    theirs: usize,
}

impl Problem<'_> {
    /// Where pod `i` of ours heads before its gene's aim: its checkpoint for the runner; for the
    /// blocker, the opponent runner's checkpoint, or the runner itself when near it.
    fn target(&self, s: &State, i: usize) -> Vec2 {
        if i == self.ours {
            return self.track.checkpoint(s.pods[i].next_checkpoint());
        }
        let prey = &s.pods[self.theirs];
        if s.pods[i].pos.dist(prey.pos) < RAM_DISTANCE {
            prey.pos + prey.vel
        } else {
            self.track.checkpoint(prey.next_checkpoint())
        }
    }

    fn command(&self, s: &State, i: usize, gene: &Gene) -> Command {
        let pod = &s.pods[i];
        let to = self.target(s, i) - pod.pos;
        let (sin, cos) = (gene.aim * AIM_SPAN).sin_cos();
        let aim = Vec2::new(to.x * cos - to.y * sin, to.x * sin + to.y * cos);
        let point = pod.pos + aim * (5000.0 / aim.norm().max(1.0));
        Command::toward(round_to_i32(point.x), round_to_i32(point.y), gene.thrust())
    }

    /// The opponent's model: each pod straight at its checkpoint, corrected by its speed.
    fn opponent(&self, s: &State, i: usize) -> Command {
        let pod = &s.pods[i];
        let aim = self.track.checkpoint(pod.next_checkpoint()) - pod.vel * 3.0;
        Command::toward(round_to_i32(aim.x), round_to_i32(aim.y), Thrust::Power(200))
    }

    fn score(&self, plan: &Plan) -> f64 {
        let mut s = self.start;
        for genes in plan {
            let commands: [Command; PODS] = std::array::from_fn(|i| {
                if State::owner(i) == self.me {
                    self.command(&s, i, &genes[i % 2])
                } else {
                    self.opponent(&s, i)
                }
            });
            step::step(self.track, &mut s, &commands);
            if step::is_over(self.track, &s) {
                break;
            }
        }
        self.evaluate(&s)
    }

    fn evaluate(&self, s: &State) -> f64 {
        let them = 1 - self.me;
        if let Some(end) = step::outcome(self.track, s) {
            return 1e9 * (end.scores[self.me] as f64 - end.scores[them] as f64);
        }
        let best_of_theirs = self
            .track
            .progress(&s.pods[them * 2], PASS)
            .max(self.track.progress(&s.pods[them * 2 + 1], PASS));
        let blocker = &s.pods[self.ours ^ 1];
        let prey = &s.pods[self.theirs];
        let post = self.track.checkpoint(prey.next_checkpoint());
        self.track.progress(&s.pods[self.ours], PASS)
            - best_of_theirs
            - 0.4 * blocker.pos.dist(post)
            - 0.2 * blocker.pos.dist(prey.pos)
    }
}

impl Annealer {
    /// Anneals from last turn's plan; the best plan found.
    fn search(&mut self, problem: &Problem, started: Instant) -> Plan {
        let budget = match self.think {
            Think::Rollouts(n) => n.max(1),
            Think::Millis { .. } => u64::MAX,
        };
        let deadline = self
            .think
            .millis(self.first)
            .map(|ms| started + std::time::Duration::from_millis(ms));
        let mut current = self.plan;
        let mut value = problem.score(&current);
        let (mut best, mut best_value) = (current, value);
        let (hot, cold) = (3000.0f64, 20.0f64);
        let mut done = 1u64;
        let mut progress_share = 0.0;
        while done < budget {
            if let Some(end) = deadline {
                if done.is_multiple_of(32) {
                    let now = Instant::now();
                    if now >= end {
                        break;
                    }
                    progress_share = (now - started).as_secs_f64() / (end - started).as_secs_f64();
                }
            } else {
                progress_share = done as f64 / budget as f64;
            }
            let temperature = hot * (cold / hot).powf(progress_share);
            let mut next = current;
            let (t, k) = (self.rng.below(HORIZON), self.rng.below(2));
            let gene = &mut next[t][k];
            if self.rng.unit() < 0.1 {
                *gene = Gene::random(&mut self.rng);
            } else if self.rng.unit() < 0.5 {
                gene.aim = (gene.aim + (self.rng.unit() - 0.5) * 0.6).clamp(-1.0, 1.0);
            } else {
                gene.thrust = (gene.thrust + (self.rng.unit() - 0.5) * 0.4).clamp(0.0, 1.0);
            }
            let v = problem.score(&next);
            done += 1;
            if v >= value || self.rng.unit() < ((v - value) / temperature).exp() {
                current = next;
                value = v;
                if v > best_value {
                    best = next;
                    best_value = v;
                }
            }
        }
        best
    }
}

impl Bot<Csb> for Annealer {
    fn name(&self) -> String {
        format!("annealer({},seed={})", self.think.describe(), self.seed)
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Order<'static>; 2]> {
        let started = Instant::now();
        let (track, s, me) = (&view.track, view.state, view.player);
        let problem = Problem {
            track,
            start: s,
            me,
            ours: track.leader(&s, me, PASS),
            theirs: track.leader(&s, 1 - me, PASS),
        };
        let plan = self.search(&problem, started);
        self.first = false;
        // Next turn starts from this plan, a turn on.
        self.plan = std::array::from_fn(|t| plan[(t + 1).min(HORIZON - 1)]);
        Answer::Orders(std::array::from_fn(|k| {
            let i = me * 2 + k;
            let command = problem.command(&s, i, &plan[0][k]);
            let step::Steer::Point(x, y) = command.steer else {
                unreachable!("the annealer aims at points")
            };
            Order {
                x,
                y,
                thrust: command.thrust,
                message: None,
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csb::testing::{assert_reproducible, view_after};

    #[test]
    fn a_fixed_budget_plays_the_same_orders() {
        assert_reproducible(|seed| Annealer::new(Think::Rollouts(600), seed));
    }

    #[test]
    fn the_blocker_is_worth_more_on_the_opponent_runners_checkpoint() {
        let view = view_after(15);
        let (track, s) = (&view.track, view.state);
        let problem = Problem {
            track,
            start: s,
            me: 0,
            ours: track.leader(&s, 0, PASS),
            theirs: track.leader(&s, 1, PASS),
        };
        let post = track.checkpoint(s.pods[problem.theirs].next_checkpoint());
        let blocker = problem.ours ^ 1;
        let at = |pos: Vec2| {
            let mut t = s;
            t.pods[blocker].pos = pos;
            problem.evaluate(&t)
        };
        let away = post + (s.pods[problem.theirs].pos - post) * -1.0;
        assert!(
            at(post) > at(away),
            "on the post {} vs {}",
            at(post),
            at(away)
        );
        // Their runner's progress counts against us.
        let mut ahead = s;
        ahead.pods[problem.theirs].pos = post;
        assert!(problem.evaluate(&ahead) < problem.evaluate(&s));
    }
}

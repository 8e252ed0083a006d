// Bundled by botsim 0.1.0 (commit d962518) from bots/csb.rs.
// Generated: edit the sources, not this file.

use crate::bot::Settings;
use crate::csb::ga::{GaBot, Params};
use std::io::{self, BufRead, Write};
use std::time::Instant;

const TUNED: &[(&str, f64)] = &[];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut params = Params::default();
    // 65 of the contest's 75 ms: with two games on two cores, a 70 ms budget ran over 75 ms
    // in 3 turns of 47,469 (the machine, not the search: p99 was 70.2 ms), and lost 3 games.
    let settings = match Settings::from_args(&args, 65, TUNED, &mut params) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    };
    let mut bot = GaBot::new(params, settings.think, settings.seed);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut next = move || match input.next() {
        Some(Ok(line)) => Some(line),
        _ => None,
    };
    let mut out = io::stdout();
    let mut first = true;
    for turn in 0.. {
        let Some(line) = next() else { return };
        let started = Instant::now();
        let mut lines = vec![line];
        let wanted = if first {
            // laps, checkpoint count, the checkpoints, then the 4 pod lines.
            let Some(count) = next() else { return };
            let n: usize = count.trim().parse().unwrap_or(0);
            lines.push(count);
            n + 4
        } else {
            3
        };
        for _ in 0..wanted {
            let Some(line) = next() else { return };
            lines.push(line);
        }
        first = false;
        match bot.turn(&lines, started) {
            Ok([a, b]) => {
                // Both lines in one write, so that they arrive together.
                let _ = out.write_all(format!("{a}\n{b}\n").as_bytes());
                let _ = out.flush();
            }
            Err(e) => {
                eprintln!("turn {turn}: bad input: {e}");
                return;
            }
        }
        eprintln!("{}", crate::bot::turn_report(turn, &bot.last, started));
    }
}

#[allow(dead_code, unused_imports)]
mod bot {

    pub trait Game {
        type View;
        type Orders;
        const NAME: &'static str;
    }

    #[derive(Clone, Debug, PartialEq)]
    pub enum Answer<O> {
        Lines(Vec<String>),
        Orders(O),
        Silent,
    }

    pub trait Bot<G: Game> {
        fn name(&self) -> String;
        fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders>;
    }

    pub fn turn_report(
        turn: u32,
        stats: &crate::search::Stats,
        started: std::time::Instant,
    ) -> String {
        format!(
            "turn {turn}: {} rollouts, {} generations, best {:.0}, {:.1} ms",
            stats.rollouts,
            stats.generations,
            stats.best_score,
            started.elapsed().as_secs_f64() * 1000.0
        )
    }

    pub struct Settings {
        pub think: crate::search::Think,
        pub seed: u64,
    }

    impl Settings {
        pub fn from_args(
            args: &[String],
            default_ms: u64,
            tuned: &[(&str, f64)],
            params: &mut impl crate::params::Named,
        ) -> Result<Settings, String> {
            let get = |flag: &str, env: &str| {
                args.iter()
                    .position(|a| a == flag)
                    .and_then(|i| args.get(i + 1).cloned())
                    .or_else(|| std::env::var(env).ok())
            };
            let number = |flag: &str, env: &str| -> Result<Option<u64>, String> {
                get(flag, env)
                    .map(|t| {
                        t.trim()
                            .parse()
                            .map_err(|_| format!("{flag}: '{t}' is not a whole number"))
                    })
                    .transpose()
            };
            params.set_all(tuned)?;
            if let Some(file) = get("--params", "BOTSIM_PARAMS") {
                let text =
                    std::fs::read_to_string(&file).map_err(|e| format!("--params {file}: {e}"))?;
                let values = crate::params::parse(&text).map_err(|e| format!("{file}: {e}"))?;
                for (name, value) in &values {
                    params
                        .set(name, *value)
                        .map_err(|e| format!("{file}: {e}"))?;
                }
            }
            let think = match number("--rollouts", "BOTSIM_ROLLOUTS")? {
                Some(n) => crate::search::Think::Rollouts(n),
                None => crate::search::Think::Millis {
                    first: 900,
                    later: number("--ms", "BOTSIM_MS")?.unwrap_or(default_ms),
                },
            };
            Ok(Settings {
                think,
                seed: number("--seed", "BOTSIM_SEED")?.unwrap_or(1),
            })
        }
    }
}

#[allow(dead_code, unused_imports)]
mod csb {

    pub mod eval {

        use super::state::{Pod, State, Track};
        use crate::geom::{fast_sin_cos, Vec2};

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Weights {
            pub checkpoint: f64,
            pub runner: f64,
            pub runner_facing: f64,
            pub blocker_target: f64,
            pub blocker_runner: f64,
            pub blocker_facing: f64,
            pub timeout: f64,
            pub timeout_grace: f64,
            pub role_switch: f64,
            pub win: f64,
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights {
                    checkpoint: 30_000.0,
                    runner: 1.0,
                    runner_facing: 547.0,
                    blocker_target: 0.328,
                    blocker_runner: 0.112,
                    blocker_facing: 167.0,
                    timeout: 10.0,
                    timeout_grace: 60.0,
                    role_switch: 3_000.0,
                    win: 1e8,
                }
            }
        }

        impl Weights {
            pub fn values(&self) -> [(&'static str, f64); 10] {
                [
                    ("weights.checkpoint", self.checkpoint),
                    ("weights.runner", self.runner),
                    ("weights.runner_facing", self.runner_facing),
                    ("weights.blocker_target", self.blocker_target),
                    ("weights.blocker_runner", self.blocker_runner),
                    ("weights.blocker_facing", self.blocker_facing),
                    ("weights.timeout", self.timeout),
                    ("weights.timeout_grace", self.timeout_grace),
                    ("weights.role_switch", self.role_switch),
                    ("weights.win", self.win),
                ]
            }

            pub fn set(&mut self, name: &str, value: f64) -> bool {
                let slot = match name {
                    "weights.checkpoint" => &mut self.checkpoint,
                    "weights.runner" => &mut self.runner,
                    "weights.runner_facing" => &mut self.runner_facing,
                    "weights.blocker_target" => &mut self.blocker_target,
                    "weights.blocker_runner" => &mut self.blocker_runner,
                    "weights.blocker_facing" => &mut self.blocker_facing,
                    "weights.timeout" => &mut self.timeout,
                    "weights.timeout_grace" => &mut self.timeout_grace,
                    "weights.role_switch" => &mut self.role_switch,
                    "weights.win" => &mut self.win,
                    _ => return false,
                };
                *slot = value;
                true
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Roles {
            pub runner: [usize; 2],
        }

        impl Roles {
            pub fn assign(track: &Track, s: &State, w: &Weights, before: Option<Roles>) -> Roles {
                let runner = [0, 1].map(|p| {
                    let (a, b) = (p * 2, p * 2 + 1);
                    let (pa, pb) = (
                        progress(track, &s.pods[a], w),
                        progress(track, &s.pods[b], w),
                    );
                    let leader = if pa >= pb { a } else { b };
                    match before {
                        Some(r) if r.runner[p] != leader && (pa - pb).abs() < w.role_switch => {
                            r.runner[p]
                        }
                        _ => leader,
                    }
                });
                Roles { runner }
            }

            #[inline]
            pub fn blocker(&self, p: usize) -> usize {
                self.runner[p] ^ 1
            }
        }

        #[inline]
        pub fn progress(track: &Track, pod: &Pod, w: &Weights) -> f64 {
            let cp = track.checkpoint(pod.next_checkpoint());
            pod.passed as f64 * w.checkpoint - pod.pos.dist(cp)
        }

        #[inline]
        pub fn after_next(track: &Track, pod: &Pod) -> Vec2 {
            let n = pod.next_checkpoint() + 1;
            track.checkpoint(if n == track.len() { 0 } else { n })
        }

        #[inline]
        fn facing_off(pod: &Pod, to: Vec2) -> f64 {
            pod.angle.map_or(0.0, |a| {
                let (sin, cos) = fast_sin_cos(a);
                let d = to.norm();
                if d > 0.0 {
                    (2.0 * (1.0 - (cos * to.x + sin * to.y) / d))
                        .max(0.0)
                        .sqrt()
                } else {
                    0.0
                }
            })
        }

        const COAST: f64 = 2.5725;
        const SURE_PASS: f64 = 550.0;

        #[inline]
        fn heading_target(track: &Track, pod: &Pod) -> Vec2 {
            let cp = track.checkpoint(pod.next_checkpoint());
            let drift = pod.vel * COAST;
            let to = cp - pod.pos;
            let t = (to.dot(drift) / drift.norm2().max(1.0)).clamp(0.0, 1.0);
            let closest = pod.pos + drift * t;
            if closest.dist(cp) < SURE_PASS {
                after_next(track, pod)
            } else {
                cp
            }
        }

        #[inline]
        fn overdue(s: &State, p: usize, grace: f64) -> f64 {
            let last = s.pods[p * 2].last_pass.max(s.pods[p * 2 + 1].last_pass);
            let late = (s.round as f64 - last as f64 - grace).max(0.0);
            late * late
        }

        pub fn evaluate(track: &Track, s: &State, me: usize, roles: &Roles, w: &Weights) -> f64 {
            let them = 1 - me;
            let finish = track.passes_to_finish();
            let done =
                |p: usize| s.pods[p * 2].passed >= finish || s.pods[p * 2 + 1].passed >= finish;
            if s.dead[me] || (done(them) && !done(me)) {
                return -w.win;
            }
            if s.dead[them] || done(me) {
                return w.win;
            }
            let r = &s.pods[roles.runner[me]];
            let their_best = progress(track, &s.pods[them * 2], w).max(progress(
                track,
                &s.pods[them * 2 + 1],
                w,
            ));
            let gap = progress(track, r, w) - their_best;
            let runner_facing = facing_off(r, heading_target(track, r) - r.pos);

            let target = &s.pods[roles.runner[them]];
            let b = &s.pods[roles.blocker(me)];
            let their_cp = track.checkpoint(target.next_checkpoint());
            // A blocker nearer the runner's checkpoint than the runner waits there; one that is behind
            // goes on to the checkpoint after.
            let post = if b.pos.dist(their_cp) <= target.pos.dist(their_cp) {
                their_cp
            } else {
                after_next(track, target)
            };
            let blocker = w.blocker_target * b.pos.dist(post)
                + w.blocker_runner * b.pos.dist(target.pos)
                + w.blocker_facing * facing_off(b, target.pos - b.pos);
            let timeout = overdue(s, me, w.timeout_grace) - overdue(s, them, w.timeout_grace);
            w.runner * gap - w.runner_facing * runner_facing - blocker - w.timeout * timeout
        }
    }
    pub mod ga {

        pub use super::eval::Weights;
        use super::eval::{evaluate, Roles};
        use super::protocol::{self, format_order};
        use super::state::{Pod, State, Track, PODS};
        use super::step::{self, Command, Steer, Thrust, MAX_ROTATION, MAX_THRUST};
        use super::{Csb, View};
        use crate::bot::{Answer, Bot};
        use crate::geom::Vec2;
        pub use crate::search::Think;
        use crate::search::{Ga, Problem, Rng, Settings, Stats};
        use std::time::Instant;

        pub const HORIZON: usize = 6;

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Gene {
            rotate: f64,
            thrust: f64,
            turn: Turn,
            order: Thrust,
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        struct Turn {
            delta: f64,
            sin: f64,
            cos: f64,
        }

        impl Gene {
            pub fn rotate(&self) -> f64 {
                self.rotate
            }

            pub fn thrust(&self) -> f64 {
                self.thrust
            }

            #[inline(always)]
            fn order(&self, boost_left: bool) -> Thrust {
                if !boost_left && self.order == Thrust::Boost {
                    Thrust::Power(MAX_THRUST)
                } else {
                    self.order
                }
            }
        }

        pub type Plan = [[Gene; 2]; HORIZON];

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Params {
            pub weights: Weights,
            pub search: Settings,
            pub opponent_share: f64,
            pub shield_gene: f64,
            pub boost_gene: f64,
        }

        impl Default for Params {
            fn default() -> Params {
                Params {
                    weights: Weights::default(),
                    // mutation_end and shield_gene tuned with the weights (see `Weights::default`).
                    search: Settings {
                        mutation_end: 0.091,
                        ..Settings::default()
                    },
                    opponent_share: 0.0,
                    shield_gene: 0.0164,
                    boost_gene: 0.03,
                }
            }
        }

        impl Params {
            pub fn gene(&self, rotate: f64, thrust: f64) -> Gene {
                Gene {
                    rotate,
                    thrust,
                    turn: self.turn(rotate),
                    order: self.order(thrust),
                }
            }

            fn random_gene(&self, rng: &mut Rng) -> Gene {
                let rotate = rng.unit();
                self.gene(rotate, rng.unit())
            }

            pub fn straight(&self) -> Plan {
                [[self.gene(0.5, 0.85); 2]; HORIZON]
            }

            #[inline]
            fn turn(&self, rotate: f64) -> Turn {
                let r = ((rotate - 0.25) * 2.0).clamp(0.0, 1.0);
                let delta = (2.0 * r - 1.0) * MAX_ROTATION;
                let (sin, cos) =
                    crate::geom::small_sin_cos(delta.clamp(-MAX_ROTATION, MAX_ROTATION));
                Turn { delta, sin, cos }
            }

            #[inline]
            fn order(&self, thrust: f64) -> Thrust {
                if thrust < self.shield_gene {
                    Thrust::Shield
                } else if thrust > 1.0 - self.boost_gene {
                    Thrust::Boost
                } else {
                    let t =
                        (thrust - self.shield_gene) / (1.0 - self.shield_gene - self.boost_gene);
                    Thrust::Power(((t * 1.4 - 0.2).clamp(0.0, 1.0) * MAX_THRUST as f64) as u16)
                }
            }
        }

        pub(crate) fn facing_of(pod: &Pod) -> Option<Vec2> {
            pod.angle.map(|a| {
                let (sin, cos) = crate::geom::fast_sin_cos(a);
                Vec2::new(cos, sin)
            })
        }

        #[inline(always)]
        pub(crate) fn face(
            angle: f64,
            facing: &mut Option<Vec2>,
            delta: f64,
            thrust: Thrust,
        ) -> Command {
            let (sin, cos) = crate::geom::small_sin_cos(delta.clamp(-MAX_ROTATION, MAX_ROTATION));
            face_by(angle, facing, Turn { delta, sin, cos }, thrust)
        }

        #[inline(always)]
        fn face_by(angle: f64, facing: &mut Option<Vec2>, turn: Turn, thrust: Thrust) -> Command {
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

        #[inline]
        fn lanes_below(word: u64, threshold: u64) -> u8 {
            const LOW: u64 = 0x0101_0101_0101_0101;
            const HIGH: u64 = 0x8080_8080_8080_8080;
            let raised = (word & !HIGH) | HIGH;
            let below = !(raised - threshold * LOW) & HIGH;
            ((below >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
        }

        pub struct Race<'a> {
            track: &'a Track,
            start: State,
            me: usize,
            theirs: [[Command; 2]; HORIZON],
            solo: [step::Solo; HORIZON],
            facing: [Option<Vec2>; 2],
            roles: Roles,
            params: &'a Params,
        }

        impl<'a> Race<'a> {
            pub fn new(
                track: &'a Track,
                start: State,
                me: usize,
                other: &Plan,
                roles: Roles,
                params: &'a Params,
            ) -> Race<'a> {
                let (mine, them) = (me * 2, (1 - me) * 2);
                let mut pods = [start.pods[them], start.pods[them + 1]];
                let mut facing = pods.map(|p| facing_of(&p));
                let theirs = std::array::from_fn(|t| {
                    std::array::from_fn(|k| {
                        let (g, pod) = (&other[t][k], &mut pods[k]);
                        let angle = step::turned(track, pod, g.turn.delta);
                        pod.angle = Some(angle);
                        face_by(angle, &mut facing[k], g.turn, g.order(!pod.boost_used))
                    })
                });
                let mut alone = start;
                let solo =
                    std::array::from_fn(|t| step::solo(track, &mut alone, 1 - me, &theirs[t]));
                Race {
                    track,
                    start,
                    me,
                    theirs,
                    solo,
                    facing: [0, 1].map(|k| facing_of(&start.pods[mine + k])),
                    roles,
                    params,
                }
            }

            pub fn rollout(&self, plan: &Plan) -> State {
                let mut s = self.start;
                let mine = self.me * 2;
                let mut facing = self.facing;
                // Whether a pod has its BOOST left can change within the rollout; the command's
                // meaning cannot, as a used boost makes BOOST maximum thrust anyway.
                let left = [0, 1].map(|k| !s.pods[mine + k].boost_used);
                let them = (1 - self.me) * 2;
                // While their pods go as they would alone, their turns are known (`solo`).
                let mut beside = true;
                for ((theirs, solo), genes) in self.theirs.iter().zip(&self.solo).zip(plan) {
                    let ours: [Command; 2] = std::array::from_fn(|k| {
                        let g = &genes[k];
                        let angle = step::turned(self.track, &s.pods[mine + k], g.turn.delta);
                        face_by(angle, &mut facing[k], g.turn, g.order(left[k]))
                    });
                    if beside {
                        if !step::step_against(self.track, &mut s, self.me, &ours, solo) {
                            beside = s.pods[them..them + 2] == solo.end
                                && s.dead[1 - self.me] == solo.dead;
                        }
                    } else {
                        let mut commands = [Command::IDLE; PODS];
                        commands[mine..mine + 2].copy_from_slice(&ours);
                        commands[them..them + 2].copy_from_slice(theirs);
                        step::step_fast(self.track, &mut s, &commands);
                    }
                    if step::outcome(self.track, &s).is_some() {
                        break;
                    }
                }
                s
            }
        }

        impl crate::params::Named for Params {
            fn values(&self) -> Vec<(&'static str, f64)> {
                self.weights
                    .values()
                    .into_iter()
                    .chain([
                        ("opponent_share", self.opponent_share),
                        ("shield_gene", self.shield_gene),
                        ("boost_gene", self.boost_gene),
                    ])
                    .chain(self.search.values())
                    .collect()
            }

            fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
                if self.weights.set(name, value) {
                    return Ok(());
                }
                match name {
                    "opponent_share" => self.opponent_share = value.clamp(0.0, 0.9),
                    "shield_gene" => self.shield_gene = value.clamp(0.0, 0.5),
                    "boost_gene" => self.boost_gene = value.clamp(0.0, 0.5),
                    _ => {
                        if !self.search.set(name, value)? {
                            return Err(format!("csb ga has no parameter '{name}'"));
                        }
                    }
                }
                Ok(())
            }
        }

        impl Problem for Race<'_> {
            type Genome = Plan;

            fn random(&self, rng: &mut Rng) -> Plan {
                std::array::from_fn(|_| {
                    [self.params.random_gene(rng), self.params.random_gene(rng)]
                })
            }

            fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
                // Which fields change is decided for all of them at once (a random 7-bit lane each,
                // compared in parallel), then only those are visited: a coin flip per field would be
                // a mispredicted branch per field. Bits 0-11: the genes' rotations; 12-23: thrusts.
                let threshold = (rate * 128.0).clamp(0.0, 128.0) as u64;
                let mut chosen = 0u32;
                for word in 0..3 {
                    chosen |= (lanes_below(rng.next_u64(), threshold) as u32) << (8 * word);
                }
                let genes = plan.as_flattened_mut();
                let mut rotate = chosen & 0xfff;
                while rotate != 0 {
                    let g = &mut genes[rotate.trailing_zeros() as usize];
                    rotate &= rotate - 1;
                    g.rotate = (g.rotate + (rng.unit() - 0.5) * 0.5).clamp(0.0, 1.0);
                    g.turn = self.params.turn(g.rotate);
                }
                let mut thrust = chosen >> 12 & 0xfff;
                while thrust != 0 {
                    let g = &mut genes[thrust.trailing_zeros() as usize];
                    thrust &= thrust - 1;
                    // Now and then a fresh value, else a step: both drawn, one kept, no branch.
                    let (coin, fresh, step) = (rng.unit(), rng.unit(), rng.unit());
                    let stepped = (g.thrust + (step - 0.5) * 0.5).clamp(0.0, 1.0);
                    g.thrust = if coin < 0.1 { fresh } else { stepped };
                    g.order = self.params.order(g.thrust);
                }
            }

            fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng) -> Plan {
                // Per pod: one parent's plan for that pod, whole (pods play different roles).
                let pick = [rng.unit() < 0.5, rng.unit() < 0.5];
                std::array::from_fn(|t| {
                    std::array::from_fn(|k| if pick[k] { a[t][k] } else { b[t][k] })
                })
            }

            fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
                std::array::from_fn(|t| {
                    if t + 1 < HORIZON {
                        plan[t + 1]
                    } else {
                        [self.params.random_gene(rng), self.params.random_gene(rng)]
                    }
                })
            }

            fn evaluate(&mut self, plan: &Plan) -> f64 {
                let end = self.rollout(plan);
                evaluate(self.track, &end, self.me, &self.roles, &self.params.weights)
            }
        }

        pub struct GaBot {
            pub params: Params,
            pub think: Think,
            track: Option<Track>,
            seat: Option<usize>,
            state: State,
            roles: Option<Roles>,
            mine: Ga<Plan>,
            theirs: Ga<Plan>,
            rng: Rng,
            seed: u64,
            pub last: Stats,
        }

        impl GaBot {
            pub fn new(params: Params, think: Think, seed: u64) -> GaBot {
                GaBot {
                    params,
                    think,
                    track: None,
                    seat: None,
                    state: State::new([Vec2::ZERO; PODS]),
                    roles: None,
                    mine: Ga::new(params.search),
                    theirs: Ga::new(params.search),
                    rng: Rng::new(seed),
                    seed,
                    last: Stats::default(),
                }
            }

            pub fn turn(
                &mut self,
                lines: &[String],
                started: Instant,
            ) -> Result<[String; 2], String> {
                let mut lines = lines;
                let first = self.track.is_none();
                if first {
                    let (track, used) = protocol::parse_init(lines)?;
                    self.track = Some(track);
                    lines = &lines[used..];
                    self.mine.reset();
                    self.theirs.reset();
                    self.roles = None;
                }
                let track = self.track.expect("set above");
                let (mut seen, seat) =
                    protocol::parse_turn(lines, &track, first, &self.state, self.seat)?;
                if !first {
                    infer_boosts(&self.state, &mut seen, 1 - seat);
                }
                self.state = seen;
                self.seat = Some(seat);
                let (mine_budget, theirs_budget) =
                    self.think
                        .budgets(first, started, self.params.opponent_share);
                let params = self.params;
                let roles = Roles::assign(&track, &self.state, &params.weights, self.roles);
                self.roles = Some(roles);
                let opponent = 1 - seat;
                // The opponent's plan, against our last plan shifted (or a straight one).
                let ours_before = self.mine.best().map_or(params.straight(), shift_keep);
                let mut theirs =
                    Race::new(&track, self.state, opponent, &ours_before, roles, &params);
                let (their_plan, their_stats) =
                    self.theirs
                        .search(&mut theirs, theirs_budget, &mut self.rng);
                let mut ours = Race::new(&track, self.state, seat, &their_plan, roles, &params);
                let (plan, stats) = self.mine.search(&mut ours, mine_budget, &mut self.rng);
                self.last = Stats {
                    rollouts: stats.rollouts + their_stats.rollouts,
                    generations: stats.generations + their_stats.generations,
                    best_score: stats.best_score,
                };
                // What the lines will not tell us next turn: our pods' exact facing, boosts and shields.
                let mut orders: [String; 2] = Default::default();
                for k in 0..2 {
                    let i = seat * 2 + k;
                    let (x, y, thrust) = self.order(&track, i, &plan[0][k]);
                    orders[k] = format_order(x, y, thrust);
                    let pod = &mut self.state.pods[i];
                    if let Some(a) = step::rotate_toward(pod.angle, pod.pos, x, y) {
                        pod.angle = Some(a);
                    }
                    match thrust {
                        Thrust::Boost => pod.boost_used = true,
                        Thrust::Shield => pod.shield_round = Some(self.state.round),
                        Thrust::Power(_) => {}
                    }
                }
                Ok(orders)
            }

            fn order(&self, track: &Track, i: usize, gene: &Gene) -> (i32, i32, Thrust) {
                let pod = &self.state.pods[i];
                let heading = step::turned(track, pod, gene.turn.delta);
                let x = pod.pos.x + heading.cos() * 10_000.0;
                let y = pod.pos.y + heading.sin() * 10_000.0;
                let thrust = gene.order(!pod.boost_used);
                (x.round() as i32, y.round() as i32, thrust)
            }

            pub fn describe(&self) -> String {
                format!("ga({},seed={})", self.think.describe(), self.seed)
            }
        }

        pub fn infer_boosts(before: &State, now: &mut State, player: usize) {
            for i in player * 2..player * 2 + 2 {
                let (was, pod) = (&before.pods[i], &now.pods[i]);
                let moved = pod.pos - was.pos;
                let unhit = (pod.vel * (1.0 / step::FRICTION_KEEP) - moved).norm() < 4.0
                    && (0..PODS).all(|k| k == i || before.pods[k].pos.dist(was.pos) > 900.0);
                if unhit && (moved - was.vel).norm() > 2.0 * MAX_THRUST as f64 {
                    now.pods[i].boost_used = true;
                }
            }
        }

        fn shift_keep(plan: &Plan) -> Plan {
            std::array::from_fn(|t| plan[(t + 1).min(HORIZON - 1)])
        }

        impl Bot<Csb> for GaBot {
            fn name(&self) -> String {
                self.describe()
            }

            fn play(
                &mut self,
                _view: &View,
                lines: &[String],
            ) -> Answer<[super::Order<'static>; 2]> {
                match self.turn(lines, Instant::now()) {
                    Ok(orders) => Answer::Lines(orders.to_vec()),
                    Err(_) => Answer::Silent,
                }
            }
        }
    }
    pub mod interceptor {

        use super::eval::{after_next, Roles, Weights};
        use super::protocol::Order;
        use super::racer::Racer;
        use super::state::{Pod, State, Track};
        use super::step::{Thrust, MAX_THRUST};
        use super::{Csb, View};
        use crate::bot::{Answer, Bot};

        const TOUCH: f64 = 800.0;

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Interceptor {
            pub racer: Racer,
            pub block: bool,
            pub shield_speed: f64,
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

        fn leader(track: &Track, s: &State, player: usize) -> usize {
            Roles::assign(track, s, &Weights::default(), None).runner[player]
        }

        impl Interceptor {
            fn hit_coming(&self, s: &State, me: usize, pod: &Pod) -> bool {
                let them = 1 - me;
                s.pods[them * 2..them * 2 + 2].iter().any(|o| {
                    let next = (pod.pos + pod.vel).dist(o.pos + o.vel);
                    next < TOUCH && (pod.vel - o.vel).norm() > self.shield_speed
                })
            }

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
                    x: aim.x.round() as i32,
                    y: aim.y.round() as i32,
                    thrust,
                    message: None,
                }
            }

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
    }
    pub mod protocol {

        use super::state::{Pod, State, Track, PODS};
        use super::step::{Command, Thrust, MAX_THRUST};
        use crate::geom::Vec2;
        use crate::text::{digits, message, signed, spaces};
        use std::fmt::{self, Write};

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Order<'a> {
            pub x: i32,
            pub y: i32,
            pub thrust: Thrust,
            pub message: Option<&'a str>,
        }

        impl Order<'_> {
            pub fn command(&self) -> Command {
                Command::toward(self.x, self.y, self.thrust)
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum OrderError {
            Syntax,
            Power(u32),
        }

        impl fmt::Display for OrderError {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    OrderError::Syntax => write!(f, "expected 'x y power'"),
                    OrderError::Power(p) => {
                        write!(f, "expected '0 <= power <= 200' but found 'power = {p}'")
                    }
                }
            }
        }

        pub fn parse_order(line: &str) -> Result<Order<'_>, OrderError> {
            let b = line.as_bytes();
            let (x, i) = signed(b, 0, 9).ok_or(OrderError::Syntax)?;
            let i = spaces(b, i).ok_or(OrderError::Syntax)?;
            let (y, i) = signed(b, i, 9).ok_or(OrderError::Syntax)?;
            let ws_end = spaces(b, i).ok_or(OrderError::Syntax)?;
            // First the regex lets `\s+` take every blank, then tries a power and a message after it.
            let rest = &line[ws_end..];
            let with_power = if rest.is_empty() {
                Some((None, None))
            } else {
                power_token(rest).and_then(|(power, len)| {
                    let after = &rest[len..];
                    if after.is_empty() {
                        Some((Some(power), None))
                    } else {
                        message(after).map(|m| (Some(power), Some(m)))
                    }
                })
            };
            let (power, msg) = match with_power {
                Some(found) => found,
                // Backtracking: `\s+` gives one blank back, the power is skipped, and the message
                // group takes that blank and everything after it.
                None if ws_end - i >= 2 => (
                    None,
                    Some(message(&line[ws_end - 1..]).ok_or(OrderError::Syntax)?),
                ),
                None => return Err(OrderError::Syntax),
            };
            let thrust = match power {
                None => Thrust::Power(MAX_THRUST),
                Some(Power::Shield) => Thrust::Shield,
                Some(Power::Boost) => Thrust::Boost,
                Some(Power::Number(p)) if p <= MAX_THRUST as u32 => Thrust::Power(p as u16),
                Some(Power::Number(p)) => return Err(OrderError::Power(p)),
            };
            Ok(Order {
                x,
                y,
                thrust,
                message: msg,
            })
        }

        enum Power {
            Number(u32),
            Shield,
            Boost,
        }

        fn power_token(s: &str) -> Option<(Power, usize)> {
            let b = s.as_bytes();
            if let Some((v, end)) = digits(b, 0, 9) {
                return Some((Power::Number(v), end));
            }
            if s.starts_with("SHIELD") {
                Some((Power::Shield, 6))
            } else if s.starts_with("BOOST") {
                Some((Power::Boost, 5))
            } else {
                None
            }
        }

        pub fn display_angle(angle: Option<f64>) -> i32 {
            const TAU: f64 = 2.0 * std::f64::consts::PI;
            match angle {
                None => -1,
                Some(a) => crate::java::round_to_int(
                    ((a % TAU) + TAU) % TAU * 180.0 / std::f64::consts::PI,
                ),
            }
        }

        pub fn write_init(track: &Track, out: &mut impl Write) -> fmt::Result {
            writeln!(out, "{}", track.laps)?;
            writeln!(out, "{}", track.len())?;
            for cp in track.checkpoints() {
                writeln!(out, "{} {}", cp.x as i32, cp.y as i32)?;
            }
            Ok(())
        }

        pub fn pod_order(player: usize) -> [usize; PODS] {
            if player == 0 {
                [0, 1, 2, 3]
            } else {
                [2, 3, 0, 1]
            }
        }

        pub fn write_turn(state: &State, player: usize, out: &mut impl Write) -> fmt::Result {
            for i in pod_order(player) {
                let p = &state.pods[i];
                let next = if state.dead[State::owner(i)] {
                    -1
                } else {
                    p.next_checkpoint() as i32
                };
                writeln!(
                    out,
                    "{} {} {} {} {} {}",
                    crate::java::round_to_int(p.pos.x),
                    crate::java::round_to_int(p.pos.y),
                    crate::java::round_to_int(p.vel.x),
                    crate::java::round_to_int(p.vel.y),
                    display_angle(p.angle),
                    next
                )?;
            }
            Ok(())
        }

        pub fn parse_init(lines: &[String]) -> Result<(Track, usize), String> {
            let int = |k: usize| -> Result<i32, String> {
                let line = lines
                    .get(k)
                    .ok_or(format!("init line {}: missing", k + 1))?;
                line.trim().parse().map_err(|_| {
                    format!("init line {}: expected an integer, found '{line}'", k + 1)
                })
            };
            let laps = int(0)?;
            let n = int(1)?;
            if !(2..=super::state::MAX_CHECKPOINTS as i32).contains(&n)
                || !(1..=255).contains(&laps)
            {
                return Err(format!(
                    "init: {laps} laps over {n} checkpoints is not a race"
                ));
            }
            let mut cps = [(0, 0); super::state::MAX_CHECKPOINTS];
            for (k, cp) in cps.iter_mut().enumerate().take(n as usize) {
                let line = lines
                    .get(2 + k)
                    .ok_or(format!("init line {}: missing checkpoint", 3 + k))?;
                let v = ints::<2>(line).ok_or(format!(
                    "init line {}: expected 'x y', found '{line}'",
                    3 + k
                ))?;
                *cp = (v[0], v[1]);
            }
            let track = Track::new(&cps[..n as usize], laps as u8)?;
            Ok((track, 2 + n as usize))
        }

        fn ints<const N: usize>(line: &str) -> Option<[i32; N]> {
            let mut out = [0; N];
            let mut it = line.split_whitespace();
            for v in &mut out {
                *v = it.next()?.parse().ok()?;
            }
            it.next().is_none().then_some(out)
        }

        pub fn parse_turn(
            lines: &[String],
            track: &Track,
            first: bool,
            prev: &State,
            seat: Option<usize>,
        ) -> Result<(State, usize), String> {
            if lines.len() < PODS {
                return Err(format!(
                    "turn: expected {PODS} pod lines, got {}",
                    lines.len()
                ));
            }
            let mut seen = [[0i32; 6]; PODS];
            for (k, line) in lines.iter().take(PODS).enumerate() {
                seen[k] = ints::<6>(line).ok_or(format!(
                    "pod line {}: expected 'x y vx vy angle next', found '{line}'",
                    k + 1
                ))?;
            }
            let seat = match seat {
                Some(s) => s,
                None => {
                    let cp0 = track.checkpoint(0);
                    let d = |k: usize| Vec2::new(seen[k][0] as f64, seen[k][1] as f64).dist(cp0);
                    usize::from(d(0) > d(2))
                }
            };
            let mut state = if first {
                State::new([Vec2::ZERO; PODS])
            } else {
                let mut s = *prev;
                s.round += 1;
                s
            };
            for (k, v) in seen.iter().enumerate() {
                let i = if k < 2 {
                    seat * 2 + k
                } else {
                    (1 - seat) * 2 + k - 2
                };
                let before = if first {
                    Pod::at(Vec2::ZERO)
                } else {
                    prev.pods[i]
                };
                let pod = &mut state.pods[i];
                pod.pos = Vec2::new(v[0] as f64, v[1] as f64);
                pod.vel = Vec2::new(v[2] as f64, v[3] as f64);
                // Keep an exactly tracked facing while it agrees with the one shown.
                pod.angle = match (v[4], before.angle) {
                    (-1, _) => None,
                    (deg, Some(a)) if !first && display_angle(Some(a)) == deg => Some(a),
                    (deg, _) => Some((deg as f64).to_radians()),
                };
                let n = track.len() as i32;
                if v[5] < 0 {
                    state.dead[State::owner(i)] = true;
                } else if v[5] >= n {
                    return Err(format!(
                        "pod line {}: next checkpoint {} of {n}",
                        k + 1,
                        v[5]
                    ));
                } else {
                    let moved = (v[5] - before.next_checkpoint() as i32).rem_euclid(n) as u16;
                    if !first && moved > 0 {
                        pod.passed = before.passed + moved;
                        pod.last_pass = state.round;
                    }
                    pod.next = v[5] as u8;
                }
            }
            Ok((state, seat))
        }

        pub fn format_order(x: i32, y: i32, thrust: Thrust) -> String {
            match thrust {
                Thrust::Power(p) => format!("{x} {y} {p}"),
                Thrust::Boost => format!("{x} {y} BOOST"),
                Thrust::Shield => format!("{x} {y} SHIELD"),
            }
        }
    }
    pub mod racer {

        use super::protocol::Order;
        use super::state::Pod;
        use super::step::{Thrust, MAX_THRUST};
        use super::{Csb, View};
        use crate::bot::{Answer, Bot};

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Racer {
            pub lead: f64,
            pub boost_distance: f64,
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
                let thrust = if !pod.boost_used
                    && to_cp.norm() > self.boost_distance
                    && off < self.boost_angle
                {
                    Thrust::Boost
                } else if off > 90.0 {
                    Thrust::Power(MAX_THRUST / 10)
                } else if off > 30.0 {
                    Thrust::Power((MAX_THRUST as f64 * off.to_radians().cos()) as u16)
                } else {
                    Thrust::Power(MAX_THRUST)
                };
                Order {
                    x: aim.x.round() as i32,
                    y: aim.y.round() as i32,
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
    }
    pub mod setup {

        use super::state::{State, Track, PODS};
        use crate::geom::Vec2;
        use crate::java::{self, Random};

        pub const MAPS: [&[(i32, i32)]; 13] = [
            &[(12460, 1350), (10540, 5980), (3580, 5180), (13580, 7600)],
            &[
                (3600, 5280),
                (13840, 5080),
                (10680, 2280),
                (8700, 7460),
                (7200, 2160),
            ],
            &[
                (4560, 2180),
                (7350, 4940),
                (3320, 7230),
                (14580, 7700),
                (10560, 5060),
                (13100, 2320),
            ],
            &[(5010, 5260), (11480, 6080), (9100, 1840)],
            &[(14660, 1410), (3450, 7220), (9420, 7240), (5970, 4240)],
            &[(3640, 4420), (8000, 7900), (13300, 5540), (9560, 1400)],
            &[(4100, 7420), (13500, 2340), (12940, 7220), (5640, 2580)],
            &[
                (14520, 7780),
                (6320, 4290),
                (7800, 860),
                (7660, 5970),
                (3140, 7540),
                (9520, 4380),
            ],
            &[(10040, 5970), (13920, 1940), (8020, 3260), (2670, 7020)],
            &[(7500, 6940), (6000, 5360), (11300, 2820)],
            &[
                (4060, 4660),
                (13040, 1900),
                (6560, 7840),
                (7480, 1360),
                (12700, 7100),
            ],
            &[
                (3020, 5190),
                (6280, 7760),
                (14100, 7760),
                (13880, 1220),
                (10240, 4920),
                (6100, 2200),
            ],
            &[(10323, 3366), (11203, 5425), (7259, 6656), (5425, 2838)],
        ];

        pub const LAPS: u8 = 3;
        const JITTER: i32 = 30;
        const SPAWN_SPACING: f64 = 500.0;

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Setup {
            pub track: Track,
            pub map_index: Option<usize>,
            pub spawns: [Vec2; PODS],
        }

        impl Setup {
            pub fn from_seed(seed: i64) -> Setup {
                let mut rng = Random::new(seed);
                let map_index = rng.next_int(MAPS.len() as i32) as usize;
                let base = MAPS[map_index];
                let n = base.len();
                // Collections.rotate(list, d): the element at index i moves to (i + d) mod n.
                let d = rng.next_int(n as i32) as usize;
                let mut cps = [(0, 0); 8];
                for (i, &p) in base.iter().enumerate() {
                    cps[(i + d) % n] = p;
                }
                for p in &mut cps[..n] {
                    p.0 += rng.next_int(2 * JITTER + 1) - JITTER;
                    p.1 += rng.next_int(2 * JITTER - 1) - JITTER;
                }
                let track = Track::new(&cps[..n], LAPS).expect("base maps are valid tracks");
                Setup {
                    spawns: spawns(&track),
                    track,
                    map_index: Some(map_index),
                }
            }

            pub fn from_map(checkpoints: &[(i32, i32)]) -> Result<Setup, String> {
                let track = Track::new(checkpoints, LAPS)?;
                if track.checkpoint(0) == track.checkpoint(1) {
                    return Err("checkpoints 0 and 1 coincide: no starting grid".to_string());
                }
                Ok(Setup {
                    spawns: spawns(&track),
                    track,
                    map_index: None,
                })
            }

            pub fn parse_map(text: &str) -> Result<Vec<(i32, i32)>, String> {
                let nums = text
                    .split_whitespace()
                    .map(|t| {
                        t.parse::<i32>()
                            .map_err(|_| format!("map: '{t}' is not an integer coordinate"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if nums.len() % 2 != 0 {
                    return Err(format!("map: odd number of coordinates ({})", nums.len()));
                }
                Ok(nums.chunks(2).map(|c| (c[0], c[1])).collect())
            }

            pub fn initial_state(&self) -> State {
                State::new(self.spawns)
            }
        }

        fn spawns(track: &Track) -> [Vec2; PODS] {
            let cp0 = track.checkpoint(0);
            let u = (track.checkpoint(1) - cp0).normalized();
            let w = Vec2::new(-u.y, u.x);
            let count = PODS as i32;
            std::array::from_fn(|i| {
                let i = i as i32;
                let sign = if i % 2 == 0 { -1 } else { 1 };
                let offset = sign * (i / 2 * 2 + 1) + count % 2;
                let p = cp0 + w * (offset as f64 * SPAWN_SPACING);
                Vec2::new(
                    java::round_to_int(p.x) as f64,
                    java::round_to_int(p.y) as f64,
                )
            })
        }
    }
    pub mod state {

        use crate::geom::Vec2;

        pub const MAX_CHECKPOINTS: usize = 8;
        pub const PODS: usize = 4;

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Track {
            checkpoints: [Vec2; MAX_CHECKPOINTS],
            len: u8,
            pub laps: u8,
        }

        impl Track {
            pub fn new(checkpoints: &[(i32, i32)], laps: u8) -> Result<Track, String> {
                if !(2..=MAX_CHECKPOINTS).contains(&checkpoints.len()) {
                    return Err(format!(
                        "a track needs 2 to {MAX_CHECKPOINTS} checkpoints, got {}",
                        checkpoints.len()
                    ));
                }
                if laps == 0 {
                    return Err("a race needs at least one lap".to_string());
                }
                let mut cps = [Vec2::ZERO; MAX_CHECKPOINTS];
                for (slot, &(x, y)) in cps.iter_mut().zip(checkpoints) {
                    *slot = Vec2::new(x as f64, y as f64);
                }
                Ok(Track {
                    checkpoints: cps,
                    len: checkpoints.len() as u8,
                    laps,
                })
            }

            #[inline]
            pub fn checkpoints(&self) -> &[Vec2] {
                &self.checkpoints[..self.len as usize]
            }

            #[inline]
            pub fn len(&self) -> usize {
                self.len as usize
            }

            pub fn is_empty(&self) -> bool {
                self.len == 0
            }

            #[inline]
            pub fn checkpoint(&self, i: usize) -> Vec2 {
                self.checkpoints[i]
            }

            #[inline]
            pub fn passes_to_finish(&self) -> u16 {
                self.laps as u16 * self.len as u16
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Pod {
            pub pos: Vec2,
            pub vel: Vec2,
            pub angle: Option<f64>,
            pub passed: u16,
            pub next: u8,
            pub last_pass: u16,
            pub shield_round: Option<u16>,
            pub boost_used: bool,
        }

        impl Pod {
            pub fn at(pos: Vec2) -> Pod {
                Pod {
                    pos,
                    vel: Vec2::ZERO,
                    angle: None,
                    passed: 0,
                    next: 1,
                    last_pass: 0,
                    shield_round: None,
                    boost_used: false,
                }
            }

            #[inline]
            pub fn next_checkpoint(&self) -> usize {
                self.next as usize
            }

            #[inline]
            pub fn pass(&mut self, track: &Track, round: u16) {
                self.passed += 1;
                self.next = if self.next as usize + 1 == track.len() {
                    0
                } else {
                    self.next + 1
                };
                self.last_pass = round;
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct State {
            pub pods: [Pod; PODS],
            pub round: u16,
            pub dead: [bool; 2],
        }

        impl State {
            pub fn new(spawns: [Vec2; PODS]) -> State {
                State {
                    pods: spawns.map(Pod::at),
                    round: 0,
                    dead: [false; 2],
                }
            }

            #[inline]
            pub fn owner(pod: usize) -> usize {
                pod / 2
            }
        }
    }
    pub mod step {

        use super::state::{Pod, State, Track, PODS};
        use crate::geom::{contact_time, sqrt_le, Contacts, Vec2};
        use crate::java;

        pub const POD_RADIUS: f64 = 400.0;
        pub const CHECKPOINT_RADIUS: f64 = 600.0;
        pub const MAX_THRUST: u16 = 200;
        pub const BOOST_THRUST: f64 = 650.0;
        pub const MAX_ROTATION: f64 = std::f64::consts::PI / 10.0;
        pub const SHIELD_COOLDOWN: u16 = 3;
        pub const SHIELD_MASS: f64 = 10.0;
        pub const MIN_IMPULSE: f64 = 120.0;
        pub const EPSILON: f64 = 0.00001;
        pub const FRICTION_KEEP: f64 = 1.0 - 0.15;
        pub const CHECKPOINT_TIMEOUT: u16 = 100;
        pub const MAX_ROUNDS: u16 = 500;

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Steer {
            Hold,
            Point(i32, i32),
            Turn(f64),
            Face { angle: f64, cos: f64, sin: f64 },
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Thrust {
            Power(u16),
            Boost,
            Shield,
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Command {
            pub steer: Steer,
            pub thrust: Thrust,
        }

        impl Command {
            pub const IDLE: Command = Command {
                steer: Steer::Hold,
                thrust: Thrust::Power(0),
            };

            pub fn toward(x: i32, y: i32, thrust: Thrust) -> Command {
                Command {
                    steer: Steer::Point(x, y),
                    thrust,
                }
            }

            pub fn turn(radians: f64, thrust: Thrust) -> Command {
                Command {
                    steer: Steer::Turn(radians),
                    thrust,
                }
            }
        }

        pub fn step(track: &Track, state: &mut State, commands: &[Command; PODS]) {
            step_in::<false, ()>(track, state, commands, &mut ())
        }

        pub fn step_recording(
            track: &Track,
            state: &mut State,
            commands: &[Command; PODS],
            contacts: &mut impl Contacts,
        ) {
            step_in::<false, _>(track, state, commands, contacts)
        }

        pub fn step_fast(track: &Track, state: &mut State, commands: &[Command; PODS]) {
            step_in::<true, ()>(track, state, commands, &mut ())
        }

        fn step_in<const FAST: bool, C: Contacts>(
            track: &Track,
            state: &mut State,
            commands: &[Command; PODS],
            contacts: &mut C,
        ) {
            let round = state.round;
            let mut shielded = [false; PODS];
            for (i, (pod, cmd)) in state.pods.iter_mut().zip(commands).enumerate() {
                shielded[i] = apply_command::<FAST>(track, pod, cmd, round);
            }
            movement(track, state, &shielded, contacts);
        }

        #[inline(always)]
        fn movement<C: Contacts>(
            track: &Track,
            state: &mut State,
            shielded: &[bool; PODS],
            contacts: &mut C,
        ) {
            let mut paths = state.pods.map(|p| Path::new(p.pos));
            let mut t = 0.0;
            while t < 1.0 {
                t += advance(track, &mut state.pods, shielded, t, &mut paths, contacts);
            }
            state.pods.iter_mut().for_each(settle);
            state.round += 1;
            let round = state.round;
            for (i, (pod, path)) in state.pods.iter_mut().zip(&mut paths).enumerate() {
                check_passes(track, pod, path, round, state.dead[State::owner(i)]);
            }
            for player in 0..2 {
                state.dead[player] |= timed_out(&state.pods[player * 2..player * 2 + 2], round);
            }
        }

        #[inline]
        fn settle(pod: &mut Pod) {
            pod.vel = pod.vel * FRICTION_KEEP;
            pod.pos = pod.pos.round();
            pod.vel = pod.vel.trunc();
        }

        #[inline]
        fn check_passes(track: &Track, pod: &mut Pod, path: &mut Path, round: u16, dead: bool) {
            // The usual turn first: a straight path.
            if path.is_straight() {
                passes_straight(track, pod, path.points[0], round, dead);
            } else if !dead {
                pass_checkpoints(track, pod, path, round);
            }
        }

        #[inline(always)]
        fn passes_straight(track: &Track, pod: &mut Pod, start: Vec2, round: u16, dead: bool) {
            if !touches(start, pod.pos, track.checkpoint(pod.next_checkpoint())) || dead {
                return;
            }
            pass_checkpoints(track, pod, &mut Path::new(start), round);
        }

        #[inline]
        fn timed_out(pods: &[Pod], round: u16) -> bool {
            pods.iter()
                .all(|p| round - p.last_pass >= CHECKPOINT_TIMEOUT)
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Solo {
            pub thrust: [Pod; 2],
            pub shielded: [bool; 2],
            pub end: [Pod; 2],
            pub dead: bool,
            pub touched: bool,
        }

        pub fn solo(
            track: &Track,
            state: &mut State,
            player: usize,
            commands: &[Command; 2],
        ) -> Solo {
            const FAR: f64 = 1e7;
            let (mine, other) = (player * 2, (1 - player) * 2);
            state.pods[other] = Pod::at(Vec2::new(FAR, FAR));
            state.pods[other + 1] = Pod::at(Vec2::new(2.0 * FAR, FAR));
            let mut shielded = [false; 2];
            let thrust = [0, 1].map(|k| {
                let mut pod = state.pods[mine + k];
                shielded[k] = apply_command::<true>(track, &mut pod, &commands[k], state.round);
                pod
            });
            let mut all = [Command::IDLE; PODS];
            all[mine..mine + 2].copy_from_slice(commands);
            let mut touched = Touched(false);
            step_in::<true, _>(track, state, &all, &mut touched);
            Solo {
                thrust,
                shielded,
                end: [state.pods[mine], state.pods[mine + 1]],
                dead: state.dead[player],
                touched: touched.0,
            }
        }

        struct Touched(bool);

        impl Contacts for Touched {
            #[inline]
            fn contact(&mut self, _: f64, _: usize, _: Option<usize>, _: Vec2) {
                self.0 = true;
            }
        }

        #[inline]
        pub fn step_against(
            track: &Track,
            state: &mut State,
            me: usize,
            ours: &[Command; 2],
            theirs: &Solo,
        ) -> bool {
            let (mine, them) = (me * 2, (1 - me) * 2);
            let round = state.round;
            let mut shielded = [false; PODS];
            for k in 0..2 {
                let pod = &mut state.pods[mine + k];
                shielded[mine + k] = apply_command::<true>(track, pod, &ours[k], round);
                shielded[them + k] = theirs.shielded[k];
            }
            let mut pods = [&theirs.thrust[0]; PODS];
            pods[mine] = &state.pods[mine];
            pods[mine + 1] = &state.pods[mine + 1];
            pods[them + 1] = &theirs.thrust[1];
            // Every pair but the other player's own, for which `theirs` says whether they touch.
            let mut near = 0u8;
            for (k, &(i, j)) in PAIRS.iter().enumerate() {
                near |=
                    (((i / 2 == me || j / 2 == me) & may_touch(pods[i], pods[j], 1.0)) as u8) << k;
            }
            let mut touch = theirs.touched;
            while near != 0 && !touch {
                let (i, j) = PAIRS[near.trailing_zeros() as usize];
                near &= near - 1;
                touch = touch_time(pods[i], pods[j], 0.0, 1.0).is_some();
            }
            if touch {
                state.pods[them..them + 2].copy_from_slice(&theirs.thrust);
                movement(track, state, &shielded, &mut ());
                return false;
            }
            let next = round + 1;
            for pod in &mut state.pods[mine..mine + 2] {
                let start = pod.pos;
                pod.pos += pod.vel * 1.0;
                settle(pod);
                passes_straight(track, pod, start, next, state.dead[me]);
            }
            state.pods[them..them + 2].copy_from_slice(&theirs.end);
            state.round = next;
            state.dead[1 - me] = theirs.dead;
            state.dead[me] |= timed_out(&state.pods[mine..mine + 2], next);
            true
        }

        #[inline(always)]
        fn apply_command<const FAST: bool>(
            track: &Track,
            pod: &mut Pod,
            cmd: &Command,
            round: u16,
        ) -> bool {
            // Written as selects rather than a match with side effects: in a search the kind of
            // thrust is unpredictable (measured: fewer mispredicted branches).
            let shielded = cmd.thrust == Thrust::Shield;
            let boost = cmd.thrust == Thrust::Boost;
            let numeric = match cmd.thrust {
                Thrust::Power(p) => p as f64,
                _ => 0.0,
            };
            let boost_power = if pod.boost_used {
                MAX_THRUST as f64
            } else {
                BOOST_THRUST
            };
            pod.boost_used |= boost;
            if shielded {
                pod.shield_round = Some(round);
            }
            let cooling = pod
                .shield_round
                .is_some_and(|s| round <= s + SHIELD_COOLDOWN);
            let power = if cooling {
                0.0
            } else if boost {
                boost_power
            } else {
                numeric
            };
            let (angle, known) = match cmd.steer {
                Steer::Hold => return shielded,
                Steer::Point(x, y) => match rotate_toward(pod.angle, pod.pos, x, y) {
                    Some(a) => (a, None),
                    None => return shielded,
                },
                Steer::Turn(delta) => (turned(track, pod, delta), None),
                Steer::Face { angle, cos, sin } => (angle, Some((sin, cos))),
            };
            pod.angle = Some(angle);
            if power != 0.0 {
                pod.vel += if FAST {
                    let (s, c) = known.unwrap_or_else(|| crate::geom::fast_sin_cos(angle));
                    Vec2::new(c * power, s * power)
                } else {
                    thrust_vector(angle, power)
                };
            }
            shielded
        }

        #[inline]
        pub fn turned(track: &Track, pod: &Pod, delta: f64) -> f64 {
            let base = match pod.angle {
                Some(last) => last,
                None => {
                    let cp = track.checkpoint(pod.next_checkpoint());
                    java::atan2(cp.y - pod.pos.y, cp.x - pod.pos.x)
                }
            };
            base + delta.clamp(-MAX_ROTATION, MAX_ROTATION)
        }

        #[inline]
        pub fn rotate_toward(angle: Option<f64>, pos: Vec2, x: i32, y: i32) -> Option<f64> {
            let (tx, ty) = (x as f64, y as f64);
            if tx == pos.x && ty == pos.y {
                return None;
            }
            let a = java::atan2(ty - pos.y, tx - pos.x);
            Some(match angle {
                None => a,
                Some(last) => capped_rotation(last, a),
            })
        }

        #[inline]
        fn capped_rotation(last: f64, target: f64) -> f64 {
            const TAU: f64 = 2.0 * std::f64::consts::PI;
            let da = (target - last) % TAU;
            let rel = (2.0 * da) % TAU - da;
            if rel.abs() >= MAX_ROTATION {
                last + MAX_ROTATION * rel.signum()
            } else {
                target
            }
        }

        #[inline]
        fn thrust_vector(angle: f64, power: f64) -> Vec2 {
            let (s, c) = angle.sin_cos();
            let l2 = c * c + s * s;
            // Where c^2 + s^2 rounds to exactly 1, the square root is 1 and dividing by it changes
            // nothing: skip both (the same bits, less latency).
            let (ux, uy) = if l2 == 1.0 {
                (c, s)
            } else {
                let l = l2.sqrt();
                (c / l, s / l)
            };
            Vec2::new(ux * power, uy * power)
        }

        #[derive(Clone, Copy, Debug)]
        struct Path {
            points: [Vec2; Path::KEPT],
            len: usize,
            pending: Option<(f64, Vec2)>,
            reached: u8,
        }

        impl Path {
            const KEPT: usize = 5;

            fn new(start: Vec2) -> Path {
                Path {
                    points: [start; Path::KEPT],
                    len: 1,
                    pending: None,
                    reached: 0,
                }
            }

            #[inline]
            fn is_straight(&self) -> bool {
                self.len == 1 && self.pending.is_none()
            }

            #[inline]
            fn bend(&mut self, track: &Track, time: f64, pos: Vec2) {
                if let Some((t, _)) = self.pending {
                    if t != time {
                        self.close(track);
                    }
                }
                self.pending = Some((time, pos));
            }

            fn close(&mut self, track: &Track) {
                if let Some((_, at)) = self.pending.take() {
                    if self.len == Path::KEPT {
                        self.reached |= reached_mask(track, self.points[0], self.points[1]);
                        self.points.copy_within(1.., 0);
                        self.len -= 1;
                    }
                    self.points[self.len] = at;
                    self.len += 1;
                }
            }

            #[inline]
            fn reaches(&self, track: &Track, i: usize, end: Vec2) -> bool {
                let cp = track.checkpoint(i);
                touches(self.points[self.len - 1], end, cp)
                    || (self.len > 1 || self.reached != 0) && self.bent_reaches(i, cp)
            }

            fn bent_reaches(&self, i: usize, cp: Vec2) -> bool {
                self.reached & (1 << i) != 0
                    || self.points[..self.len]
                        .windows(2)
                        .any(|w| touches(w[0], w[1], cp))
            }
        }

        fn reached_mask(track: &Track, a: Vec2, b: Vec2) -> u8 {
            let mut mask = 0;
            for (i, &cp) in track.checkpoints().iter().enumerate() {
                if touches(a, b, cp) {
                    mask |= 1 << i;
                }
            }
            mask
        }

        const PAIRS: [(usize, usize); 6] = [(3, 2), (3, 1), (3, 0), (2, 1), (2, 0), (1, 0)];

        #[inline]
        fn advance(
            track: &Track,
            pods: &mut [Pod; PODS],
            shielded: &[bool; PODS],
            begin: f64,
            paths: &mut [Path; PODS],
            contacts: &mut impl Contacts,
        ) -> f64 {
            let limit = 1.0 - begin;
            // First the cheap test for every pair, without a branch: a pair apart on one axis by more
            // than it can close in the sub-step is neither touching now nor later (one unit of margin).
            // Most sub-steps have no pair left.
            let mut near = 0u8;
            for (k, &(i, j)) in PAIRS.iter().enumerate() {
                near |= (may_touch(&pods[i], &pods[j], limit) as u8) << k;
            }
            let mut hits: [(f64, u8, u8); 6] = [(0.0, 0, 0); 6];
            let mut n = 0;
            while near != 0 {
                let (i, j) = PAIRS[near.trailing_zeros() as usize];
                near &= near - 1;
                let Some(time) = touch_time(&pods[i], &pods[j], begin, limit) else {
                    continue;
                };
                // Stable insertion by time.
                let mut k = n;
                while k > 0 && hits[k - 1].0 > time {
                    hits[k] = hits[k - 1];
                    k -= 1;
                }
                hits[k] = (time, i as u8, j as u8);
                n += 1;
            }
            if n == 0 {
                for pod in pods.iter_mut() {
                    pod.pos += pod.vel * limit;
                }
                return limit;
            }
            let first = hits[0].0;
            let dt = first - begin;
            if dt > 0.0 {
                for pod in pods.iter_mut() {
                    pod.pos += pod.vel * dt;
                }
            }
            for &(time, i, j) in &hits[..n] {
                if time > first + EPSILON {
                    break;
                }
                let (i, j) = (i as usize, j as usize);
                contacts.contact(first, i, Some(j), (pods[i].pos + pods[j].pos) * 0.5);
                bounce(pods, shielded, i, j);
                for k in [i, j] {
                    paths[k].bend(track, first, pods[k].pos);
                }
            }
            dt
        }

        #[inline(always)]
        fn may_touch(a: &Pod, b: &Pod, limit: f64) -> bool {
            let reach = 2.0 * POD_RADIUS + 1.0;
            let d = a.pos - b.pos;
            let v = a.vel - b.vel;
            !((d.x.abs() - v.x.abs() * limit > reach) | (d.y.abs() - v.y.abs() * limit > reach))
        }

        #[inline(always)]
        fn touch_time(a: &Pod, b: &Pod, begin: f64, limit: f64) -> Option<f64> {
            let d = a.pos - b.pos;
            let v = a.vel - b.vel;
            if sqrt_le(d.norm2(), 2.0 * POD_RADIUS) {
                Some(begin)
            } else {
                contact_time(d, v, 2.0 * POD_RADIUS, limit).map(|c| begin + c)
            }
        }

        #[inline]
        fn bounce(pods: &mut [Pod; PODS], shielded: &[bool; PODS], c1: usize, c2: usize) {
            let inv_mass = |k: usize| {
                if shielded[k] {
                    1.0 / SHIELD_MASS
                } else {
                    1.0
                }
            };
            let (m1, m2) = (inv_mass(c1), inv_mass(c2));
            // The distance is computed once: the referee's second computation (for the push) sees
            // the same positions and gives the same bits.
            let between = pods[c2].pos - pods[c1].pos;
            let dist = between.norm();
            let normal = Vec2::new(between.x / dist, between.y / dist);
            let relvel = pods[c1].vel - pods[c2].vel;
            let force = normal.dot(relvel) / (m1 + m2);
            let total = force + force.max(MIN_IMPULSE);
            pods[c1].vel += normal * -total * m1;
            pods[c2].vel += normal * total * m2;
            let diff = dist - 2.0 * POD_RADIUS;
            if diff <= 0.0 {
                let push = -diff / 2.0 + EPSILON;
                pods[c1].pos += normal * -push;
                pods[c2].pos += normal * push;
            }
        }

        #[inline]
        fn segment_dist2(a: Vec2, b: Vec2, p: Vec2) -> f64 {
            let (x2, y2) = (b.x - a.x, b.y - a.y);
            let (mut px, mut py) = (p.x - a.x, p.y - a.y);
            let mut dot = px * x2 + py * y2;
            let proj = if dot <= 0.0 {
                0.0
            } else {
                px = x2 - px;
                py = y2 - py;
                dot = px * x2 + py * y2;
                if dot <= 0.0 {
                    0.0
                } else {
                    dot * dot / (x2 * x2 + y2 * y2)
                }
            };
            let len = px * px + py * py - proj;
            if len < 0.0 {
                0.0
            } else {
                len
            }
        }

        #[inline]
        fn touches(a: Vec2, b: Vec2, cp: Vec2) -> bool {
            // Early out: farther than the radius from the segment's bounding box on one axis.
            // The four tests without branches between them: which one rejects is unpredictable.
            let r = CHECKPOINT_RADIUS;
            let (lo_x, hi_x) = if a.x < b.x { (a.x, b.x) } else { (b.x, a.x) };
            let (lo_y, hi_y) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
            if (cp.x < lo_x - r) | (cp.x > hi_x + r) | (cp.y < lo_y - r) | (cp.y > hi_y + r) {
                return false;
            }
            sqrt_le(segment_dist2(a, b, cp), CHECKPOINT_RADIUS)
        }

        fn pass_checkpoints(track: &Track, pod: &mut Pod, path: &mut Path, round: u16) {
            path.close(track);
            let end = pod.pos;
            for _ in 0..track.len() {
                if !path.reaches(track, pod.next_checkpoint(), end) {
                    break;
                }
                pod.pass(track, round);
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum EndReason {
            EndReached,
            Timeout,
            MaxRounds,
            InvalidInput,
            PlayerTimeout,
        }

        impl EndReason {
            pub fn as_str(self) -> &'static str {
                match self {
                    EndReason::EndReached => "endReached",
                    EndReason::Timeout => "timeout",
                    EndReason::MaxRounds => "maxRounds",
                    EndReason::InvalidInput => "invalidInput",
                    EndReason::PlayerTimeout => "playerTimeout",
                }
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Outcome {
            pub scores: [u8; 2],
            pub reason: EndReason,
        }

        fn finished(track: &Track, state: &State) -> bool {
            state
                .pods
                .iter()
                .enumerate()
                .any(|(i, p)| !state.dead[State::owner(i)] && p.passed >= track.passes_to_finish())
        }

        pub fn outcome(track: &Track, state: &State) -> Option<Outcome> {
            let reason = if finished(track, state) {
                EndReason::EndReached
            } else if state.dead.iter().any(|&d| d) {
                EndReason::Timeout
            } else if state.round >= MAX_ROUNDS {
                EndReason::MaxRounds
            } else {
                return None;
            };
            Some(Outcome {
                scores: scores(track, state),
                reason,
            })
        }

        pub fn scores(track: &Track, state: &State) -> [u8; 2] {
            // Higher is better: (passes, -distance).
            let best = |player: usize| {
                state.pods[player * 2..player * 2 + 2]
                    .iter()
                    .map(|p| {
                        let cp = track.checkpoint(p.next_checkpoint());
                        (p.passed, -p.pos.dist(cp))
                    })
                    .fold((0, f64::NEG_INFINITY), |a, b| {
                        if b.0 > a.0 || (b.0 == a.0 && b.1 > a.1) {
                            b
                        } else {
                            a
                        }
                    })
            };
            match state.dead {
                [true, true] => [0, 0],
                [true, false] => [0, 2],
                [false, true] => [2, 0],
                [false, false] => {
                    let (a, b) = (best(0), best(1));
                    if a == b {
                        [2, 2]
                    } else if a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) {
                        [2, 1]
                    } else {
                        [1, 2]
                    }
                }
            }
        }
    }

    pub use protocol::{parse_order, Order, OrderError};
    pub use setup::Setup;
    pub use state::{Pod, State, Track, PODS};
    pub use step::{outcome, step, Command, EndReason, Outcome, Steer, Thrust};

    pub struct Csb;

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct View {
        pub track: Track,
        pub state: State,
        pub player: usize,
    }

    impl View {
        pub fn own_pods(&self) -> [usize; PODS] {
            protocol::pod_order(self.player)
        }
    }

    impl crate::bot::Game for Csb {
        type View = View;
        type Orders = [Order<'static>; 2];
        const NAME: &'static str = "csb";
    }
}

#[allow(dead_code, unused_imports)]
mod geom {

    use std::ops::{Add, AddAssign, Mul, Neg, Sub};

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Vec2 {
        pub x: f64,
        pub y: f64,
    }

    impl Vec2 {
        pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

        #[inline]
        pub const fn new(x: f64, y: f64) -> Vec2 {
            Vec2 { x, y }
        }

        #[inline]
        pub fn dot(self, o: Vec2) -> f64 {
            self.x * o.x + self.y * o.y
        }

        #[inline]
        pub fn norm2(self) -> f64 {
            self.dot(self)
        }

        #[inline]
        pub fn norm(self) -> f64 {
            self.norm2().sqrt()
        }

        #[inline]
        pub fn dist(self, o: Vec2) -> f64 {
            (self - o).norm()
        }

        #[inline]
        pub fn normalized(self) -> Vec2 {
            let n = self.norm();
            Vec2::new(self.x / n, self.y / n)
        }

        #[inline]
        pub fn round(self) -> Vec2 {
            Vec2::new(crate::java::round(self.x), crate::java::round(self.y))
        }

        #[inline]
        pub fn trunc(self) -> Vec2 {
            Vec2::new(crate::java::trunc(self.x), crate::java::trunc(self.y))
        }
    }

    impl Add for Vec2 {
        type Output = Vec2;
        #[inline]
        fn add(self, o: Vec2) -> Vec2 {
            Vec2::new(self.x + o.x, self.y + o.y)
        }
    }

    impl AddAssign for Vec2 {
        #[inline]
        fn add_assign(&mut self, o: Vec2) {
            self.x += o.x;
            self.y += o.y;
        }
    }

    impl Sub for Vec2 {
        type Output = Vec2;
        #[inline]
        fn sub(self, o: Vec2) -> Vec2 {
            Vec2::new(self.x - o.x, self.y - o.y)
        }
    }

    impl Mul<f64> for Vec2 {
        type Output = Vec2;
        #[inline]
        fn mul(self, k: f64) -> Vec2 {
            Vec2::new(self.x * k, self.y * k)
        }
    }

    impl Neg for Vec2 {
        type Output = Vec2;
        #[inline]
        fn neg(self) -> Vec2 {
            Vec2::new(-self.x, -self.y)
        }
    }

    pub trait Contacts {
        fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2);
    }

    impl Contacts for () {
        #[inline(always)]
        fn contact(&mut self, _: f64, _: usize, _: Option<usize>, _: Vec2) {}
    }

    pub type ContactLog = Vec<(f64, usize, Option<usize>, Vec2)>;

    impl Contacts for ContactLog {
        fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2) {
            self.push((time, a, b, at));
        }
    }

    #[allow(clippy::excessive_precision)]
    #[inline]
    pub fn fast_sin_cos(a: f64) -> (f64, f64) {
        const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
        // pi/2 as a 33-bit head (exact times any k below 2^20) and its tail.
        const PIO2_HI: f64 = 1.570_796_326_734_125_614_17;
        const PIO2_LO: f64 = 6.077_100_506_506_192_249_32e-11;
        const S: [f64; 6] = [
            -1.666_666_666_666_663_243_48e-1,
            8.333_333_333_322_489_461_24e-3,
            -1.984_126_982_985_794_931_34e-4,
            2.755_731_370_707_006_767_89e-6,
            -2.505_076_025_340_686_341_95e-8,
            1.589_690_995_211_550_102_21e-10,
        ];
        const C: [f64; 6] = [
            4.166_666_666_666_660_190_37e-2,
            -1.388_888_888_887_410_957_49e-3,
            2.480_158_728_947_672_941_78e-5,
            -2.755_731_435_139_066_330_35e-7,
            2.087_572_321_298_174_827_90e-9,
            -1.135_964_755_778_819_482_65e-11,
        ];
        // The nearest quadrant k without a conversion: its low bits (two's complement) are those
        // of the rounded sum's mantissa.
        let big = a * TWO_OVER_PI + crate::java::ROUNDER;
        let kf = big - crate::java::ROUNDER;
        let k = big.to_bits();
        let r = (a - kf * PIO2_HI) - kf * PIO2_LO;
        let z = r * r;
        let sin = r + r * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
        let cos = 1.0 - 0.5 * z
            + z * z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * C[5])))));
        // The quadrant without a jump (its branch is unpredictable in a search): odd quadrants swap
        // sine and cosine; quadrants 2 and 3 negate the sine, quadrants 1 and 2 the cosine.
        let swap = k & 1 != 0;
        let (s, c) = if swap { (cos, sin) } else { (sin, cos) };
        let negate = |x: f64, yes: bool| f64::from_bits(x.to_bits() ^ (yes as u64) << 63);
        (negate(s, k & 2 != 0), negate(c, (k + 1) & 2 != 0))
    }

    #[inline]
    pub fn small_sin_cos(a: f64) -> (f64, f64) {
        // Terms to a^13 and a^14: the first left out is below 1e-17 at pi/10.
        const S: [f64; 6] = [
            -1.0 / 6.0,
            1.0 / 120.0,
            -1.0 / 5040.0,
            1.0 / 362_880.0,
            -1.0 / 39_916_800.0,
            1.0 / 6_227_020_800.0,
        ];
        const C: [f64; 7] = [
            -1.0 / 2.0,
            1.0 / 24.0,
            -1.0 / 720.0,
            1.0 / 40_320.0,
            -1.0 / 3_628_800.0,
            1.0 / 479_001_600.0,
            -1.0 / 87_178_291_200.0,
        ];
        let z = a * a;
        let sin = a + a * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
        let cos = 1.0
            + z * (C[0]
                + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * (C[5] + z * C[6]))))));
        (sin, cos)
    }

    #[inline]
    pub fn sqrt_le(d2: f64, r: f64) -> bool {
        let r2 = r * r;
        if d2 < r2 * (1.0 - 1e-9) {
            true
        } else if d2 > r2 * (1.0 + 1e-9) {
            false
        } else {
            d2.sqrt() <= r
        }
    }

    #[inline]
    pub fn contact_time(d: Vec2, v: Vec2, r: f64, limit: f64) -> Option<f64> {
        let b = d.dot(v);
        if b >= 0.0 {
            // Moving apart (or sideways): the smaller root is not positive.
            return None;
        }
        // Early out, per axis: the gap on one axis cannot close within `limit`. The margin of one
        // unit dwarfs any rounding in the exact roots, so this never rejects a contact.
        if d.x.abs() - v.x.abs() * limit > r + 1.0 || d.y.abs() - v.y.abs() * limit > r + 1.0 {
            return None;
        }
        let a = v.norm2();
        let c = d.norm2() - r * r;
        let delta = b * b - a * c;
        if delta <= 0.0 || a == 0.0 {
            return None;
        }
        let t = (-b - delta.sqrt()) / a;
        if t > 0.0 && t <= limit {
            Some(t)
        } else {
            None
        }
    }
}

#[allow(dead_code, unused_imports)]
mod java {

    #[inline]
    pub fn round(x: f64) -> f64 {
        floor(x + 0.5)
    }

    pub const ROUNDER: f64 = 6_755_399_441_055_744.0;

    #[inline]
    pub fn floor(y: f64) -> f64 {
        const LIMIT: f64 = 2_251_799_813_685_248.0;
        if y.abs() < LIMIT {
            let r = (y + ROUNDER) - ROUNDER;
            r - if r > y { 1.0 } else { 0.0 }
        } else {
            y.floor()
        }
    }

    #[inline]
    pub fn round_to_int(x: f64) -> i32 {
        let y = x + 0.5;
        let t = y as i64;
        (if (t as f64) > y { t - 1 } else { t }) as i32
    }

    #[inline]
    pub fn trunc(x: f64) -> f64 {
        (x as i32) as f64
    }

    #[derive(Clone, Debug)]
    pub struct Random {
        seed: u64,
    }

    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const ADDEND: u64 = 0xB;
    const MASK: u64 = (1 << 48) - 1;

    impl Random {
        pub fn new(seed: i64) -> Random {
            Random {
                seed: (seed as u64 ^ MULTIPLIER) & MASK,
            }
        }

        fn next(&mut self, bits: u32) -> i32 {
            self.seed = (self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
            (self.seed >> (48 - bits)) as i32
        }

        pub fn next_int(&mut self, bound: i32) -> i32 {
            assert!(
                bound > 0,
                "Random::next_int: bound must be positive, got {bound}"
            );
            let mut r = self.next(31);
            let m = bound - 1;
            if bound & m == 0 {
                return ((bound as i64 * r as i64) >> 31) as i32;
            }
            let mut u = r;
            loop {
                r = u % bound;
                if u.wrapping_sub(r).wrapping_add(m) >= 0 {
                    return r;
                }
                u = self.next(31);
            }
        }

        pub fn next_int_any(&mut self) -> i32 {
            self.next(32)
        }

        pub fn next_long(&mut self) -> i64 {
            ((self.next(32) as i64) << 32).wrapping_add(self.next(32) as i64)
        }

        pub fn next_double(&mut self) -> f64 {
            let hi = (self.next(26) as i64) << 27;
            let lo = self.next(27) as i64;
            (hi + lo) as f64 * (1.0 / (1u64 << 53) as f64)
        }
    }

    #[allow(clippy::excessive_precision, clippy::approx_constant)]
    pub fn atan2(y: f64, x: f64) -> f64 {
        const TINY: f64 = 1.0e-300;
        const PI_O_4: f64 = 7.853_981_633_974_482_790_0e-1;
        const PI_O_2: f64 = 1.570_796_326_794_896_558_0e0;
        const PI: f64 = 3.141_592_653_589_793_116_0e0;
        const PI_LO: f64 = 1.224_646_799_147_353_177_2e-16;

        if x.is_nan() || y.is_nan() {
            return x + y;
        }
        if x == 1.0 {
            return atan(y);
        }
        // Quadrant code: bit 0 is the sign of y, bit 1 the sign of x.
        let m = (y.is_sign_negative() as u32) | ((x.is_sign_negative() as u32) << 1);
        if y == 0.0 {
            return match m {
                0 | 1 => y,
                2 => PI + TINY,
                _ => -PI - TINY,
            };
        }
        if x == 0.0 {
            return if y < 0.0 {
                -PI_O_2 - TINY
            } else {
                PI_O_2 + TINY
            };
        }
        if x.is_infinite() {
            return if y.is_infinite() {
                match m {
                    0 => PI_O_4 + TINY,
                    1 => -PI_O_4 - TINY,
                    2 => 3.0 * PI_O_4 + TINY,
                    _ => -3.0 * PI_O_4 - TINY,
                }
            } else {
                match m {
                    0 => 0.0,
                    1 => -0.0,
                    2 => PI + TINY,
                    _ => -PI - TINY,
                }
            };
        }
        if y.is_infinite() {
            return if y < 0.0 {
                -PI_O_2 - TINY
            } else {
                PI_O_2 + TINY
            };
        }
        // Difference of the binary exponents decides the huge and tiny quotients.
        let k = (high_word(y) & 0x7fff_ffff) as i32 - (high_word(x) & 0x7fff_ffff) as i32;
        let k = k >> 20;
        // Java's fdlibm (5.3) keeps the quadrant for a huge quotient; later fdlibm ports clear the
        // x sign there, and differ from Java by an ulp.
        let z = if k > 60 {
            PI_O_2 + 0.5 * PI_LO
        } else if x < 0.0 && k < -60 {
            0.0
        } else {
            atan((y / x).abs())
        };
        match m {
            0 => z,
            1 => -z,
            2 => PI - (z - PI_LO),
            _ => (z - PI_LO) - PI,
        }
    }

    #[inline]
    fn high_word(x: f64) -> u32 {
        (x.to_bits() >> 32) as u32
    }

    #[allow(clippy::excessive_precision, clippy::approx_constant)]
    fn atan(x: f64) -> f64 {
        const ATAN_HI: [f64; 4] = [
            4.636_476_090_008_060_935_15e-1,
            7.853_981_633_974_482_789_99e-1,
            9.827_937_232_473_290_540_82e-1,
            1.570_796_326_794_896_558_00e0,
        ];
        const ATAN_LO: [f64; 4] = [
            2.269_877_745_296_168_709_24e-17,
            3.061_616_997_868_383_017_93e-17,
            1.390_331_103_123_099_845_16e-17,
            6.123_233_995_736_766_035_87e-17,
        ];
        const AT: [f64; 11] = [
            3.333_333_333_333_293_180_27e-1,
            -1.999_999_999_987_648_324_76e-1,
            1.428_571_427_250_346_637_11e-1,
            -1.111_111_040_546_235_578_80e-1,
            9.090_887_133_436_506_561_96e-2,
            -7.691_876_205_044_829_994_95e-2,
            6.661_073_137_387_531_206_69e-2,
            -5.833_570_133_790_573_486_45e-2,
            4.976_877_994_615_932_360_17e-2,
            -3.653_157_274_421_691_552_70e-2,
            1.628_582_011_536_578_236_23e-2,
        ];

        let hx = high_word(x) as i32;
        let ix = hx & 0x7fff_ffff;
        if ix >= 0x4410_0000 {
            // |x| >= 2^66, or NaN.
            if x.is_nan() {
                return x + x;
            }
            return if hx > 0 {
                ATAN_HI[3] + ATAN_LO[3]
            } else {
                -ATAN_HI[3] - ATAN_LO[3]
            };
        }
        let (id, x) = if ix < 0x3fdc_0000 {
            // |x| < 0.4375
            if ix < 0x3e20_0000 {
                // |x| < 2^-29: atan(x) = x, raising inexact.
                return x;
            }
            (None, x)
        } else {
            let a = x.abs();
            if ix < 0x3ff3_0000 {
                if ix < 0x3fe6_0000 {
                    // 7/16 <= |x| < 11/16
                    (Some(0), (2.0 * a - 1.0) / (2.0 + a))
                } else {
                    // 11/16 <= |x| < 19/16
                    (Some(1), (a - 1.0) / (a + 1.0))
                }
            } else if ix < 0x4003_8000 {
                // 19/16 <= |x| < 39/16
                (Some(2), (a - 1.5) / (1.0 + 1.5 * a))
            } else {
                // 39/16 <= |x| < 2^66
                (Some(3), -1.0 / a)
            }
        };
        let z = x * x;
        let w = z * z;
        let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
        let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
        match id {
            None => x - x * (s1 + s2),
            Some(id) => {
                let z = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
                if hx < 0 {
                    -z
                } else {
                    z
                }
            }
        }
    }
}

#[allow(dead_code, unused_imports)]
mod params {

    pub fn parse(text: &str) -> Result<Vec<(String, f64)>, String> {
        let mut out = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (name, value) = line.split_once('=').ok_or(format!(
                "line {}: expected 'name = number', found '{raw}'",
                k + 1
            ))?;
            let name = name.trim().trim_matches('"');
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("line {}: '{}' is not a number", k + 1, value.trim()))?;
            if name.is_empty() || !value.is_finite() {
                return Err(format!(
                    "line {}: expected 'name = number', found '{raw}'",
                    k + 1
                ));
            }
            out.push((name.to_string(), value));
        }
        Ok(out)
    }

    pub fn format(params: &[(String, f64)]) -> String {
        params.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
    }

    pub trait Named {
        fn values(&self) -> Vec<(&'static str, f64)>;
        fn set(&mut self, name: &str, value: f64) -> Result<(), String>;

        fn set_all(&mut self, params: &[(&str, f64)]) -> Result<(), String> {
            params.iter().try_for_each(|(n, v)| self.set(n, *v))
        }
    }

    pub fn count(name: &str, value: f64, min: usize) -> Result<usize, String> {
        if value.fract() != 0.0 || value < min as f64 {
            return Err(format!(
                "{name} must be a whole number of at least {min}, got {value}"
            ));
        }
        Ok(value as usize)
    }
}

#[allow(dead_code, unused_imports)]
mod search {

    pub mod rng {

        #[derive(Clone, Debug)]
        pub struct Rng {
            s: [u64; 4],
        }

        impl Rng {
            pub fn new(seed: u64) -> Rng {
                let mut x = seed;
                let mut split = || {
                    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    let mut z = x;
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    z ^ (z >> 31)
                };
                Rng {
                    s: [split(), split(), split(), split()],
                }
            }

            #[inline]
            pub fn next_u64(&mut self) -> u64 {
                let s = &mut self.s;
                let out = (s[0].wrapping_add(s[3])).rotate_left(23).wrapping_add(s[0]);
                let t = s[1] << 17;
                s[2] ^= s[0];
                s[3] ^= s[1];
                s[1] ^= s[2];
                s[0] ^= s[3];
                s[2] ^= t;
                s[3] = s[3].rotate_left(45);
                out
            }

            #[inline]
            pub fn unit(&mut self) -> f64 {
                (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
            }

            #[inline]
            pub fn below(&mut self, n: usize) -> usize {
                (((self.next_u64() >> 32) * n as u64) >> 32) as usize
            }
        }
    }

    pub use rng::Rng;
    use std::time::Instant;

    pub trait Problem {
        type Genome: Copy;
        fn random(&self, rng: &mut Rng) -> Self::Genome;
        fn mutate(&self, genome: &mut Self::Genome, rate: f64, rng: &mut Rng);
        fn crossover(&self, a: &Self::Genome, b: &Self::Genome, rng: &mut Rng) -> Self::Genome;
        fn shift(&self, genome: &Self::Genome, rng: &mut Rng) -> Self::Genome;
        fn evaluate(&mut self, genome: &Self::Genome) -> f64;
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Budget {
        Rollouts(u64),
        Generations(u64),
        Until(Instant),
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Think {
        Rollouts(u64),
        Millis { first: u64, later: u64 },
    }

    impl Think {
        pub fn budgets(self, first: bool, started: Instant, share: f64) -> (Budget, Budget) {
            match self {
                Think::Rollouts(n) => {
                    let theirs = (n as f64 * share) as u64;
                    (Budget::Rollouts(n - theirs), Budget::Rollouts(theirs))
                }
                Think::Millis { first: f, later } => {
                    let ms = if first { f } else { later };
                    let end = started + std::time::Duration::from_millis(ms);
                    let mid =
                        started + std::time::Duration::from_secs_f64(ms as f64 * share / 1000.0);
                    (Budget::Until(end), Budget::Until(mid))
                }
            }
        }

        pub fn describe(self) -> String {
            match self {
                Think::Rollouts(n) => format!("rollouts={n}"),
                Think::Millis { later, .. } => format!("ms={later}"),
            }
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Settings {
        pub population: usize,
        pub elites: usize,
        pub tournament: usize,
        pub mutation_start: f64,
        pub mutation_end: f64,
    }

    impl Default for Settings {
        fn default() -> Settings {
            Settings {
                population: 24,
                elites: 2,
                tournament: 3,
                mutation_start: 0.35,
                mutation_end: 0.05,
            }
        }
    }

    impl Settings {
        pub fn values(&self) -> [(&'static str, f64); 5] {
            [
                ("search.population", self.population as f64),
                ("search.elites", self.elites as f64),
                ("search.tournament", self.tournament as f64),
                ("search.mutation_start", self.mutation_start),
                ("search.mutation_end", self.mutation_end),
            ]
        }

        pub fn set(&mut self, name: &str, value: f64) -> Result<bool, String> {
            use crate::params::count;
            match name {
                "search.population" => self.population = count(name, value, 4)?,
                "search.elites" => self.elites = count(name, value, 0)?,
                "search.tournament" => self.tournament = count(name, value, 1)?,
                "search.mutation_start" => self.mutation_start = value,
                "search.mutation_end" => self.mutation_end = value,
                _ => return Ok(false),
            }
            if self.elites >= self.population {
                return Err(format!(
                    "search.elites ({}) must be below search.population ({})",
                    self.elites, self.population
                ));
            }
            Ok(true)
        }
    }

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Stats {
        pub rollouts: u64,
        pub generations: u64,
        pub best_score: f64,
    }

    pub struct Ga<G: Copy> {
        pub settings: Settings,
        genomes: Vec<G>,
        scores: Vec<f64>,
        order: Vec<usize>,
        next: Vec<G>,
        next_scores: Vec<f64>,
    }

    impl<G: Copy> Ga<G> {
        pub fn new(settings: Settings) -> Ga<G> {
            assert!(settings.population >= 2 && settings.elites < settings.population);
            let n = settings.population;
            Ga {
                settings,
                genomes: Vec::with_capacity(n),
                scores: Vec::with_capacity(n),
                order: Vec::with_capacity(n),
                next: Vec::with_capacity(n),
                next_scores: Vec::with_capacity(n),
            }
        }

        pub fn best(&self) -> Option<&G> {
            self.order.first().map(|&i| &self.genomes[i])
        }

        pub fn reset(&mut self) {
            self.genomes.clear();
            self.scores.clear();
            self.order.clear();
        }

        pub fn search<P: Problem<Genome = G>>(
            &mut self,
            problem: &mut P,
            budget: Budget,
            rng: &mut Rng,
        ) -> (G, Stats) {
            let n = self.settings.population;
            let mut stats = Stats::default();
            let started = Instant::now();
            if self.genomes.len() == n {
                for g in &mut self.genomes {
                    *g = problem.shift(g, rng);
                }
            } else {
                self.genomes.clear();
                for _ in 0..n {
                    self.genomes.push(problem.random(rng));
                }
            }
            self.scores.clear();
            for g in &self.genomes {
                self.scores.push(problem.evaluate(g));
            }
            stats.rollouts += n as u64;
            self.rank();
            loop {
                // How far through the budget: 0 at the start, 1 at the end.
                let progress = match budget {
                    Budget::Rollouts(r) if stats.rollouts >= r => break,
                    Budget::Rollouts(r) => stats.rollouts as f64 / r as f64,
                    Budget::Generations(g) if stats.generations >= g => break,
                    Budget::Generations(g) => stats.generations as f64 / g as f64,
                    Budget::Until(deadline) => {
                        let now = Instant::now();
                        if now >= deadline {
                            break;
                        }
                        let whole = deadline.duration_since(started).as_secs_f64();
                        now.duration_since(started).as_secs_f64() / whole
                    }
                };
                let s = &self.settings;
                let rate =
                    s.mutation_start + (s.mutation_end - s.mutation_start) * progress.min(1.0);
                self.generation(problem, rate, rng, &mut stats);
            }
            let best = self.order[0];
            stats.best_score = self.scores[best];
            (self.genomes[best], stats)
        }

        fn generation<P: Problem<Genome = G>>(
            &mut self,
            problem: &mut P,
            rate: f64,
            rng: &mut Rng,
            stats: &mut Stats,
        ) {
            let n = self.settings.population;
            self.next.clear();
            self.next_scores.clear();
            for &i in &self.order[..self.settings.elites] {
                self.next.push(self.genomes[i]);
                self.next_scores.push(self.scores[i]);
            }
            while self.next.len() < n {
                let a = self.order[self.tournament(rng)];
                let b = self.order[self.tournament(rng)];
                let mut child = problem.crossover(&self.genomes[a], &self.genomes[b], rng);
                problem.mutate(&mut child, rate, rng);
                self.next_scores.push(problem.evaluate(&child));
                self.next.push(child);
            }
            stats.rollouts += (n - self.settings.elites) as u64;
            stats.generations += 1;
            std::mem::swap(&mut self.genomes, &mut self.next);
            std::mem::swap(&mut self.scores, &mut self.next_scores);
            self.rank();
        }

        fn rank(&mut self) {
            self.order.clear();
            self.order.extend(0..self.genomes.len());
            let scores = &self.scores;
            for i in 1..self.order.len() {
                let mut k = i;
                while k > 0 && scores[self.order[k - 1]] < scores[self.order[k]] {
                    self.order.swap(k - 1, k);
                    k -= 1;
                }
            }
        }

        fn tournament(&self, rng: &mut Rng) -> usize {
            let n = self.genomes.len();
            (0..self.settings.tournament)
                .map(|_| rng.below(n))
                .min()
                .unwrap_or(0)
        }
    }
}

#[allow(dead_code, unused_imports)]
mod text {

    #[inline]
    pub fn is_space(b: u8) -> bool {
        matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
    }

    #[inline]
    pub fn is_terminator(c: char) -> bool {
        matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
    }

    pub fn digits(b: &[u8], i: usize, max: usize) -> Option<(u32, usize)> {
        let len = b[i.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if !(1..=max).contains(&len) {
            return None;
        }
        let v = b[i..i + len]
            .iter()
            .fold(0u32, |v, &c| v * 10 + (c - b'0') as u32);
        Some((v, i + len))
    }

    pub fn signed(b: &[u8], mut i: usize, max: usize) -> Option<(i32, usize)> {
        let neg = b.get(i) == Some(&b'-');
        if neg {
            i += 1;
        }
        let (v, end) = digits(b, i, max)?;
        let v = v as i32;
        Some((if neg { -v } else { v }, end))
    }

    pub fn spaces(b: &[u8], i: usize) -> Option<usize> {
        let len = b[i.min(b.len())..]
            .iter()
            .take_while(|&&c| is_space(c))
            .count();
        (len > 0).then_some(i + len)
    }

    pub fn message(s: &str) -> Option<&str> {
        let b = s.as_bytes();
        let blanks = b.iter().take_while(|&&c| is_space(c)).count();
        if blanks == 0 {
            return None;
        }
        // The message may not contain a line terminator, so it must start after the last one.
        let after_terminator = s
            .char_indices()
            .rfind(|&(_, c)| is_terminator(c))
            .map_or(0, |(k, c)| k + c.len_utf8());
        // The blanks are ASCII, so every index up to `blanks` is a char boundary.
        let start = blanks.min(s.len() - 1);
        (start >= 1 && start >= after_terminator && start < s.len()).then(|| &s[start..])
    }

    #[allow(clippy::result_unit_err)]
    pub fn optional_message(rest: &str) -> Result<Option<&str>, ()> {
        if rest.is_empty() {
            Ok(None)
        } else {
            message(rest).map(Some).ok_or(())
        }
    }
}

//! `builtin:ga` and the contest bot for Coders Strike Back: a rolling-horizon genetic search
//! over both pods' next turns, scored by an [`Evaluation`] (ours is [`RunnerBlocker`]), against
//! two foresights of the opponent at once: a model of each of its pods, a racer or a guard,
//! whichever foretold its last few turns better ([`Model`], [`Scenario::against_models`]), and
//! its answer to our last plan, searched first with our evaluation from its side
//! ([`Params::answer_share`]); a plan scores the mean of the two. The bot works from the contest's
//! input lines only, so the binary, the in-process bot and a bundled submission are the same
//! code.
//!
//! A bot of one's own is an [`Evaluation`] and [`GaBot`]: the search, the gene decoding, the
//! bookkeeping of what the input lines do not say and the contest loop
//! ([`crate::contest::contest_main`]) come with it.
//!
//! ```no_run
//! use botsim_core::csb::ga::{Evaluation, GaBot};
//! use botsim_core::csb::{State, Track};
//!
//! /// Passes first, then nearness to the next checkpoint, of our better pod.
//! #[derive(Clone, Debug, Default)]
//! struct Progress;
//!
//! impl Evaluation for Progress {
//!     fn score(&self, track: &Track, end: &State, me: usize) -> f64 {
//!         let pods = &end.pods[me * 2..me * 2 + 2];
//!         pods.iter()
//!             .map(|p| p.passed as f64 * 50_000.0 - p.pos.dist(track.checkpoint(p.next_checkpoint())))
//!             .fold(f64::MIN, f64::max)
//!     }
//! }
//!
//! fn main() {
//!     // --ms, --rollouts, --seed, --params FILE: the contest bots' flags.
//!     botsim_core::contest::contest_main(65, &[], GaBot::<Progress>::new);
//! }
//! ```

pub mod eval;
mod plan;

pub use eval::{RunnerBlocker, Weights};
pub use plan::{face, facing_of, Gene, Plan};

use super::protocol::{self, format_order, Order};
use super::state::{Pod, State, Track, PODS};
use super::step::{self, Command, Thrust, MAX_THRUST};
use super::{Csb, View};
use crate::bot::{Answer, Bot};
use crate::contest::ContestBot;
use crate::geom::{turn_between, Vec2};
use crate::params::ParamError;
pub use crate::search::Think;
use crate::search::{crossover_units, shift_units, Duel, Problem, Rng, Settings, Stats};
use std::time::Instant;

/// Turns a plan looks ahead.
pub const HORIZON: usize = 6;

/// How good a position is for one player: what the search scores the end of each plan with
/// (higher is better). Only [`Evaluation::score`] must be written; the weights it names are
/// parameters like the search's, set by `--params FILE` and tuned by `botsim tune`.
pub trait Evaluation {
    /// Called once a turn before the search, with the position the turn starts from (`first`
    /// on a game's first turn): for what the evaluation decides once a turn, such as which pod
    /// races and which blocks.
    fn start_turn(&mut self, _track: &Track, _start: &State, _first: bool) {}
    /// How good `end`, the position at a plan's end, is for player `me` (0 or 1). Pods
    /// `2 * me` and `2 * me + 1` are `me`'s.
    fn score(&self, track: &Track, end: &State, me: usize) -> f64;
    /// The evaluation's weights as named parameters, for `--params` and `botsim tune`.
    fn weights(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// Sets the weight `name`; `false` if there is none of that name.
    fn set_weight(&mut self, _name: &str, _value: f64) -> bool {
        false
    }
}

/// The bot's parameters: evaluation, search, and gene decoding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params<E = RunnerBlocker> {
    /// The evaluation and its weights.
    pub eval: E,
    /// The genetic search's settings.
    pub search: Settings,
    /// Probability mass of the SHIELD and BOOST genes.
    pub shield_gene: f64,
    /// Probability mass of the BOOST gene (above `shield_gene`'s).
    pub boost_gene: f64,
    /// How much nearer (radians, averaged over the last few turns) the guard model's facing
    /// must have come to an opponent pod's than the racer model's for the pod to be modelled as
    /// a guard ([`Model`]).
    pub model_margin: f64,
    /// The share of a turn spent searching the opponent's answer (its plan, with our
    /// evaluation from its side, against our last plan a turn on); our plans are then scored
    /// by the mean of their rollouts against the answer and against the models
    /// (`Hedged`). 0: the models alone.
    pub answer_share: f64,
}

impl<E: Default> Default for Params<E> {
    fn default() -> Params<E> {
        Params {
            eval: E::default(),
            // mutation_end, shield_gene, model_margin and answer_share tuned with the weights
            // (docs/experiments/csb.md).
            search: Settings {
                mutation_end: 0.0849,
                ..Settings::default()
            },
            shield_gene: 0.0164,
            boost_gene: 0.03,
            model_margin: 0.128,
            answer_share: 0.0545,
        }
    }
}

/// The position the opponent's answer is searched from, and our plans played against it from,
/// for player `me`: `start` with the opponent's BOOST spent (a BOOST gene of theirs is full
/// thrust). Searched with our evaluation, an answer free to BOOST foretells BOOSTs that players
/// save for later, and our plans then dodge pods that never come (docs/experiments/csb.md).
fn answer_start(start: &State, me: usize) -> State {
    let mut s = *start;
    let them = (1 - me) * 2;
    for pod in &mut s.pods[them..them + 2] {
        pod.boost_used = true;
    }
    s
}

/// The bytes of `word` (low 7 bits of each) below `threshold` (at most 128), as 8 bits: byte
/// `k` gives bit `k`. Computed without branches: each byte is raised to 128..=255, so the
/// subtraction borrows from no neighbour and leaves the high bit set exactly where the byte was
/// at least the threshold.
#[inline]
fn lanes_below(word: u64, threshold: u64) -> u8 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let raised = (word & !HIGH) | HIGH;
    let below = !(raised - threshold * LOW) & HIGH;
    ((below >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The search problem of one player (the same name in both games): the start, its side, and
/// the other side's plan, fixed while its own plans are scored against it.
pub struct Scenario<'a, E = RunnerBlocker> {
    track: &'a Track,
    start: State,
    me: usize,
    /// The other player's commands each turn, made once: its facings do not depend on our
    /// plan (collisions change no facing).
    theirs: [[Command; 2]; HORIZON],
    /// The other player's turns as they go without our pods, worked out once: a rollout
    /// moves only our pods in the turns where no pod touches another (most of them), and
    /// its results are those of the full step bit for bit.
    solo: [step::Solo; HORIZON],
    /// Our pods' facings at the start, as unit vectors.
    facing: [Option<Vec2>; 2],
    params: &'a Params<E>,
}

impl<'a, E> Scenario<'a, E> {
    /// Player `me`'s problem from `start`, against the other player's `other` plan.
    pub fn new(
        track: &'a Track,
        start: State,
        me: usize,
        other: &Plan,
        params: &'a Params<E>,
    ) -> Scenario<'a, E> {
        Scenario::against(track, start, me, params, |t, k, _| other[t][k])
    }

    /// Player `me`'s problem from `start`, against the other player's pods racing for their
    /// next checkpoints at full thrust, each turning toward its checkpoint less three times its
    /// speed (its drift): the opponent's model of the contest bot.
    pub fn against_racer(
        track: &'a Track,
        start: State,
        me: usize,
        params: &'a Params<E>,
    ) -> Scenario<'a, E> {
        Scenario::against(track, start, me, params, |_, _, pod| {
            racer_gene(track, pod, params)
        })
    }

    /// Player `me`'s problem against the other player's pods each playing as `models` says: a
    /// racer, or a guard that rams our leading pod (as that pod would go racing) when within
    /// 2,500 of it, else makes for that pod's next checkpoint.
    pub fn against_models(
        track: &'a Track,
        start: State,
        me: usize,
        params: &'a Params<E>,
        models: [Model; 2],
    ) -> Scenario<'a, E> {
        if models == [Model::Racer; 2] {
            return Scenario::against_racer(track, start, me, params);
        }
        let runner = track.leader(&start, me, PREY_PASS);
        let mut ours = start;
        let mut facing = [0, 1].map(|k| facing_of(&start.pods[me * 2 + k]));
        let prey: [Pod; HORIZON] = std::array::from_fn(|_| {
            let at = ours.pods[runner];
            let commands = [0, 1].map(|k| {
                let pod = &ours.pods[me * 2 + k];
                racer_gene(track, pod, params).command(track, pod, &mut facing[k], false)
            });
            step::solo(track, &mut ours, me, &commands);
            at
        });
        Scenario::against(track, start, me, params, |t, k, pod| match models[k] {
            Model::Racer => racer_gene(track, pod, params),
            Model::Guard => guard_gene(track, pod, &prey[t], params),
        })
    }

    /// Player `me`'s problem against the other player's pods playing, each turn, the genes
    /// `gene(turn, pod index, the pod as it goes without ours)`.
    fn against(
        track: &'a Track,
        start: State,
        me: usize,
        params: &'a Params<E>,
        mut gene: impl FnMut(usize, usize, &Pod) -> Gene,
    ) -> Scenario<'a, E> {
        let (mine, them) = (me * 2, (1 - me) * 2);
        let mut alone = start;
        let mut facing = [0, 1].map(|k| facing_of(&start.pods[them + k]));
        let mut theirs = [[Command::IDLE; 2]; HORIZON];
        let solo = std::array::from_fn(|t| {
            theirs[t] = std::array::from_fn(|k| {
                let pod = &alone.pods[them + k];
                gene(t, k, pod).command(track, pod, &mut facing[k], !pod.boost_used)
            });
            step::solo(track, &mut alone, 1 - me, &theirs[t])
        });
        Scenario {
            track,
            start,
            me,
            theirs,
            solo,
            facing: [0, 1].map(|k| facing_of(&start.pods[mine + k])),
            params,
        }
    }

    /// Plays a plan (ours) against the other's and returns the final state.
    pub fn rollout(&self, plan: &Plan) -> State {
        let mut s = self.start;
        self.play(plan, &mut s);
        s
    }

    /// Plays a plan (ours) against the other's from `s`, this problem's start, which it leaves
    /// at the plan's end: [`Scenario::rollout`] without returning the state, which would copy
    /// it again in every rollout.
    #[inline(always)]
    fn play(&self, plan: &Plan, s: &mut State) {
        let mut ours = self.ours(s);
        let mut beside = true;
        for (t, genes) in plan.iter().enumerate() {
            let commands = ours.commands(self, genes, s);
            if self.turn(t, &commands, s, &mut beside) {
                break;
            }
        }
    }

    /// Our pods' orders as a rollout from `start` goes: their facings and BOOSTs.
    #[inline(always)]
    fn ours(&self, start: &State) -> Ours {
        let mine = self.me * 2;
        Ours {
            facing: self.facing,
            left: [
                !start.pods[mine].boost_used,
                !start.pods[mine + 1].boost_used,
            ],
        }
    }

    /// Turn `t` of a rollout at `s`, our pods ordered `ours`: `beside` says whether their pods
    /// have gone as they would alone so far, and is kept up. Returns whether the game is over.
    #[inline(always)]
    fn turn(&self, t: usize, ours: &[Command; 2], s: &mut State, beside: &mut bool) -> bool {
        let (mine, them) = (self.me * 2, (1 - self.me) * 2);
        if *beside {
            // While their pods go as they would alone, their turns are known (`solo`).
            let solo = &self.solo[t];
            if !step::step_against(self.track, s, self.me, ours, solo) {
                *beside = s.pods[them..them + 2] == solo.end && s.dead[1 - self.me] == solo.dead;
            }
        } else {
            let mut commands = [Command::IDLE; PODS];
            commands[mine..mine + 2].copy_from_slice(ours);
            commands[them..them + 2].copy_from_slice(&self.theirs[t]);
            step::step_fast(self.track, s, &commands);
        }
        step::is_over(self.track, s)
    }
}

/// Our pods' orders in a rollout, decoded from the plan's genes turn by turn: each pod's facing
/// (a unit vector, turned by each gene's rotation) and whether it has its BOOST left at the
/// start. Collisions change no facing, so in every foresight of the opponent our pods face the
/// same way: one decoding serves them all.
struct Ours {
    facing: [Option<Vec2>; 2],
    // Whether a pod has its BOOST left can change within the rollout; the command's meaning
    // cannot, as a used boost makes BOOST maximum thrust anyway.
    left: [bool; 2],
}

impl Ours {
    /// The orders of `genes` for our pods in `s` (a rollout's state before the turn, whose
    /// facings are those of any rollout of the same plan).
    #[inline(always)]
    fn commands<E>(
        &mut self,
        scenario: &Scenario<E>,
        genes: &[Gene; 2],
        s: &State,
    ) -> [Command; 2] {
        let mine = scenario.me * 2;
        let [f0, f1] = &mut self.facing;
        // The pair is written out rather than made by `array::from_fn` or `map`: a compiler
        // that splits the crate into several units (plain `rustc -C opt-level=3`, as a contest
        // server may compile the bundle) left `from_fn`'s generic code calling the closure per
        // element, 7% of the bundle's time.
        [
            genes[0].command(scenario.track, &s.pods[mine], f0, self.left[0]),
            genes[1].command(scenario.track, &s.pods[mine + 1], f1, self.left[1]),
        ]
    }
}

impl<E: Evaluation> crate::params::Named for Params<E> {
    fn values(&self) -> Vec<(&'static str, f64)> {
        self.eval
            .weights()
            .into_iter()
            .chain([
                ("shield_gene", self.shield_gene),
                ("boost_gene", self.boost_gene),
                ("model_margin", self.model_margin),
                ("answer_share", self.answer_share),
            ])
            .chain(self.search.values())
            .collect()
    }

    fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        if self.eval.set_weight(name, value) {
            return Ok(());
        }
        match name {
            "shield_gene" => self.shield_gene = value.clamp(0.0, 0.5),
            "boost_gene" => self.boost_gene = value.clamp(0.0, 0.5),
            "model_margin" => self.model_margin = value,
            "answer_share" => self.answer_share = value.clamp(0.0, 0.9),
            _ => {
                if !self.search.set(name, value)? {
                    return Err(ParamError::Unknown {
                        bot: "csb ga",
                        name: name.to_string(),
                    });
                }
            }
        }
        Ok(())
    }
}

impl<E: Evaluation> Problem for Scenario<'_, E> {
    type Genome = Plan;

    fn random(&self, rng: &mut Rng) -> Plan {
        std::array::from_fn(|_| [self.params.random_gene(rng), self.params.random_gene(rng)])
    }

    fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
        // Which fields change is decided for all of them at once (a random 7-bit lane each,
        // compared in parallel), then only those are visited: a coin flip per field would be
        // a mispredicted branch per field. The low `GENES` bits: the genes' rotations; the
        // next `GENES`: thrusts.
        const GENES: usize = HORIZON * 2;
        const ALL: u64 = (1 << GENES) - 1;
        // Every field's lane fits the 64-bit mask (a horizon of at most 16 turns).
        const _: () = assert!(2 * GENES <= 64);
        let threshold = (rate * 128.0).clamp(0.0, 128.0) as u64;
        let mut chosen = 0u64;
        for word in 0..(2 * GENES).div_ceil(8) {
            chosen |= (lanes_below(rng.next_u64(), threshold) as u64) << (8 * word);
        }
        let genes = plan.as_flattened_mut();
        let mut rotate = chosen & ALL;
        while rotate != 0 {
            let g = &mut genes[rotate.trailing_zeros() as usize];
            rotate &= rotate - 1;
            g.rotate = (g.rotate + (rng.unit() - 0.5) * 0.5).clamp(0.0, 1.0);
            g.turn = self.params.turn(g.rotate);
        }
        let mut thrust = chosen >> GENES & ALL;
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

    fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng, child: &mut Plan) {
        crossover_units(a, b, rng, child)
    }

    fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
        shift_units(plan, || self.params.random_gene(rng))
    }

    fn evaluate(&mut self, plan: &Plan) -> f64 {
        let mut end = self.start;
        self.play(plan, &mut end);
        self.score(&end)
    }
}

impl<E: Evaluation> Scenario<'_, E> {
    /// Our evaluation of a rollout's end state `end`.
    #[inline(always)]
    fn score(&self, end: &State) -> f64 {
        self.params.eval.score(self.track, end, self.me)
    }
}

/// Our plans scored against two foresights of the opponent: its searched answer and the
/// models, the mean of the two rollouts. A plan that only wins against one guess of the
/// opponent's moves scores less. Both start from the same position of our pods (the answer's
/// start differs in the opponent's BOOST only), which lets [`Hedged::play`] decode our orders
/// once for both.
struct Hedged<'a, E> {
    answer: Scenario<'a, E>,
    models: Scenario<'a, E>,
}

impl<E> Hedged<'_, E> {
    /// Both rollouts of `plan`, their end states: played turn by turn side by side, which gives
    /// the processor two independent chains of work at once (a rollout alone waits on its own
    /// latencies), with our orders decoded once for both. The same states, bit for bit, as
    /// each played alone ([`Scenario::rollout`]).
    #[inline(always)]
    fn play(&self, plan: &Plan) -> [State; 2] {
        let (answer, models) = (&self.answer, &self.models);
        let (mut a, mut b) = (answer.start, models.start);
        let mut ours = answer.ours(&a);
        let (mut beside_a, mut beside_b) = (true, true);
        let (mut over_a, mut over_b) = (false, false);
        for (t, genes) in plan.iter().enumerate() {
            // Our pods face the same way in both: either state's will do while it goes on.
            let commands = ours.commands(answer, genes, if over_a { &b } else { &a });
            if !over_a {
                over_a = answer.turn(t, &commands, &mut a, &mut beside_a);
            }
            if !over_b {
                over_b = models.turn(t, &commands, &mut b, &mut beside_b);
            }
            if over_a && over_b {
                break;
            }
        }
        [a, b]
    }
}

impl<E: Evaluation> Problem for Hedged<'_, E> {
    type Genome = Plan;

    fn random(&self, rng: &mut Rng) -> Plan {
        self.answer.random(rng)
    }

    fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
        self.answer.mutate(plan, rate, rng)
    }

    fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng, child: &mut Plan) {
        self.answer.crossover(a, b, rng, child)
    }

    fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
        self.answer.shift(plan, rng)
    }

    fn evaluate(&mut self, plan: &Plan) -> f64 {
        let [a, b] = self.play(plan);
        0.5 * (self.answer.score(&a) + self.models.score(&b))
    }

    fn rollouts(&self) -> u64 {
        2
    }
}

/// How the search foresees an opponent pod's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Races for its next checkpoint: full thrust, turning toward the checkpoint less three
    /// times its speed.
    Racer,
    /// Rams our leading pod (aims at its next position) when within 2,500 of it, else makes
    /// for that pod's next checkpoint; full thrust.
    Guard,
}

/// A pass's worth when choosing the leading pod the guard model hunts.
const PREY_PASS: f64 = 30_000.0;

/// The gene of a pod racing for its next checkpoint at full thrust, turning toward the
/// checkpoint less three times its speed.
fn racer_gene<E>(track: &Track, pod: &Pod, params: &Params<E>) -> Gene {
    aim_gene(
        pod,
        track.checkpoint(pod.next_checkpoint()) - pod.pos - pod.vel * 3.0,
        params,
    )
}

/// The gene of a guard hunting `prey`: toward its next position when within 2,500 of it,
/// else toward its next checkpoint less three times the guard's speed; full thrust.
fn guard_gene<E>(track: &Track, pod: &Pod, prey: &Pod, params: &Params<E>) -> Gene {
    let aim = if pod.pos.dist(prey.pos) < 2_500.0 {
        prey.pos + prey.vel - pod.pos
    } else {
        track.checkpoint(prey.next_checkpoint()) - pod.pos - pod.vel * 3.0
    };
    aim_gene(pod, aim, params)
}

/// The gene of a pod turning as far as it may toward the direction `aim`, at full thrust.
fn aim_gene<E>(pod: &Pod, aim: Vec2, params: &Params<E>) -> Gene {
    let delta = pod
        .angle
        .map_or(0.0, |a| turn_between(a, aim.y.atan2(aim.x)));
    let delta = delta.clamp(-step::MAX_ROTATION, step::MAX_ROTATION);
    params.gene(0.25 + (delta / step::MAX_ROTATION + 1.0) / 4.0, 0.85)
}

/// The contest bot: reads the protocol's lines, keeps what they do not say (passes, boosts,
/// shields), searches, and prints two order lines.
pub struct GaBot<E = RunnerBlocker> {
    /// The evaluation, search and gene-decoding parameters.
    pub params: Params<E>,
    /// How long the bot searches each turn.
    pub think: Think,
    track: Option<Track>,
    /// Which player we are (0 or 1), found on the first turn.
    seat: Option<usize>,
    state: State,
    /// Our search, and the opponent's when `answer_share` is above 0.
    duel: Duel<Plan>,
    seed: u64,
    /// How far off each model's foretold facing was for each opponent pod of late (radians,
    /// averaged over a few turns): `[pod][racer, guard]`.
    misfit: [[f64; 2]; 2],
    /// What the last search did.
    pub last: Stats,
}

impl<E> GaBot<E> {
    /// A bot with these parameters and budget, its search seeded with `seed`.
    pub fn new(params: Params<E>, think: Think, seed: u64) -> GaBot<E> {
        GaBot {
            duel: Duel::new(params.search, seed),
            params,
            think,
            track: None,
            seat: None,
            state: State::new([Vec2::ZERO; PODS]),
            seed,
            misfit: [[0.0; 2]; 2],
            last: Stats::default(),
        }
    }

    /// The order of pod `i` for its gene: a point far along the planned heading, and the thrust.
    fn order(&self, track: &Track, i: usize, gene: &Gene) -> (i32, i32, Thrust) {
        let pod = &self.state.pods[i];
        let order = Order::turning(track, pod, gene.turn.delta, gene.order(!pod.boost_used));
        (order.x, order.y, order.thrust)
    }

    /// Each opponent pod's model this turn: a guard if that model foretold its last few turns
    /// better than the racer by `model_margin`, else a racer.
    fn models(&self) -> [Model; 2] {
        self.misfit.map(|[racer, guard]| {
            if guard + self.params.model_margin < racer {
                Model::Guard
            } else {
                Model::Racer
            }
        })
    }

    /// Scores the opponent models on the turn just played: how far from each model's facing
    /// each pod of theirs turned (collisions change no facing).
    fn weigh_models(&mut self, track: &Track, now: &State, seat: usize) {
        let before = &self.state;
        let prey = &before.pods[track.leader(before, seat, PREY_PASS)];
        let them = (1 - seat) * 2;
        for k in 0..2 {
            let (was, is) = (&before.pods[them + k], &now.pods[them + k]);
            let (Some(_), Some(angle)) = (was.angle, is.angle) else {
                continue;
            };
            let genes = [
                racer_gene(track, was, &self.params),
                guard_gene(track, was, prey, &self.params),
            ];
            for (m, gene) in genes.iter().enumerate() {
                let off = turn_between(step::turned(track, was, gene.turn.delta), angle);
                self.misfit[k][m] = 0.7 * self.misfit[k][m] + 0.3 * off.abs();
            }
        }
    }

    /// A description for traces and logs.
    pub fn describe(&self) -> String {
        format!("ga({},seed={})", self.think.describe(), self.seed)
    }
}

/// Marks the pods of `player` that BOOSTed last turn, which the input lines do not say. A pod
/// that hit nothing moved by its speed plus its thrust, and kept 0.85 of that as its new speed
/// (both rounded); a move that agrees with its new speed and is more than twice a normal thrust
/// beyond its old speed was a BOOST, unless the pod started the turn touching another (a hit at
/// its very start moves the pod as a thrust would). Without this the opponent model keeps a
/// BOOST that is gone.
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

impl<E: Evaluation> ContestBot for GaBot<E> {
    fn lines_missing(first: bool, lines: &[String]) -> usize {
        protocol::lines_missing(first, lines)
    }

    /// One turn: the input lines of the turn (the init lines first on the first turn), the
    /// instant its first line was read, and the two order lines to print.
    fn turn(
        &mut self,
        lines: &[String],
        started: Instant,
    ) -> Result<[String; 2], crate::input::InputError> {
        let mut lines = lines;
        let first = self.track.is_none();
        if first {
            let (track, used) = protocol::parse_init(lines)?;
            self.track = Some(track);
            lines = &lines[used..];
            self.duel.reset();
            self.misfit = [[0.0; 2]; 2];
        }
        let track = self.track.expect("set above");
        let (mut seen, seat) = protocol::parse_turn(lines, &track, first, &self.state, self.seat)?;
        if !first {
            infer_boosts(&self.state, &mut seen, 1 - seat);
            self.weigh_models(&track, &seen, seat);
        }
        self.state = seen;
        self.seat = Some(seat);
        self.params.eval.start_turn(&track, &self.state, first);
        let params = &self.params;
        // The opponent's pods modelled by rules, each pod by the rule that foretold it better
        // of late; with `answer_share`, its plan searched too, and ours scored against both
        // (docs/experiments/csb.md).
        let models = self.models();
        let (state, share) = (self.state, params.answer_share);
        let (plan, stats) = if share > 0.0 {
            let answered = answer_start(&state, seat);
            let before = self.duel.ours_before().map_or_else(
                || params.straight(),
                |p| shift_units(p, || params.straight_gene()),
            );
            self.duel.search_replied(
                self.think.phases(first, started, [share, 1.0 - share]),
                &before,
                |ours| Scenario::new(&track, answered, 1 - seat, ours, params),
                |answer, _| Hedged {
                    answer: Scenario::new(&track, answered, seat, answer, params),
                    models: Scenario::against_models(&track, state, seat, params, models),
                },
            )
        } else {
            let [budget] = self.think.phases(first, started, [1.0]);
            let mut problem = Scenario::against_models(&track, state, seat, params, models);
            self.duel.search_ours(&mut problem, budget)
        };
        self.last = stats;
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

    fn stats(&self) -> &Stats {
        &self.last
    }
}

impl<E: Evaluation> Bot<Csb> for GaBot<E> {
    fn name(&self) -> String {
        self.describe()
    }

    fn play(&mut self, _view: &View, lines: &[String]) -> Answer<[super::Order<'static>; 2]> {
        match self.turn(lines, Instant::now()) {
            Ok(orders) => Answer::Lines(orders.to_vec()),
            Err(_) => Answer::Silent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::round_to_i32;
    use crate::search::Ga;

    /// A random position of pods crowded around checkpoint 1 of the triangle track, where
    /// rollouts touch: some pods one pass from the finish, some near the checkpoint timeout,
    /// some with BOOST or SHIELD used, some not yet turned.
    fn crowded(rng: &mut Rng) -> State {
        let track = Track::triangle();
        let mut unit = |scale: f64| (rng.unit() - 0.5) * scale;
        let centre = track.checkpoint(1);
        let mut s = State::new(std::array::from_fn(|_| {
            centre + Vec2::new(unit(4000.0), unit(4000.0))
        }));
        s.round = 60 + (unit(2.0) * 40.0).abs() as u16;
        for pod in &mut s.pods {
            pod.pos = pod.pos.round();
            pod.vel = Vec2::new(unit(1200.0), unit(1200.0)).trunc();
            pod.angle = (unit(1.0) > -0.4).then(|| unit(12.0));
            pod.boost_used = unit(1.0) > 0.0;
            pod.shield_round = (unit(1.0) > 0.3).then(|| s.round - 1);
            if unit(1.0) > 0.2 {
                // One pass from the finish: the next checkpoint is the one at the centre.
                pod.passed = track.passes_to_finish() - 1;
                pod.next = 1;
            }
            pod.last_pass = s.round.saturating_sub((unit(2.0) * 100.0).abs() as u16);
        }
        s
    }

    /// `Hedged` plays its two rollouts side by side and decodes our orders once: they end as
    /// each played alone, and its score is their mean, bit for bit, also where pods touch in one
    /// rollout and not the other, and where one rollout ends the game two turns or more before
    /// the other.
    #[test]
    fn a_hedged_score_is_the_mean_of_its_rollouts_played_alone() {
        let track = Track::triangle();
        let params = Params::<RunnerBlocker>::default();
        let mut rng = Rng::new(7);
        let (mut touched_once, mut plans) = (0, 0);
        let mut ended_first = [0; 2];
        for position in 0..300 {
            let start = crowded(&mut rng);
            let me = position % 2;
            let theirs: Plan = std::array::from_fn(|_| {
                [params.random_gene(&mut rng), params.random_gene(&mut rng)]
            });
            let models = [Model::Racer, Model::Guard][position % 3 / 2];
            let mut hedged = Hedged {
                answer: Scenario::new(&track, answer_start(&start, me), me, &theirs, &params),
                models: Scenario::against_models(
                    &track,
                    start,
                    me,
                    &params,
                    [models, Model::Guard],
                ),
            };
            for _ in 0..10 {
                let plan = hedged.random(&mut rng);
                let alone = 0.5 * (hedged.answer.evaluate(&plan) + hedged.models.evaluate(&plan));
                let score = hedged.evaluate(&plan);
                assert_eq!(
                    score.to_bits(),
                    alone.to_bits(),
                    "position {position}: {score} against {alone}"
                );
                plans += 1;
                let ends = [hedged.answer.rollout(&plan), hedged.models.rollout(&plan)];
                assert_eq!(hedged.play(&plan), ends, "position {position}");
                let them = (1 - me) * 2;
                let went_alone = |s: &Scenario<RunnerBlocker>, end: &State| {
                    end.pods[them..them + 2]
                        == s.solo[end.round as usize - start.round as usize - 1].end
                };
                touched_once += (went_alone(&hedged.answer, &ends[0])
                    != went_alone(&hedged.models, &ends[1])) as u32;
                for (k, n) in ended_first.iter_mut().enumerate() {
                    *n += (ends[k].round + 1 < ends[1 - k].round) as u32;
                }
            }
        }
        // The cases the side-by-side play must get right were met.
        assert!(
            touched_once > 50,
            "{touched_once} of {plans} plans touched in one rollout only"
        );
        assert!(
            ended_first.iter().all(|&n| n > 20),
            "of {plans} plans, the answer's rollout ended first in {}, the models' in {}",
            ended_first[0],
            ended_first[1]
        );
    }

    /// The answer is searched with the opponent's BOOST spent, never ours, and the position
    /// otherwise as seen.
    #[test]
    fn the_answer_is_searched_without_the_opponents_boost() {
        let start = State::new([Vec2::ZERO; PODS]);
        for me in 0..2 {
            let mut s = answer_start(&start, me);
            for i in 0..PODS {
                assert_eq!(
                    s.pods[i].boost_used,
                    State::owner(i) != me,
                    "seat {me}, pod {i}"
                );
                s.pods[i].boost_used = false;
            }
            assert_eq!(s, start, "seat {me}: only the BOOST flags change");
        }
    }

    #[test]
    fn lanes_below_compares_each_byte() {
        let mut rng = Rng::new(5);
        for _ in 0..20_000 {
            let word = rng.next_u64();
            let threshold = rng.below(129) as u64;
            let expected = (0..8).fold(0u8, |bits, k| {
                let lane = (word >> (8 * k)) & 0x7f;
                bits | ((lane < threshold) as u8) << k
            });
            assert_eq!(
                lanes_below(word, threshold),
                expected,
                "{word:x} {threshold}"
            );
        }
        assert_eq!(lanes_below(u64::MAX, 128), 0xff);
        assert_eq!(lanes_below(0, 0), 0);
    }

    /// Each opponent pod is modelled by the rule its turns followed: a pod that keeps turning
    /// toward our leading pod as a guard, one that keeps turning toward its checkpoint as a
    /// racer; whichever of their pods does which, from either seat.
    #[test]
    fn an_opponent_pod_that_hunts_our_runner_is_modelled_as_a_guard() {
        let track = Track::triangle();
        for seat in 0..2 {
            for hunter in 0..2 {
                let (mine, them) = (seat * 2, (1 - seat) * 2);
                let mut start = State::new([Vec2::ZERO; PODS]);
                start.pods[mine] = Pod::at(Vec2::new(5000.0, 2000.0));
                start.pods[mine + 1] = Pod::at(Vec2::new(2000.0, 6000.0));
                start.pods[them + hunter] = Pod::at(Vec2::new(5000.0, 4000.0));
                start.pods[them + 1 - hunter] = Pod::at(Vec2::new(3000.0, 3000.0));
                for pod in &mut start.pods {
                    pod.angle = Some(0.0);
                }
                let mut bot = GaBot::new(Params::<RunnerBlocker>::default(), Think::Rollouts(0), 1);
                bot.state = start;
                assert_eq!(bot.models(), [Model::Racer; 2], "racers until seen");
                for _ in 0..6 {
                    let s = bot.state;
                    let toward = |at: Vec2, thrust| {
                        Command::toward(round_to_i32(at.x), round_to_i32(at.y), thrust)
                    };
                    let checkpoint = |i: usize| track.checkpoint(s.pods[i].next_checkpoint());
                    let mut commands = [Command::IDLE; PODS];
                    commands[mine] = toward(checkpoint(mine), Thrust::Power(100));
                    commands[them + hunter] = toward(s.pods[mine].pos, Thrust::Power(MAX_THRUST));
                    let racer = them + 1 - hunter;
                    commands[racer] = toward(checkpoint(racer), Thrust::Power(MAX_THRUST));
                    let mut next = s;
                    step::step(&track, &mut next, &commands);
                    bot.weigh_models(&track, &next, seat);
                    bot.state = next;
                }
                let mut want = [Model::Racer; 2];
                want[hunter] = Model::Guard;
                assert_eq!(bot.models(), want, "seat {seat}: {:?}", bot.misfit);
            }
        }
    }

    #[test]
    fn mutation_rate_is_the_share_of_fields_changed() {
        let track = Track::triangle();
        let mut params = Params::<RunnerBlocker>::default();
        let start = State::new([Vec2::ZERO; PODS]);
        params.eval.start_turn(&track, &start, true);
        let race = Scenario::new(&track, start, 0, &params.straight(), &params);
        let mut rng = Rng::new(9);
        for rate in [0.0, 0.1, 0.35, 1.0] {
            let mut changed = 0;
            let trials = 4000;
            for _ in 0..trials {
                let before = race.random(&mut rng);
                let mut after = before;
                race.mutate(&mut after, rate, &mut rng);
                for (a, b) in before.as_flattened().iter().zip(after.as_flattened()) {
                    changed += (a.rotate != b.rotate) as u32 + (a.thrust != b.thrust) as u32;
                }
            }
            let share = changed as f64 / (trials * HORIZON * 4) as f64;
            // A changed field may land on its old value only by clamping; allow a little.
            assert!((share - rate).abs() < 0.03, "rate {rate}: {share}");
        }
    }

    /// The opponent's model: pods facing away from their checkpoints turn toward them at the
    /// full 18 degrees a turn, the right way round, and are well on their way by the horizon.
    #[test]
    fn the_racer_model_turns_toward_its_checkpoint_and_gets_nearer() {
        let track = Track::triangle();
        let params = Params::<RunnerBlocker>::default();
        let mut start = State::new([Vec2::ZERO; PODS]);
        // Player 1's pods, 3,000 and 4,500 units left of checkpoint 1 at (9000, 5000), facing
        // +y and -y: the first must turn right (negative), the second left.
        for (k, x, angle) in [(2, 6000.0, 1.5), (3, 4500.0, -1.5)] {
            start.pods[k].pos = Vec2::new(x, 5000.0);
            start.pods[k].angle = Some(angle);
        }
        let [first, second] = [2, 3].map(|k| racer_gene(&track, &start.pods[k], &params));
        assert_eq!(first.turn.delta, -step::MAX_ROTATION);
        assert_eq!(second.turn.delta, step::MAX_ROTATION);
        let race = Scenario::against_racer(&track, start, 0, &params);
        let end = race.solo[HORIZON - 1].end;
        for k in [2, 3] {
            let (before, after) = (&start.pods[k], &end[k - 2]);
            let cp = track.checkpoint(1);
            let nearer = before.pos.dist(cp) - after.pos.dist(cp);
            assert!(after.passed == 1 || nearer > 1000.0, "{after:?}");
        }
    }

    /// Item 2 of #43: our runner, 88 turns after our last pass, its checkpoint held by a pod of
    /// theirs that sits on it and rams our runner when within 2,500 of it (the annealer's
    /// guard): the search gets a pod of ours past it before the 100-turn timeout, from three
    /// sides, in at least three tries of four (8 seeds a side; today's bot gets past in about 9
    /// of 10, and a search fails now and then whatever its weights). Two pods driven as the
    /// opponent model's racers do not, from the first side.
    #[test]
    fn a_runner_near_the_timeout_gets_past_a_guard_on_its_checkpoint() {
        let sides = [(6000.0, 5000.0), (9000.0, 2500.0), (11500.0, 6500.0)];
        let mut failed = Vec::new();
        for (side, &(x, y)) in sides.iter().enumerate() {
            for seed in 0..8 {
                if !gets_past_a_guard(x, y, seed) {
                    failed.push((side, seed));
                }
            }
        }
        assert!(
            failed.len() <= 6,
            "no pass by the timeout in {} of 24 tries (side, seed): {failed:?}",
            failed.len()
        );
    }

    /// One try of the test above: whether our pods, the first starting at `(x, y)`, pass a
    /// checkpoint before the timeout, with the search seeded with `seed`.
    fn gets_past_a_guard(x: f64, y: f64, seed: u64) -> bool {
        use crate::search::Budget;
        let track = Track::triangle();
        let post = track.checkpoint(1);
        let mut s = State::new([
            Vec2::new(x, y),
            Vec2::new(3000.0, 2000.0),
            post,
            Vec2::new(5000.0, 8000.0),
        ]);
        s.round = 88;
        // Their other pod passed lately: they are not the ones timing out.
        s.pods[3].last_pass = 80;
        s.pods[3].passed = 2;
        s.pods[3].next = 0;
        for (k, pod) in s.pods.iter_mut().enumerate() {
            pod.angle = Some(if k == 2 { std::f64::consts::PI } else { 0.0 });
        }
        let mut params = Params::<RunnerBlocker>::default();
        let mut ga = Ga::new(params.search);
        let mut rng = Rng::new(seed);
        let mut first = true;
        while s.round < 100 && s.pods[0].passed + s.pods[1].passed == 0 {
            params.eval.start_turn(&track, &s, first);
            first = false;
            let mut problem = Scenario::against_racer(&track, s, 0, &params);
            let (plan, _) = ga.search(&mut problem, Budget::Rollouts(2000), &mut rng);
            let mut commands = [Command::IDLE; PODS];
            for k in 0..2 {
                let pod = &s.pods[k];
                commands[k] = plan[0][k].command(&track, pod, &mut facing_of(pod), !pod.boost_used);
            }
            let leader = track.leader(&s, 0, params.eval.weights.checkpoint);
            let (guard, prey) = (&s.pods[2], &s.pods[leader]);
            let aim = if guard.pos.dist(prey.pos) < 2_500.0 {
                prey.pos + prey.vel
            } else {
                post - guard.vel * 2.0
            };
            commands[2] = Command::toward(
                round_to_i32(aim.x),
                round_to_i32(aim.y),
                Thrust::Power(MAX_THRUST),
            );
            step::step(&track, &mut s, &commands);
        }
        s.pods[0].passed + s.pods[1].passed > 0 && !s.dead[0]
    }
}

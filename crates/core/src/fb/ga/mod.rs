//! `builtin:ga` and the contest bot for Fantastic Bits: a rolling-horizon genetic search over
//! both wizards' next turns (moves towards a snaffle or back to our goal, throws, Flipendo and
//! Accio on any free snaffle), scored by goals, snaffles' distance to the goal we attack, our
//! wizards' reach to the snaffles they would split between them, the opponent's wizards'
//! reach, and magic. Each plan plays against the opponent's plan searched first, its reply
//! searched against our plan of the turn, and a straight opponent. Works from the contest's
//! input lines only, like the CSB bot.
//!
//! A bot of one's own is an [`Evaluation`] and [`GaBot`]: the search, the gene decoding, the
//! bookkeeping of what the input lines do not say and the contest loop
//! ([`crate::contest::contest_main`]) come with it. Our evaluation is [`Weights`].
//!
//! ```no_run
//! use botsim_core::fb::ga::{Evaluation, GaBot};
//! use botsim_core::fb::State;
//!
//! /// Goals, then each snaffle's distance to the goal we attack.
//! #[derive(Clone, Debug, Default)]
//! struct Forward;
//!
//! impl Evaluation for Forward {
//!     fn score(&self, end: &State, me: usize) -> f64 {
//!         let goal = botsim_core::fb::ga::target_goal(me);
//!         let goals = end.players[me].score - end.players[1 - me].score;
//!         let snaffles: f64 = end.snaffle_slots().filter(|&k| end.snaffle_free(k))
//!             .map(|k| end.bodies[k].pos.dist(goal)).sum();
//!         10_000.0 * goals as f64 - snaffles
//!     }
//! }
//!
//! fn main() {
//!     // --ms, --rollouts, --seed, --params FILE: the contest bots' flags.
//!     botsim_core::contest::contest_main(85, &[], GaBot::<Forward>::new);
//! }
//! ```

mod eval;
mod plan;

pub use eval::{evaluate, Weights};
pub use plan::{nearest_free, target_goal, Gene, Plan};

use super::state::{Effect, State, WIZARDS};
use super::step::{self, Action};
use super::{protocol, Fb, View};
use crate::bot::{Answer, Bot};
use crate::contest::ContestBot;
use crate::params::ParamError;
use crate::search::{crossover_units, shift_units, Duel, Problem, Rng, Settings, Stats};
use plan::{random_gene, STRAIGHT, TURN_SPAN};
use std::time::Instant;

/// Turns a plan looks ahead (docs/experiments/fb.md has the horizons tried).
pub const HORIZON: usize = 6;

/// How good a state is for one team: what the search scores the end of each plan with (higher
/// is better). Only [`Evaluation::score`] must be written; the weights it names are parameters
/// like the search's, set by `--params FILE` and tuned by `botsim tune`.
pub trait Evaluation {
    /// Called once a turn before the search, with the state the turn starts from (`first` on a
    /// game's first turn): for what the evaluation decides once a turn.
    fn start_turn(&mut self, _start: &State, _first: bool) {}
    /// How good `end`, the state at a plan's end, is for team `me` (0 attacks the right goal,
    /// 1 the left). Wizards `2 * me` and `2 * me + 1` are `me`'s.
    fn score(&self, end: &State, me: usize) -> f64;
    /// The evaluation's weights as named parameters, for `--params` and `botsim tune`.
    fn weights(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// Sets the weight `name`; `false` if there is none of that name.
    fn set_weight(&mut self, _name: &str, _value: f64) -> bool {
        false
    }
}

/// The bot's parameters: each one today's bot uses or a tuning run varies. Why each default is
/// what it is, and the options tried and removed, are in docs/experiments/fb.md.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params<E = Weights> {
    /// The evaluation and its weights.
    pub eval: E,
    /// The genetic search's settings.
    pub search: Settings,
    /// Share of each round of a turn's searches spent on the opponent's plan.
    pub opponent_share: f64,
    /// Probability mass of the spell genes (Flipendo or Accio on a free snaffle).
    pub spell_gene: f64,
    /// Share of the gene's kind range, after the spell genes, in which a free wizard's natural
    /// aim is our own goal's centre rather than its nearest free snaffle: a keeper's run home
    /// that the direction gene (up to 90 degrees off the natural aim) cannot express when the
    /// snaffles lie ahead.
    pub keeper: f64,
    /// Weight of a plan's score against a straight opponent (every wizard at full speed to its
    /// nearest snaffle, throwing at the goal) beside its score against the opponent's searched
    /// plan (0: the searched plan only). Above 0 each rollout plays the plan twice: a plan
    /// that only wins against one guess of the opponent's moves scores less.
    pub robust: f64,
    /// Rounds of reply in a turn, 0 to 2: after the opponent's plan is searched against our
    /// last and ours against it, each round searches the opponent's reply to our new plan, then
    /// ours again, scored against both of the opponent's plans (`Duel::search_replied`). The
    /// turn is split equally among the rounds, each the opponent's `opponent_share` of it first.
    pub replies: usize,
    /// A mutated direction turns by up to half this either way, in radians (0.4 pi: up to 36
    /// degrees), whatever the direction gene's span is.
    pub mutate_turn: f64,
    /// The chance of a gene's kind being drawn anew, as a share of the mutation rate (a
    /// direction's and a power's chance of a change is the rate itself).
    pub mutate_kind: f64,
}

/// Most rounds of reply ([`Params::replies`]).
pub const MAX_REPLIES: usize = 2;

impl<E: Default> Default for Params<E> {
    fn default() -> Params<E> {
        Params {
            eval: E::default(),
            search: Settings {
                population: 40,
                mutation_start: 0.55,
                ..Settings::default()
            },
            opponent_share: 0.25,
            spell_gene: 0.12,
            keeper: 0.1,
            robust: 0.5,
            replies: 1,
            mutate_turn: 0.4 * std::f64::consts::PI,
            mutate_kind: 0.5,
        }
    }
}

impl<E: Evaluation> crate::params::Named for Params<E> {
    fn values(&self) -> Vec<(&'static str, f64)> {
        let mut values = self.eval.weights();
        values.extend([
            ("opponent_share", self.opponent_share),
            ("spell_gene", self.spell_gene),
            ("keeper", self.keeper),
            ("robust", self.robust),
            ("replies", self.replies as f64),
            ("mutate_turn", self.mutate_turn),
            ("mutate_kind", self.mutate_kind),
        ]);
        values.extend(self.search.values());
        values
    }

    fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        if self.eval.set_weight(name, value) {
            return Ok(());
        }
        match name {
            "opponent_share" => self.opponent_share = value.clamp(0.0, 0.9),
            "spell_gene" => self.spell_gene = value.clamp(0.0, 1.0),
            "keeper" => self.keeper = value.clamp(0.0, 1.0),
            "robust" => self.robust = value.clamp(0.0, 1.0),
            "replies" => {
                let n = crate::params::count(name, value, 0)?;
                if n > MAX_REPLIES {
                    return Err(ParamError::Invalid {
                        name: name.to_string(),
                        why: format!("must be 0 to {MAX_REPLIES}, not {value}"),
                    });
                }
                self.replies = n;
            }
            "mutate_turn" => self.mutate_turn = value.clamp(0.0, 2.0 * TURN_SPAN),
            "mutate_kind" => self.mutate_kind = value.clamp(0.0, 2.0),
            _ => {
                if !self.search.set(name, value)? {
                    return Err(ParamError::Unknown {
                        bot: "fb ga",
                        name: name.to_string(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// The search problem of one team (the same name in both games): the start, its side, and
/// the other side's plan, fixed while its own plans are scored against it.
pub struct Scenario<'a, E = Weights> {
    /// The state the plans start from.
    pub start: State,
    /// The team whose plan is searched (0 or 1).
    pub me: usize,
    /// The other team's plan, fixed during this search.
    pub other: Plan,
    /// The other team's reply to our plan of this turn, when it was searched: a plan is then
    /// scored against both, their mean standing for its score against the other's plan.
    pub reply: Option<Plan>,
    /// How plans are decoded and scored.
    pub params: &'a Params<E>,
}

impl<E: Evaluation> Scenario<'_, E> {
    /// Plays our plan against the other's from the start; the final state.
    pub fn rollout(&self, plan: &Plan) -> State {
        self.play(plan, &self.other)
    }

    /// Plays our plan against `other` from the start; the final state.
    fn play(&self, plan: &Plan, other: &Plan) -> State {
        let mut s = self.start;
        for t in 0..HORIZON {
            let actions: [Action; WIZARDS] = std::array::from_fn(|w| {
                let genes = if State::team(w) == self.me {
                    plan
                } else {
                    other
                };
                self.params.action(&s, w, &genes[t][w % 2])
            });
            step::step(&mut s, &actions);
            if step::outcome(&s).is_some() {
                break;
            }
        }
        s
    }

    /// The score of our plan against `other`: the evaluation at its end.
    fn score_against(&self, plan: &Plan, other: &Plan) -> f64 {
        self.params.eval.score(&self.play(plan, other), self.me)
    }
}

impl<E: Evaluation> Problem for Scenario<'_, E> {
    type Genome = Plan;

    fn random(&self, rng: &mut Rng) -> Plan {
        std::array::from_fn(|_| [random_gene(rng), random_gene(rng)])
    }

    fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
        let step = self.params.mutate_turn / TURN_SPAN;
        let kind = rate * self.params.mutate_kind;
        for turn in plan.iter_mut() {
            for g in turn.iter_mut() {
                if rng.unit() < rate {
                    g.set_angle((g.angle() + (rng.unit() - 0.5) * step).clamp(0.0, 1.0));
                }
                if rng.unit() < rate {
                    g.power = (g.power + (rng.unit() - 0.5) * 0.5).clamp(0.0, 1.0);
                }
                if rng.unit() < kind {
                    g.kind = rng.unit();
                }
            }
        }
    }

    fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng, child: &mut Plan) {
        crossover_units(a, b, rng, child)
    }

    fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
        shift_units(plan, || random_gene(rng))
    }

    fn evaluate(&mut self, plan: &Plan) -> f64 {
        let mut score = self.score_against(plan, &self.other);
        if let Some(reply) = &self.reply {
            score = 0.5 * (score + self.score_against(plan, reply));
        }
        let robust = self.params.robust;
        if robust == 0.0 {
            return score;
        }
        let straight = self.score_against(plan, &STRAIGHT);
        (1.0 - robust) * score + robust * straight
    }
}

pub use crate::search::Think;

/// The contest bot: reads the protocol's lines, keeps what they do not say (its own grab
/// cooldowns and spells, the snaffle count), searches, and prints two orders.
pub struct GaBot<E = Weights> {
    /// The evaluation, search and gene-decoding parameters.
    pub params: Params<E>,
    /// How long the bot searches each turn.
    pub think: Think,
    team: Option<usize>,
    state: Option<State>,
    duel: Duel<Plan>,
    seed: u64,
    /// What the last search did.
    pub last: Stats,
}

impl<E> GaBot<E> {
    /// A bot with these parameters and budget, its search seeded with `seed`.
    pub fn new(params: Params<E>, think: Think, seed: u64) -> GaBot<E> {
        let search = params.search;
        GaBot {
            params,
            think,
            team: None,
            state: None,
            duel: Duel::new(search, seed),
            seed,
            last: Stats::default(),
        }
    }

    /// The bot's name in results: its budget and seed.
    pub fn describe(&self) -> String {
        format!("ga({},seed={})", self.think.describe(), self.seed)
    }
}

/// What our own order does that next turn's input will not show: the grab cooldown it starts
/// and the spell it pays for (both as the state stands at the start of the next turn).
fn remember(state: &mut State, w: usize, action: &Action) {
    let wz = &mut state.wizards[w];
    if wz.holding.is_some() {
        // Set to 3 by the order, less the decrement of the turn's physics.
        wz.grab_cooldown = 2;
    } else {
        wz.grab_cooldown = (wz.grab_cooldown - 1).max(0);
    }
    for e in &mut wz.effects {
        e.countdown = e.countdown.saturating_sub(1);
        if e.countdown == 0 {
            e.target = None;
        }
    }
    if let Action::Cast { spell, target } = *action {
        let magic = state.players[State::team(w)].magic;
        if magic >= spell.cost() {
            let slot = state.slot_of(target).map(|s| s as u8);
            state.wizards[w].effects[spell as usize] = Effect {
                countdown: spell.duration(),
                target: slot,
            };
            state.players[State::team(w)].magic -= spell.cost();
        }
    }
}

/// The shares of a turn in `N / 2` rounds of searches: each round the opponent's search
/// (`share` of the round), then ours.
fn rounds<const N: usize>(share: f64) -> [f64; N] {
    let per_round = (N / 2) as f64;
    std::array::from_fn(|k| if k % 2 == 0 { share } else { 1.0 - share } / per_round)
}

impl<E: Evaluation> ContestBot for GaBot<E> {
    fn lines_missing(first: bool, lines: &[String]) -> usize {
        protocol::lines_missing(first, lines)
    }

    /// One turn: its input lines (the team id first on the first turn), the instant the first
    /// was read, and the two order lines to print.
    fn turn(
        &mut self,
        lines: &[String],
        started: Instant,
    ) -> Result<[String; 2], crate::input::InputError> {
        let mut lines = lines;
        if self.team.is_none() {
            use crate::input::{InputError, Line};
            let first = lines.first().ok_or(InputError::Missing(Line::Init(1)))?;
            let team = first
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&t| t < 2)
                .ok_or_else(|| {
                    InputError::malformed(Line::Init(1), "the team id, 0 or 1", first)
                })?;
            self.team = Some(team);
            lines = &lines[1..];
            self.duel.reset();
        }
        let team = self.team.expect("set above");
        let state = protocol::parse_turn(lines, team, self.state.as_ref())?;
        let first = self.state.is_none();
        self.params.eval.start_turn(&state, first);
        let params = &self.params;
        let ours_before = self.duel.ours_before().copied().unwrap_or(STRAIGHT);
        let problem = |me: usize, other: &Plan, reply: Option<&Plan>| Scenario {
            start: state,
            me,
            other: *other,
            reply: reply.copied(),
            params,
        };
        let theirs = |ours: &Plan| problem(1 - team, ours, None);
        let ours = |theirs: &Plan, reply: Option<&Plan>| problem(team, theirs, reply);
        let (think, share) = (self.think, params.opponent_share);
        let duel = &mut self.duel;
        let (plan, stats) = match params.replies {
            0 => duel.search_replied(
                think.phases(first, started, rounds::<2>(share)),
                &ours_before,
                theirs,
                ours,
            ),
            1 => duel.search_replied(
                think.phases(first, started, rounds::<4>(share)),
                &ours_before,
                theirs,
                ours,
            ),
            _ => duel.search_replied(
                think.phases(first, started, rounds::<6>(share)),
                &ours_before,
                theirs,
                ours,
            ),
        };
        self.last = stats;
        let mut next = state;
        let mut out: [String; 2] = Default::default();
        for k in 0..2 {
            let w = team * 2 + k;
            let action = params.action(&state, w, &plan[0][k]);
            out[k] = protocol::format_action(&action);
            remember(&mut next, w, &action);
        }
        self.state = Some(next);
        Ok(out)
    }

    fn stats(&self) -> &Stats {
        &self.last
    }
}

impl<E: Evaluation> Bot<Fb> for GaBot<E> {
    fn name(&self) -> String {
        self.describe()
    }

    fn play(&mut self, _view: &View, lines: &[String]) -> Answer<[Action; 2]> {
        match self.turn(lines, Instant::now()) {
            Ok(orders) => Answer::Lines(orders.to_vec()),
            Err(_) => Answer::Silent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Params;
    use crate::params::Named;

    /// Every parameter the bot names can be set by that name and reads back as set, each to its
    /// own field: a parameter wired into one list and not the other fails here.
    #[test]
    fn every_named_parameter_sets_its_own_value() {
        let counts = [
            "search.population",
            "search.elites",
            "search.tournament",
            "replies",
        ];
        let mut p = <Params>::default();
        let wanted: Vec<(&str, f64)> = <Params>::default()
            .values()
            .into_iter()
            .map(|(name, v)| {
                let changed = if counts.contains(&name) {
                    v + 1.0
                } else {
                    v * 0.5 + 0.05
                };
                (name, changed)
            })
            .collect();
        for &(name, v) in &wanted {
            p.set(name, v).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(p.values(), wanted);
        assert!(p.set("search.nonsense", 1.0).is_err());
        assert!(p.set("replies", 3.0).is_err(), "at most MAX_REPLIES");
        assert!(p.set("replies", 1.5).is_err(), "a count");
    }
}

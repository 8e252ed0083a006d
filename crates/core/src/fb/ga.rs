//! `builtin:ga` and the contest bot for Fantastic Bits: a rolling-horizon genetic search over
//! both wizards' next turns (moves, throws, Flipendo and Accio on any free snaffle), scored by
//! goals, snaffles' distance to the goal we attack, our wizards' reach to the snaffles they
//! would split between them, the opponent's wizards' reach, and magic, against a model of the
//! opponent searched first. Works from the contest's input lines only, like the CSB bot.

use super::state::{Effect, Spell, State, FIRST_SNAFFLE, MAX_SNAFFLES, WIZARDS};
use super::step::{self, Action};
use super::{
    flies_at_goal, protocol, Fb, View, GOAL_BOTTOM, GOAL_TOP, HEIGHT, MAX_THROW, MAX_THRUST,
    POST_RADIUS, WIDTH,
};
use crate::bot::{Answer, Bot, ContestBot};
use crate::geom::{round_to_i32, Vec2};
use crate::params::ParamError;
use crate::search::{crossover_units, shift_units, Duel, Problem, Rng, Settings, Stats};
use std::time::Instant;

/// Turns a plan looks ahead. 5 instead of 4, with the plans scored against two opponents
/// (`robust`), at equal work (1,200 rollouts against fb_v4's 1,500): 129-0-85, +72.5 [+29.5,
/// +117.7], SPRT elo1=25 H1 after 214 games. Before `robust`, 5 was +10 to +35 and never
/// decided.
pub const HORIZON: usize = 5;

/// One wizard's order for one turn, as genes in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gene {
    /// Direction, as an offset of up to +/-90 degrees from the natural aim (the nearest free snaffle to
    /// move to, the goal to throw at). Set with [`Gene::set_angle`], which keeps `turn`.
    angle: f64,
    /// The offset's cosine and sine, computed when the angle changes rather than in every
    /// rollout.
    turn: Vec2,
    /// Thrust or throw power, scaled to the order's range when decoded.
    pub power: f64,
    /// Below `spell_gene`: a spell and its target (see [`spell_of`]), if magic allows.
    pub kind: f64,
}

impl Gene {
    /// A gene from its three values in [0, 1].
    pub fn new(angle: f64, power: f64, kind: f64) -> Gene {
        let mut g = Gene {
            angle: 0.5,
            turn: Vec2::new(1.0, 0.0),
            power,
            kind,
        };
        g.set_angle(angle);
        g
    }

    /// The direction gene, in [0, 1] (0.5: straight at the natural aim).
    pub fn angle(&self) -> f64 {
        self.angle
    }

    /// Sets the direction gene, and the turn it stands for.
    pub fn set_angle(&mut self, angle: f64) {
        self.angle = angle;
        let (sin, cos) = ((angle - 0.5) * std::f64::consts::PI).sin_cos();
        self.turn = Vec2::new(cos, sin);
    }
}

/// Both wizards' orders for `HORIZON` turns.
pub type Plan = [[Gene; 2]; HORIZON];

/// The default of [`Weights::deny`].
const DENY: f64 = 0.3;

/// Every weight of the evaluation, in one place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A goal of ours minus one of theirs.
    pub goal: f64,
    /// Each snaffle's nearness to the goal we attack (per unit of distance).
    pub snaffle: f64,
    /// Our wizards' nearness to free snaffles (per unit of distance): with both free, to the two
    /// snaffles they would split between them.
    pub chase: f64,
    /// Holding a snaffle.
    pub hold: f64,
    /// Each point of magic.
    pub magic: f64,
    /// Winning or losing.
    pub win: f64,
    /// The opponent's wizards' distance to their nearest free snaffle (per unit of distance).
    pub deny: f64,
    /// The opponent holding a snaffle (counted against us). 0: at 300, 127-0-130 (-2.7 [-46,
    /// +41]) in 257 games at 6,000 rollouts, undecided when stopped.
    pub their_hold: f64,
    /// Each goal of theirs, beside `goal`: 16,000 would count a conceded snaffle as if it lay
    /// on our goal line still (today a goal against us costs only 4,000 more than a snaffle
    /// there). 0: at 16,000 it lost 89-0-94, SPRT H0 after 182 games at 1,200 rollouts.
    pub conceded: f64,
    /// Turns of a snaffle's velocity added to its position before its distance to the goal is
    /// taken (clamped to the field): a snaffle thrown in a plan's last turn counts where it is
    /// going, not where the horizon stopped it. 0: only the position counts.
    pub lead: f64,
    /// Above 0.5: a snaffle's distance is to the goal's mouth (the line between the posts'
    /// inner edges) rather than to its centre.
    pub mouth: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            goal: 20_000.0,
            snaffle: 1.0,
            chase: 0.3,
            hold: 300.0,
            magic: 15.0,
            win: 1e8,
            deny: DENY,
            their_hold: 0.0,
            conceded: 0.0,
            lead: 0.0,
            mouth: 0.0,
        }
    }
}

/// The bot's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// The evaluation's weights.
    pub weights: Weights,
    /// The genetic search's settings.
    pub search: Settings,
    /// Share of a turn's budget spent on the opponent's plan.
    pub opponent_share: f64,
    /// Probability mass of the spell genes. 0.12 against 0.06: 178-0-130, +55 [+19, +92],
    /// SPRT elo1=25 H1 after 308 games at 6,000 rollouts; 0.24 against 0.12: 249-0-275, -17,
    /// H0 after 524.
    pub spell_gene: f64,
    /// Above 0.5: spell genes also draw Petrificus, on a free snaffle that flies at our goal
    /// ([`spell_of`]). Off: on shots only it lost 36-0-66 (-105, SPRT H0 after 102 games at
    /// 1,200 rollouts). Earlier, on any free snaffle or opponent's wizard, the bot lost 157 of
    /// 200 games: it cast Petrificus as soon as it had the 10 magic, so magic never reached the
    /// 20 of Flipendo, the spell that wins games; with 20 magic kept back it still lost
    /// 88-0-112, -42 [-90, +5].
    pub petrificus: f64,
    /// Weight of a plan's score against a straight opponent (every wizard at full speed to its
    /// nearest snaffle, throwing at the goal) beside its score against the opponent's searched
    /// plan (0: the searched plan only). Above 0 each rollout plays the plan twice: a plan
    /// that only wins against one guess of the opponent's moves scores less.
    pub robust: f64,
    /// With `robust`: the share of the plan's score that is its worse score of the two
    /// (against the searched plan, against the straight opponent) rather than their weighted
    /// mean.
    pub pessimism: f64,
    /// Above 0.5: a free wizard's natural aim is [`chase_target`] (the two wizards split
    /// between two snaffles) rather than its nearest free snaffle.
    pub split_aim: f64,
    /// Above 0.5: every search starts with the straight plan (full speed to the natural aim,
    /// throws at the goal centre) among last turn's plans. Off, and `split_aim` too: both on
    /// won 335-0-269 (+38, SPRT H1) at 1,200 rollouts, but 54-0-55 at 6,000 and 42-0-58 at the
    /// contest's time (-56 [-122, +6]): they stand in for search the bot has at 85 ms.
    pub seed_straight: f64,
    /// Above 0.5: spell genes also draw Accio (on any free snaffle). Off, the magic goes to
    /// Flipendo only, and the bot lost 13-0-44 (-226 [-363, -132], SPRT H0 after 57 games at
    /// 6,000 rollouts): Accio is cast about three times a game, Flipendo almost never.
    pub accio: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            weights: Weights::default(),
            // 40 plans a generation: 88-0-54 (+85 Elo) against 24, SPRT elo1=40 H1.
            search: Settings {
                population: 40,
                ..Settings::default()
            },
            opponent_share: 0.25,
            spell_gene: 0.12,
            petrificus: 0.0,
            // Against fb_v3 at the same simulations (1,500 rollouts of two plays against
            // 3,000): 403-0-332, +33 [+8, +59], SPRT elo1=25 H1 after 735 games.
            robust: 0.5,
            pessimism: 0.0,
            split_aim: 0.0,
            seed_straight: 0.0,
            accio: 1.0,
        }
    }
}

impl crate::params::Named for Params {
    fn values(&self) -> Vec<(&'static str, f64)> {
        let w = &self.weights;
        [
            ("weights.goal", w.goal),
            ("weights.snaffle", w.snaffle),
            ("weights.chase", w.chase),
            ("weights.hold", w.hold),
            ("weights.magic", w.magic),
            ("weights.win", w.win),
            ("weights.deny", w.deny),
            ("weights.their_hold", w.their_hold),
            ("weights.conceded", w.conceded),
            ("weights.lead", w.lead),
            ("weights.mouth", w.mouth),
            ("opponent_share", self.opponent_share),
            ("spell_gene", self.spell_gene),
            ("petrificus", self.petrificus),
            ("robust", self.robust),
            ("pessimism", self.pessimism),
            ("split_aim", self.split_aim),
            ("seed_straight", self.seed_straight),
            ("accio", self.accio),
        ]
        .into_iter()
        .chain(self.search.values())
        .collect()
    }

    fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        let w = &mut self.weights;
        match name {
            "weights.goal" => w.goal = value,
            "weights.snaffle" => w.snaffle = value,
            "weights.chase" => w.chase = value,
            "weights.hold" => w.hold = value,
            "weights.magic" => w.magic = value,
            "weights.win" => w.win = value,
            "weights.deny" => w.deny = value,
            "weights.their_hold" => w.their_hold = value,
            "weights.conceded" => w.conceded = value,
            "weights.lead" => w.lead = value,
            "weights.mouth" => w.mouth = value,
            "opponent_share" => self.opponent_share = value.clamp(0.0, 0.9),
            "spell_gene" => self.spell_gene = value.clamp(0.0, 1.0),
            "petrificus" => self.petrificus = value,
            "robust" => self.robust = value.clamp(0.0, 1.0),
            "pessimism" => self.pessimism = value.clamp(0.0, 1.0),
            "split_aim" => self.split_aim = value,
            "seed_straight" => self.seed_straight = value,
            "accio" => self.accio = value,
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

/// The centre of the goal `team` attacks.
fn target_goal(team: usize) -> Vec2 {
    Vec2::new(
        if team == 0 { WIDTH as f64 } else { 0.0 },
        HEIGHT as f64 / 2.0,
    )
}

/// The free snaffle a free wizard runs for: its nearest, unless that is also its free
/// teammate's nearest and the teammate is nearer (the first wizard, on a tie). Then its second
/// nearest, if there is one: the two wizards split between two snaffles, as the evaluation's
/// chase term assumes.
fn chase_target(s: &State, w: usize) -> Option<usize> {
    let me = s.bodies[w].pos;
    let mate = w ^ 1;
    // (squared distance, slot) of the nearest and the second nearest.
    let mut first: Option<(f64, usize)> = None;
    let mut second: Option<(f64, usize)> = None;
    for k in s.snaffle_slots() {
        if s.snaffle_free(k) {
            let d = (s.bodies[k].pos - me).norm2();
            if first.is_none_or(|(b, _)| d < b) {
                second = first;
                first = Some((d, k));
            } else if second.is_none_or(|(b, _)| d < b) {
                second = Some((d, k));
            }
        }
    }
    let (d, k) = first?;
    let Some((_, other)) = second else {
        return Some(k);
    };
    if s.wizards[mate].holding.is_some() {
        return Some(k);
    }
    let there = s.bodies[mate].pos;
    if nearest_free(s, there) != Some(k) {
        return Some(k);
    }
    let theirs = (s.bodies[k].pos - there).norm2();
    let yields = theirs < d || (theirs == d && mate < w);
    Some(if yields { other } else { k })
}

/// The free snaffle nearest to a point (compared by squared distance: no square roots).
fn nearest_free(s: &State, from: Vec2) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for k in s.snaffle_slots() {
        if s.snaffle_free(k) {
            let d = (s.bodies[k].pos - from).norm2();
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, k));
            }
        }
    }
    best.map(|(_, k)| k)
}

impl Params {
    /// The order a gene stands for, for wizard `w` in state `s`; always one the referee accepts.
    fn action(&self, s: &State, w: usize, g: &Gene) -> Action {
        let me = s.bodies[w].pos;
        let team = State::team(w);
        // The natural aim turned by the gene's offset, 10,000 units away.
        let point = |base: Vec2, power: f64| {
            let d = base - me;
            let u = if d.x == 0.0 && d.y == 0.0 {
                Vec2::new(1.0, 0.0)
            } else {
                d.normalized()
            };
            let (c, sn) = (g.turn.x, g.turn.y);
            let x = me.x + (u.x * c - u.y * sn) * 10_000.0;
            let y = me.y + (u.x * sn + u.y * c) * 10_000.0;
            (round_to_i32(x), round_to_i32(y), power)
        };
        if s.wizards[w].holding.is_some() {
            let (x, y, _) = point(target_goal(team), 0.0);
            let power = ((g.power * 1.3).min(1.0) * MAX_THROW as f64) as u32;
            return Action::Throw { x, y, power };
        }
        let nearest = if self.split_aim > 0.5 {
            chase_target(s, w)
        } else {
            nearest_free(s, me)
        };
        if g.kind < self.spell_gene {
            let offer = Offer {
                accio: self.accio > 0.5,
                petrificus: self.petrificus > 0.5,
            };
            if let Some((spell, target)) = spell_of(s, w, g.kind / self.spell_gene, offer) {
                if s.players[team].magic >= spell.cost() {
                    return Action::Cast {
                        spell,
                        target: s.id_of(target),
                    };
                }
            }
        }
        let base = nearest.map_or(target_goal(team), |k| s.bodies[k].pos + s.bodies[k].vel);
        let (x, y, _) = point(base, 0.0);
        let thrust = ((g.power * 1.3 - 0.15).clamp(0.0, 1.0) * MAX_THRUST as f64) as u32;
        Action::Move { x, y, thrust }
    }
}

/// Which spells the search may cast besides Flipendo.
#[derive(Clone, Copy)]
struct Offer {
    /// Accio, on any free snaffle.
    accio: bool,
    /// Petrificus, on a free snaffle that flies at our goal.
    petrificus: bool,
}

/// The spell and target (slot) a spell gene stands for, `u` in [0, 1): an equal part of the
/// range for each spell on offer, and within it one of the spell's targets. Flipendo is on
/// offer on every free snaffle, and so is Accio when `offer` says so. With `offer.petrificus`,
/// Petrificus is on offer too while a free snaffle flies at our goal ([`flies_at_goal`]), on
/// such snaffles only. `None` when there is nothing to target.
fn spell_of(s: &State, w: usize, u: f64, offer: Offer) -> Option<(Spell, usize)> {
    let team = State::team(w);
    let home = target_goal(1 - team);
    let mut free = [0usize; MAX_SNAFFLES];
    let mut shots = [0usize; MAX_SNAFFLES];
    let (mut n, mut m) = (0, 0);
    for k in s.snaffle_slots() {
        if s.snaffle_free(k) {
            free[n] = k;
            n += 1;
            if offer.petrificus && flies_at_goal(s.bodies[k].pos, s.bodies[k].vel, home) {
                shots[m] = k;
                m += 1;
            }
        }
    }
    let mut offered = [Spell::Flipendo; 3];
    let mut spells = 1;
    for (spell, on) in [(Spell::Accio, offer.accio), (Spell::Petrificus, m > 0)] {
        if on {
            offered[spells] = spell;
            spells += 1;
        }
    }
    let x = (u * spells as f64).clamp(0.0, spells as f64 - 1e-9);
    let spell = offered[x as usize];
    let targets = match spell {
        Spell::Petrificus => &shots[..m],
        _ => &free[..n],
    };
    let v = x.fract();
    (!targets.is_empty()).then(|| {
        let i = ((v * targets.len() as f64) as usize).min(targets.len() - 1);
        (spell, targets[i])
    })
}

fn random_gene(rng: &mut Rng) -> Gene {
    let angle = rng.unit();
    let power = rng.unit();
    Gene::new(angle, power, rng.unit())
}

/// Aim straight at the natural target at full power: the opponent model before any search.
const STRAIGHT: Plan = [[Gene {
    angle: 0.5,
    turn: Vec2::new(1.0, 0.0),
    power: 1.0,
    kind: 1.0,
}; 2]; HORIZON];

/// The search problem of one team: its plan against the other's fixed plan.
pub struct Match<'a> {
    /// The state the plans start from.
    pub start: State,
    /// The team whose plan is searched (0 or 1).
    pub me: usize,
    /// The other team's plan, fixed during this search.
    pub other: Plan,
    /// How plans are decoded and scored.
    pub params: &'a Params,
}

impl Match<'_> {
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
        evaluate(&self.play(plan, other), self.me, &self.params.weights)
    }
}

/// The evaluation of a state for team `me`.
pub fn evaluate(s: &State, me: usize, w: &Weights) -> f64 {
    let them = 1 - me;
    let (mine, theirs) = (s.players[me].score, s.players[them].score);
    if s.players[me].dead || theirs >= s.score_to_win {
        return -w.win;
    }
    if s.players[them].dead || mine >= s.score_to_win {
        return w.win;
    }
    let goal = target_goal(me);
    let mut value = w.goal * (mine - theirs) as f64 + w.magic * s.players[me].magic as f64
        - w.conceded * theirs as f64;
    let plain = w.lead == 0.0 && w.mouth <= 0.5;
    for k in s.snaffle_slots() {
        if s.snaffles[k - FIRST_SNAFFLE].alive {
            let b = &s.bodies[k];
            value -= w.snaffle
                * if plain {
                    b.pos.dist(goal)
                } else {
                    goal_distance(b.pos + b.vel * w.lead, goal, w.mouth > 0.5)
                };
        }
    }
    let ours = [me * 2, me * 2 + 1];
    let free = |wz: usize| s.wizards[wz].holding.is_none();
    for &wz in &ours {
        if !free(wz) {
            value += w.hold;
        }
    }
    if free(ours[0]) && free(ours[1]) {
        value -= w.chase * split_chase(s, ours);
    } else {
        for &wz in &ours {
            if free(wz) {
                if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                    value -= w.chase * s.bodies[k].pos.dist(s.bodies[wz].pos);
                }
            }
        }
    }
    for wz in them * 2..them * 2 + 2 {
        if !free(wz) {
            value -= w.their_hold;
        } else {
            if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                value += w.deny * s.bodies[k].pos.dist(s.bodies[wz].pos);
            }
        }
    }
    value
}

/// A point's distance to the goal centred on `goal`: to its centre, or with `mouth` to the
/// nearest point of its mouth (between the posts' inner edges). The point is first clamped to
/// the field.
fn goal_distance(p: Vec2, goal: Vec2, mouth: bool) -> f64 {
    let p = Vec2::new(p.x.clamp(0.0, WIDTH as f64), p.y.clamp(0.0, HEIGHT as f64));
    let aim = if mouth {
        let inner = GOAL_TOP + POST_RADIUS..=GOAL_BOTTOM - POST_RADIUS;
        Vec2::new(goal.x, p.y.clamp(*inner.start(), *inner.end()))
    } else {
        goal
    };
    p.dist(aim)
}

/// The distance two free wizards cover to reach free snaffles, each its own when there are two
/// or more: the smaller sum over the pairs of distinct snaffles.
fn split_chase(s: &State, wizards: [usize; 2]) -> f64 {
    let [a, b] = wizards.map(|wz| s.bodies[wz].pos);
    let mut best = f64::INFINITY;
    let mut nearest = [f64::INFINITY; 2];
    for i in s.snaffle_slots() {
        if !s.snaffle_free(i) {
            continue;
        }
        let p = s.bodies[i].pos;
        let (da, db) = (p.dist(a), p.dist(b));
        nearest = [nearest[0].min(da), nearest[1].min(db)];
        for j in s.snaffle_slots() {
            if j != i && s.snaffle_free(j) {
                best = best.min(da + s.bodies[j].pos.dist(b));
            }
        }
    }
    if best.is_finite() {
        best
    } else if nearest[0].is_finite() {
        nearest[0] + nearest[1]
    } else {
        0.0
    }
}

impl Problem for Match<'_> {
    type Genome = Plan;

    fn random(&self, rng: &mut Rng) -> Plan {
        std::array::from_fn(|_| [random_gene(rng), random_gene(rng)])
    }

    fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
        for turn in plan.iter_mut() {
            for g in turn.iter_mut() {
                if rng.unit() < rate {
                    g.set_angle((g.angle + (rng.unit() - 0.5) * 0.4).clamp(0.0, 1.0));
                }
                if rng.unit() < rate {
                    g.power = (g.power + (rng.unit() - 0.5) * 0.5).clamp(0.0, 1.0);
                }
                if rng.unit() < rate * 0.5 {
                    g.kind = rng.unit();
                }
            }
        }
    }

    fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng) -> Plan {
        crossover_units(a, b, rng)
    }

    fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
        shift_units(plan, || random_gene(rng))
    }

    fn evaluate(&mut self, plan: &Plan) -> f64 {
        let score = self.score_against(plan, &self.other);
        let robust = self.params.robust;
        if robust == 0.0 {
            return score;
        }
        let straight = self.score_against(plan, &STRAIGHT);
        let mean = (1.0 - robust) * score + robust * straight;
        let p = self.params.pessimism;
        if p == 0.0 {
            return mean;
        }
        (1.0 - p) * mean + p * score.min(straight)
    }

    fn seed(&self) -> Option<Plan> {
        (self.params.seed_straight > 0.5).then_some(STRAIGHT)
    }
}

pub use crate::search::Think;

/// The contest bot: reads the protocol's lines, keeps what they do not say (its own grab
/// cooldowns and spells, the snaffle count), searches, and prints two orders.
pub struct GaBot {
    /// The evaluation, search and gene-decoding parameters.
    pub params: Params,
    /// How long the bot searches each turn.
    pub think: Think,
    team: Option<usize>,
    state: Option<State>,
    duel: Duel<Plan>,
    seed: u64,
    /// What the last search did.
    pub last: Stats,
}

impl GaBot {
    /// A bot with these parameters and budget, its search seeded with `seed`.
    pub fn new(params: Params, think: Think, seed: u64) -> GaBot {
        GaBot {
            params,
            think,
            team: None,
            state: None,
            duel: Duel::new(params.search, seed),
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

impl ContestBot for GaBot {
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
        let budgets = self
            .think
            .budgets(first, started, self.params.opponent_share);
        let params = self.params;
        let ours_before = self.duel.ours_before().copied().unwrap_or(STRAIGHT);
        let mut theirs = Match {
            start: state,
            me: 1 - team,
            other: ours_before,
            params: &params,
        };
        let (plan, stats) = self.duel.search(budgets, &mut theirs, |their_plan| Match {
            start: state,
            me: team,
            other: *their_plan,
            params: &params,
        });
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

impl Bot<Fb> for GaBot {
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

//! Plans and what they stand for: a gene per wizard and turn (an angle off the natural aim, a
//! power, a kind that may be a spell), decoded into an order the referee accepts.

use super::{Params, HORIZON};
use crate::fb::state::{Spell, State, FIRST_BLUDGER, FIRST_SNAFFLE, MAX_SNAFFLES};
use crate::fb::step::Action;
use crate::fb::{flies_at_goal, HEIGHT, MAX_THROW, MAX_THRUST, WIDTH};
use crate::geom::{round_to_i32, Vec2};
use crate::search::Rng;

/// The directions the angle gene spans, in radians: half of it each side of the natural aim.
/// Half a turn (up to 90 degrees off the aim). Three quarters of a turn (135 degrees, with the
/// same mutation in degrees) lost at the contest's time: 77-0-98, -44 [-96, +5], SPRT elo0=0
/// elo1=25 LLR -2.18 after 175 games (seed 530000, stopped).
pub(super) const TURN_SPAN: f64 = std::f64::consts::PI;

/// One wizard's order for one turn, as genes in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gene {
    /// Direction, as an offset of up to half [`TURN_SPAN`] either way from the natural aim (the
    /// nearest free snaffle to move to, the goal to throw at). Set with [`Gene::set_angle`], which keeps `turn`.
    angle: f64,
    /// The offset's cosine and sine, computed when the angle changes rather than in every
    /// rollout.
    turn: Vec2,
    /// Thrust or throw power, scaled to the order's range when decoded.
    pub power: f64,
    /// Below `spell_gene`: a spell and its target (see [`spell_of`]), if magic allows. For a
    /// free wizard, the next `keeper` of the range: its natural aim is our own goal (its centre,
    /// or with `keeper_aim` a point on the way out to the snaffle that threatens it).
    /// For a wizard holding a snaffle, below `pass`: it throws at its teammate (where it will
    /// be) rather than at the goal.
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
        let (sin, cos) = ((angle - 0.5) * TURN_SPAN).sin_cos();
        self.turn = Vec2::new(cos, sin);
    }
}

/// Both wizards' orders for `HORIZON` turns.
pub type Plan = [[Gene; 2]; HORIZON];

/// The centre of the goal `team` attacks.
pub(super) fn target_goal(team: usize) -> Vec2 {
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

/// The snaffle that threatens `team`'s goal most: of those in play and not held by `team`, the
/// one nearest that goal, where it will be next turn.
fn threat(s: &State, team: usize) -> Option<Vec2> {
    let home = target_goal(1 - team);
    let ours = |k: usize| (team * 2..team * 2 + 2).any(|w| s.held(w) == Some(k));
    s.snaffle_slots()
        .filter(|&k| s.snaffles[k - FIRST_SNAFFLE].alive && !ours(k))
        .map(|k| s.bodies[k].pos + s.bodies[k].vel)
        .min_by(|a, b| (*a - home).norm2().total_cmp(&(*b - home).norm2()))
}

/// The free snaffle nearest to a point (compared by squared distance: no square roots).
pub(super) fn nearest_free(s: &State, from: Vec2) -> Option<usize> {
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
    pub(super) fn action(&self, s: &State, w: usize, g: &Gene) -> Action {
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
            let aim = if g.kind < self.pass {
                let mate = w ^ 1;
                s.bodies[mate].pos + s.bodies[mate].vel
            } else {
                target_goal(team)
            };
            let (x, y, _) = point(aim, 0.0);
            let power = ((g.power * 1.3).min(1.0) * MAX_THROW as f64) as u32;
            return Action::Throw { x, y, power };
        }
        if g.kind < self.spell_gene {
            let offer = self.offer(s, team);
            if let Some((spell, target)) = spell_of(s, w, g.kind / self.spell_gene, offer) {
                if s.players[team].magic >= spell.cost() + offer.reserve(spell) {
                    return Action::Cast {
                        spell,
                        target: s.id_of(target),
                    };
                }
            }
        }
        let keeps = g.kind >= self.spell_gene && g.kind < self.spell_gene + self.keeper;
        let base = if keeps {
            self.keeper_point(s, team)
        } else {
            let nearest = if self.split_aim > 0.5 {
                chase_target(s, w)
            } else {
                nearest_free(s, me)
            };
            nearest.map_or(target_goal(team), |k| s.bodies[k].pos + s.bodies[k].vel)
        };
        let (x, y, _) = point(base, 0.0);
        let thrust = ((g.power * 1.3 - 0.15).clamp(0.0, 1.0) * MAX_THRUST as f64) as u32;
        Action::Move { x, y, thrust }
    }

    /// Where a keeper runs: our goal's centre, or with `keeper_aim` the point that share of the
    /// way from it to the snaffle that threatens it most ([`threat`]).
    fn keeper_point(&self, s: &State, team: usize) -> Vec2 {
        let home = target_goal(1 - team);
        if self.keeper_aim <= 0.0 {
            return home;
        }
        threat(s, team).map_or(home, |at| home + (at - home) * self.keeper_aim)
    }

    /// The spells these parameters offer to `team` in state `s`.
    fn offer(&self, s: &State, team: usize) -> Offer {
        Offer {
            accio: self.accio > 0.5,
            petrificus: self.petrificus > 0.5,
            obliviate: self.obliviate > 0.5,
            magic: (self.affordable > 0.5).then_some(s.players[team].magic),
            accio_reserve: self.accio_reserve,
        }
    }

    /// The `k`-th probe of `plan` for `team` in state `s` (see `Problem::probe`): the plan
    /// with one free wizard's first order replaced by a spell the team can pay for now, on one
    /// of its targets, over every such wizard, spell and target in turn. None past the last,
    /// or when `probes` is off.
    pub(super) fn probe(&self, s: &State, team: usize, plan: &Plan, mut k: usize) -> Option<Plan> {
        if self.probes <= 0.5 {
            return None;
        }
        let magic = s.players[team].magic;
        let offer = self.offer(s, team);
        for i in 0..2 {
            let w = team * 2 + i;
            if s.wizards[w].holding.is_some() {
                continue;
            }
            if let Some(u) = Menu::new(s, w, offer).nth_affordable(&mut k, magic, offer) {
                let mut variant = *plan;
                variant[0][i].kind = u * self.spell_gene;
                return Some(variant);
            }
        }
        None
    }
}

/// Which spells the search may cast besides Flipendo.
#[derive(Clone, Copy)]
struct Offer {
    /// Accio, on any free snaffle.
    accio: bool,
    /// Petrificus, on a free snaffle that flies at our goal.
    petrificus: bool,
    /// Obliviate, on either bludger.
    obliviate: bool,
    /// With a value: only the spells this much magic pays for.
    magic: Option<i32>,
    /// Magic an Accio must leave.
    accio_reserve: i32,
}

impl Offer {
    /// Magic a spell must leave.
    fn reserve(&self, spell: Spell) -> i32 {
        if spell == Spell::Accio {
            self.accio_reserve
        } else {
            0
        }
    }
}

/// The spell and target (slot) a spell gene stands for, `u` in [0, 1): an equal part of the
/// range for each spell on offer, and within it one of the spell's targets. Flipendo is on
/// offer on every free snaffle, and so is Accio when `offer` says so. With `offer.petrificus`,
/// Petrificus is on offer too while a free snaffle flies at our goal ([`flies_at_goal`]), on
/// such snaffles only; with `offer.obliviate`, Obliviate on either bludger. With
/// `offer.magic`, only the spells it pays for are on offer. `None` when there is nothing to
/// cast or to target.
fn spell_of(s: &State, w: usize, u: f64, offer: Offer) -> Option<(Spell, usize)> {
    let menu = Menu::new(s, w, offer);
    if menu.spells == 0 {
        return None;
    }
    let x = (u * menu.spells as f64).clamp(0.0, menu.spells as f64 - 1e-9);
    let spell = menu.offered[x as usize];
    let targets = menu.targets(spell);
    let v = x.fract();
    (!targets.is_empty()).then(|| {
        let i = ((v * targets.len() as f64) as usize).min(targets.len() - 1);
        (spell, targets[i])
    })
}

/// The spells on offer to a wizard and their targets (slots), as [`spell_of`] draws from them.
struct Menu {
    offered: [Spell; 4],
    spells: usize,
    free: [usize; MAX_SNAFFLES],
    n: usize,
    shots: [usize; MAX_SNAFFLES],
    m: usize,
}

impl Menu {
    fn new(s: &State, w: usize, offer: Offer) -> Menu {
        let team = State::team(w);
        let home = target_goal(1 - team);
        let mut menu = Menu {
            offered: [Spell::Flipendo; 4],
            spells: 0,
            free: [0; MAX_SNAFFLES],
            n: 0,
            shots: [0; MAX_SNAFFLES],
            m: 0,
        };
        for k in s.snaffle_slots() {
            if s.snaffle_free(k) {
                menu.free[menu.n] = k;
                menu.n += 1;
                if offer.petrificus && flies_at_goal(s.bodies[k].pos, s.bodies[k].vel, home) {
                    menu.shots[menu.m] = k;
                    menu.m += 1;
                }
            }
        }
        for (spell, on) in [
            (Spell::Flipendo, true),
            (Spell::Accio, offer.accio),
            (Spell::Petrificus, menu.m > 0),
            (Spell::Obliviate, offer.obliviate),
        ] {
            if on
                && offer
                    .magic
                    .is_none_or(|magic| spell.cost() + offer.reserve(spell) <= magic)
            {
                menu.offered[menu.spells] = spell;
                menu.spells += 1;
            }
        }
        menu
    }

    /// The slots a spell may target.
    fn targets(&self, spell: Spell) -> &[usize] {
        const BLUDGERS: [usize; 2] = [FIRST_BLUDGER, FIRST_BLUDGER + 1];
        match spell {
            Spell::Petrificus => &self.shots[..self.m],
            Spell::Obliviate => &BLUDGERS[..],
            _ => &self.free[..self.n],
        }
    }

    /// The `k`-th (spell, target) on offer that `magic` pays for now, as the `u` of
    /// [`spell_of`] that draws it. None past the last, with `k` less the number there are.
    fn nth_affordable(&self, k: &mut usize, magic: i32, offer: Offer) -> Option<f64> {
        for (i, &spell) in self.offered[..self.spells].iter().enumerate() {
            if spell.cost() + offer.reserve(spell) > magic {
                continue;
            }
            let t = self.targets(spell).len();
            if *k < t {
                return Some((i as f64 + (*k as f64 + 0.5) / t as f64) / self.spells as f64);
            }
            *k -= t;
        }
        None
    }
}

pub(super) fn random_gene(rng: &mut Rng) -> Gene {
    let angle = rng.unit();
    let power = rng.unit();
    Gene::new(angle, power, rng.unit())
}

/// Aim straight at the natural target at full power: the opponent model before any search.
pub(super) const STRAIGHT: Plan = [[Gene {
    angle: 0.5,
    turn: Vec2::new(1.0, 0.0),
    power: 1.0,
    kind: 1.0,
}; 2]; HORIZON];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fb::setup::from_seed;

    /// The point 10,000 units from `me` straight towards `p`, as an order names it: where a
    /// gene at 0.5 (no turn) aims.
    fn toward(me: Vec2, p: Vec2) -> (i32, i32) {
        let u = (p - me).normalized();
        (
            round_to_i32(me.x + u.x * 10_000.0),
            round_to_i32(me.y + u.y * 10_000.0),
        )
    }

    /// A free wizard's gene just past the spell genes runs for our own goal with `keeper` on,
    /// and for its nearest free snaffle (where it will be) without it or past its share.
    #[test]
    fn keeper_genes_aim_a_free_wizard_at_our_own_goal() {
        let s = from_seed(11);
        let w = 2; // team 1: our goal is at x = 16,000
        let me = s.bodies[w].pos;
        let keeper = Params {
            keeper: 0.1,
            ..Params::default()
        };
        let k = nearest_free(&s, me).expect("a free snaffle");
        let chase = toward(me, s.bodies[k].pos + s.bodies[k].vel);
        let home = toward(me, target_goal(0));
        assert_ne!(chase, home);
        let to = |params: &Params, kind: f64| match params.action(&s, w, &Gene::new(0.5, 1.0, kind))
        {
            Action::Move { x, y, .. } => (x, y),
            other => panic!("a move, not {other:?}"),
        };
        let inside = keeper.spell_gene + 0.05;
        assert_eq!(to(&keeper, inside), home);
        assert_eq!(to(&keeper, keeper.spell_gene + 0.15), chase);
        let off = Params {
            keeper: 0.0,
            ..keeper
        };
        assert_eq!(to(&off, inside), chase);
        // With `keeper_aim`, a point that share of the way out to the snaffle nearest our goal
        // (one our wizards hold does not count).
        let aimed = Params {
            keeper_aim: 0.25,
            ..keeper
        };
        let threat = s
            .snaffle_slots()
            .map(|k| s.bodies[k].pos + s.bodies[k].vel)
            .min_by(|a, b| {
                (*a - target_goal(0))
                    .norm2()
                    .total_cmp(&(*b - target_goal(0)).norm2())
            })
            .expect("snaffles");
        let out = target_goal(0) + (threat - target_goal(0)) * 0.25;
        assert_eq!(to(&aimed, inside), toward(me, out));
        assert_ne!(out, target_goal(0));
        let mut held = s;
        let k = held
            .snaffle_slots()
            .find(|&k| held.bodies[k].pos + held.bodies[k].vel == threat)
            .expect("the threat");
        held.wizards[w ^ 1].holding = Some(k as u8);
        held.snaffles[k - FIRST_SNAFFLE].captured = true;
        assert_ne!(threat, super::threat(&held, 1).expect("other snaffles"));
    }

    /// A holding wizard's gene below `pass` throws at its teammate (where it will be), any other
    /// at the goal we attack.
    #[test]
    fn pass_genes_throw_at_the_teammate() {
        let mut s = from_seed(5);
        let w = 1; // team 0: the goal we attack is at x = 16,000
        s.wizards[w].holding = Some(FIRST_SNAFFLE as u8);
        s.snaffles[0].captured = true;
        s.bodies[0].vel = Vec2::new(300.0, -200.0);
        let me = s.bodies[w].pos;
        let mate = toward(me, s.bodies[0].pos + s.bodies[0].vel);
        let goal = toward(me, target_goal(0));
        assert_ne!(mate, goal);
        let passer = Params {
            pass: 0.1,
            ..Params::default()
        };
        let to = |params: &Params, kind: f64| match params.action(&s, w, &Gene::new(0.5, 1.0, kind))
        {
            Action::Throw { x, y, power } => {
                assert_eq!(power, MAX_THROW);
                (x, y)
            }
            other => panic!("a throw, not {other:?}"),
        };
        assert_eq!(to(&passer, 0.05), mate);
        assert_eq!(to(&passer, 0.15), goal);
        let off = Params {
            pass: 0.0,
            ..passer
        };
        assert_eq!(to(&off, 0.05), goal);
    }

    /// Each probe casts, for one free wizard, a spell the team can pay for on one target, and
    /// together they cover every such (wizard, spell, target) once.
    #[test]
    fn probes_cover_every_affordable_spell_and_target_once() {
        let mut s = from_seed(7);
        let team = 1;
        s.players[team].magic = 17; // Accio (15), not Flipendo (20)
        s.wizards[2].holding = Some(FIRST_SNAFFLE as u8);
        s.snaffles[0].captured = true;
        let params = Params {
            probes: 1.0,
            ..Params::default()
        };
        let free: Vec<usize> = s.snaffle_slots().filter(|&k| s.snaffle_free(k)).collect();
        let mut seen = Vec::new();
        let mut k = 0;
        while let Some(plan) = params.probe(&s, team, &STRAIGHT, k) {
            k += 1;
            let changed: Vec<usize> = (0..2).filter(|&i| plan[0][i] != STRAIGHT[0][i]).collect();
            assert_eq!(changed, vec![1], "only the free wizard's first order");
            assert_eq!(plan[1..], STRAIGHT[1..], "the later turns are kept");
            match params.action(&s, 3, &plan[0][1]) {
                Action::Cast { spell, target } => seen.push((spell, target)),
                other => panic!("probe {k} decodes to {other:?}"),
            }
        }
        let mut expected: Vec<(Spell, i32)> =
            free.iter().map(|&k| (Spell::Accio, s.id_of(k))).collect();
        expected.sort_by_key(|&(_, id)| id);
        seen.sort_by_key(|&(_, id)| id);
        assert_eq!(seen, expected);
        s.players[team].magic = 20;
        let mut k = 0;
        while params.probe(&s, team, &STRAIGHT, k).is_some() {
            k += 1;
        }
        assert_eq!(
            k,
            2 * free.len(),
            "Flipendo and Accio on every free snaffle"
        );
        let off = Params::default();
        assert_eq!(off.probe(&s, team, &STRAIGHT, 0), None, "off by default");
    }
}

//! Plans and what they stand for: a gene per wizard and turn (an angle off the natural aim, a
//! power, a kind that may be a spell), decoded into an order the referee accepts.

use super::{Params, HORIZON};
use crate::fb::state::{Spell, State};
use crate::fb::step::Action;
use crate::fb::{HEIGHT, MAX_THROW, MAX_THRUST, WIDTH};
use crate::geom::{round_to_i32, Vec2};
use crate::search::Rng;

/// The directions the angle gene spans, in radians: half of it each side of the natural aim.
/// Half a turn: up to 90 degrees off the aim.
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
    /// Below `spell_gene`: a spell and its target (see `spell_of`), if magic allows. For a
    /// free wizard, the next `keeper` of the range: its natural aim is our own goal's centre.
    /// A wizard holding a snaffle throws whatever its kind.
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
pub fn target_goal(team: usize) -> Vec2 {
    Vec2::new(
        if team == 0 { WIDTH as f64 } else { 0.0 },
        HEIGHT as f64 / 2.0,
    )
}

/// The free snaffle nearest to a point (compared by squared distance: no square roots).
pub fn nearest_free(s: &State, from: Vec2) -> Option<usize> {
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

impl<E> Params<E> {
    /// The order a gene stands for, for wizard `w` in state `s`; always one the referee accepts.
    pub(super) fn action(&self, s: &State, w: usize, g: &Gene) -> Action {
        let me = s.bodies[w].pos;
        let team = State::team(w);
        // The natural aim turned by the gene's offset, 10,000 units away.
        let point = |base: Vec2| {
            let d = base - me;
            let u = if d.x == 0.0 && d.y == 0.0 {
                Vec2::new(1.0, 0.0)
            } else {
                d.normalized()
            };
            let (c, sn) = (g.turn.x, g.turn.y);
            let x = me.x + (u.x * c - u.y * sn) * 10_000.0;
            let y = me.y + (u.x * sn + u.y * c) * 10_000.0;
            (round_to_i32(x), round_to_i32(y))
        };
        if s.wizards[w].holding.is_some() {
            let (x, y) = point(target_goal(team));
            let power = ((g.power * 1.3).min(1.0) * MAX_THROW as f64) as u32;
            return Action::Throw { x, y, power };
        }
        if g.kind < self.spell_gene {
            if let Some((spell, target)) = spell_of(s, g.kind / self.spell_gene) {
                if s.players[team].magic >= spell.cost() {
                    return Action::Cast {
                        spell,
                        target: s.id_of(target),
                    };
                }
            }
        }
        let keeps = g.kind >= self.spell_gene && g.kind < self.spell_gene + self.keeper;
        let base = if keeps {
            target_goal(1 - team)
        } else {
            nearest_free(s, me).map_or(target_goal(team), |k| s.bodies[k].pos + s.bodies[k].vel)
        };
        let (x, y) = point(base);
        let thrust = ((g.power * 1.3 - 0.15).clamp(0.0, 1.0) * MAX_THRUST as f64) as u32;
        Action::Move { x, y, thrust }
    }
}

/// The spells a spell gene draws from, each on any free snaffle.
const SPELLS: [Spell; 2] = [Spell::Flipendo, Spell::Accio];

/// The spell and target (slot) a spell gene stands for, `u` in [0, 1): an equal part of the
/// range for each of [`SPELLS`], and within it one of the free snaffles. `None` when no snaffle
/// is free.
fn spell_of(s: &State, u: f64) -> Option<(Spell, usize)> {
    let n = SPELLS.len() as f64;
    let x = (u * n).clamp(0.0, n - 1e-9);
    let spell = SPELLS[x as usize];
    let free = s.snaffle_slots().filter(|&k| s.snaffle_free(k));
    let count = free.clone().count();
    let i = ((x.fract() * count as f64) as usize).min(count.checked_sub(1)?);
    free.clone().nth(i).map(|k| (spell, k))
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
    }

    /// A spell gene's range is Flipendo's first half and Accio's second, each split evenly
    /// among the free snaffles in slot order; no free snaffle, no spell; too little magic, a
    /// move instead.
    #[test]
    fn spell_genes_split_between_flipendo_and_accio_on_free_snaffles() {
        let mut s = from_seed(7);
        let free: Vec<usize> = s.snaffle_slots().filter(|&k| s.snaffle_free(k)).collect();
        let n = free.len();
        assert!(n >= 2);
        for (i, &k) in free.iter().enumerate() {
            let within = (i as f64 + 0.5) / n as f64;
            assert_eq!(spell_of(&s, within / 2.0), Some((Spell::Flipendo, k)));
            assert_eq!(spell_of(&s, 0.5 + within / 2.0), Some((Spell::Accio, k)));
        }
        assert_eq!(spell_of(&s, 1.0), Some((Spell::Accio, free[n - 1])));
        let params = <Params>::default();
        let w = 0;
        let gene = Gene::new(0.5, 1.0, params.spell_gene * 0.75);
        s.players[0].magic = Spell::Accio.cost();
        assert!(matches!(
            params.action(&s, w, &gene),
            Action::Cast {
                spell: Spell::Accio,
                ..
            }
        ));
        s.players[0].magic = Spell::Accio.cost() - 1;
        assert!(matches!(params.action(&s, w, &gene), Action::Move { .. }));
        for k in free {
            s.snaffles[k - crate::fb::state::FIRST_SNAFFLE].alive = false;
        }
        assert_eq!(spell_of(&s, 0.3), None);
    }
}

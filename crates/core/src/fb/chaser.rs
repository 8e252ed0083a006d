//! `builtin:chaser`: the heuristic Fantastic Bits bot, and the rungs of the FB ladder made from
//! it. Each wizard goes for the nearest free snaffle (the two wizards for different ones when
//! they can), throws at the centre of the opponent's goal, and casts Flipendo on a snaffle lined
//! up with that goal when magic allows. Its knobs make the other rungs:
//!
//! - `keeper=1`, a defender: the second wizard stays home as a goalkeeper. It takes the snaffles
//!   in our half that it reaches first, stands between our goal and the nearest threat (one held
//!   by an opponent or free in our half) and freezes (Petrificus) a snaffle flying at our goal.
//! - `accio=1`, a spell-aware attacker: also pulls (Accio) a free snaffle that lies between the
//!   wizard and our goal, away from our goal.
//! - `pass=1`, a passing bot: a wizard holding a snaffle throws it to its teammate when the
//!   teammate is well ahead of it and free.

use super::state::{Spell, FIRST_SNAFFLE};
use super::step::Action;
use super::{flies_at_goal, Fb, View, HEIGHT, MAX_THROW, MAX_THRUST, WIDTH};
use crate::bot::{Answer, Bot};
use crate::geom::{round_to_i32, Vec2};

/// The chaser's knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chaser {
    /// Cast Flipendo on a snaffle at most this far away...
    pub flipendo_range: f64,
    /// ...when the team has at least this much magic.
    pub flipendo_magic: i32,
    /// The second wizard is a goalkeeper.
    pub keeper: bool,
    /// Accio on a free snaffle between the wizard and our goal.
    pub accio: bool,
    /// Throw to a teammate well ahead.
    pub pass: bool,
}

impl Default for Chaser {
    fn default() -> Chaser {
        Chaser {
            flipendo_range: 3000.0,
            flipendo_magic: 30,
            keeper: false,
            accio: false,
            pass: false,
        }
    }
}

impl Chaser {
    fn orders(&self, view: &View) -> [Action; 2] {
        let s = &view.state;
        let goal = Vec2::new(
            if view.team == 0 { WIDTH as f64 } else { 0.0 },
            HEIGHT as f64 / 2.0,
        );
        let home = Vec2::new(WIDTH as f64 - goal.x, goal.y);
        let free: Vec<usize> = s.snaffle_slots().filter(|&k| s.snaffle_free(k)).collect();
        let mine = [view.team * 2, view.team * 2 + 1];
        let mut magic = s.players[view.team].magic;
        let mut taken: Option<usize> = None;
        let mut out = [Action::Move {
            x: 0,
            y: 0,
            thrust: 0,
        }; 2];
        let threat = if self.keeper {
            threat(view, home)
        } else {
            None
        };
        for (k, &w) in mine.iter().enumerate() {
            let me = s.bodies[w].pos;
            if s.wizards[w].holding.is_some() {
                let mate = mine[1 - k];
                let ahead = (s.bodies[mate].pos.x - me.x) * (goal.x - home.x).signum();
                let aim = if self.pass
                    && s.wizards[mate].holding.is_none()
                    && ahead > 2000.0
                    && s.bodies[mate].pos.dist(me) < 6000.0
                {
                    s.bodies[mate].pos + s.bodies[mate].vel
                } else {
                    goal
                };
                out[k] = Action::Throw {
                    x: round_to_i32(aim.x),
                    y: round_to_i32(aim.y),
                    power: MAX_THROW,
                };
                continue;
            }
            if k == 1 && self.keeper {
                out[k] = self.keep(view, w, threat, home, &mut magic);
                taken = threat;
                continue;
            }
            // The nearest free snaffle, preferring one the teammate is not chasing.
            let target = free
                .iter()
                .copied()
                .filter(|&t| Some(t) != taken || free.len() == 1)
                .min_by(|&a, &b| {
                    s.bodies[a]
                        .pos
                        .dist(me)
                        .total_cmp(&s.bodies[b].pos.dist(me))
                });
            let Some(t) = target else {
                out[k] = Action::Move {
                    x: goal.x as i32,
                    y: goal.y as i32,
                    thrust: MAX_THRUST,
                };
                continue;
            };
            taken = Some(t);
            let snaffle = s.bodies[t].pos;
            if magic >= self.flipendo_magic.max(Spell::Flipendo.cost())
                && snaffle.dist(me) < self.flipendo_range
                && lined_up(me, snaffle, goal)
            {
                magic -= Spell::Flipendo.cost();
                out[k] = Action::Cast {
                    spell: Spell::Flipendo,
                    target: s.id_of(t),
                };
                continue;
            }
            // A snaffle between the wizard and our goal: pull it out, away from our goal.
            let behind = (snaffle.x - me.x) * (goal.x - home.x) < 0.0;
            if self.accio
                && magic >= Spell::Accio.cost() + 10
                && behind
                && (1500.0..5000.0).contains(&snaffle.dist(me))
            {
                magic -= Spell::Accio.cost();
                out[k] = Action::Cast {
                    spell: Spell::Accio,
                    target: s.id_of(t),
                };
                continue;
            }
            let aim = snaffle + s.bodies[t].vel;
            out[k] = Action::Move {
                x: round_to_i32(aim.x),
                y: round_to_i32(aim.y),
                thrust: MAX_THRUST,
            };
        }
        out
    }

    /// The keeper's order: with no threat, wait in front of our goal (centre `home`); against
    /// the threatening snaffle `t`, Petrificus on it when it flies at our goal, else a stand
    /// between it and the goal, or the snaffle itself when the keeper reaches it first.
    fn keep(
        &self,
        view: &View,
        w: usize,
        threat: Option<usize>,
        home: Vec2,
        magic: &mut i32,
    ) -> Action {
        let s = &view.state;
        let me = s.bodies[w].pos;
        let go = |spot: Vec2| Action::Move {
            x: round_to_i32(spot.x),
            y: round_to_i32(spot.y),
            thrust: (me.dist(spot).round() as u32).min(MAX_THRUST),
        };
        let Some(t) = threat else {
            let out = if home.x == 0.0 { 1.0 } else { -1.0 };
            return go(home + Vec2::new(out * 1500.0, 0.0));
        };
        let (pos, vel) = (s.bodies[t].pos, s.bodies[t].vel);
        let free = !s.snaffles[t - FIRST_SNAFFLE].captured;
        if free && *magic >= Spell::Petrificus.cost() && flies_at_goal(pos, vel, home) {
            *magic -= Spell::Petrificus.cost();
            return Action::Cast {
                spell: Spell::Petrificus,
                target: s.id_of(t),
            };
        }
        let opponents = (1 - view.team) * 2..(1 - view.team) * 2 + 2;
        let first = opponents
            .clone()
            .all(|o| s.bodies[o].pos.dist(pos) > me.dist(pos));
        let spot = if free && first {
            pos + vel
        } else {
            let d = pos - home;
            let n = d.norm();
            if n == 0.0 {
                home
            } else {
                home + d * (800.0_f64.min(n) / n)
            }
        };
        go(Vec2::new(spot.x.clamp(0.0, WIDTH as f64), spot.y))
    }
}

/// The snaffle that threatens our goal (centre `home`): of those held by an opponent or free in
/// our half, the nearest to the goal.
fn threat(view: &View, home: Vec2) -> Option<usize> {
    let s = &view.state;
    let held_by_them =
        |k: usize| ((1 - view.team) * 2..(1 - view.team) * 2 + 2).any(|o| s.held(o) == Some(k));
    s.snaffle_slots()
        .filter(|&k| {
            let sn = &s.snaffles[k - FIRST_SNAFFLE];
            sn.alive
                && (held_by_them(k)
                    || (!sn.captured && (s.bodies[k].pos.x - home.x).abs() < WIDTH as f64 / 2.0))
        })
        .min_by(|&a, &b| {
            s.bodies[a]
                .pos
                .dist(home)
                .total_cmp(&s.bodies[b].pos.dist(home))
        })
}

/// Whether pushing the snaffle straight away from the wizard sends it into the goal mouth.
fn lined_up(wizard: Vec2, snaffle: Vec2, goal: Vec2) -> bool {
    let d = snaffle - wizard;
    if (goal.x - snaffle.x) * d.x <= 0.0 || d.x == 0.0 {
        return false;
    }
    let y = snaffle.y + d.y * (goal.x - snaffle.x) / d.x;
    (2200.0..=5300.0).contains(&y)
}

impl Bot<Fb> for Chaser {
    fn name(&self) -> String {
        format!(
            "chaser(flipendo_range={},flipendo_magic={},keeper={},accio={},pass={})",
            self.flipendo_range,
            self.flipendo_magic,
            self.keeper as u8,
            self.accio as u8,
            self.pass as u8
        )
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Action; 2]> {
        Answer::Orders(self.orders(view))
    }
}

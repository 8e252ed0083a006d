//! `builtin:chaser`: the heuristic Fantastic Bits bot. Each wizard goes for the nearest free
//! snaffle (the two wizards for different ones when they can), throws at the centre of the
//! opponent's goal, and casts Flipendo on a snaffle lined up with that goal when magic allows.

use super::state::{Spell, FIRST_SNAFFLE};
use super::step::Action;
use super::{Fb, View, HEIGHT, MAX_THROW, MAX_THRUST, WIDTH};
use crate::bot::{Answer, Bot};
use crate::geom::Vec2;

/// The chaser's knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chaser {
    /// Cast Flipendo on a snaffle at most this far away...
    pub flipendo_range: f64,
    /// ...when the team has at least this much magic.
    pub flipendo_magic: i32,
}

impl Default for Chaser {
    fn default() -> Chaser {
        Chaser {
            flipendo_range: 3000.0,
            flipendo_magic: 30,
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
        let free: Vec<usize> = s
            .snaffle_slots()
            .filter(|&k| {
                s.snaffles[k - FIRST_SNAFFLE].alive && !s.snaffles[k - FIRST_SNAFFLE].captured
            })
            .collect();
        let mine = [view.team * 2, view.team * 2 + 1];
        let mut magic = s.players[view.team].magic;
        let mut taken: Option<usize> = None;
        let mut out = [Action::Move {
            x: 0,
            y: 0,
            thrust: 0,
        }; 2];
        for (k, &w) in mine.iter().enumerate() {
            let me = s.bodies[w].pos;
            if s.wizards[w].holding.is_some() {
                out[k] = Action::Throw {
                    x: goal.x as i32,
                    y: goal.y as i32,
                    power: MAX_THROW,
                };
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
            let aim = snaffle + s.bodies[t].vel;
            out[k] = Action::Move {
                x: aim.x.round() as i32,
                y: aim.y.round() as i32,
                thrust: MAX_THRUST,
            };
        }
        out
    }
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
            "chaser(flipendo_range={},flipendo_magic={})",
            self.flipendo_range, self.flipendo_magic
        )
    }

    fn play(&mut self, view: &View, _lines: &[String]) -> Answer<[Action; 2]> {
        Answer::Orders(self.orders(view))
    }
}

//! One turn of Fantastic Bits in the referee's exact order (spec section 5): each wizard's
//! order (MOVE, THROW, a spell), then the physics (releases, throws, bludgers, spells, magic,
//! movement, friction, rounding), the end check, and the preparation of the next turn.

use super::collide;
use super::state::{Effect, Spell, State, FIRST_BLUDGER, FIRST_SNAFFLE, WIZARDS};
use super::{inv_mass, MAX_MAGIC, MAX_THROW, MAX_THRUST, MAX_TURNS};
use crate::geom::Vec2;
use std::fmt;

/// A wizard's order for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Thrust toward a point, 0..=150.
    Move {
        /// The point's x.
        x: i32,
        /// The point's y.
        y: i32,
        /// The thrust.
        thrust: u32,
    },
    /// Throw the held snaffle toward a point, power 0..=500.
    Throw {
        /// The point's x.
        x: i32,
        /// The point's y.
        y: i32,
        /// The throw's power.
        power: u32,
    },
    /// Cast a spell on an entity (by the id the players see).
    Cast {
        /// Which spell.
        spell: Spell,
        /// The target's id.
        target: i32,
    },
}

/// Why the referee rejects an order; the player is eliminated (score -1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The line matches none of the patterns.
    Syntax,
    /// MOVE thrust above 150.
    Thrust(u32),
    /// THROW power above 500.
    Power(u32),
    /// THROW while holding no snaffle.
    NotHolding,
    /// No entity with this id (or a scored snaffle).
    UnknownTarget(i32),
    /// A spell on an entity it cannot target.
    BadTarget(Spell, i32),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Syntax => {
                write!(f, "expected MOVE x y thrust, THROW x y power, or SPELL id")
            }
            ActionError::Thrust(t) => write!(f, "thrust {t} is not in 0..150"),
            ActionError::Power(p) => write!(f, "throw power {p} is not in 0..500"),
            ActionError::NotHolding => write!(f, "THROW without a snaffle"),
            ActionError::UnknownTarget(id) => write!(f, "no entity with id {id}"),
            ActionError::BadTarget(s, id) => write!(f, "{} cannot target entity {id}", s.keyword()),
        }
    }
}

/// The team's direction from a wizard toward `(x, y)`, normalised twice as the referee does.
#[inline]
fn aim(from: Vec2, x: i32, y: i32, power: f64) -> Vec2 {
    let to = Vec2::new(x as f64, y as f64);
    if to == from {
        Vec2::ZERO
    } else {
        (to - from).normalized().normalized() * power
    }
}

/// The referee's handling of one wizard's order (phase O). On error the player is to be
/// eliminated and its later orders this turn skipped; what this order did before the check
/// that failed stays done.
pub fn apply_action(state: &mut State, w: usize, action: Action) -> Result<(), ActionError> {
    match action {
        Action::Move { x, y, thrust } => {
            if thrust > MAX_THRUST {
                return Err(ActionError::Thrust(thrust));
            }
            state.wizards[w].accel = aim(state.bodies[w].pos, x, y, thrust as f64);
        }
        Action::Throw { x, y, power } => {
            if power > MAX_THROW {
                return Err(ActionError::Power(power));
            }
            let s = state.held(w).ok_or(ActionError::NotHolding)?;
            state.bodies[s].pos = state.bodies[w].pos;
            state.snaffles[s - FIRST_SNAFFLE].accel = aim(state.bodies[s].pos, x, y, power as f64);
        }
        Action::Cast { spell, target } => {
            let slot = state
                .slot_of(target)
                .filter(|&s| {
                    !(FIRST_SNAFFLE..FIRST_BLUDGER).contains(&s)
                        || state.snaffles[s - FIRST_SNAFFLE].alive
                })
                .ok_or(ActionError::UnknownTarget(target))?;
            let allowed = match spell {
                Spell::Obliviate => slot >= FIRST_BLUDGER,
                Spell::Accio => slot >= WIZARDS,
                Spell::Flipendo | Spell::Petrificus => {
                    slot >= WIZARDS || State::team(slot) != State::team(w)
                }
            };
            if !allowed {
                return Err(ActionError::BadTarget(spell, target));
            }
            let magic = &mut state.players[State::team(w)].magic;
            if *magic >= spell.cost() {
                *magic -= spell.cost();
                state.wizards[w].pending[spell as usize] = true;
            }
            state.wizards[w].spell_target = Some(slot as u8);
        }
    }
    if let Some(s) = state.held(w) {
        state.bodies[s] = state.bodies[w];
        state.wizards[w].grab_cooldown = 3;
    }
    Ok(())
}

/// Plays four valid orders (wizards 0..4) and the physics: the search's entry point. Orders the
/// referee would reject are skipped, as for an eliminated player.
pub fn step(state: &mut State, actions: &[Action; WIZARDS]) {
    for team in 0..2 {
        for (w, &action) in actions.iter().enumerate().skip(team * 2).take(2) {
            if apply_action(state, w, action).is_err() {
                state.players[team].dead = true;
                state.players[team].score = -1;
                break;
            }
        }
    }
    physics(state);
}

/// The physics of a turn (phase U) and the preparation of the next (phase P), after every
/// order was applied.
pub fn physics(state: &mut State) {
    physics_with(state, &mut ())
}

/// [`physics`], reporting each bounce of the movement to `contacts` (for replays).
pub fn physics_with(state: &mut State, contacts: &mut impl crate::geom::Contacts) {
    forget_ignores(state);
    for w in 0..WIZARDS {
        release(state, w);
    }
    let alive_before = state.snaffles[..state.snaffle_count as usize]
        .iter()
        .filter(|s| s.alive)
        .count();
    for s in state.snaffle_slots() {
        let a = state.snaffles[s - FIRST_SNAFFLE].accel;
        state.bodies[s].vel += a * inv_mass(s);
    }
    for b in 0..2 {
        chase(state, FIRST_BLUDGER + b);
    }
    cast_spells(state);
    for p in &mut state.players {
        if p.magic < MAX_MAGIC {
            p.magic += 1;
        }
    }
    collide::move_all_with(state, contacts);
    for (slot, b) in state.bodies.iter_mut().enumerate() {
        b.vel = b.vel * super::speed_kept(slot);
        b.pos = symmetric_round(b.pos);
        b.vel = symmetric_round(b.vel);
    }
    state.round += 1;
    state.no_snaffles_left = alive_before == 0;
    prepare(state);
}

/// `Math.signum(x) * Math.round(Math.abs(x))` per component: half away from zero, the floor of
/// `|x| + 0.5` with the sign copied as Java's product gives it (so a small negative becomes
/// -0.0). `|x| + 0.5` is positive, so its floor is its truncation, one conversion to an integer
/// and back (two instructions, where a floor without SSE4.1 takes six); the conversion
/// saturates past 2^63 and gives 0 for NaN, as Java's `Math.round` does.
#[inline]
fn symmetric_round(v: Vec2) -> Vec2 {
    let r = |x: f64| (((x.abs() + 0.5) as i64) as f64).copysign(x);
    Vec2::new(r(v.x), r(v.y))
}

/// Step U1: overlapping pairs stop ignoring each other once they are apart.
fn forget_ignores(state: &mut State) {
    for s in state.snaffle_slots() {
        let bodies = &state.bodies;
        let me = bodies[s].pos;
        state.snaffles[s - FIRST_SNAFFLE]
            .ignore
            .retain(|t| (bodies[FIRST_SNAFFLE + t].pos - me).norm2() <= 300.0 * 300.0);
    }
}

/// Step U2 for one wizard: its thrust, the release of its snaffle, the end of an Accio on a
/// held or scored snaffle, its grab cooldown.
fn release(state: &mut State, w: usize) {
    let a = state.wizards[w].accel;
    state.bodies[w].vel += a * inv_mass(w);
    if let Some(s) = state.held(w) {
        let accio = &mut state.wizards[w].effects[Spell::Accio as usize];
        if accio.target == Some(s as u8) {
            *accio = Effect::default();
        }
        for t in state.snaffle_slots() {
            if t != s && (state.bodies[s].pos - state.bodies[t].pos).norm2() <= 300.0 * 300.0 {
                state.snaffles[s - FIRST_SNAFFLE]
                    .ignore
                    .push(t - FIRST_SNAFFLE);
                state.snaffles[t - FIRST_SNAFFLE]
                    .ignore
                    .push(s - FIRST_SNAFFLE);
            }
        }
        state.snaffles[s - FIRST_SNAFFLE].captured = false;
        state.wizards[w].holding = None;
    }
    let accio = &mut state.wizards[w].effects[Spell::Accio as usize];
    if let Some(t) = accio.target {
        let t = t as usize;
        if (FIRST_SNAFFLE..FIRST_BLUDGER).contains(&t) && !state.snaffles[t - FIRST_SNAFFLE].alive {
            *accio = Effect::default();
        }
    }
    if state.wizards[w].grab_cooldown > 0 {
        state.wizards[w].grab_cooldown -= 1;
    }
}

/// Step U5 for one bludger: accelerate toward the nearest wizard it may target (not its last
/// victim, not of a team that cast Obliviate on it).
fn chase(state: &mut State, b: usize) {
    let me = state.bodies[b].pos;
    let last = state.bludgers[b - FIRST_BLUDGER].last_victim;
    let forgets = |w: usize| {
        let e = state.wizards[w].effects[Spell::Obliviate as usize];
        e.countdown > 0 && e.target == Some(b as u8)
    };
    let oblivious = [forgets(0) || forgets(1), forgets(2) || forgets(3)];
    // Compared by squared distance, with no square roots: positions are whole at this point of
    // the turn (rounded at the end of the last), so the squares are exact integers, and distinct
    // integers this small have distinct square roots: the referee's comparison of distances
    // picks the same wizard.
    let mut best: Option<(f64, usize)> = None;
    for w in 0..WIZARDS {
        if last == Some(w as u8) || oblivious[State::team(w)] {
            continue;
        }
        let d = (state.bodies[w].pos - me).norm2();
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, w));
        }
    }
    if let Some((_, w)) = best {
        let a = (state.bodies[w].pos - me).normalized() * super::BLUDGER_THRUST;
        state.bodies[b].vel += a * inv_mass(b);
    }
}

/// Step U6: every active Petrificus, then every Accio, then every Flipendo.
fn cast_spells(state: &mut State) {
    for spell in [Spell::Petrificus, Spell::Accio, Spell::Flipendo] {
        for w in 0..WIZARDS {
            let e = state.wizards[w].effects[spell as usize];
            let Some(t) = e.target.filter(|_| e.countdown > 0) else {
                continue;
            };
            let t = t as usize;
            let caster = state.bodies[w].pos;
            let target = state.bodies[t].pos;
            match spell {
                Spell::Petrificus => state.bodies[t].vel = Vec2::ZERO,
                Spell::Accio => {
                    let d = caster - target;
                    let d2 = d.norm2();
                    if d2 != 0.0 {
                        let power = (3000.0 * (1_000_000.0 / d2)).min(1000.0);
                        state.bodies[t].vel += d.normalized() * power * inv_mass(t);
                    }
                }
                Spell::Flipendo => {
                    if target != caster {
                        let d = target - caster;
                        let power = (6000.0 * (1_000_000.0 / d.norm2())).min(1000.0);
                        state.bodies[t].vel += d.normalized() * power * inv_mass(t);
                    }
                }
                Spell::Obliviate => {}
            }
        }
    }
}

/// Phase P: countdowns tick, spells paid this turn start, finished effects lose their target;
/// the accelerations of the turn are cleared.
fn prepare(state: &mut State) {
    for wizard in &mut state.wizards {
        wizard.accel = Vec2::ZERO;
        for e in &mut wizard.effects {
            e.countdown = e.countdown.saturating_sub(1);
        }
        for spell in Spell::ALL {
            let k = spell as usize;
            if wizard.pending[k] {
                wizard.effects[k] = Effect {
                    countdown: spell.duration(),
                    target: wizard.spell_target,
                };
                wizard.pending[k] = false;
            }
        }
        for e in &mut wizard.effects {
            if e.countdown == 0 {
                e.target = None;
            }
        }
    }
    for s in &mut state.snaffles {
        s.accel = Vec2::ZERO;
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Goals, or -1 for an eliminated team.
    pub scores: [i32; 2],
    /// Why the game ended.
    pub reason: EndReason,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A team reached the goals that win.
    ScoreToWin,
    /// Every snaffle was scored.
    NoSnafflesLeft,
    /// A team was eliminated for invalid output or silence.
    Eliminated,
    /// The last turn was played.
    MaxTurns,
}

/// The result, if the game is over after the turns played.
pub fn outcome(state: &State) -> Option<Outcome> {
    let scores = [state.players[0].score, state.players[1].score];
    let reason = if state.players.iter().any(|p| p.dead) {
        EndReason::Eliminated
    } else if scores.iter().any(|&s| s >= state.score_to_win) {
        EndReason::ScoreToWin
    } else if state.no_snaffles_left {
        EndReason::NoSnafflesLeft
    } else if state.round >= MAX_TURNS {
        EndReason::MaxTurns
    } else {
        return None;
    };
    Some(Outcome { scores, reason })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fb::setup;
    use crate::fb::state::FIRST_BLUDGER;

    fn at(state: &State, slot: usize) -> (i32, i32, i32, i32) {
        let b = state.bodies[slot];
        (
            b.pos.x as i32,
            b.pos.y as i32,
            b.vel.x as i32,
            b.vel.y as i32,
        )
    }

    /// The worked numbers of the spec (seed 42).
    #[test]
    fn seed_42_first_turn() {
        let mut s = setup::from_seed(42);
        let idle = Action::Move {
            x: 0,
            y: 0,
            thrust: 0,
        };
        step(
            &mut s,
            &[
                Action::Move {
                    x: 8000,
                    y: 3750,
                    thrust: 150,
                },
                idle,
                idle,
                idle,
            ],
        );
        assert_eq!(at(&s, 0), (1147, 5219, 110, -24));
        assert_eq!(s.id_of(FIRST_BLUDGER), 4 + s.snaffle_count as i32);
        assert_eq!(at(&s, FIRST_BLUDGER), (7328, 3778, -110, 25));
        assert_eq!(s.players[0].magic, 1);
    }

    #[test]
    fn accio_pulls_a_snaffle_one_turn_late() {
        let mut s = setup::from_seed(42);
        s.players[0].magic = 15;
        let centre = s.snaffle_slots().last().unwrap();
        assert_eq!(at(&s, centre), (8000, 3750, 0, 0));
        let id = s.id_of(centre);
        // Wizards 0 and 1 hold still (aim at their own position); the opponents too.
        let still: [Action; 4] = std::array::from_fn(|w| {
            let p = s.bodies[w].pos;
            Action::Move {
                x: p.x as i32,
                y: p.y as i32,
                thrust: 0,
            }
        });
        let mut first = still;
        first[0] = Action::Cast {
            spell: Spell::Accio,
            target: id,
        };
        step(&mut s, &first);
        assert_eq!(s.players[0].magic, 1, "paid at once, then +1");
        assert_eq!(s.wizards[0].effects[Spell::Accio as usize].countdown, 6);
        assert_eq!(
            at(&s, centre),
            (8000, 3750, 0, 0),
            "no effect in the casting turn"
        );
        // Wizard 0 stayed where it started, so the pull is the spec's example.
        step(&mut s, &still);
        assert_eq!(at(&s, centre), (7886, 3775, -86, 18));
    }

    /// The floor of `|x| + 0.5` (the library's, saturating at 2^63 as Java's `long` does), sign
    /// copied, bit for bit, on a million values of every size and on halves.
    #[test]
    fn symmetric_round_is_the_floor_of_the_half_up() {
        let mut rng = crate::search::Rng::new(3);
        for k in 0..1_000_000 {
            let scale = [1.0, 100.0, 1e4, 1e7, 1e16, 1e20][k % 6];
            let mut x = (rng.unit() - 0.5) * scale;
            if k % 7 == 0 {
                x = x.trunc() + 0.5;
            }
            let floor = (x.abs() + 0.5).floor().min(i64::MAX as f64);
            let want = floor.copysign(x);
            assert_eq!(
                symmetric_round(Vec2::new(x, 0.0)).x.to_bits(),
                want.to_bits(),
                "{x}"
            );
        }
    }

    #[test]
    fn symmetric_round_is_half_away_from_zero() {
        let r = |x: f64| symmetric_round(Vec2::new(x, 0.0)).x;
        for (x, want) in [
            (2.5, 3.0),
            (-2.5, -3.0),
            (2.4999, 2.0),
            (-2.4999, -2.0),
            (-0.3, -0.0),
            (0.0, 0.0),
            (-0.0, -0.0),
            (-7.0, -7.0),
            (0.49999999999999994, 1.0),
            (4_503_599_627_370_495.5, 4_503_599_627_370_496.0),
            (1e300, i64::MAX as f64),
            (f64::NAN, 0.0),
        ] {
            assert_eq!(r(x).to_bits(), f64::to_bits(want), "{x}");
        }
    }

    #[test]
    fn invalid_orders_are_rejected_with_their_reason() {
        let mut s = setup::from_seed(1);
        assert_eq!(
            apply_action(
                &mut s,
                0,
                Action::Throw {
                    x: 0,
                    y: 0,
                    power: 10
                }
            ),
            Err(ActionError::NotHolding)
        );
        assert_eq!(
            apply_action(
                &mut s,
                0,
                Action::Move {
                    x: 0,
                    y: 0,
                    thrust: 151
                }
            ),
            Err(ActionError::Thrust(151))
        );
        let accio = |t| Action::Cast {
            spell: Spell::Accio,
            target: t,
        };
        assert_eq!(
            apply_action(&mut s, 0, accio(2)),
            Err(ActionError::BadTarget(Spell::Accio, 2))
        );
        assert_eq!(
            apply_action(&mut s, 0, accio(99)),
            Err(ActionError::UnknownTarget(99))
        );
        let flip = Action::Cast {
            spell: Spell::Flipendo,
            target: 1,
        };
        assert_eq!(
            apply_action(&mut s, 0, flip),
            Err(ActionError::BadTarget(Spell::Flipendo, 1))
        );
        let obl = Action::Cast {
            spell: Spell::Obliviate,
            target: 4,
        };
        assert_eq!(
            apply_action(&mut s, 0, obl),
            Err(ActionError::BadTarget(Spell::Obliviate, 4))
        );
        // Without magic a valid spell does nothing, and is not an error.
        assert_eq!(apply_action(&mut s, 0, accio(4)), Ok(()));
        assert!(!s.wizards[0].pending[Spell::Accio as usize]);
        assert_eq!(s.wizards[0].spell_target, Some(4));
    }
}

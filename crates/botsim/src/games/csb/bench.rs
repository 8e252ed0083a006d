//! CSB's benchmark workloads: random orders, as the search gives them or as text lines a
//! referee parses, and a mid-race sample for micro-benchmarks.

use crate::games::workload::{Fingerprint, Report};
use crate::games::GameKind;
use botsim_core::csb::{self, Command, Pod, Setup, State, Steer, Thrust, Track};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// How the workload drives the pods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drive {
    /// The search's form: a rotation in ±18° and a thrust, no `atan2`.
    Actions,
    /// Text order lines, parsed each turn, as a referee does.
    Text,
}

/// A random thrust: mostly a power in 0..=200, sometimes BOOST or SHIELD.
fn random_thrust(rng: &mut impl Rng) -> Thrust {
    match rng.random_range(0..100) {
        0 => Thrust::Shield,
        1 => Thrust::Boost,
        _ => Thrust::Power(rng.random_range(0..=200)),
    }
}

/// A pool of order lines aimed around the field, to be parsed turn after turn.
pub fn text_pool(rng: &mut impl Rng, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            let (x, y) = (
                rng.random_range(-2000..18000),
                rng.random_range(-2000..11000),
            );
            csb::protocol::format_order(x, y, random_thrust(rng))
        })
        .collect()
}

/// Plays `turns` turns of random orders, starting a new game (the next seed's map) whenever
/// one ends.
pub fn csb_random_turns(drive: Drive, turns: u64, seed: u64) -> Report {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let pool = text_pool(&mut rng, 4096);
    let mut game_seed = seed as i64;
    let mut setup = Setup::from_seed(game_seed);
    let mut state = setup.initial_state();
    let mut fp = Fingerprint::default();
    let mut games = 1;
    for _ in 0..turns {
        let commands: [Command; 4] = match drive {
            Drive::Actions => std::array::from_fn(|_| Command {
                steer: Steer::Turn(rng.random_range(-0.35..0.35)),
                thrust: random_thrust(&mut rng),
            }),
            Drive::Text => std::array::from_fn(|_| {
                let line = &pool[rng.random_range(0..pool.len())];
                csb::parse_order(line).map_or(Command::IDLE, |o| o.command())
            }),
        };
        csb::step(&setup.track, &mut state, &commands);
        if csb::outcome(&setup.track, &state).is_some() {
            fp.add_csb(&state);
            game_seed += 1;
            games += 1;
            setup = Setup::from_seed(game_seed);
            state = setup.initial_state();
        }
    }
    fp.add_csb(&state);
    Report {
        turns,
        games,
        fingerprint: fp.value(),
    }
}

/// A track and a mid-race state for micro-benchmarks of a single step.
pub fn csb_sample(seed: i64, warmup: u32) -> (Track, State) {
    let setup = Setup::from_seed(seed);
    let mut state = setup.initial_state();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed as u64);
    for _ in 0..warmup {
        let commands: [Command; 4] =
            std::array::from_fn(|_| Command::turn(rng.random_range(-0.3..0.3), Thrust::Power(150)));
        csb::step(&setup.track, &mut state, &commands);
    }
    (setup.track, state)
}

/// How often the search's fast physics changes an integer of the outcome: every golden CSB
/// turn is played from the exact state by the exact step and by the fast one, the latter both
/// with the orders as printed (thrust along a fast sine and cosine of the facing) and as the
/// search gives them (`Steer::Face`: the facing's unit vector turned from the last one by the
/// turn's small angle). Returns (turns, turns differing as printed, turns differing as the
/// search plays them).
pub fn csb_fast_disagreement(
    traces: &[crate::trace::Trace],
) -> Result<(u64, u64, u64), crate::games::SetupError> {
    use super::referee::Match;
    let (mut turns, mut differ, mut differ_faced) = (0, 0, 0);
    let same = |a: &State, b: &State| {
        a.dead == b.dead
            && a.pods.iter().zip(&b.pods).all(|(a, b)| {
                a.pos == b.pos && a.vel == b.vel && a.passed == b.passed && a.next == b.next
            })
    };
    for t in traces
        .iter()
        .filter(|t| GameKind::from_name(&t.game) == Some(GameKind::Csb))
    {
        let spec = super::referee::GameSpec::of_trace(t)?;
        let mut exact = Match::new(spec.setup()?);
        for turn in &t.turns {
            let replies = crate::referee::recorded_replies(turn);
            let mut fast = exact.clone();
            fast.play_turn_with(replies, csb::step::step_fast);
            let mut faced = exact.clone();
            faced.play_turn_with(replies, |track, state, commands| {
                let commands: [Command; 4] =
                    std::array::from_fn(|i| as_searched(track, &state.pods[i], commands[i]));
                csb::step::step_fast(track, state, &commands)
            });
            let over = botsim_core::rules::Rules::play_turn(&mut exact, replies);
            turns += 1;
            differ += !same(&exact.state, &fast.state) as u64;
            differ_faced += !same(&exact.state, &faced.state) as u64;
            if over {
                break;
            }
        }
    }
    Ok((turns, differ, differ_faced))
}

/// `command` for `pod` in the form the search gives it: a turn to a facing (as
/// [`csb::step::rotate_toward`] finds it) becomes `Steer::Face` with its unit vector turned from the
/// pod's facing; anything else is kept. For measuring the search's fast physics on recorded
/// turns.
fn as_searched(track: &Track, pod: &Pod, command: Command) -> Command {
    let Steer::Point(x, y) = command.steer else {
        return command;
    };
    let (Some(last), Some(next)) = (
        pod.angle,
        csb::step::rotate_toward(pod.angle, pod.pos, x, y),
    ) else {
        return command;
    };
    // The turn, as the search sees it: facings are not normalised, so the referee's new facing
    // may lie a whole turn away from the last.
    let tau = 2.0 * std::f64::consts::PI;
    let delta = (next - last + std::f64::consts::PI).rem_euclid(tau) - std::f64::consts::PI;
    let angle = csb::step::turned(track, pod, delta);
    csb::ga::face(angle, &mut csb::ga::facing_of(pod), delta, command.thrust)
}

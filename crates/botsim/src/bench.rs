//! Fixed, seeded workloads for measuring the engines, shared by `botsim bench` and the criterion
//! benches. Each returns a fingerprint, a hash of every final state, that changes only when the
//! engine's behaviour does: a refactor that must not change play proves it by leaving the
//! fingerprint alone.

use crate::csb::{self, Command, Pod, Setup, State, Steer, Thrust, Track};
use crate::fb;
use crate::games::GameKind;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// How the workload drives the pods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drive {
    /// The search's form: a rotation in ±18° and a thrust, no `atan2`.
    Actions,
    /// Text order lines, parsed each turn, as a referee does.
    Text,
}

/// What a workload did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub turns: u64,
    pub games: u64,
    pub fingerprint: u64,
}

/// FNV-1a over 64-bit words.
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// A double by value: -0.0 and +0.0 hash alike (the sign of a zero changes no rule).
    pub fn add_f64(&mut self, x: f64) {
        self.add((x + 0.0).to_bits());
    }

    pub fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }

    /// Every field of a CSB state.
    pub fn add_csb(&mut self, state: &State) {
        for p in &state.pods {
            for v in [
                p.pos.x,
                p.pos.y,
                p.vel.x,
                p.vel.y,
                p.angle.unwrap_or(f64::NAN),
            ] {
                self.add(v.to_bits());
            }
            self.add(p.passed as u64 | (p.last_pass as u64) << 16 | (p.boost_used as u64) << 32);
            self.add(p.shield_round.map_or(u64::MAX, u64::from));
        }
        self.add(state.round as u64 | (state.dead[0] as u64) << 16 | (state.dead[1] as u64) << 17);
    }

    /// Every field of an FB state that the rules use.
    pub fn add_fb(&mut self, state: &fb::State) {
        for b in &state.bodies {
            for v in [b.pos.x, b.pos.y, b.vel.x, b.vel.y] {
                self.add_f64(v);
            }
        }
        for w in &state.wizards {
            self.add(w.grab_cooldown as u64 | (w.holding.map_or(99, u64::from) << 8));
            for e in &w.effects {
                self.add(e.countdown as u64 | (e.target.map_or(99, u64::from) << 8));
            }
        }
        for s in &state.snaffles {
            self.add(
                s.alive as u64 | (s.captured as u64) << 1 | (s.ignore.as_slice().len() as u64) << 2,
            );
        }
        for b in &state.bludgers {
            self.add(b.last_victim.map_or(99, u64::from));
        }
        for p in &state.players {
            self.add((p.score as u64) << 32 | p.magic as u64);
        }
        self.add(state.round as u64);
    }

    pub fn value(self) -> u64 {
        self.0
    }
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

/// A random order the referee accepts for wizard `w`: mostly a MOVE toward a random point, a
/// THROW when holding, and now and then a spell on a target it allows.
pub fn fb_random_action(rng: &mut impl Rng, state: &fb::State, w: usize) -> fb::Action {
    use fb::state::{Spell, FIRST_BLUDGER};
    let point = |rng: &mut dyn rand::RngCore| {
        (
            rng.random_range(-1000..17000),
            rng.random_range(-1000..8500),
        )
    };
    if state.wizards[w].holding.is_some() && rng.random_bool(0.8) {
        let (x, y) = point(rng);
        return fb::Action::Throw {
            x,
            y,
            power: rng.random_range(0..=500),
        };
    }
    if rng.random_bool(0.1) {
        let spell = Spell::ALL[rng.random_range(0..4)];
        let bludger = FIRST_BLUDGER + rng.random_range(0..2);
        let snaffle = state
            .snaffle_slots()
            .filter(|&s| state.snaffles[s - fb::state::FIRST_SNAFFLE].alive)
            .nth(rng.random_range(0..state.snaffle_count as usize));
        let opponent = (1 - fb::State::team(w)) * 2 + rng.random_range(0..2);
        let target = match (spell, snaffle) {
            (Spell::Obliviate, _) | (_, None) => bludger,
            (Spell::Accio, Some(s)) => s,
            (_, Some(s)) => [s, bludger, opponent][rng.random_range(0..3)],
        };
        return fb::Action::Cast {
            spell,
            target: state.id_of(target),
        };
    }
    let (x, y) = point(rng);
    fb::Action::Move {
        x,
        y,
        thrust: rng.random_range(0..=150),
    }
}

/// Plays `turns` FB turns of random valid orders, starting a new game (the next seed)
/// whenever one ends.
pub fn fb_random_turns(turns: u64, seed: u64) -> Report {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game_seed = seed as i64;
    let mut state = fb::setup::from_seed(game_seed);
    let mut fp = Fingerprint::default();
    let mut games = 1;
    for _ in 0..turns {
        let actions: [fb::Action; 4] =
            std::array::from_fn(|w| fb_random_action(&mut rng, &state, w));
        fb::step(&mut state, &actions);
        if fb::outcome(&state).is_some() {
            fp.add_fb(&state);
            game_seed += 1;
            games += 1;
            state = fb::setup::from_seed(game_seed);
        }
    }
    fp.add_fb(&state);
    Report {
        turns,
        games,
        fingerprint: fp.value(),
    }
}

/// How often the search's fast physics changes an integer of the outcome: every golden CSB
/// turn is played from the exact state by the exact step and by the fast one, the latter both
/// with the orders as printed (thrust along a fast sine and cosine of the facing) and as the
/// search gives them (`Steer::Face`: the facing's unit vector turned from the last one by the
/// turn's small angle). Returns (turns, turns differing as printed, turns differing as the
/// search plays them).
pub fn csb_fast_disagreement(traces: &[crate::trace::Trace]) -> anyhow::Result<(u64, u64, u64)> {
    use crate::referee::csb::Match;
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
        let spec = crate::referee::csb::GameSpec::of_trace(t)?;
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
            let over = crate::rules::Rules::play_turn(&mut exact, replies);
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

/// Player 0's input lines for `turns` turns spread evenly over a game between the heuristic
/// bots (seed 11: a CSB race of 206 turns, racer against racer; an FB game of chaser against
/// chaser): the positions the search benchmarks think about, from the crowded start to the end.
fn search_positions(game: GameKind, turns: usize) -> anyhow::Result<Vec<Vec<String>>> {
    let trace = game
        .tools()
        .play_heuristic(11, None, true)?
        .trace
        .expect("recorded");
    let every = (trace.turns.len() / turns).max(1);
    Ok(trace
        .turns
        .into_iter()
        .step_by(every)
        .take(turns)
        .map(|t| t.input.into_iter().next().unwrap_or_default())
        .collect())
}

/// Rollouts the search of `game` does in `ms` milliseconds a turn: the GA bot reads player 0's
/// input of `turns` turns of [`search_positions`] and searches each within the time. Returns
/// the rollouts of each turn (the first turn, which gets 1000 ms in a contest, gets `ms` here
/// too).
pub fn search_rollouts(game: GameKind, ms: u64, turns: usize) -> anyhow::Result<Vec<u64>> {
    let mut bot = game.tools().searcher(crate::search::Think::Millis {
        first: ms,
        later: ms,
    });
    let mut out = Vec::new();
    for input in search_positions(game, turns)? {
        bot.turn(&input, Instant::now())
            .map_err(anyhow::Error::msg)?;
        out.push(bot.stats().rollouts);
    }
    Ok(out)
}

/// The search of `game` with a fixed budget of `rollouts` a turn over the same positions as
/// [`search_rollouts`]: fixed work, so its time measures speed alone. Returns the rollouts done
/// and the fingerprint of the orders, which shows whether a change altered the search's play.
pub fn search_fixed(game: GameKind, rollouts: u64, turns: usize) -> anyhow::Result<(u64, u64)> {
    let positions = search_positions(game, turns)?;
    let mut bot = game
        .tools()
        .searcher(crate::search::Think::Rollouts(rollouts));
    let mut fp = Fingerprint::default();
    let mut done = 0;
    for input in &positions {
        let orders = bot
            .turn(input, Instant::now())
            .map_err(anyhow::Error::msg)?;
        done += bot.stats().rollouts;
        for line in orders {
            for b in line.bytes() {
                fp.add(b as u64);
            }
        }
    }
    Ok((done, fp.value()))
}

//! FB's benchmark workload: random orders the referee accepts.

use crate::games::workload::{Fingerprint, Report};
use botsim_core::fb;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

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

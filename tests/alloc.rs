//! The hot path allocates nothing: a counting global allocator watches 100,000 turns of random
//! play of each game (CSB driven both by the search's action form and by parsed text orders).

use botsim::games::csb::bench::text_pool;
use botsim::games::fb::bench::fb_random_action;
use botsim_core::csb::{self, Command, Setup, Steer, Thrust};
use botsim_core::fb;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn csb_steps_allocate_nothing() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let pool = text_pool(&mut rng, 1024);
    let setups: Vec<Setup> = (0..64).map(Setup::from_seed).collect();
    let mut k = 0;
    let mut state = setups[0].initial_state();
    let (mut turns, mut games) = (0u32, 0u32);
    let before = allocations();
    while turns < 100_000 {
        let text = turns % 2 == 1;
        let commands: [Command; 4] = std::array::from_fn(|_| {
            if text {
                csb::parse_order(&pool[rng.random_range(0..pool.len())])
                    .map_or(Command::IDLE, |o| o.command())
            } else {
                Command {
                    steer: Steer::Turn(rng.random_range(-0.4..0.4)),
                    thrust: if rng.random_bool(0.02) {
                        Thrust::Shield
                    } else {
                        Thrust::Power(rng.random_range(0..=200))
                    },
                }
            }
        });
        csb::step(&setups[k].track, &mut state, &commands);
        turns += 1;
        if csb::outcome(&setups[k].track, &state).is_some() {
            games += 1;
            k = (k + 1) % setups.len();
            state = setups[k].initial_state();
        }
    }
    let after = allocations();
    assert_eq!(after - before, 0, "allocations in {turns} turns");
    assert!(
        games > 100,
        "the workload must cover many whole games, got {games}"
    );
    // The counter works: an allocation is seen.
    let v = std::hint::black_box(vec![1u8; 10]);
    assert!(allocations() > after, "{v:?}");
}

#[test]
fn fb_steps_allocate_nothing() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let starts: Vec<fb::State> = (0..64).map(fb::setup::from_seed).collect();
    let lines: Vec<String> = (0..512)
        .map(|i| format!("MOVE {} {} {}", (i * 37) % 16000, (i * 91) % 7500, i % 151))
        .collect();
    // The first turn builds the thread's collision scratch buffer: not part of the count.
    let mut state = starts[0];
    fb::step(
        &mut state,
        &[fb::Action::Move {
            x: 0,
            y: 0,
            thrust: 0,
        }; 4],
    );
    let mut k = 0;
    state = starts[0];
    let (mut turns, mut games) = (0u32, 0u32);
    let before = allocations();
    while turns < 100_000 {
        let actions: [fb::Action; 4] = std::array::from_fn(|w| {
            if turns % 3 == 0 {
                fb::parse_action(&lines[rng.random_range(0..lines.len())])
                    .unwrap()
                    .0
            } else {
                fb_random_action(&mut rng, &state, w)
            }
        });
        fb::step(&mut state, &actions);
        turns += 1;
        if fb::outcome(&state).is_some() {
            games += 1;
            k = (k + 1) % starts.len();
            state = starts[k];
        }
    }
    assert_eq!(allocations() - before, 0, "allocations in {turns} turns");
    assert!(
        games > 100,
        "the workload must cover many whole games, got {games}"
    );
}

/// The search loop: after the first search (which sizes the population buffers), searching
/// allocates nothing.
#[test]
fn csb_search_allocates_nothing() {
    use botsim_core::csb::ga::{Evaluation, Params, Scenario};
    use botsim_core::search::{Budget, Ga, Rng};
    let setup = Setup::from_seed(3);
    let mut params = <Params>::default();
    let mut ga = Ga::new(params.search);
    let mut rng = Rng::new(1);
    let straight = [[params.gene(0.5, 0.9); 2]; botsim_core::csb::ga::HORIZON];
    let mut state = setup.initial_state();
    params.eval.start_turn(&setup.track, &state, true);
    let mut problem = Scenario::new(&setup.track, state, 0, &straight, &params);
    ga.search(&mut problem, Budget::Rollouts(500), &mut rng);
    let before = allocations();
    for turn in 0..20 {
        params.eval.start_turn(&setup.track, &state, true);
        let mut problem = Scenario::new(&setup.track, state, 0, &straight, &params);
        let (plan, _) = ga.search(&mut problem, Budget::Rollouts(2000), &mut rng);
        // Play the plan's first turn, as a bot would, and search again from there.
        let cmds: [Command; 4] = std::array::from_fn(|k| {
            if k < 2 {
                Command::turn((plan[0][k].rotate() - 0.5) * 0.6, Thrust::Power(150))
            } else {
                Command::turn(0.0, Thrust::Power(100))
            }
        });
        csb::step(&setup.track, &mut state, &cmds);
        assert!(csb::outcome(&setup.track, &state).is_none(), "turn {turn}");
    }
    assert_eq!(allocations() - before, 0);
}

//! Criterion benches of the FB step: one turn of four orders, and a seeded random workload.

use botsim::games::fb::bench::{fb_random_action, fb_random_turns};
use botsim_core::fb;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;

fn step(c: &mut Criterion) {
    // A mid-game state: 40 turns of random play from seed 5.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut state = fb::setup::from_seed(5);
    for _ in 0..40 {
        let a: [fb::Action; 4] = std::array::from_fn(|w| fb_random_action(&mut rng, &state, w));
        fb::step(&mut state, &a);
    }
    let orders = [
        fb::Action::Move {
            x: 8000,
            y: 3750,
            thrust: 150,
        },
        fb::Action::Move {
            x: 16000,
            y: 3750,
            thrust: 100,
        },
        fb::Action::Move {
            x: 0,
            y: 3750,
            thrust: 150,
        },
        fb::Action::Move {
            x: 4000,
            y: 1000,
            thrust: 150,
        },
    ];
    let mut g = c.benchmark_group("fb_step");
    g.throughput(Throughput::Elements(1));
    g.bench_function("moves", |b| {
        b.iter_batched_ref(
            || state,
            |s| fb::step(s, black_box(&orders)),
            BatchSize::SmallInput,
        )
    });
    g.finish();
    let mut g = c.benchmark_group("fb_workload");
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(20);
    g.bench_function("random_10k", |b| b.iter(|| fb_random_turns(10_000, 1)));
    g.finish();
}

criterion_group!(benches, step);
criterion_main!(benches);

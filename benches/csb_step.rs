//! Criterion benches of the CSB step, in the search's action form and from text orders, and of
//! the pieces the step spends its time in.

use botsim::games::csb::bench::{csb_random_turns, csb_sample, Drive};
use botsim_core::csb::{self, Command, Thrust};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;

fn step(c: &mut Criterion) {
    let (track, state) = csb_sample(11, 30);
    let mut g = c.benchmark_group("csb_step");
    g.throughput(Throughput::Elements(1));
    let turn = [
        Command::turn(0.1, Thrust::Power(200)),
        Command::turn(-0.2, Thrust::Power(100)),
        Command::turn(0.3, Thrust::Power(200)),
        Command::turn(0.0, Thrust::Power(50)),
    ];
    g.bench_function("actions", |b| {
        b.iter_batched_ref(
            || state,
            |s| csb::step(&track, s, black_box(&turn)),
            BatchSize::SmallInput,
        )
    });
    let lines = [
        "8000 4500 200",
        "12000 1000 100",
        "3000 7000 BOOST",
        "8000 4500 50 hi",
    ];
    g.bench_function("text", |b| {
        b.iter_batched_ref(
            || state,
            |s| {
                let cmds: [Command; 4] = std::array::from_fn(|i| {
                    csb::parse_order(black_box(lines[i])).map_or(Command::IDLE, |o| o.command())
                });
                csb::step(&track, s, &cmds)
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();

    let mut g = c.benchmark_group("csb_workload");
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(20);
    g.bench_function("random_actions_10k", |b| {
        b.iter(|| csb_random_turns(Drive::Actions, 10_000, 1))
    });
    g.bench_function("random_text_10k", |b| {
        b.iter(|| csb_random_turns(Drive::Text, 10_000, 1))
    });
    g.finish();

    let mut g = c.benchmark_group("csb_parts");
    g.bench_function("java_atan2", |b| {
        b.iter(|| botsim_core::java::atan2(black_box(-3127.0), black_box(4411.0)))
    });
    g.bench_function("sin_cos", |b| b.iter(|| black_box(2.3456f64).sin_cos()));
    g.bench_function("parse_order", |b| {
        b.iter(|| csb::parse_order(black_box("12345 -678 BOOST go go go")))
    });
    g.finish();
}

criterion_group!(benches, step);
criterion_main!(benches);

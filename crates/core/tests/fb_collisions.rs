//! Collision events of the FB engine in isolation: one body moves in the left part of the field
//! while every other body stands still far to the right, out of its reach.

use botsim_core::fb::collide::move_all;
use botsim_core::fb::state::{State, BODIES, FIRST_BLUDGER, FIRST_SNAFFLE};
use botsim_core::fb::{radius, setup, POSTS, POST_RADIUS};
use botsim_core::geom::Vec2;
use proptest::prelude::*;

/// A 7-snaffle game with every body parked at rest in the right part of the field, apart.
fn parked() -> State {
    let mut s = setup::initial_state(&[(1, 1); 7]).unwrap();
    for slot in 0..BODIES {
        let k = slot as f64;
        s.bodies[slot].pos = Vec2::new(
            11000.0 + 900.0 * (k % 5.0),
            1000.0 + 1200.0 * (k / 5.0).floor(),
        );
        s.bodies[slot].vel = Vec2::ZERO;
    }
    s
}

fn kind() -> impl Strategy<Value = usize> {
    prop_oneof![Just(0usize), Just(FIRST_BLUDGER)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// Wizards and bludgers end the turn inside the field, whatever walls, goal mouths and
    /// posts they meet.
    #[test]
    fn walls_contain(slot in kind(), x in 400.0f64..8000.0, y in 400.0f64..7100.0,
                     vx in -2000i32..2000, vy in -2000i32..2000) {
        let mut s = parked();
        let r = radius(slot);
        s.bodies[slot].pos = Vec2::new(x.max(r), y.min(7500.0 - r));
        s.bodies[slot].vel = Vec2::new(vx as f64, vy as f64);
        move_all(&mut s);
        let b = s.bodies[slot];
        prop_assert!(b.pos.x >= r - 1e-6 && b.pos.y >= r - 1e-6 && b.pos.y <= 7500.0 - r + 1e-6,
            "outside the field: {:?}", b.pos);
    }

    /// Out of the posts' reach, a wall bounce reverses one speed component exactly and mirrors
    /// the position about the bound.
    #[test]
    fn walls_reflect_exactly(slot in kind(), x in 2000i32..8000, y in 0i32..7500,
                             vx in -1000i32..1000, vy in -2000i32..2000) {
        let mut s = parked();
        let r = radius(slot);
        let y = (y as f64).clamp(r, 7500.0 - r);
        s.bodies[slot].pos = Vec2::new(x as f64, y);
        s.bodies[slot].vel = Vec2::new(vx as f64, vy as f64);
        move_all(&mut s);
        let b = s.bodies[slot];
        let free_y = y + vy as f64;
        // Reaching the wall exactly at the end of the turn counts (the wall time is <= 1).
        let (want_y, want_vy) = if free_y >= 7500.0 - r && vy > 0 {
            (2.0 * (7500.0 - r) - free_y, -vy as f64)
        } else if free_y <= r && vy < 0 {
            (2.0 * r - free_y, -vy as f64)
        } else {
            (free_y, vy as f64)
        };
        prop_assert_eq!(b.vel, Vec2::new(vx as f64, want_vy));
        prop_assert!((b.pos.y - want_y).abs() < 1e-6, "y {} instead of {}", b.pos.y, want_y);
        prop_assert!((b.pos.x - (x + vx) as f64).abs() < 1e-6);
    }

    /// A body aimed at a post from outside it never ends the turn overlapping it.
    #[test]
    fn posts_are_solid(slot in prop_oneof![Just(0usize), Just(FIRST_SNAFFLE), Just(FIRST_BLUDGER)],
                       post in 0usize..2, angle in 0.0f64..std::f64::consts::TAU, speed in 300.0f64..1500.0) {
        let mut s = parked();
        let p = POSTS[post];
        let r = radius(slot);
        // Start just outside the post's reach, on the field side, heading for its centre.
        let dir = Vec2::new(angle.cos().abs().max(0.2), angle.sin());
        let d = dir.normalized();
        let start = p + d * (r + POST_RADIUS + 50.0);
        prop_assume!(start.y > r && start.y < 7500.0 - r);
        s.bodies[slot].pos = start;
        s.bodies[slot].vel = d * -speed;
        move_all(&mut s);
        let b = s.bodies[slot];
        let gap = (b.pos - p).norm() - r - POST_RADIUS;
        prop_assert!(gap >= -1e-6, "overlaps the post by {}", -gap);
    }
}

/// A snaffle crosses the goal mouth without bouncing, scores, and keeps drifting.
#[test]
fn snaffle_scores_through_the_mouth() {
    let mut s = parked();
    let k = FIRST_SNAFFLE;
    s.bodies[k].pos = Vec2::new(1000.0, 3750.0);
    s.bodies[k].vel = Vec2::new(-2000.0, 0.0);
    move_all(&mut s);
    assert_eq!(s.bodies[k].pos, Vec2::new(-1000.0, 3750.0));
    assert!(!s.snaffles[0].alive);
    assert_eq!(s.players[1].score, 1);
    assert_eq!(s.players[0].score, 0);
}

/// Beside the mouth the same snaffle bounces off the wall instead.
#[test]
fn snaffle_bounces_beside_the_mouth() {
    let mut s = parked();
    let k = FIRST_SNAFFLE;
    s.bodies[k].pos = Vec2::new(1000.0, 800.0);
    s.bodies[k].vel = Vec2::new(-2000.0, 0.0);
    move_all(&mut s);
    assert_eq!(s.bodies[k].vel, Vec2::new(2000.0, 0.0));
    assert!(s.snaffles[0].alive);
    assert_eq!(s.bodies[k].pos.x, 150.0 + (150.0 - (1000.0 - 2000.0)));
}

//! Building a game: the snaffles drawn from the seed with Java's `Random` (2 or 3 mirrored
//! pairs at least 1250 apart, and one in the centre), or given explicitly; wizards and bludgers
//! at their fixed starts.

use super::state::{
    Body, Player, Snaffle, State, Wizard, BODIES, FIRST_BLUDGER, FIRST_SNAFFLE, MAX_SNAFFLES,
};
use super::{HEIGHT, WIDTH};
use crate::geom::Vec2;
use crate::java::Random;

/// Snaffle positions the referee draws for `seed`, in id order.
pub fn snaffles_from_seed(seed: i64) -> Vec<(i32, i32)> {
    let mut rng = Random::new(seed);
    let pairs = 2 + rng.next_int(2);
    let mut placed: Vec<(i32, i32)> = Vec::with_capacity(7);
    let mut i = 0;
    while i < pairs {
        let x = rng.next_int(WIDTH / 2 - 3000) + 2000;
        let y = rng.next_int(HEIGHT - 1000) + 500;
        let far = placed.iter().all(|&(px, py)| {
            let (dx, dy) = ((x - px) as f64, (y - py) as f64);
            (dx * dx + dy * dy).sqrt() >= 1250.0
        });
        if far {
            placed.push((x, y));
            placed.push((WIDTH - x, HEIGHT - y));
            i += 1;
        }
    }
    placed.push((WIDTH / 2, HEIGHT / 2));
    placed
}

/// A number of snaffles no game has (it has 5 or 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnaffleCount(pub usize);

impl std::fmt::Display for SnaffleCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a game has 5 or 7 snaffles, got {}", self.0)
    }
}

impl std::error::Error for SnaffleCount {}

/// The state before turn 0 with these snaffles (5 or 7 of them, in id order).
pub fn initial_state(snaffles: &[(i32, i32)]) -> Result<State, SnaffleCount> {
    if snaffles.len() != 5 && snaffles.len() != MAX_SNAFFLES {
        return Err(SnaffleCount(snaffles.len()));
    }
    let mut bodies = [Body::default(); BODIES];
    for (j, team) in [0, 1].into_iter().enumerate() {
        for i in 0..2 {
            let x = j as i32 * (WIDTH - 2000) + 1000;
            let sign = if j % 2 == 0 { -1 } else { 1 };
            let y = 3750 + sign * (3000 * i as i32 - 1500);
            bodies[team * 2 + i].pos = Vec2::new(x as f64, y as f64);
        }
    }
    for (k, &(x, y)) in snaffles.iter().enumerate() {
        bodies[FIRST_SNAFFLE + k].pos = Vec2::new(x as f64, y as f64);
    }
    bodies[FIRST_BLUDGER].pos = Vec2::new(7450.0, 3750.0);
    bodies[FIRST_BLUDGER + 1].pos = Vec2::new(8550.0, 3750.0);
    let mut snaffle_state = [Snaffle::default(); MAX_SNAFFLES];
    for s in &mut snaffle_state[..snaffles.len()] {
        s.alive = true;
    }
    let pairs = (snaffles.len() as i32 - 1) / 2;
    Ok(State {
        bodies,
        wizards: [Wizard::default(); 4],
        snaffles: snaffle_state,
        bludgers: Default::default(),
        players: [Player::default(); 2],
        snaffle_count: snaffles.len() as u8,
        score_to_win: pairs + 1,
        round: 0,
        no_snaffles_left: false,
    })
}

/// The state before turn 0 of the game the referee builds for `seed`.
pub fn from_seed(seed: i64) -> State {
    initial_state(&snaffles_from_seed(seed)).expect("the referee draws 5 or 7 snaffles")
}

//! Building a race: the 13 official maps, the seed-driven choice, rotation and jitter of the
//! checkpoints (Java's `Random`, live settings), and the spawn positions.

use super::state::{State, Track, TrackError, PODS};
use crate::geom::Vec2;
use crate::java::{self, Random};

/// The 13 base maps of the official referee, checkpoint 0 first.
pub const MAPS: [&[(i32, i32)]; 13] = [
    &[(12460, 1350), (10540, 5980), (3580, 5180), (13580, 7600)],
    &[
        (3600, 5280),
        (13840, 5080),
        (10680, 2280),
        (8700, 7460),
        (7200, 2160),
    ],
    &[
        (4560, 2180),
        (7350, 4940),
        (3320, 7230),
        (14580, 7700),
        (10560, 5060),
        (13100, 2320),
    ],
    &[(5010, 5260), (11480, 6080), (9100, 1840)],
    &[(14660, 1410), (3450, 7220), (9420, 7240), (5970, 4240)],
    &[(3640, 4420), (8000, 7900), (13300, 5540), (9560, 1400)],
    &[(4100, 7420), (13500, 2340), (12940, 7220), (5640, 2580)],
    &[
        (14520, 7780),
        (6320, 4290),
        (7800, 860),
        (7660, 5970),
        (3140, 7540),
        (9520, 4380),
    ],
    &[(10040, 5970), (13920, 1940), (8020, 3260), (2670, 7020)],
    &[(7500, 6940), (6000, 5360), (11300, 2820)],
    &[
        (4060, 4660),
        (13040, 1900),
        (6560, 7840),
        (7480, 1360),
        (12700, 7100),
    ],
    &[
        (3020, 5190),
        (6280, 7760),
        (14100, 7760),
        (13880, 1220),
        (10240, 4920),
        (6100, 2200),
    ],
    &[(10323, 3366), (11203, 5425), (7259, 6656), (5425, 2838)],
];

/// Laps in a live game.
pub const LAPS: u8 = 3;
/// Live jitter of generated checkpoints: x moves by -30..=30, y by -30..=28.
const JITTER: i32 = 30;
/// Spawn spacing: pod radius plus the gap between pods.
const SPAWN_SPACING: f64 = 500.0;

/// A race ready to start: the track and the pods on the grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    /// The checkpoints and laps.
    pub track: Track,
    /// Which base map the seed picked; `None` for an explicit map.
    pub map_index: Option<usize>,
    /// Where each pod starts, pods 0 and 1 being player 0's.
    pub spawns: [Vec2; PODS],
}

impl Setup {
    /// The race the official referee builds for `seed` (its `seed` property).
    pub fn from_seed(seed: i64) -> Setup {
        let mut rng = Random::new(seed);
        let map_index = rng.next_int(MAPS.len() as i32) as usize;
        let base = MAPS[map_index];
        let n = base.len();
        // Collections.rotate(list, d): the element at index i moves to (i + d) mod n.
        let d = rng.next_int(n as i32) as usize;
        let mut cps = [(0, 0); 8];
        for (i, &p) in base.iter().enumerate() {
            cps[(i + d) % n] = p;
        }
        for p in &mut cps[..n] {
            p.0 += rng.next_int(2 * JITTER + 1) - JITTER;
            p.1 += rng.next_int(2 * JITTER - 1) - JITTER;
        }
        let track = Track::new(&cps[..n], LAPS).expect("base maps are valid tracks");
        Setup {
            spawns: spawns(&track),
            track,
            map_index: Some(map_index),
        }
    }

    /// A race on an explicit map (the referee's `map` property): no randomness is used.
    pub fn from_map(checkpoints: &[(i32, i32)]) -> Result<Setup, TrackError> {
        let track = Track::new(checkpoints, LAPS)?;
        if track.checkpoint(0) == track.checkpoint(1) {
            return Err(TrackError::NoGrid);
        }
        Ok(Setup {
            spawns: spawns(&track),
            track,
            map_index: None,
        })
    }

    /// Parses the `map` property, `"x0 y0 x1 y1 ..."`.
    pub fn parse_map(text: &str) -> Result<Vec<(i32, i32)>, TrackError> {
        let nums = text
            .split_whitespace()
            .map(|t| {
                t.parse::<i32>()
                    .map_err(|_| TrackError::Coordinate(t.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if nums.len() % 2 != 0 {
            return Err(TrackError::OddCoordinates(nums.len()));
        }
        Ok(nums.chunks(2).map(|c| (c[0], c[1])).collect())
    }

    /// The initial state: pods on the grid, at rest, facing nowhere.
    pub fn initial_state(&self) -> State {
        State::new(self.spawns)
    }
}

/// The starting grid: pods on the line through checkpoint 0 perpendicular to the first leg,
/// at offsets -1, +1, -3, +3 times the spacing.
fn spawns(track: &Track) -> [Vec2; PODS] {
    let cp0 = track.checkpoint(0);
    let u = (track.checkpoint(1) - cp0).normalized();
    let w = Vec2::new(-u.y, u.x);
    let count = PODS as i32;
    std::array::from_fn(|i| {
        let i = i as i32;
        let sign = if i % 2 == 0 { -1 } else { 1 };
        let offset = sign * (i / 2 * 2 + 1) + count % 2;
        let p = cp0 + w * (offset as f64 * SPAWN_SPACING);
        Vec2::new(
            java::round_to_int(p.x) as f64,
            java::round_to_int(p.y) as f64,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Live game 891665074: seed 920111793 gives map 2 rotated by 1, and this grid.
    #[test]
    fn live_seed_reproduces_the_live_map() {
        let s = Setup::from_seed(920111793);
        assert_eq!(s.map_index, Some(2));
        let cps: Vec<(i32, i32)> = s
            .track
            .checkpoints()
            .iter()
            .map(|p| (p.x as i32, p.y as i32))
            .collect();
        assert_eq!(
            cps,
            [
                (13125, 2291),
                (4566, 2182),
                (7366, 4941),
                (3316, 7224),
                (14588, 7689),
                (10556, 5071)
            ]
        );
        let spawns: Vec<(f64, f64)> = s.spawns.iter().map(|p| (p.x, p.y)).collect();
        assert_eq!(
            spawns,
            [
                (13119.0, 2791.0),
                (13131.0, 1791.0),
                (13106.0, 3791.0),
                (13144.0, 791.0)
            ]
        );
    }

    #[test]
    fn explicit_map_parses_and_rejects_garbage() {
        let m = Setup::parse_map("6000 4500 14000 4500 10000 4500").unwrap();
        assert_eq!(m, [(6000, 4500), (14000, 4500), (10000, 4500)]);
        assert_eq!(
            Setup::parse_map("1 2 3"),
            Err(TrackError::OddCoordinates(3))
        );
        assert_eq!(
            Setup::parse_map("1 x"),
            Err(TrackError::Coordinate("x".to_string()))
        );
        assert_eq!(
            Setup::from_map(&[(1, 1), (1, 1)]).err(),
            Some(TrackError::NoGrid)
        );
        assert!(Setup::from_map(&[(1, 1)]).is_err());
    }
}

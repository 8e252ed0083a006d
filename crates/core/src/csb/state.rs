//! The Coders Strike Back game state: the track (fixed for a game) and the pods (everything that
//! changes), kept apart so that a search copies only the small part.

use crate::geom::Vec2;

/// Maximum number of checkpoints on a track (the 13 real maps have 3 to 6; the statement
/// allows up to 8).
pub const MAX_CHECKPOINTS: usize = 8;
/// Pods in a Legend game: 2 players with 2 pods each. Pods 0 and 1 are player 0's.
pub const PODS: usize = 4;

/// The race course: checkpoints in order and the number of laps. Checkpoint 0 is the start
/// and the finish line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Track {
    checkpoints: [Vec2; MAX_CHECKPOINTS],
    len: u8,
    /// Laps to race.
    pub laps: u8,
}

/// Why checkpoints and laps (or a map's text) make no race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrackError {
    /// Not 2 to [`MAX_CHECKPOINTS`] checkpoints.
    Checkpoints(usize),
    /// No lap to race.
    NoLaps,
    /// Checkpoints 0 and 1 coincide: the starting grid has no direction.
    NoGrid,
    /// A map coordinate that is no integer.
    Coordinate(String),
    /// A map with an odd number of coordinates.
    OddCoordinates(usize),
}

impl std::fmt::Display for TrackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrackError::Checkpoints(n) => {
                write!(
                    f,
                    "a track needs 2 to {MAX_CHECKPOINTS} checkpoints, got {n}"
                )
            }
            TrackError::NoLaps => write!(f, "a race needs at least one lap"),
            TrackError::NoGrid => write!(f, "checkpoints 0 and 1 coincide: no starting grid"),
            TrackError::Coordinate(t) => write!(f, "map: '{t}' is not an integer coordinate"),
            TrackError::OddCoordinates(n) => write!(f, "map: odd number of coordinates ({n})"),
        }
    }
}

impl std::error::Error for TrackError {}

#[cfg(test)]
impl Track {
    /// The unit tests' track: three checkpoints in a triangle, three laps.
    pub(crate) fn triangle() -> Track {
        Track::new(&[(1000, 1000), (9000, 5000), (4000, 8000)], 3).unwrap()
    }
}

impl Track {
    /// A track over `checkpoints` (2 to 8 of them, integer coordinates).
    pub fn new(checkpoints: &[(i32, i32)], laps: u8) -> Result<Track, TrackError> {
        if !(2..=MAX_CHECKPOINTS).contains(&checkpoints.len()) {
            return Err(TrackError::Checkpoints(checkpoints.len()));
        }
        if laps == 0 {
            return Err(TrackError::NoLaps);
        }
        let mut cps = [Vec2::ZERO; MAX_CHECKPOINTS];
        for (slot, &(x, y)) in cps.iter_mut().zip(checkpoints) {
            *slot = Vec2::new(x as f64, y as f64);
        }
        Ok(Track {
            checkpoints: cps,
            len: checkpoints.len() as u8,
            laps,
        })
    }

    /// The checkpoints in order.
    #[inline]
    pub fn checkpoints(&self) -> &[Vec2] {
        &self.checkpoints[..self.len as usize]
    }

    /// Number of checkpoints.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a track has at least two checkpoints.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Checkpoint `i`'s centre.
    #[inline]
    pub fn checkpoint(&self, i: usize) -> Vec2 {
        self.checkpoints[i]
    }

    /// How far `pod` is along the race, a pass worth `pass` units of distance: passes first,
    /// then nearness to its next checkpoint.
    #[inline]
    pub fn progress(&self, pod: &Pod, pass: f64) -> f64 {
        pod.passed as f64 * pass - pod.pos.dist(self.checkpoint(pod.next_checkpoint()))
    }

    /// The pod of `player` in `s` with the more [`Track::progress`] (the first on a tie).
    pub fn leader(&self, s: &State, player: usize, pass: f64) -> usize {
        let a = player * 2;
        if self.progress(&s.pods[a], pass) >= self.progress(&s.pods[a + 1], pass) {
            a
        } else {
            a + 1
        }
    }

    /// Checkpoint passes a pod needs to finish the race: `laps x checkpoints`.
    #[inline]
    pub fn passes_to_finish(&self) -> u16 {
        self.laps as u16 * self.len as u16
    }
}

/// One pod.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pod {
    /// Position; integral between turns.
    pub pos: Vec2,
    /// Speed; integral between turns.
    pub vel: Vec2,
    /// Facing in radians, never normalised; `None` until the pod first turns.
    pub angle: Option<f64>,
    /// Checkpoint passes so far.
    pub passed: u16,
    /// The checkpoint to pass next: `(passed + 1) % n`, kept up to date by [`Pod::pass`].
    pub next: u8,
    /// The step (1-based) of the last pass; 0 at the start.
    pub last_pass: u16,
    /// The turn (0-based) in which the pod last ordered SHIELD.
    pub shield_round: Option<u16>,
    /// Whether the pod has used its thrust-650 BOOST.
    pub boost_used: bool,
}

impl Pod {
    /// A pod standing at `pos`, facing nowhere yet.
    pub fn at(pos: Vec2) -> Pod {
        Pod {
            pos,
            vel: Vec2::ZERO,
            angle: None,
            passed: 0,
            next: 1,
            last_pass: 0,
            shield_round: None,
            boost_used: false,
        }
    }

    /// Index of the checkpoint this pod must pass next.
    #[inline]
    pub fn next_checkpoint(&self) -> usize {
        self.next as usize
    }

    /// Passes the next checkpoint in step `round` (1-based).
    #[inline]
    pub fn pass(&mut self, track: &Track, round: u16) {
        self.passed += 1;
        self.next = if self.next as usize + 1 == track.len() {
            0
        } else {
            self.next + 1
        };
        self.last_pass = round;
    }
}

/// Everything that changes during a game. `Copy`, fixed size, no heap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    /// The four pods, player 0's first.
    pub pods: [Pod; PODS],
    /// Turns played so far (physics steps done); also the 0-based index of the next turn.
    pub round: u16,
    /// Players eliminated (invalid output, no answer, or checkpoint timeout).
    pub dead: [bool; 2],
}

impl State {
    /// The start of a race: pods at their spawn points.
    pub fn new(spawns: [Vec2; PODS]) -> State {
        State {
            pods: spawns.map(Pod::at),
            round: 0,
            dead: [false; 2],
        }
    }

    /// The player a pod belongs to.
    #[inline]
    pub fn owner(pod: usize) -> usize {
        pod / 2
    }

    /// Turns since either pod of player `p` last passed a checkpoint, or since the start: the
    /// checkpoint timeout eliminates the player at 100.
    #[inline]
    pub fn since_pass(&self, p: usize) -> u16 {
        self.round.saturating_sub(
            self.pods[p * 2]
                .last_pass
                .max(self.pods[p * 2 + 1].last_pass),
        )
    }
}

//! One turn of Coders Strike Back, exactly as the official referee plays it (spec sections 4-10):
//! orders (rotation, thrust, SHIELD, BOOST), movement with collisions resolved in time order,
//! friction and rounding, checkpoint passes along the travelled path, timeouts and the end.
//!
//! The step allocates nothing and touches only the `State` it is given.

use super::state::{Pod, State, Track, PODS};
use crate::geom::{contact_time, sqrt_le, Contacts, Vec2};
use crate::java;

/// Radius of a pod.
pub const POD_RADIUS: f64 = 400.0;
/// A checkpoint is passed when the pod's path comes within this distance (inclusive).
pub const CHECKPOINT_RADIUS: f64 = 600.0;
/// Largest numeric thrust.
pub const MAX_THRUST: u16 = 200;
/// Thrust of a pod's first BOOST.
pub const BOOST_THRUST: f64 = 650.0;
/// Largest rotation per turn, except a pod's first: 18 degrees.
pub const MAX_ROTATION: f64 = std::f64::consts::PI / 10.0;
/// Turns without thrust after the SHIELD turn.
pub const SHIELD_COOLDOWN: u16 = 3;
/// Mass of a pod during the step of the turn it ordered SHIELD.
pub const SHIELD_MASS: f64 = 10.0;
/// Smallest half-impulse of a collision.
pub const MIN_IMPULSE: f64 = 120.0;
/// Collisions this close in time are resolved together; also the separation push.
pub const EPSILON: f64 = 0.00001;
/// Speed kept each turn.
pub const FRICTION_KEEP: f64 = 1.0 - 0.15;
/// Turns a player survives without a checkpoint pass.
pub const CHECKPOINT_TIMEOUT: u16 = 100;
/// Turns in a game at most.
pub const MAX_ROUNDS: u16 = 500;

/// Where a pod turns this turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Steer {
    /// No rotation and no acceleration: the order of a pod aiming at its own position, and of
    /// a pod whose player gave no valid order.
    Hold,
    /// Aim at a point, as the text protocol does: the pod turns toward it, by at most 18 degrees
    /// (its first real rotation is uncapped). Aiming at its own position is `Hold`.
    Point(i32, i32),
    /// Turn by this many radians, clamped to +/-18 degrees: the search's form, which needs no `atan2`.
    /// A pod that has never turned measures from the direction of its next checkpoint.
    Turn(f64),
    /// Face `angle` (as [`turned`] gives it), whose cosine and sine the caller keeps: a search
    /// turns them along with the angle instead of computing them each turn. The exact step
    /// computes its own from `angle`; the fast step thrusts along `(cos, sin)`.
    Face {
        /// The angle to face, in radians.
        angle: f64,
        /// Its cosine.
        cos: f64,
        /// Its sine.
        sin: f64,
    },
}

/// What drives the pod this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thrust {
    /// A thrust of 0..=200.
    Power(u16),
    /// Thrust 650 the first time a pod uses it, then the maximum thrust.
    Boost,
    /// Mass 10 for this turn's step; no thrust this turn and the next 3.
    Shield,
}

/// A pod's order for one turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Command {
    /// Where the pod turns.
    pub steer: Steer,
    /// How it is driven.
    pub thrust: Thrust,
}

impl Command {
    /// The order of a pod that was given none: no rotation, no thrust.
    pub const IDLE: Command = Command {
        steer: Steer::Hold,
        thrust: Thrust::Power(0),
    };

    /// Aim at `(x, y)` with `thrust`.
    pub fn toward(x: i32, y: i32, thrust: Thrust) -> Command {
        Command {
            steer: Steer::Point(x, y),
            thrust,
        }
    }

    /// Turn by `radians` (clamped to +/-18 degrees) with `thrust`.
    pub fn turn(radians: f64, thrust: Thrust) -> Command {
        Command {
            steer: Steer::Turn(radians),
            thrust,
        }
    }
}

/// Plays one turn: the four pods' commands (pods 0 and 1 are player 0's), then the physics and
/// the rules. Pods of players already marked dead should be given [`Command::IDLE`] for any pod
/// whose order the referee did not accept. Call only while the game is not over.
pub fn step(track: &Track, state: &mut State, commands: &[Command; PODS]) {
    step_in::<false, ()>(track, state, commands, &mut ())
}

/// [`step`], reporting each collision it resolves to `contacts` (for replays).
pub fn step_recording(
    track: &Track,
    state: &mut State,
    commands: &[Command; PODS],
    contacts: &mut impl Contacts,
) {
    step_in::<false, _>(track, state, commands, contacts)
}

/// The search's faster step: the same rules, with a cheaper sine and cosine and no second
/// normalisation of the thrust direction. It differs from [`step`] only in the last bits of a
/// thrust, which rarely change an integer (the rate is measured on the golden traces by
/// `games::csb::bench::csb_fast_disagreement` in the tools).
pub fn step_fast(track: &Track, state: &mut State, commands: &[Command; PODS]) {
    step_in::<true, ()>(track, state, commands, &mut ())
}

fn step_in<const FAST: bool, C: Contacts>(
    track: &Track,
    state: &mut State,
    commands: &[Command; PODS],
    contacts: &mut C,
) {
    let round = state.round;
    let mut shielded = [false; PODS];
    for (i, (pod, cmd)) in state.pods.iter_mut().zip(commands).enumerate() {
        shielded[i] = apply_command::<FAST>(track, pod, cmd, round);
    }
    movement(track, state, &shielded, contacts);
}

/// The rest of a turn once the pods' orders are applied: the movement with its collisions,
/// friction and rounding, the passes and the timeouts.
#[inline(always)]
fn movement<C: Contacts>(
    track: &Track,
    state: &mut State,
    shielded: &[bool; PODS],
    contacts: &mut C,
) {
    let mut paths = state.pods.map(|p| Path::new(p.pos));
    let mut t = 0.0;
    while t < 1.0 {
        t += advance(track, &mut state.pods, shielded, t, &mut paths, contacts);
    }
    state.pods.iter_mut().for_each(settle);
    state.round += 1;
    let round = state.round;
    for (i, (pod, path)) in state.pods.iter_mut().zip(&mut paths).enumerate() {
        check_passes(track, pod, path, round, state.dead[State::owner(i)]);
    }
    for player in 0..2 {
        state.dead[player] |= timed_out(&state.pods[player * 2..player * 2 + 2], round);
    }
}

/// The end of a pod's movement: friction, then the position rounded and the speed truncated.
#[inline]
fn settle(pod: &mut Pod) {
    pod.vel = pod.vel * FRICTION_KEEP;
    pod.pos = pod.pos.round();
    pod.vel = pod.vel.trunc();
}

/// The passes of a pod that travelled `path` this turn, unless its player is `dead`.
#[inline]
fn check_passes(track: &Track, pod: &mut Pod, path: &mut Path, round: u16, dead: bool) {
    // The usual turn first: a straight path.
    if path.is_straight() {
        passes_straight(track, pod, path.points[0], round, dead);
    } else if !dead {
        pass_checkpoints(track, pod, path, round);
    }
}

/// The passes of a pod that went straight from `start` this turn, unless its player is `dead`:
/// usually it misses its next checkpoint.
#[inline(always)]
fn passes_straight(track: &Track, pod: &mut Pod, start: Vec2, round: u16, dead: bool) {
    if !touches(start, pod.pos, track.checkpoint(pod.next_checkpoint())) || dead {
        return;
    }
    pass_checkpoints(track, pod, &mut Path::new(start), round);
}

/// Whether a player whose pods are `pods` is out of time after step `round`: neither pod passed
/// a checkpoint in the last 100 turns.
#[inline]
fn timed_out(pods: &[Pod], round: u16) -> bool {
    pods.iter()
        .all(|p| round - p.last_pass >= CHECKPOINT_TIMEOUT)
}

/// One player's turn as if the other player's pods were not there: what the search knows of
/// the opponent's turn before it plays a plan against it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solo {
    /// The player's pods after their orders (the speed includes the thrust), before moving.
    pub thrust: [Pod; 2],
    /// Whether each pod is shielded this turn.
    pub shielded: [bool; 2],
    /// The pods at the end of the turn.
    pub end: [Pod; 2],
    /// Whether the player is eliminated (checkpoint timeout) at the end of the turn.
    pub dead: bool,
    /// Whether its two pods touched each other.
    pub touched: bool,
}

/// Player `player`'s turn from `state` with `commands`, alone: the other player's pods are
/// moved far off the map, where they touch nothing, and stay there. Advances `state`, which
/// then serves only for this player's next solo turns.
pub fn solo(track: &Track, state: &mut State, player: usize, commands: &[Command; 2]) -> Solo {
    /// Far beyond any pod's reach in a turn, and from each other.
    const FAR: f64 = 1e7;
    let (mine, other) = (player * 2, (1 - player) * 2);
    state.pods[other] = Pod::at(Vec2::new(FAR, FAR));
    state.pods[other + 1] = Pod::at(Vec2::new(2.0 * FAR, FAR));
    let mut shielded = [false; 2];
    let thrust = [0, 1].map(|k| {
        let mut pod = state.pods[mine + k];
        shielded[k] = apply_command::<true>(track, &mut pod, &commands[k], state.round);
        pod
    });
    let mut all = [Command::IDLE; PODS];
    all[mine..mine + 2].copy_from_slice(commands);
    let mut touched = Touched(false);
    step_in::<true, _>(track, state, &all, &mut touched);
    Solo {
        thrust,
        shielded,
        end: [state.pods[mine], state.pods[mine + 1]],
        dead: state.dead[player],
        touched: touched.0,
    }
}

/// Whether any collision happened.
struct Touched(bool);

impl Contacts for Touched {
    #[inline]
    fn contact(&mut self, _: f64, _: usize, _: Option<usize>, _: Vec2) {
        self.0 = true;
    }
}

/// [`step_fast`] for player `me`'s pods with `ours`, against the other player's turn `theirs`
/// (its [`solo`] turn from the pods in `state`). When no two pods touch, each pod's movement
/// is its own and in one piece: ours are moved alone and theirs taken from `theirs`, with the
/// same bits as [`step_fast`]. Otherwise the turn is played in full, and the function returns
/// false: their pods may then have gone otherwise than `theirs` says.
#[inline]
pub fn step_against(
    track: &Track,
    state: &mut State,
    me: usize,
    ours: &[Command; 2],
    theirs: &Solo,
) -> bool {
    let (mine, them) = (me * 2, (1 - me) * 2);
    let round = state.round;
    let mut shielded = [false; PODS];
    for k in 0..2 {
        let pod = &mut state.pods[mine + k];
        shielded[mine + k] = apply_command::<true>(track, pod, &ours[k], round);
        shielded[them + k] = theirs.shielded[k];
    }
    let mut pods = [&theirs.thrust[0]; PODS];
    pods[mine] = &state.pods[mine];
    pods[mine + 1] = &state.pods[mine + 1];
    pods[them + 1] = &theirs.thrust[1];
    // Every pair but the other player's own, for which `theirs` says whether they touch.
    let mut near = 0u8;
    for (k, &(i, j)) in PAIRS.iter().enumerate() {
        near |= (((i / 2 == me || j / 2 == me) & may_touch(pods[i], pods[j], 1.0)) as u8) << k;
    }
    let mut touch = theirs.touched;
    while near != 0 && !touch {
        let (i, j) = PAIRS[near.trailing_zeros() as usize];
        near &= near - 1;
        touch = touch_time(pods[i], pods[j], 0.0, 1.0).is_some();
    }
    if touch {
        state.pods[them..them + 2].copy_from_slice(&theirs.thrust);
        movement(track, state, &shielded, &mut ());
        return false;
    }
    let next = round + 1;
    for pod in &mut state.pods[mine..mine + 2] {
        let start = pod.pos;
        pod.pos += pod.vel * 1.0;
        settle(pod);
        passes_straight(track, pod, start, next, state.dead[me]);
    }
    state.pods[them..them + 2].copy_from_slice(&theirs.end);
    state.round = next;
    state.dead[1 - me] = theirs.dead;
    state.dead[me] |= timed_out(&state.pods[mine..mine + 2], next);
    true
}

/// Handles one pod's order at the start of a turn (the referee's `handlePlayerOutput`): the
/// rotation, the thrust and the speed it adds. Returns whether the pod is shielded this turn.
#[inline(always)]
fn apply_command<const FAST: bool>(
    track: &Track,
    pod: &mut Pod,
    cmd: &Command,
    round: u16,
) -> bool {
    // Written as selects rather than a match with side effects: in a search the kind of
    // thrust is unpredictable (measured: fewer mispredicted branches).
    let shielded = cmd.thrust == Thrust::Shield;
    let boost = cmd.thrust == Thrust::Boost;
    let numeric = match cmd.thrust {
        Thrust::Power(p) => p as f64,
        _ => 0.0,
    };
    let boost_power = if pod.boost_used {
        MAX_THRUST as f64
    } else {
        BOOST_THRUST
    };
    pod.boost_used |= boost;
    if shielded {
        pod.shield_round = Some(round);
    }
    let cooling = pod
        .shield_round
        .is_some_and(|s| round <= s + SHIELD_COOLDOWN);
    let power = if cooling {
        0.0
    } else if boost {
        boost_power
    } else {
        numeric
    };
    let (angle, known) = match cmd.steer {
        Steer::Hold => return shielded,
        Steer::Point(x, y) => match rotate_toward(pod.angle, pod.pos, x, y) {
            Some(a) => (a, None),
            None => return shielded,
        },
        Steer::Turn(delta) => (turned(track, pod, delta), None),
        Steer::Face { angle, cos, sin } => (angle, Some((sin, cos))),
    };
    pod.angle = Some(angle);
    if power != 0.0 {
        pod.vel += if FAST {
            let (s, c) = known.unwrap_or_else(|| crate::geom::fast_sin_cos(angle));
            Vec2::new(c * power, s * power)
        } else {
            thrust_vector(angle, power)
        };
    }
    shielded
}

/// The facing of `pod` after turning by `delta` radians, clamped to +/-18 degrees. A pod that
/// has never turned measures from the direction of its next checkpoint.
#[inline]
pub fn turned(track: &Track, pod: &Pod, delta: f64) -> f64 {
    let base = match pod.angle {
        Some(last) => last,
        None => {
            let cp = track.checkpoint(pod.next_checkpoint());
            java::atan2(cp.y - pod.pos.y, cp.x - pod.pos.x)
        }
    };
    base + delta.clamp(-MAX_ROTATION, MAX_ROTATION)
}

/// The facing a pod at `pos` facing `angle` takes when ordered toward `(x, y)`: the referee's
/// rotation (uncapped the first time, else at most 18 degrees). `None` when the target is the pod's
/// own position: no rotation and no thrust.
#[inline]
pub fn rotate_toward(angle: Option<f64>, pos: Vec2, x: i32, y: i32) -> Option<f64> {
    let (tx, ty) = (x as f64, y as f64);
    if tx == pos.x && ty == pos.y {
        return None;
    }
    let a = java::atan2(ty - pos.y, tx - pos.x);
    Some(match angle {
        None => a,
        Some(last) => capped_rotation(last, a),
    })
}

/// The referee's rotation toward `target` from `last`: snap when within 18 degrees, else turn by
/// exactly 18 degrees toward it.
#[inline]
fn capped_rotation(last: f64, target: f64) -> f64 {
    const TAU: f64 = 2.0 * std::f64::consts::PI;
    let da = (target - last) % TAU;
    let rel = (2.0 * da) % TAU - da;
    if rel.abs() >= MAX_ROTATION {
        last + MAX_ROTATION * rel.signum()
    } else {
        target
    }
}

/// The acceleration of a pod facing `angle` with `power`: the unit vector is normalised again
/// before scaling, as the referee does.
#[inline]
fn thrust_vector(angle: f64, power: f64) -> Vec2 {
    let (s, c) = angle.sin_cos();
    let l2 = c * c + s * s;
    // Where c^2 + s^2 rounds to exactly 1, the square root is 1 and dividing by it changes
    // nothing: skip both (the same bits, less latency).
    let (ux, uy) = if l2 == 1.0 {
        (c, s)
    } else {
        let l = l2.sqrt();
        (c / l, s / l)
    };
    Vec2::new(ux * power, uy * power)
}

/// The path a pod travelled this turn: its start and the points where collisions bent it (the
/// referee's polyline `[start, waypoints..., end]`). A few points are kept as they are; should a
/// pod collide more often in one turn, the oldest segments are folded into the set of
/// checkpoints they reach, which is all the referee's scan depends on. Fixed size.
#[derive(Clone, Copy, Debug)]
struct Path {
    points: [Vec2; Path::KEPT],
    len: usize,
    /// The last waypoint, which a later collision at the same time replaces.
    pending: Option<(f64, Vec2)>,
    /// Checkpoints reached by folded segments, one bit each.
    reached: u8,
}

impl Path {
    const KEPT: usize = 5;

    fn new(start: Vec2) -> Path {
        Path {
            points: [start; Path::KEPT],
            len: 1,
            pending: None,
            reached: 0,
        }
    }

    /// Whether no collision bent the path: it is the one segment from its start.
    #[inline]
    fn is_straight(&self) -> bool {
        self.len == 1 && self.pending.is_none()
    }

    /// Adds a bend at `time`; a bend at the same time as the last replaces it.
    #[inline]
    fn bend(&mut self, track: &Track, time: f64, pos: Vec2) {
        if let Some((t, _)) = self.pending {
            if t != time {
                self.close(track);
            }
        }
        self.pending = Some((time, pos));
    }

    /// Makes the pending waypoint a point of the path.
    fn close(&mut self, track: &Track) {
        if let Some((_, at)) = self.pending.take() {
            if self.len == Path::KEPT {
                self.reached |= reached_mask(track, self.points[0], self.points[1]);
                self.points.copy_within(1.., 0);
                self.len -= 1;
            }
            self.points[self.len] = at;
            self.len += 1;
        }
    }

    /// Whether the path, ending at `end`, passes within 600 of checkpoint `i`. The last
    /// segment first: in most turns no collision bent the path and it is the only one.
    #[inline]
    fn reaches(&self, track: &Track, i: usize, end: Vec2) -> bool {
        let cp = track.checkpoint(i);
        touches(self.points[self.len - 1], end, cp)
            || (self.len > 1 || self.reached != 0) && self.bent_reaches(i, cp)
    }

    /// Whether the segments before the last pass within 600 of checkpoint `i` at `cp`.
    fn bent_reaches(&self, i: usize, cp: Vec2) -> bool {
        self.reached & (1 << i) != 0
            || self.points[..self.len]
                .windows(2)
                .any(|w| touches(w[0], w[1], cp))
    }
}

/// Bits of the checkpoints that the segment `a`-`b` passes within 600 of.
fn reached_mask(track: &Track, a: Vec2, b: Vec2) -> u8 {
    let mut mask = 0;
    for (i, &cp) in track.checkpoints().iter().enumerate() {
        if touches(a, b, cp) {
            mask |= 1 << i;
        }
    }
    mask
}

/// Pairs of pods in the referee's order, the higher index first.
const PAIRS: [(usize, usize); 6] = [(3, 2), (3, 1), (3, 0), (2, 1), (2, 0), (1, 0)];

/// One sub-step of the movement (the referee's `step(pods, beginTime)`): finds the earliest
/// collisions, moves every pod to that time, bounces every pair within `EPSILON` of it, in
/// order. Returns the time advanced.
#[inline]
fn advance(
    track: &Track,
    pods: &mut [Pod; PODS],
    shielded: &[bool; PODS],
    begin: f64,
    paths: &mut [Path; PODS],
    contacts: &mut impl Contacts,
) -> f64 {
    let limit = 1.0 - begin;
    // First the cheap test for every pair, without a branch: a pair apart on one axis by more
    // than it can close in the sub-step is neither touching now nor later (one unit of margin).
    // Most sub-steps have no pair left.
    let mut near = 0u8;
    for (k, &(i, j)) in PAIRS.iter().enumerate() {
        near |= (may_touch(&pods[i], &pods[j], limit) as u8) << k;
    }
    let mut hits: [(f64, u8, u8); 6] = [(0.0, 0, 0); 6];
    let mut n = 0;
    while near != 0 {
        let (i, j) = PAIRS[near.trailing_zeros() as usize];
        near &= near - 1;
        let Some(time) = touch_time(&pods[i], &pods[j], begin, limit) else {
            continue;
        };
        // Stable insertion by time.
        let mut k = n;
        while k > 0 && hits[k - 1].0 > time {
            hits[k] = hits[k - 1];
            k -= 1;
        }
        hits[k] = (time, i as u8, j as u8);
        n += 1;
    }
    if n == 0 {
        for pod in pods.iter_mut() {
            pod.pos += pod.vel * limit;
        }
        return limit;
    }
    let first = hits[0].0;
    let dt = first - begin;
    if dt > 0.0 {
        for pod in pods.iter_mut() {
            pod.pos += pod.vel * dt;
        }
    }
    for &(time, i, j) in &hits[..n] {
        if time > first + EPSILON {
            break;
        }
        let (i, j) = (i as usize, j as usize);
        contacts.contact(first, i, Some(j), (pods[i].pos + pods[j].pos) * 0.5);
        bounce(pods, shielded, i, j);
        for k in [i, j] {
            paths[k].bend(track, first, pods[k].pos);
        }
    }
    dt
}

/// The cheap test of a pair, without a branch: false when the pods are apart on one axis by
/// more than they can close in a sub-step of `limit` (with one unit of margin), so that they
/// neither touch now nor later in it.
#[inline(always)]
fn may_touch(a: &Pod, b: &Pod, limit: f64) -> bool {
    let reach = 2.0 * POD_RADIUS + 1.0;
    let d = a.pos - b.pos;
    let v = a.vel - b.vel;
    !((d.x.abs() - v.x.abs() * limit > reach) | (d.y.abs() - v.y.abs() * limit > reach))
}

/// When pods `a` and `b` (the higher index first, as the referee orders a pair) touch in the
/// sub-step from `begin` lasting `limit`: at `begin` if they overlap already.
#[inline(always)]
fn touch_time(a: &Pod, b: &Pod, begin: f64, limit: f64) -> Option<f64> {
    let d = a.pos - b.pos;
    let v = a.vel - b.vel;
    if sqrt_le(d.norm2(), 2.0 * POD_RADIUS) {
        Some(begin)
    } else {
        contact_time(d, v, 2.0 * POD_RADIUS, limit).map(|c| begin + c)
    }
}

/// The referee's `PodCollision.react()`: `c1` is the higher-index pod. Half the elastic impulse
/// plus at least `MIN_IMPULSE` more, then a push apart if they overlap.
#[inline]
fn bounce(pods: &mut [Pod; PODS], shielded: &[bool; PODS], c1: usize, c2: usize) {
    let inv_mass = |k: usize| {
        if shielded[k] {
            1.0 / SHIELD_MASS
        } else {
            1.0
        }
    };
    let (m1, m2) = (inv_mass(c1), inv_mass(c2));
    // The distance is computed once: the referee's second computation (for the push) sees
    // the same positions and gives the same bits.
    let between = pods[c2].pos - pods[c1].pos;
    let dist = between.norm();
    let normal = Vec2::new(between.x / dist, between.y / dist);
    let relvel = pods[c1].vel - pods[c2].vel;
    let force = normal.dot(relvel) / (m1 + m2);
    let total = force + force.max(MIN_IMPULSE);
    pods[c1].vel += normal * -total * m1;
    pods[c2].vel += normal * total * m2;
    let diff = dist - 2.0 * POD_RADIUS;
    if diff <= 0.0 {
        let push = -diff / 2.0 + EPSILON;
        pods[c1].pos += normal * -push;
        pods[c2].pos += normal * push;
    }
}

/// Java's `Line2D.ptSegDistSq`: squared distance from `p` to the segment `a`-`b`, computed
/// with the JDK's formula (clamped at 0).
#[inline]
fn segment_dist2(a: Vec2, b: Vec2, p: Vec2) -> f64 {
    let (x2, y2) = (b.x - a.x, b.y - a.y);
    let (mut px, mut py) = (p.x - a.x, p.y - a.y);
    let mut dot = px * x2 + py * y2;
    let proj = if dot <= 0.0 {
        0.0
    } else {
        px = x2 - px;
        py = y2 - py;
        dot = px * x2 + py * y2;
        if dot <= 0.0 {
            0.0
        } else {
            dot * dot / (x2 * x2 + y2 * y2)
        }
    };
    let len = px * px + py * py - proj;
    if len < 0.0 {
        0.0
    } else {
        len
    }
}

#[inline]
fn touches(a: Vec2, b: Vec2, cp: Vec2) -> bool {
    // Early out: farther than the radius from the segment's bounding box on one axis.
    // The four tests without branches between them: which one rejects is unpredictable.
    let r = CHECKPOINT_RADIUS;
    let (lo_x, hi_x) = if a.x < b.x { (a.x, b.x) } else { (b.x, a.x) };
    let (lo_y, hi_y) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
    if (cp.x < lo_x - r) | (cp.x > hi_x + r) | (cp.y < lo_y - r) | (cp.y > hi_y + r) {
        return false;
    }
    sqrt_le(segment_dist2(a, b, cp), CHECKPOINT_RADIUS)
}

/// The referee's `checkCheckPoints`, after rounding: while some segment of the path, ending at
/// the rounded position, passes within 600 of the next checkpoint, the pod passes it (several
/// in one turn are possible). Bounded by one lap, where the referee would loop forever.
fn pass_checkpoints(track: &Track, pod: &mut Pod, path: &mut Path, round: u16) {
    path.close(track);
    let end = pod.pos;
    for _ in 0..track.len() {
        if !path.reaches(track, pod.next_checkpoint(), end) {
            break;
        }
        pod.pass(track, round);
    }
}

/// Why a game ended, named as in the traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A pod of a living player completed the race.
    EndReached,
    /// A player went 100 turns without a checkpoint pass.
    Timeout,
    /// 500 turns were played.
    MaxRounds,
    /// A player printed a line the referee rejects.
    InvalidInput,
    /// A player did not answer in time.
    PlayerTimeout,
}

impl EndReason {
    /// The reason's name as the referee writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::EndReached => "endReached",
            EndReason::Timeout => "timeout",
            EndReason::MaxRounds => "maxRounds",
            EndReason::InvalidInput => "invalidInput",
            EndReason::PlayerTimeout => "playerTimeout",
        }
    }
}

/// How a game ended: the platform's scores (2 win, 1 loss, 0 eliminated; 2-2 and 0-0 draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each player's score.
    pub scores: [u8; 2],
    /// Why the game ended.
    pub reason: EndReason,
}

/// Whether a pod of a living player has completed the race.
fn finished(track: &Track, state: &State) -> bool {
    state
        .pods
        .iter()
        .enumerate()
        .any(|(i, p)| !state.dead[State::owner(i)] && p.passed >= track.passes_to_finish())
}

/// Whether the game is over after the turns played ([`outcome`] is `Some`): a pod finished, a
/// player is eliminated, or 500 turns were played. A pod of an eliminated player may have
/// finished too: the game is over either way. Without branches, for a search that asks after
/// every simulated turn.
#[inline]
pub fn is_over(track: &Track, state: &State) -> bool {
    let most = state.pods.iter().map(|p| p.passed).fold(0, u16::max);
    (most >= track.passes_to_finish()) | state.dead[0] | state.dead[1] | (state.round >= MAX_ROUNDS)
}

/// The result if the game is over after the turns played: a pod finished, a player is
/// eliminated, or 500 turns were played. The reason is the first that applies in that order;
/// a referee that eliminated a player for its output names that instead.
pub fn outcome(track: &Track, state: &State) -> Option<Outcome> {
    let reason = if finished(track, state) {
        EndReason::EndReached
    } else if state.dead.iter().any(|&d| d) {
        EndReason::Timeout
    } else if state.round >= MAX_ROUNDS {
        EndReason::MaxRounds
    } else {
        return None;
    };
    Some(Outcome {
        scores: scores(track, state),
        reason,
    })
}

/// The referee's ranking and scores: living players' best pods compared by passes, then by
/// distance to their next checkpoint; an exact tie shares the rank; eliminated players score 0.
pub fn scores(track: &Track, state: &State) -> [u8; 2] {
    // Higher is better: (passes, -distance).
    let best = |player: usize| {
        state.pods[player * 2..player * 2 + 2]
            .iter()
            .map(|p| {
                let cp = track.checkpoint(p.next_checkpoint());
                (p.passed, -p.pos.dist(cp))
            })
            .fold((0, f64::NEG_INFINITY), |a, b| {
                if b.0 > a.0 || (b.0 == a.0 && b.1 > a.1) {
                    b
                } else {
                    a
                }
            })
    };
    match state.dead {
        [true, true] => [0, 0],
        [true, false] => [0, 2],
        [false, true] => [2, 0],
        [false, false] => {
            let (a, b) = (best(0), best(1));
            if a == b {
                [2, 2]
            } else if a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) {
                [2, 1]
            } else {
                [1, 2]
            }
        }
    }
}

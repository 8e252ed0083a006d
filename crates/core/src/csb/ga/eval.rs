//! How good a CSB position is for one player: the runner/blocker evaluation that the search
//! scores the end of each plan with. One pod of each player races (the runner), the other gets
//! in the way of the opponent's runner (the blocker). The roles are chosen once per turn, from
//! the position the turn starts in, so that a plan's score does not jump when the two pods'
//! progress crosses somewhere in a rollout.
//!
//! Bundle-safe: std only.

use crate::csb::state::{Pod, State, Track};
use crate::geom::{fast_sin_cos, Vec2};

/// Every weight of the evaluation, in one place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Worth of one checkpoint pass, in distance units.
    pub checkpoint: f64,
    /// Our runner's progress minus the opponent's best pod's.
    pub runner: f64,
    /// How far our runner faces away from where it should head: a penalty per unit of
    /// 2 sin(angle off / 2), about per radian for small angles.
    pub runner_facing: f64,
    /// Our blocker's distance to its post: the opponent runner's next checkpoint while the
    /// blocker can still get there first, else the checkpoint after it (a penalty).
    pub blocker_target: f64,
    /// Our blocker's distance to the opponent runner (a penalty).
    pub blocker_runner: f64,
    /// How far our blocker faces away from the opponent runner (a penalty, as `runner_facing`).
    pub blocker_facing: f64,
    /// The checkpoint timeout: a penalty per squared turn beyond `timeout_grace` turns since a
    /// player's last pass, ours minus theirs.
    pub timeout: f64,
    /// Turns since a player's last pass that `timeout` forgives.
    pub timeout_grace: f64,
    /// How much more progress the blocker needs than the runner before they swap roles.
    pub role_switch: f64,
    /// Turns since a player's last pass (at the turn's start) from which its blocker races too,
    /// its own progress counted instead of its blocking: a pass by either pod resets the
    /// checkpoint timeout, so a blocker frees a runner that is pinned.
    pub both_race_after: f64,
    /// Winning or losing the race (a checkpoint timeout included), added to the position's
    /// score.
    pub win: f64,
    /// Turns since a player's last pass (at the turn's start) from which its runner counts as
    /// pinned while an opponent pod lies within `pinned_radius` of the runner's next
    /// checkpoint: a guard parked there, which a short search does not get past.
    pub pinned_after: f64,
    /// How near the runner's next checkpoint an opponent pod pins it.
    pub pinned_radius: f64,
    /// A pinned player's reward per unit of the distance, up to `pinned_radius`, between its
    /// runner's next checkpoint and the opponent pod nearest it: the search learns to ram the
    /// guard off the checkpoint, with either pod, and then to pass.
    pub clear: f64,
}

impl Default for Weights {
    /// Hand-set, then tuned: runner_facing, the blocker's three weights, role_switch and clear
    /// come from `botsim tune` runs (the last is examples/tune-csb.toml, against the duelist as
    /// well as itself; the results are in docs/experiments/csb.md).
    fn default() -> Weights {
        Weights {
            checkpoint: 30_000.0,
            runner: 1.0,
            runner_facing: 605.0,
            blocker_target: 0.261,
            blocker_runner: 0.127,
            blocker_facing: 87.8,
            timeout: 10.0,
            timeout_grace: 60.0,
            role_switch: 5_130.0,
            both_race_after: 80.0,
            win: 1e8,
            pinned_after: 30.0,
            pinned_radius: 2_000.0,
            clear: 2.07,
        }
    }
}

impl Weights {
    /// The weights as named parameters (`weights.*`).
    pub fn values(&self) -> [(&'static str, f64); 14] {
        [
            ("weights.checkpoint", self.checkpoint),
            ("weights.runner", self.runner),
            ("weights.runner_facing", self.runner_facing),
            ("weights.blocker_target", self.blocker_target),
            ("weights.blocker_runner", self.blocker_runner),
            ("weights.blocker_facing", self.blocker_facing),
            ("weights.timeout", self.timeout),
            ("weights.timeout_grace", self.timeout_grace),
            ("weights.role_switch", self.role_switch),
            ("weights.both_race_after", self.both_race_after),
            ("weights.win", self.win),
            ("weights.pinned_after", self.pinned_after),
            ("weights.pinned_radius", self.pinned_radius),
            ("weights.clear", self.clear),
        ]
    }

    /// Sets a `weights.*` parameter; `false` if `name` is none of them.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "weights.checkpoint" => &mut self.checkpoint,
            "weights.runner" => &mut self.runner,
            "weights.runner_facing" => &mut self.runner_facing,
            "weights.blocker_target" => &mut self.blocker_target,
            "weights.blocker_runner" => &mut self.blocker_runner,
            "weights.blocker_facing" => &mut self.blocker_facing,
            "weights.timeout" => &mut self.timeout,
            "weights.timeout_grace" => &mut self.timeout_grace,
            "weights.role_switch" => &mut self.role_switch,
            "weights.both_race_after" => &mut self.both_race_after,
            "weights.win" => &mut self.win,
            "weights.pinned_after" => &mut self.pinned_after,
            "weights.pinned_radius" => &mut self.pinned_radius,
            "weights.clear" => &mut self.clear,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// The runner/blocker evaluation as the search uses it: the [`Weights`] and the turn's
/// [`Roles`], chosen at the start of each turn with [`Roles::assign`] (so that the runner of the
/// last turn keeps its role until the other pod leads it clearly).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunnerBlocker {
    /// The evaluation's weights.
    pub weights: Weights,
    /// This turn's roles; `None` before the first turn.
    pub roles: Option<Roles>,
}

impl super::Evaluation for RunnerBlocker {
    fn start_turn(&mut self, track: &Track, start: &State, first: bool) {
        let before = if first { None } else { self.roles };
        self.roles = Some(Roles::assign(track, start, &self.weights, before));
    }

    #[inline]
    fn score(&self, track: &Track, end: &State, me: usize) -> f64 {
        match &self.roles {
            Some(roles) => evaluate(track, end, me, roles, &self.weights),
            None => 0.0,
        }
    }

    fn weights(&self) -> Vec<(&'static str, f64)> {
        self.weights.values().to_vec()
    }

    fn set_weight(&mut self, name: &str, value: f64) -> bool {
        self.weights.set(name, value)
    }
}

/// Which pod of each player is its runner; the other is its blocker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roles {
    /// Pod index (0 to 3) of player 0's and player 1's runner.
    pub runner: [usize; 2],
    /// Whether each player's blocker races too (see [`Weights::both_race_after`]).
    pub both_race: [bool; 2],
    /// Whether each player's runner is pinned (see [`Weights::pinned_after`]).
    pub pinned: [bool; 2],
}

impl Roles {
    /// The roles in `s`: each player's runner is its pod with the more progress, except that
    /// the runner of `before` keeps the role until the other pod leads it by `w.role_switch`.
    pub fn assign(track: &Track, s: &State, w: &Weights, before: Option<Roles>) -> Roles {
        let runner = [0, 1].map(|p| {
            let (a, b) = (p * 2, p * 2 + 1);
            let (pa, pb) = (
                progress(track, &s.pods[a], w),
                progress(track, &s.pods[b], w),
            );
            let leader = if pa >= pb { a } else { b };
            match before {
                Some(r) if r.runner[p] != leader && (pa - pb).abs() < w.role_switch => r.runner[p],
                _ => leader,
            }
        });
        let late = [0, 1].map(|p| since_pass(s, p));
        let pinned = [0, 1].map(|p| {
            let cp = track.checkpoint(s.pods[runner[p]].next_checkpoint());
            late[p] >= w.pinned_after && nearest(s, 1 - p, cp) <= w.pinned_radius
        });
        let both_race = late.map(|late| late >= w.both_race_after);
        Roles {
            runner,
            both_race,
            pinned,
        }
    }

    /// Player `p`'s blocker.
    #[inline]
    pub fn blocker(&self, p: usize) -> usize {
        self.runner[p] ^ 1
    }
}

/// Progress of a pod along the race: passes first, then nearness to the next checkpoint.
#[inline]
pub fn progress(track: &Track, pod: &Pod, w: &Weights) -> f64 {
    track.progress(pod, w.checkpoint)
}

/// The checkpoint after `pod`'s next one.
#[inline]
pub fn after_next(track: &Track, pod: &Pod) -> Vec2 {
    let n = pod.next_checkpoint() + 1;
    track.checkpoint(if n == track.len() { 0 } else { n })
}

/// The chord between a pod's facing and the direction `to` on the unit circle,
/// sqrt(2 (1 - cos)) = 2 sin(angle / 2): about the angle in radians, 2 facing away; 0 for a pod
/// that faces nowhere yet or a zero `to`.
#[inline]
fn facing_off(pod: &Pod, to: Vec2) -> f64 {
    pod.angle.map_or(0.0, |a| {
        let (sin, cos) = fast_sin_cos(a);
        let d = to.norm();
        if d > 0.0 {
            (2.0 * (1.0 - (cos * to.x + sin * to.y) / d))
                .max(0.0)
                .sqrt()
        } else {
            0.0
        }
    })
}

/// Turns a pod coasts, in distance, as multiples of its speed: 1 + 0.85 + 0.85^2.
const COAST: f64 = 2.5725;
/// A pass needs the pod's centre within this of the checkpoint's; a little less, to be sure.
const SURE_PASS: f64 = 550.0;

/// Where a runner should face: its next checkpoint, or the one after once its speed alone
/// carries it through the next within a few turns.
#[inline]
fn heading_target(track: &Track, pod: &Pod) -> Vec2 {
    let cp = track.checkpoint(pod.next_checkpoint());
    let drift = pod.vel * COAST;
    let to = cp - pod.pos;
    let t = (to.dot(drift) / drift.norm2().max(1.0)).clamp(0.0, 1.0);
    let closest = pod.pos + drift * t;
    if closest.dist(cp) < SURE_PASS {
        after_next(track, pod)
    } else {
        cp
    }
}

/// Turns since either pod of player `p` last passed a checkpoint.
#[inline]
fn since_pass(s: &State, p: usize) -> f64 {
    f64::from(s.since_pass(p))
}

/// Turns since player `p` last passed a checkpoint beyond the grace, squared.
#[inline]
fn overdue(s: &State, p: usize, grace: f64) -> f64 {
    let late = (since_pass(s, p) - grace).max(0.0);
    late * late
}

/// The distance from `at` to the nearer pod of player `p`.
#[inline]
fn nearest(s: &State, p: usize, at: Vec2) -> f64 {
    s.pods[p * 2]
        .pos
        .dist(at)
        .min(s.pods[p * 2 + 1].pos.dist(at))
}

/// The evaluation of `s` for player `me`, with the turn's `roles`: higher is better.
#[inline]
pub fn evaluate(track: &Track, s: &State, me: usize, roles: &Roles, w: &Weights) -> f64 {
    let them = 1 - me;
    let finish = track.passes_to_finish();
    let done = |p: usize| s.pods[p * 2].passed >= finish || s.pods[p * 2 + 1].passed >= finish;
    // A foreseen win or loss keeps the position's score beside it: when every plan the search
    // finds wins (or loses) as the models foresee, it still plays the best of them, which
    // matters when the models are wrong.
    let end = if s.dead[me] || (done(them) && !done(me)) {
        -w.win
    } else if s.dead[them] || done(me) {
        w.win
    } else {
        0.0
    };
    let r = &s.pods[roles.runner[me]];
    let their_best =
        progress(track, &s.pods[them * 2], w).max(progress(track, &s.pods[them * 2 + 1], w));
    let gap = progress(track, r, w) - their_best;
    let runner_facing = facing_off(r, heading_target(track, r) - r.pos);

    let target = &s.pods[roles.runner[them]];
    let b = &s.pods[roles.blocker(me)];
    let their_cp = track.checkpoint(target.next_checkpoint());
    // A blocker nearer the runner's checkpoint than the runner waits there; one that is behind
    // goes on to the checkpoint after.
    let post = if b.pos.dist(their_cp) <= target.pos.dist(their_cp) {
        their_cp
    } else {
        after_next(track, target)
    };
    let blocker = if roles.both_race[me] {
        -w.runner * progress(track, b, w)
    } else {
        w.blocker_target * b.pos.dist(post)
            + w.blocker_runner * b.pos.dist(target.pos)
            + w.blocker_facing * facing_off(b, target.pos - b.pos)
    };
    let timeout = overdue(s, me, w.timeout_grace) - overdue(s, them, w.timeout_grace);
    let clear = if roles.pinned[me] {
        let cp = track.checkpoint(r.next_checkpoint());
        w.clear * nearest(s, them, cp).min(w.pinned_radius)
    } else {
        0.0
    };
    end + w.runner * gap - w.runner_facing * runner_facing - blocker - w.timeout * timeout + clear
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csb::state::PODS;

    #[test]
    fn roles_stick_until_the_other_pod_leads_clearly() {
        let t = Track::triangle();
        let w = Weights::default();
        let mut s = State::new([Vec2::new(1000.0, 1000.0); PODS]);
        // Player 0: pod 1 a little nearer its checkpoint than pod 0.
        s.pods[0].pos = Vec2::new(5000.0, 3000.0);
        s.pods[1].pos = Vec2::new(5500.0, 3200.0);
        let fresh = Roles::assign(&t, &s, &w, None);
        assert_eq!(fresh.runner[0], 1);
        let before = Some(Roles {
            runner: [0, 2],
            both_race: [false; 2],
            pinned: [false; 2],
        });
        let kept = Roles::assign(&t, &s, &w, before);
        assert_eq!(kept.runner[0], 0, "a small lead does not swap the roles");
        s.pods[1].pass(&t, 1);
        let swapped = Roles::assign(&t, &s, &w, before);
        assert_eq!(swapped.runner[0], 1, "a pass ahead does");
        assert_eq!(swapped.blocker(0), 0);
    }

    #[test]
    fn a_runner_coasting_through_its_checkpoint_faces_the_next() {
        let t = Track::triangle();
        let mut pod = Pod::at(Vec2::new(8000.0, 4500.0));
        assert_eq!(heading_target(&t, &pod), t.checkpoint(1));
        pod.vel = Vec2::new(400.0, 200.0);
        assert_eq!(heading_target(&t, &pod), t.checkpoint(2));
    }

    #[test]
    fn a_late_players_blocker_races_for_its_own_checkpoint() {
        let t = Track::triangle();
        let w = Weights {
            both_race_after: 80.0,
            ..Weights::default()
        };
        let mut s = State::new([Vec2::new(5000.0, 5000.0); PODS]);
        s.round = 85;
        s.pods[2].last_pass = 80;
        let roles = Roles::assign(&t, &s, &w, None);
        assert_eq!(
            roles.both_race,
            [true, false],
            "85 turns since player 0's last pass"
        );
        let blocker = roles.blocker(0);
        // Player 0's blocker: nearer its own next checkpoint is better, wherever their runner is.
        let own = t.checkpoint(s.pods[blocker].next_checkpoint());
        let at = |pos: Vec2| {
            let mut u = s;
            u.pods[blocker].pos = pos;
            evaluate(&t, &u, 0, &roles, &w)
        };
        let toward = s.pods[blocker].pos + (own - s.pods[blocker].pos) * 0.5;
        assert!(at(toward) > at(s.pods[blocker].pos));
        // 75 turns since the last pass: not yet.
        s.round = 75;
        assert_eq!(Roles::assign(&t, &s, &w, None).both_race, [false, false]);
    }

    #[test]
    fn a_pinned_runner_is_paid_for_ramming_the_guard_off_its_checkpoint() {
        let t = Track::triangle();
        let w = Weights::default();
        let mut s = State::new([Vec2::new(5000.0, 5000.0); PODS]);
        s.pods[0].pos = Vec2::new(7000.0, 2000.0);
        s.pods[1].pos = Vec2::new(2000.0, 7000.0);
        let cp = t.checkpoint(s.pods[0].next_checkpoint());
        // Their guard 300 off our runner's checkpoint, their runner far from it.
        s.pods[2].pos = cp + Vec2::new(300.0, 0.0);
        s.pods[3].pos = Vec2::new(1000.0, 8000.0);
        s.round = 40;
        let roles = Roles::assign(&t, &s, &w, None);
        assert_eq!(roles.runner[0], 0);
        assert_eq!(roles.pinned, [true, false], "40 turns without a pass");
        // What pushing the guard away is worth, beyond what the other terms say of it.
        let gain = |w: &Weights, by: f64| {
            let mut pushed = s;
            pushed.pods[2].pos = cp + Vec2::new(300.0 + by, 0.0);
            evaluate(&t, &pushed, 0, &roles, w) - evaluate(&t, &s, 0, &roles, w)
        };
        let without = Weights { clear: 0.0, ..w };
        assert!((gain(&w, 1_000.0) - gain(&without, 1_000.0) - 1_000.0 * w.clear).abs() < 1e-6);
        let capped = w.pinned_radius - 300.0;
        assert!((gain(&w, 5_000.0) - gain(&without, 5_000.0) - capped * w.clear).abs() < 1e-6);
        // Not yet late, or nobody near the checkpoint: not pinned.
        s.round = 20;
        assert_eq!(Roles::assign(&t, &s, &w, None).pinned, [false; 2]);
        s.round = 40;
        s.pods[2].pos = cp + Vec2::new(w.pinned_radius + 100.0, 0.0);
        assert_eq!(Roles::assign(&t, &s, &w, None).pinned, [false; 2]);
    }

    #[test]
    fn a_foreseen_win_or_loss_still_prefers_the_better_position() {
        let t = Track::triangle();
        let w = Weights::default();
        let mut s = State::new([Vec2::new(5000.0, 5000.0); PODS]);
        let roles = Roles::assign(&t, &s, &w, None);
        let cp = t.checkpoint(s.pods[roles.runner[0]].next_checkpoint());
        let nearer = |mut u: State| {
            let r = &mut u.pods[roles.runner[0]];
            r.pos = r.pos + (cp - r.pos) * 0.5;
            u
        };
        for (dead, sign) in [([true, false], -1.0), ([false, true], 1.0)] {
            s.dead = dead;
            let (far, near) = (
                evaluate(&t, &s, 0, &roles, &w),
                evaluate(&t, &nearer(s), 0, &roles, &w),
            );
            assert!(near > far, "dead {dead:?}: {near} vs {far}");
            for score in [far, near] {
                assert!((score - sign * w.win).abs() < w.win / 100.0, "{score}");
            }
        }
    }

    #[test]
    fn the_timeout_counts_against_the_late_player() {
        let t = Track::triangle();
        let w = Weights::default();
        let mut s = State::new([Vec2::new(5000.0, 5000.0); PODS]);
        let roles = Roles::assign(&t, &s, &w, None);
        let base = evaluate(&t, &s, 0, &roles, &w);
        s.round = 90;
        s.pods[2].last_pass = 85;
        let late = evaluate(&t, &s, 0, &roles, &w);
        assert!(late < base - 100.0 * w.timeout, "{late} vs {base}");
        assert!(evaluate(&t, &s, 1, &roles, &w) > base + 100.0 * w.timeout);
    }
}

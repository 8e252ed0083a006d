//! Movement with continuous collisions (spec section 10): each sub-step finds the earliest
//! events (body against body, posts, walls, grabs, goals), moves everything to that instant and
//! reacts to every event within `EPSILON` of it, in the order found.

use super::state::{State, BODIES, FIRST_BLUDGER, FIRST_SNAFFLE, MAX_SNAFFLES, WIZARDS};
use super::{
    inv_mass, mass, radius, GOAL_BOTTOM, GOAL_TOP, HEIGHT, MIN_IMPULSE, POSTS, POST_RADIUS, WIDTH,
};
use crate::geom::{contact_time, Contacts, Vec2};

/// Collisions this close in time react together; also the separation push.
pub const EPSILON: f64 = 0.00001;
/// A wizard grabs a snaffle whose centre comes this close.
const GRAB_RADIUS: f64 = 399.0;
/// Most events one sub-step can find (every pair, post, wall, grab and goal test at once).
const MAX_EVENTS: usize = 160;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Left,
    Right,
    Top,
    Bottom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// Two bodies (slots), the first the one whose loop found it.
    Bodies(u8, u8),
    /// A body against a goal post.
    Post(u8, u8),
    Wall(u8, Side),
    /// A wizard grabs a snaffle.
    Grab(u8, u8),
    /// A snaffle crosses a goal line; the team that scores.
    Goal(u8, u8),
}

/// The events of a sub-step that can still react: those within `EPSILON` of the earliest,
/// kept in the order a stable sort by time would give.
struct Events {
    list: [(f64, Event); MAX_EVENTS],
    len: usize,
}

impl Events {
    fn new() -> Events {
        Events {
            list: [(0.0, Event::Wall(0, Side::Left)); MAX_EVENTS],
            len: 0,
        }
    }

    #[inline]
    fn add(&mut self, time: f64, event: Event) {
        if self.len > 0 {
            let first = self.list[0].0;
            if time > first + EPSILON {
                return;
            }
            if time < first {
                // A new earliest event: drop what can no longer react with it.
                let keep = self.list[..self.len]
                    .iter()
                    .take_while(|e| e.0 <= time + EPSILON)
                    .count();
                self.len = keep;
            }
        }
        let at = self.list[..self.len]
            .iter()
            .take_while(|e| e.0 <= time)
            .count();
        assert!(
            self.len < MAX_EVENTS,
            "more collision events than a sub-step can have"
        );
        self.list.copy_within(at..self.len, at + 1);
        self.list[at] = (time, event);
        self.len += 1;
    }
}

/// Whether a snaffle is inside a goal mouth (it then bounces on nothing).
#[inline]
fn in_goal(p: Vec2) -> bool {
    (p.x <= 150.0 || p.x >= WIDTH as f64 - 150.0) && p.y >= GOAL_TOP && p.y <= GOAL_BOTTOM
}

/// Moves every body through the whole turn.
pub fn move_all(state: &mut State) {
    move_all_with(state, &mut ())
}

/// [`move_all`], reporting each bounce (bodies, posts, walls) to `contacts`.
pub fn move_all_with(state: &mut State, contacts: &mut impl Contacts) {
    move_through_turn(state, contacts, true)
}

/// The sub-steps of a turn; with `reuse`, each keeps the regions of the bodies the last one's
/// reactions did not move (without, every region is made anew: the reference in tests).
fn move_through_turn(state: &mut State, contacts: &mut impl Contacts, reuse: bool) {
    thread_local! {
        // Made once per thread: the buffer is too large to clear every turn, and the order of
        // the bodies along x changes little from one sub-step (and search rollout) to the next.
        static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
            events: Events::new(),
            regions: Regions::new(),
        });
    }
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        let mut t = 0.0;
        let mut moved = ALL;
        while t < 1.0 {
            let (dt, changed) = sub_step(state, t, scratch, moved, contacts);
            t += dt;
            moved = if reuse { changed } else { ALL };
        }
    });
}

/// Every slot.
const ALL: Slots = (1 << BODIES) - 1;

/// What the sub-steps of a thread reuse.
struct Scratch {
    events: Events,
    regions: Regions,
}

/// One sub-step from `t0`: the events found (the regions of the bodies in `moved` made anew,
/// the others kept from the last sub-step), the move to the earliest and the reactions to it.
/// Returns the time it covered and the bodies the reactions may have moved.
fn sub_step(
    state: &mut State,
    t0: f64,
    scratch: &mut Scratch,
    moved: Slots,
    contacts: &mut impl Contacts,
) -> (f64, Slots) {
    let mn = 1.0 - t0;
    let events = &mut scratch.events;
    events.len = 0;
    scratch.regions.update(state, mn, moved);
    find_events(state, t0, mn, events, &scratch.regions);
    if events.len == 0 {
        advance(state, mn);
        return (mn, ALL);
    }
    let first = events.list[0].0;
    if first - t0 > 0.0 {
        advance(state, first - t0);
    }
    let mut changed: Slots = 0;
    for &(time, event) in &events.list[..events.len] {
        if time > first + EPSILON {
            break;
        }
        match event {
            Event::Bodies(a, b) => {
                let at = (state.bodies[a as usize].pos + state.bodies[b as usize].pos) * 0.5;
                contacts.contact(first, a as usize, Some(b as usize), at);
            }
            Event::Post(a, _) | Event::Wall(a, _) => {
                contacts.contact(first, a as usize, None, state.bodies[a as usize].pos)
            }
            Event::Grab(..) | Event::Goal(..) => {}
        }
        changed |= react(state, event);
    }
    (first - t0, changed)
}

#[inline]
fn advance(state: &mut State, dt: f64) {
    for b in &mut state.bodies {
        b.pos += b.vel * dt;
    }
}

/// The region a body can sweep during a sub-step: its path's bounding box, grown by its radius
/// and one unit. Two bodies whose regions do not meet cannot touch within the sub-step, so the
/// exact tests run only for pairs that pass this one (a unit dwarfs any rounding in the roots).
#[derive(Clone, Copy, Debug)]
struct Sweep {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Sweep {
    /// The region of a slot not in use: past everything, it meets nothing.
    const NONE: Sweep = Sweep {
        x0: f64::INFINITY,
        x1: f64::NEG_INFINITY,
        y0: f64::INFINITY,
        y1: f64::NEG_INFINITY,
    };

    #[inline]
    fn of(pos: Vec2, vel: Vec2, r: f64, mn: f64) -> Sweep {
        let end = pos + vel * mn;
        let m = r + 1.0;
        Sweep {
            x0: pos.x.min(end.x) - m,
            x1: pos.x.max(end.x) + m,
            y0: pos.y.min(end.y) - m,
            y1: pos.y.max(end.y) + m,
        }
    }

    /// Whether two regions overlap (branch-free: most pairs are tested and few meet).
    #[inline]
    fn meets(&self, o: &Sweep) -> bool {
        (self.x0 <= o.x1) & (o.x0 <= self.x1) & (self.y0 <= o.y1) & (o.y0 <= self.y1)
    }

    /// Whether the region reaches the posts' columns at all.
    #[inline]
    fn near_posts(&self) -> bool {
        (self.x0 <= POST_RADIUS) | (self.x1 >= WIDTH as f64 - POST_RADIUS)
    }

    /// Whether the region stays clear of the walls' reach (and of the goal lines).
    #[inline]
    fn inside_field(&self) -> bool {
        (self.x0 > 0.0) & (self.x1 < WIDTH as f64) & (self.y0 > 0.0) & (self.y1 < HEIGHT as f64)
    }
}

/// The posts' regions (they do not move).
const POST_SWEEPS: [Sweep; 4] = {
    let mut out = [Sweep {
        x0: 0.0,
        x1: 0.0,
        y0: 0.0,
        y1: 0.0,
    }; 4];
    let mut i = 0;
    while i < 4 {
        let p = POSTS[i];
        out[i] = Sweep {
            x0: p.x - POST_RADIUS,
            x1: p.x + POST_RADIUS,
            y0: p.y - POST_RADIUS,
            y1: p.y + POST_RADIUS,
        };
        i += 1;
    }
    out
};

/// A set of body slots, one bit each.
type Slots = u16;

/// The slots of a set, lowest first.
#[inline]
fn ascending(mut set: Slots) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let j = set.trailing_zeros() as usize;
            set &= set - 1;
            j
        })
    })
}

/// The slots of a set, highest first.
#[inline]
fn descending(mut set: Slots) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let j = (Slots::BITS - 1 - set.leading_zeros()) as usize;
            set ^= 1 << j;
            j
        })
    })
}

/// The slots below `i`.
#[inline]
fn below(i: usize) -> Slots {
    (1 << i) - 1
}

/// The regions of the bodies in a sub-step and which of them meet, kept from one sub-step to
/// the next: a body that no reaction moved keeps its region, which covers the rest of its path
/// (the unit of margin dwarfs the rounding of the move to the event), so that only the moved
/// bodies' regions are made anew. A region larger than needed only lets an exact test run
/// that finds nothing.
struct Regions {
    sweeps: [Sweep; BODIES],
    /// Bodies whose regions leave the field (walls and goal lines to test).
    walled: Slots,
    /// Bodies whose regions reach the posts' columns.
    posted: Slots,
    /// For each slot, the slots whose regions meet its own.
    near: [Slots; BODIES],
    /// Every slot, ordered by the left edge of its region when all were last made.
    by_x: [u8; BODIES],
}

impl Regions {
    fn new() -> Regions {
        Regions {
            sweeps: [Sweep::NONE; BODIES],
            walled: 0,
            posted: 0,
            near: [0; BODIES],
            by_x: std::array::from_fn(|slot| slot as u8),
        }
    }

    /// Makes anew the regions of the bodies in `moved` (every body when all moved), for a
    /// sub-step of length `mn`.
    fn update(&mut self, state: &State, mn: f64, moved: Slots) {
        let unused = ((1 << MAX_SNAFFLES) - (1 << state.snaffle_count)) << FIRST_SNAFFLE;
        let used = ALL & !unused;
        let moved = moved & used;
        let (mut walled, mut posted) = (self.walled & !moved & used, self.posted & !moved & used);
        for slot in ascending(moved) {
            let b = &state.bodies[slot];
            let sweep = Sweep::of(b.pos, b.vel, radius(slot), mn);
            self.sweeps[slot] = sweep;
            walled |= Slots::from(!sweep.inside_field()) << slot;
            posted |= Slots::from(sweep.near_posts()) << slot;
        }
        (self.walled, self.posted) = (walled, posted);
        if moved == used {
            for slot in ascending(!used & ALL) {
                self.sweeps[slot] = Sweep::NONE;
            }
            self.sweep_along_x();
        } else {
            for i in ascending(moved) {
                for near in &mut self.near {
                    *near &= !(1 << i);
                }
                let mine = &self.sweeps[i];
                self.near[i] = ascending(used & !(1 << i))
                    .filter(|&j| mine.meets(&self.sweeps[j]))
                    .fold(0, |set: Slots, j| set | 1 << j);
                for j in ascending(self.near[i]) {
                    self.near[j] |= 1 << i;
                }
            }
        }
    }

    /// Every pair that meets, by a sweep along x over the regions sorted by their left edge, so
    /// that only pairs overlapping in x are compared in y: the same comparisons as
    /// [`Sweep::meets`], so the same pairs. `by_x` holds the last order and is sorted again by
    /// insertion (few bodies, little moved); slots not in use have [`Sweep::NONE`].
    fn sweep_along_x(&mut self) {
        let (sweeps, by_x) = (&self.sweeps, &mut self.by_x);
        for k in 1..BODIES {
            let slot = by_x[k];
            let x0 = sweeps[slot as usize].x0;
            let mut m = k;
            while m > 0 && sweeps[by_x[m - 1] as usize].x0 > x0 {
                by_x[m] = by_x[m - 1];
                m -= 1;
            }
            by_x[m] = slot;
        }
        let near = &mut self.near;
        *near = [0; BODIES];
        for a in 0..BODIES {
            let i = by_x[a] as usize;
            let sa = &sweeps[i];
            for &j in &by_x[a + 1..] {
                let j = j as usize;
                let sb = &sweeps[j];
                // Sorted by x0: sa.x0 <= sb.x0 <= sb.x1, so only this side of the x test is
                // left.
                if sb.x0 > sa.x1 {
                    break;
                }
                // Branch-free: which pairs meet is the least predictable test here.
                let meet = Slots::from((sa.y0 <= sb.y1) & (sb.y0 <= sa.y1));
                near[i] |= meet << j;
                near[j] |= meet << i;
            }
        }
    }
}

fn find_events(state: &State, t0: f64, mn: f64, ev: &mut Events, regions: &Regions) {
    let Regions {
        sweeps,
        walled,
        posted,
        near,
        ..
    } = regions;
    let (walled, posted) = (*walled, *posted);
    let snaffles = state.snaffle_slots();
    let mut free: Slots = 0;
    let mut all_snaffles: Slots = 0;
    for s in snaffles.clone() {
        let sn = &state.snaffles[s - FIRST_SNAFFLE];
        all_snaffles |= 1 << s;
        free |= Slots::from(sn.alive && !sn.captured) << s;
    }
    let is = |set: Slots, slot: usize| set & (1 << slot) != 0;
    let posts = |a: usize, ev: &mut Events| {
        if is(posted, a) {
            near_posts(state, a, &sweeps[a], t0, mn, ev);
        }
    };
    for i in (0..WIZARDS).rev() {
        if is(walled, i) {
            walls(state, i, t0, mn, ev);
        }
        posts(i, ev);
        for j in descending(near[i] & below(i)) {
            pair(state, i, j, t0, mn, ev);
        }
        grabs(state, i, t0, mn, ev, near[i] & free);
    }
    for i in snaffles.clone().rev() {
        if !is(free, i) {
            continue;
        }
        posts(i, ev);
        if is(walled, i) && !in_goal(state.bodies[i].pos) {
            walls(state, i, t0, mn, ev);
        }
        let others = near[i] & free & below(i);
        if others != 0 {
            let ignore = state.snaffles[i - FIRST_SNAFFLE].ignore.as_slice();
            let ignored = ignore
                .iter()
                .fold(0, |set: Slots, &k| set | 1 << (FIRST_SNAFFLE + k as usize));
            for j in descending(others & !ignored) {
                pair(state, i, j, t0, mn, ev);
            }
        }
        if is(walled, i) {
            goal(state, i, t0, mn, ev);
        }
    }
    for i in (FIRST_BLUDGER..BODIES).rev() {
        if is(walled, i) {
            walls(state, i, t0, mn, ev);
        }
        posts(i, ev);
        for j in descending(near[i] & below(i) & !below(FIRST_BLUDGER)) {
            pair(state, i, j, t0, mn, ev);
        }
        for j in ascending(near[i] & below(WIZARDS)) {
            pair(state, i, j, t0, mn, ev);
        }
        for j in ascending(near[i] & all_snaffles) {
            pair(state, i, j, t0, mn, ev);
        }
    }
}

/// The posts a body whose region reaches their columns can meet.
#[inline(never)]
fn near_posts(state: &State, a: usize, region: &Sweep, t0: f64, mn: f64, ev: &mut Events) {
    for (p, post_region) in POST_SWEEPS.iter().enumerate() {
        if region.meets(post_region) {
            post(state, a, p, t0, mn, ev);
        }
    }
}

/// Touching now (whatever the motion) or the contact time of two circles.
#[inline]
fn contact(d: Vec2, dv: Vec2, r: f64, t0: f64, mn: f64) -> Option<f64> {
    if d.norm2() <= r * r {
        Some(t0)
    } else {
        contact_time(d, dv, r, mn).map(|t| t0 + t)
    }
}

#[inline]
fn pair(state: &State, a: usize, b: usize, t0: f64, mn: f64, ev: &mut Events) {
    let (ba, bb) = (&state.bodies[a], &state.bodies[b]);
    if let Some(t) = contact(
        ba.pos - bb.pos,
        ba.vel - bb.vel,
        radius(a) + radius(b),
        t0,
        mn,
    ) {
        ev.add(t, Event::Bodies(a as u8, b as u8));
    }
}

#[inline]
fn post(state: &State, a: usize, p: usize, t0: f64, mn: f64, ev: &mut Events) {
    let b = &state.bodies[a];
    if let Some(t) = contact(b.pos - POSTS[p], b.vel, radius(a) + POST_RADIUS, t0, mn) {
        ev.add(t, Event::Post(a as u8, p as u8));
    }
}

fn walls(state: &State, a: usize, t0: f64, mn: f64, ev: &mut Events) {
    let r = radius(a);
    let Vec2 { x, y } = state.bodies[a].pos;
    let v = state.bodies[a].vel;
    let (w, h) = (WIDTH as f64, HEIGHT as f64);
    let now = if x < r {
        Some(Side::Left)
    } else if x > w - r {
        Some(Side::Right)
    } else if y < r {
        Some(Side::Top)
    } else if y > h - r {
        Some(Side::Bottom)
    } else {
        None
    };
    if let Some(side) = now {
        ev.add(t0, Event::Wall(a as u8, side));
        return;
    }
    let snaffle = (FIRST_SNAFFLE..FIRST_BLUDGER).contains(&a);
    // A snaffle crossing x = r or w - r inside the goal mouth goes in, not off a wall.
    let off_goal = |t: f64| !snaffle || y + t * v.y < GOAL_TOP || y + t * v.y > GOAL_BOTTOM;
    let mut best: Option<(f64, Side)> = None;
    let mut consider = |t: f64, side: Side| {
        if t >= 0.0 && best.is_none_or(|(b, _)| t < b) {
            best = Some((t, side));
        }
    };
    if v.x > 0.0 {
        let t = (w - r - x) / v.x;
        if off_goal(t) {
            consider(t, Side::Right);
        }
    } else if v.x < 0.0 {
        let t = (r - x) / v.x;
        if off_goal(t) {
            consider(t, Side::Left);
        }
    }
    if v.y > 0.0 {
        consider((h - r - y) / v.y, Side::Bottom);
    } else if v.y < 0.0 {
        consider((r - y) / v.y, Side::Top);
    }
    if let Some((t, side)) = best {
        if t <= mn {
            ev.add(t0 + t, Event::Wall(a as u8, side));
        }
    }
}

/// Grabs by wizard `w` of the snaffles in `reach` (free snaffles whose regions meet its own;
/// the grab radius, 399, is less than the two radii, so the regions rule out grabs too).
fn grabs(state: &State, w: usize, t0: f64, mn: f64, ev: &mut Events, reach: Slots) {
    let wizard = &state.wizards[w];
    if wizard.holding.is_some() || wizard.grab_cooldown > 0 {
        return;
    }
    let me = state.bodies[w];
    let mut closest: Option<(f64, usize)> = None;
    for s in ascending(reach) {
        let d2 = (state.bodies[s].pos - me.pos).norm2();
        if d2 <= GRAB_RADIUS * GRAB_RADIUS && closest.is_none_or(|(c, _)| d2 < c) {
            closest = Some((d2, s));
        }
    }
    if let Some((_, s)) = closest {
        ev.add(t0, Event::Grab(w as u8, s as u8));
    }
    for s in ascending(reach) {
        if closest.is_some_and(|(_, c)| c == s) {
            continue;
        }
        let b = &state.bodies[s];
        if let Some(t) = contact_time(me.pos - b.pos, me.vel - b.vel, GRAB_RADIUS, mn) {
            ev.add(t0 + t, Event::Grab(w as u8, s as u8));
        }
    }
}

fn goal(state: &State, s: usize, t0: f64, mn: f64, ev: &mut Events) {
    let b = &state.bodies[s];
    let (x, vx) = (b.pos.x, b.vel.x);
    let w = WIDTH as f64;
    if x >= w {
        ev.add(t0, Event::Goal(s as u8, 0));
    } else if x <= 0.0 {
        ev.add(t0, Event::Goal(s as u8, 1));
    } else if vx != 0.0 {
        let tr = (w - x) / vx;
        let tl = -x / vx;
        if tr > 0.0 && tr <= mn {
            ev.add(t0 + tr, Event::Goal(s as u8, 0));
        } else if tl > 0.0 && tl <= mn {
            ev.add(t0 + tl, Event::Goal(s as u8, 1));
        }
    }
}

/// Reacts to one event; returns the bodies it may have moved (a bounce's bodies and the
/// snaffles they carry, a grabbed snaffle), whose regions the next sub-step makes anew.
fn react(state: &mut State, event: Event) -> Slots {
    match event {
        Event::Bodies(a, b) => {
            bounce(state, a as usize, b as usize);
            with_carried(state, a) | with_carried(state, b)
        }
        Event::Post(a, p) => {
            bounce_post(state, a as usize, POSTS[p as usize]);
            with_carried(state, a)
        }
        Event::Wall(a, side) => {
            bounce_wall(state, a as usize, side);
            with_carried(state, a)
        }
        Event::Grab(w, s) => {
            grab(state, w as usize, s as usize);
            1 << s
        }
        Event::Goal(s, team) => {
            state.snaffles[s as usize - FIRST_SNAFFLE].alive = false;
            let p = &mut state.players[team as usize];
            if !p.dead {
                p.score += 1;
            }
            0
        }
    }
}

/// A body and the snaffle it carries, if any ([`carry`] moves it too).
#[inline]
fn with_carried(state: &State, a: u8) -> Slots {
    let a = a as usize;
    1 << a | carried(state, a).map_or(0, |s| 1 << s)
}

/// The unit vector from `from` to `to`, or (1, 0) where they coincide.
#[inline]
fn normal(from: Vec2, to: Vec2) -> Vec2 {
    let d = to - from;
    if d.x == 0.0 && d.y == 0.0 {
        Vec2::new(1.0, 0.0)
    } else {
        d.normalized()
    }
}

/// The snaffle body `a` carries: the one it holds, if it is a wizard.
#[inline]
fn carried(state: &State, a: usize) -> Option<usize> {
    if a < WIZARDS {
        state.held(a)
    } else {
        None
    }
}

/// A held snaffle follows its wizard.
#[inline]
fn carry(state: &mut State, a: usize) {
    if let Some(s) = carried(state, a) {
        state.bodies[s] = state.bodies[a];
    }
}

fn bounce(state: &mut State, a: usize, b: usize) {
    let (pa, pb) = (state.bodies[a].pos, state.bodies[b].pos);
    let n = normal(pa, pb);
    let (ka, kb) = (inv_mass(a), inv_mass(b));
    let f = n.dot(state.bodies[a].vel - state.bodies[b].vel) / (ka + kb);
    let j = f + f.max(MIN_IMPULSE);
    let impulse = n * -j;
    state.bodies[a].vel += impulse * ka;
    state.bodies[b].vel += impulse * -1.0 * kb;
    let diff = pa.dist(pb) - radius(a) - radius(b);
    if diff <= 0.0 {
        state.bodies[a].pos += n * -(-diff / 2.0 + EPSILON);
        state.bodies[b].pos += n * (-diff / 2.0 + EPSILON);
    }
    for (bludger, wizard) in [(a, b), (b, a)] {
        if bludger >= FIRST_BLUDGER && wizard < WIZARDS {
            state.bludgers[bludger - FIRST_BLUDGER].last_victim = Some(wizard as u8);
        }
    }
    carry(state, a);
    carry(state, b);
}

fn bounce_post(state: &mut State, a: usize, post: Vec2) {
    let pa = state.bodies[a].pos;
    let n = normal(pa, post);
    let f = n.dot(state.bodies[a].vel) * mass(a);
    let j = f + f.max(MIN_IMPULSE);
    state.bodies[a].vel += n * -j * inv_mass(a);
    let diff = pa.dist(post) - radius(a) - POST_RADIUS;
    if diff <= 0.0 {
        state.bodies[a].pos += n * -(-diff / 2.0 + EPSILON);
    }
    carry(state, a);
}

fn bounce_wall(state: &mut State, a: usize, side: Side) {
    let is_snaffle = (FIRST_SNAFFLE..FIRST_BLUDGER).contains(&a);
    if is_snaffle && in_goal(state.bodies[a].pos) {
        return;
    }
    let (m, k) = (mass(a), inv_mass(a));
    let b = &mut state.bodies[a];
    match side {
        Side::Left | Side::Right => b.vel.x += -2.0 * b.vel.x * m * k,
        Side::Top | Side::Bottom => b.vel.y += -2.0 * b.vel.y * m * k,
    }
    let r = radius(a);
    let (w, h) = (WIDTH as f64, HEIGHT as f64);
    if b.pos.x > w - r {
        b.pos.x -= 2.0 * (b.pos.x - (w - r));
    }
    if b.pos.x < r {
        b.pos.x -= 2.0 * (b.pos.x - r);
    }
    if b.pos.y > h - r {
        b.pos.y -= 2.0 * (b.pos.y - (h - r));
    }
    if b.pos.y < r {
        b.pos.y -= 2.0 * (b.pos.y - r);
    }
    carry(state, a);
}

fn grab(state: &mut State, w: usize, s: usize) {
    if state.wizards[w].holding.is_some() {
        return;
    }
    let sp = state.bodies[s].pos;
    let mine = (sp - state.bodies[w].pos).norm2();
    let vetoed = (0..WIZARDS).any(|o| {
        o != w
            && state.wizards[o].holding.is_none()
            && (sp - state.bodies[o].pos).norm2() <= mine + EPSILON
    });
    if vetoed {
        return;
    }
    state.wizards[w].holding = Some(s as u8);
    state.snaffles[s - FIRST_SNAFFLE].captured = true;
    state.bodies[s] = state.bodies[w];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Rng;

    /// The sweep along x finds exactly the pairs that [`Sweep::meets`] finds, whatever the order
    /// left from the last sweep, with slots not in use meeting nothing.
    #[test]
    fn neighbours_are_the_meeting_pairs() {
        let mut rng = Rng::new(7);
        let mut regions = Regions::new();
        for round in 0..20_000 {
            for (slot, sweep) in regions.sweeps.iter_mut().enumerate() {
                *sweep = Sweep::NONE;
                if rng.unit() < 0.15 {
                    continue;
                }
                // Small fields on some rounds, so that many regions meet and edges tie.
                let scale = if round % 3 == 0 { 2000.0 } else { 16000.0 };
                let pos = Vec2::new(
                    (rng.unit() * scale).round(),
                    (rng.unit() * scale / 2.0).round(),
                );
                let vel = Vec2::new((rng.unit() - 0.5) * 2000.0, (rng.unit() - 0.5) * 2000.0);
                *sweep = Sweep::of(pos, vel, radius(slot), rng.unit());
            }
            regions.sweep_along_x();
            let (sweeps, near) = (&regions.sweeps, &regions.near);
            for i in 0..BODIES {
                let expected = (0..BODIES)
                    .filter(|&j| j != i && sweeps[i].meets(&sweeps[j]))
                    .fold(0, |set: Slots, j| set | 1 << j);
                assert_eq!(near[i], expected, "round {round}, slot {i}");
            }
        }
    }

    /// A reaction reports every body it moves: a bounce's bodies and the snaffles their wizards
    /// carry, a grabbed snaffle (so that the next sub-step makes their regions anew). On random
    /// states with held snaffles, every kind of event on random bodies.
    #[test]
    fn reactions_report_the_bodies_they_move() {
        let mut rng = Rng::new(5);
        let pick = |rng: &mut Rng, n: usize| ((rng.unit() * n as f64) as usize).min(n - 1);
        let mut seen = [0usize; 5];
        for round in 0..20_000 {
            let mut s = crate::fb::setup::initial_state(&[(1, 1); MAX_SNAFFLES]).unwrap();
            for b in &mut s.bodies {
                b.pos = Vec2::new(
                    (rng.unit() * 16000.0).round(),
                    (rng.unit() * 7500.0).round(),
                );
                b.vel = Vec2::new(
                    ((rng.unit() - 0.5) * 2000.0).round(),
                    ((rng.unit() - 0.5) * 2000.0).round(),
                );
            }
            // Some wizards carry a snaffle (which sits on them).
            for w in 0..WIZARDS {
                let k = FIRST_SNAFFLE + w;
                if rng.unit() < 0.5 {
                    s.wizards[w].holding = Some(k as u8);
                    s.snaffles[k - FIRST_SNAFFLE].captured = true;
                    s.bodies[k] = s.bodies[w];
                }
            }
            let (a, b) = (pick(&mut rng, BODIES), pick(&mut rng, BODIES));
            let kind = round % 5;
            let event = match kind {
                0 if a != b => Event::Bodies(a as u8, b as u8),
                1 => Event::Post(a as u8, pick(&mut rng, 4) as u8),
                2 => Event::Wall(
                    a as u8,
                    [Side::Left, Side::Right, Side::Top, Side::Bottom][b % 4],
                ),
                3 => Event::Grab(
                    pick(&mut rng, WIZARDS) as u8,
                    (FIRST_SNAFFLE + 4 + pick(&mut rng, 3)) as u8,
                ),
                4 => Event::Goal((FIRST_SNAFFLE + 4) as u8, pick(&mut rng, 2) as u8),
                _ => continue,
            };
            let before = s.bodies;
            let reported = react(&mut s, event);
            let moved = (0..BODIES)
                .filter(|&k| s.bodies[k] != before[k])
                .fold(0, |set: Slots, k| set | 1 << k);
            assert_eq!(
                moved & !reported,
                0,
                "round {round}: {event:?} moved {moved:#b}, reported {reported:#b}"
            );
            seen[kind] += usize::from(moved != 0);
        }
        // Every kind but goals moves bodies in many rounds (a grab only when not vetoed).
        assert!(seen[..4].iter().all(|&n| n > 500), "{seen:?}");
    }

    /// Keeping the regions of bodies that did not move changes nothing: crowded random states,
    /// with many collisions a turn, end the turn exactly as when every region is made anew.
    #[test]
    fn kept_regions_change_no_turn() {
        let mut rng = Rng::new(11);
        let mut sub_steps = 0;
        for round in 0..20_000 {
            let count = if round % 2 == 0 { 5 } else { 7 };
            let mut s = crate::fb::setup::initial_state(&vec![(1, 1); count]).unwrap();
            for slot in 0..BODIES {
                let b = &mut s.bodies[slot];
                b.pos = Vec2::new(
                    (rng.unit() * 5000.0 + if round % 3 == 0 { 0.0 } else { 5500.0 }).round(),
                    (rng.unit() * 7500.0).round(),
                );
                b.vel = Vec2::new(
                    ((rng.unit() - 0.5) * 3000.0).round(),
                    ((rng.unit() - 0.5) * 3000.0).round(),
                );
            }
            let (mut kept, mut fresh) = (s, s);
            let mut log = crate::geom::ContactLog::new();
            move_through_turn(&mut kept, &mut log, true);
            move_through_turn(&mut fresh, &mut (), false);
            sub_steps += log.len();
            assert!(kept == fresh, "round {round}: {kept:?}\n{fresh:?}");
        }
        assert!(sub_steps > 40_000, "only {sub_steps} contacts");
    }

    #[test]
    fn slot_sets_iterate_in_both_orders() {
        let set: Slots = 0b1_0100_1001_0001;
        assert_eq!(ascending(set).collect::<Vec<_>>(), [0, 4, 7, 10, 12]);
        assert_eq!(descending(set).collect::<Vec<_>>(), [12, 10, 7, 4, 0]);
        assert_eq!(ascending(0).count(), 0);
        assert_eq!(below(4), 0b1111);
    }
}

// Bundled by botsim 0.1.0 (commit b7b1a0d) from bots/fb.rs.
// Generated: edit the sources, not this file.
const TUNED: &[(&str, f64)] = &[];
fn main() {
    crate::contest::contest_main(85, TUNED, crate::fb::ga::GaBot::new);
}

#[allow(dead_code, unused_imports)]
mod bot {
    pub trait Game {
        type View;
        type Orders;
        const NAME: &'static str;
    }
    #[derive(Clone, Debug, PartialEq)]
    pub enum Answer<O> {
        Lines(Vec<String>),
        Orders(O),
        Silent,
    }
    pub trait Bot<G: Game> {
        fn name(&self) -> String;
        fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders>;
        fn start_turn(&mut self, _lines: &[String]) -> bool {
            false
        }
        fn finish_turn(&mut self) -> (Answer<G::Orders>, std::time::Duration) {
            (Answer::Silent, std::time::Duration::ZERO)
        }
        fn fault(&self) -> Option<Stop> {
            None
        }
        fn take_stderr(&mut self, _last: bool) -> Vec<String> {
            Vec::new()
        }
    }
    #[derive(Clone, Debug, PartialEq)]
    pub enum Stop {
        OutOfTime {
            turn: u32,
            took_ms: f64,
            limit_ms: u128,
        },
        Memory {
            peak_mb: u64,
            limit_mb: u64,
        },
        Exited(String),
    }
    impl Stop {
        pub fn is_time(&self) -> bool {
            matches!(self, Stop::OutOfTime { .. })
        }
    }
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Stop::OutOfTime {
                    turn,
                    took_ms,
                    limit_ms,
                } => write!(
f,
"out of time on turn {turn}: {took_ms:.1} ms of CPU, over the {limit_ms} ms limit"
),
                Stop::Memory { peak_mb, limit_mb } => write!(
f,
"memory: {peak_mb} MB at its peak, over the {limit_mb} MB limit (--memory-mb); stopped"
),
                Stop::Exited(how) => write!(f, "exited ({how})"),
            }
        }
    }
}

#[allow(dead_code, unused_imports)]
mod contest {
    use std::io::{BufRead, Write};
    use std::time::Instant;
    pub trait ContestBot {
        fn lines_missing(first: bool, lines: &[String]) -> usize
        where
            Self: Sized;
        fn turn(
            &mut self,
            lines: &[String],
            started: Instant,
        ) -> Result<[String; 2], crate::input::InputError>;
        fn stats(&self) -> &crate::search::Stats;
    }
    pub fn contest_main<P, B>(
        default_ms: u64,
        tuned: &[(&str, f64)],
        make: impl FnOnce(P, crate::search::Think, u64) -> B,
    ) where
        P: crate::params::Named + Default,
        B: ContestBot,
    {
        let args: Vec<String> = std::env::args().collect();
        let mut params = P::default();
        let settings = match Settings::from_args(&args, default_ms, tuned, &mut params) {
            Ok(s) => s,
            Err(SettingsError::Help) => {
                println!("{USAGE}");
                std::process::exit(0)
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2)
            }
        };
        let mut bot = make(params, settings.think, settings.seed);
        let stdin = std::io::stdin();
        let mut input = stdin.lock().lines();
        let mut next = move || match input.next() {
            Some(Ok(line)) => Some(line),
            _ => None,
        };
        let mut out = std::io::stdout();
        for turn in 0.. {
            let Some(line) = next() else { return };
            let started = Instant::now();
            let mut lines = vec![line];
            loop {
                let missing = B::lines_missing(turn == 0, &lines);
                if missing == 0 {
                    break;
                }
                for _ in 0..missing {
                    let Some(line) = next() else {
                        eprintln!(
                            "turn {turn}: bad input: it ended after {} lines of the turn",
                            lines.len()
                        );
                        return;
                    };
                    lines.push(line);
                }
            }
            match bot.turn(&lines, started) {
                Ok([a, b]) => {
                    eprintln!("{}", turn_report(turn, bot.stats(), started));
                    let _ = out.write_all(format!("{a}\n{b}\n").as_bytes());
                    let _ = out.flush();
                }
                Err(e) => {
                    eprintln!("turn {turn}: bad input: {e}");
                    return;
                }
            }
        }
    }
    pub fn turn_report(turn: u32, stats: &crate::search::Stats, started: Instant) -> String {
        format!(
            "turn {turn}: {} rollouts, {} generations, best {:.0}, {:.1} ms",
            stats.rollouts,
            stats.generations,
            stats.best_score,
            started.elapsed().as_secs_f64() * 1000.0
        )
    }
    pub struct Settings {
        pub think: crate::search::Think,
        pub seed: u64,
    }
    impl Settings {
        pub fn from_args(
            args: &[String],
            default_ms: u64,
            tuned: &[(&str, f64)],
            params: &mut impl crate::params::Named,
        ) -> Result<Settings, SettingsError> {
            let mut given: Vec<(&str, &str)> = Vec::new();
            let mut rest = args.iter().skip(1);
            while let Some(arg) = rest.next() {
                if arg == "-h" || arg == "--help" {
                    return Err(SettingsError::Help);
                }
                let Some(&(flag, _)) = FLAGS.iter().find(|(flag, _)| flag == arg) else {
                    return Err(SettingsError::UnknownArgument(arg.clone()));
                };
                let value = rest.next().ok_or(SettingsError::NoValue(flag))?;
                given.push((flag, value));
            }
            let get = |flag: &str| {
                let given = given
                    .iter()
                    .find(|(f, _)| *f == flag)
                    .map(|(_, v)| v.to_string());
                given.or_else(|| {
                    let (_, env) = FLAGS.iter().find(|(f, _)| *f == flag)?;
                    std::env::var(env).ok()
                })
            };
            let number = |flag: &'static str| -> Result<Option<u64>, SettingsError> {
                get(flag)
                    .map(|text| {
                        text.trim()
                            .parse()
                            .map_err(|_| SettingsError::NotANumber { flag, text })
                    })
                    .transpose()
            };
            params
                .set_all(tuned)
                .map_err(|error| SettingsError::Param { file: None, error })?;
            if let Some(file) = get("--params") {
                match std::fs::read_to_string(&file) {
                    Ok(text) => params.apply(&text).map_err(|error| SettingsError::Param {
                        file: Some(file),
                        error,
                    })?,
                    Err(e) => {
                        return Err(SettingsError::ParamFile {
                            file,
                            error: e.to_string(),
                        })
                    }
                }
            }
            let think = match number("--rollouts")? {
                Some(n) => crate::search::Think::Rollouts(n),
                None => crate::search::Think::Millis {
                    first: number("--first-ms")?.unwrap_or(900),
                    later: number("--ms")?.unwrap_or(default_ms),
                },
            };
            Ok(Settings {
                think,
                seed: number("--seed")?.unwrap_or(1),
            })
        }
    }
    const FLAGS: [(&str, &str); 5] = [
        ("--ms", "BOTSIM_MS"),
        ("--first-ms", "BOTSIM_FIRST_MS"),
        ("--rollouts", "BOTSIM_ROLLOUTS"),
        ("--seed", "BOTSIM_SEED"),
        ("--params", "BOTSIM_PARAMS"),
    ];
    pub const USAGE: &str =
        "usage: BOT [--ms N] [--first-ms N] [--rollouts N] [--seed N] [--params FILE]
  --ms N          milliseconds of search a turn after the first (BOTSIM_MS)
  --first-ms N    milliseconds of search on the first turn, default 900 (BOTSIM_FIRST_MS)
  --rollouts N    a fixed number of rollouts a turn instead: reproducible play (BOTSIM_ROLLOUTS)
  --seed N        the search's seed, default 1 (BOTSIM_SEED)
  --params FILE   `name = value` lines over the compiled-in parameters (BOTSIM_PARAMS)
The game's input is read on stdin, the orders written on stdout, a line a turn on stderr.";
    #[derive(Clone, Debug, PartialEq)]
    pub enum SettingsError {
        Help,
        UnknownArgument(String),
        NoValue(&'static str),
        NotANumber {
            flag: &'static str,
            text: String,
        },
        ParamFile {
            file: String,
            error: String,
        },
        Param {
            file: Option<String>,
            error: crate::params::ParamError,
        },
    }
    impl std::fmt::Display for SettingsError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                SettingsError::Help => write!(f, "{USAGE}"),
                SettingsError::UnknownArgument(arg) => {
                    write!(f, "unknown argument '{arg}'\n{USAGE}")
                }
                SettingsError::NoValue(flag) => write!(f, "{flag}: a value must follow it"),
                SettingsError::NotANumber { flag, text } => {
                    write!(f, "{flag}: '{text}' is not a whole number")
                }
                SettingsError::ParamFile { file, error } => write!(f, "--params {file}: {error}"),
                SettingsError::Param {
                    file: Some(file),
                    error,
                } => write!(f, "{file}: {error}"),
                SettingsError::Param { file: None, error } => write!(f, "{error}"),
            }
        }
    }
    impl std::error::Error for SettingsError {}
}

#[allow(dead_code, unused_imports)]
mod fb {

    pub mod collide {
        use super::state::{State, BODIES, FIRST_BLUDGER, FIRST_SNAFFLE, WIZARDS};
        use super::{
            inv_mass, mass, radius, GOAL_BOTTOM, GOAL_TOP, HEIGHT, MIN_IMPULSE, POSTS, POST_RADIUS,
            WIDTH,
        };
        use crate::geom::{contact_time, Contacts, Vec2};
        pub const EPSILON: f64 = 0.00001;
        const GRAB_RADIUS: f64 = 399.0;
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
            Bodies(u8, u8),
            Post(u8, u8),
            Wall(u8, Side),
            Grab(u8, u8),
            Goal(u8, u8),
        }
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
        #[inline]
        fn in_goal(p: Vec2) -> bool {
            (p.x <= 150.0 || p.x >= WIDTH as f64 - 150.0) && p.y >= GOAL_TOP && p.y <= GOAL_BOTTOM
        }
        pub fn move_all(state: &mut State) {
            move_all_with(state, &mut ())
        }
        pub fn move_all_with(state: &mut State, contacts: &mut impl Contacts) {
            move_through_turn(state, contacts, true)
        }
        fn move_through_turn(state: &mut State, contacts: &mut impl Contacts, reuse: bool) {
            thread_local! {
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
        const ALL: Slots = (1 << BODIES) - 1;
        struct Scratch {
            events: Events,
            regions: Regions,
        }
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
            let before = state.bodies;
            for &(time, event) in &events.list[..events.len] {
                if time > first + EPSILON {
                    break;
                }
                match event {
                    Event::Bodies(a, b) => {
                        let at =
                            (state.bodies[a as usize].pos + state.bodies[b as usize].pos) * 0.5;
                        contacts.contact(first, a as usize, Some(b as usize), at);
                    }
                    Event::Post(a, _) | Event::Wall(a, _) => {
                        contacts.contact(first, a as usize, None, state.bodies[a as usize].pos)
                    }
                    Event::Grab(..) | Event::Goal(..) => {}
                }
                react(state, event);
            }
            let changed = (0..BODIES)
                .filter(|&slot| state.bodies[slot] != before[slot])
                .fold(0, |set: Slots, slot| set | 1 << slot);
            (first - t0, changed)
        }
        #[inline]
        fn advance(state: &mut State, dt: f64) {
            for b in &mut state.bodies {
                b.pos += b.vel * dt;
            }
        }
        #[derive(Clone, Copy, Debug)]
        struct Sweep {
            x0: f64,
            x1: f64,
            y0: f64,
            y1: f64,
        }
        impl Sweep {
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
            #[inline]
            fn meets(&self, o: &Sweep) -> bool {
                (self.x0 <= o.x1) & (o.x0 <= self.x1) & (self.y0 <= o.y1) & (o.y0 <= self.y1)
            }
            #[inline]
            fn near_posts(&self) -> bool {
                (self.x0 <= POST_RADIUS) | (self.x1 >= WIDTH as f64 - POST_RADIUS)
            }
            #[inline]
            fn inside_field(&self) -> bool {
                (self.x0 > 0.0)
                    & (self.x1 < WIDTH as f64)
                    & (self.y0 > 0.0)
                    & (self.y1 < HEIGHT as f64)
            }
        }
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
        type Slots = u16;
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
        #[inline]
        fn below(i: usize) -> Slots {
            (1 << i) - 1
        }
        struct Regions {
            sweeps: [Sweep; BODIES],
            walled: Slots,
            posted: Slots,
            near: [Slots; BODIES],
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
            fn update(&mut self, state: &State, mn: f64, moved: Slots) {
                let used = (0..WIZARDS)
                    .chain(state.snaffle_slots())
                    .chain(FIRST_BLUDGER..BODIES)
                    .fold(0, |set: Slots, slot| set | 1 << slot);
                let moved = moved & used;
                let (mut walled, mut posted) =
                    (self.walled & !moved & used, self.posted & !moved & used);
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
                        if sb.x0 > sa.x1 {
                            break;
                        }
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
        #[inline(never)]
        fn near_posts(state: &State, a: usize, region: &Sweep, t0: f64, mn: f64, ev: &mut Events) {
            for (p, post_region) in POST_SWEEPS.iter().enumerate() {
                if region.meets(post_region) {
                    post(state, a, p, t0, mn, ev);
                }
            }
        }
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
        fn react(state: &mut State, event: Event) {
            match event {
                Event::Bodies(a, b) => bounce(state, a as usize, b as usize),
                Event::Post(a, p) => bounce_post(state, a as usize, POSTS[p as usize]),
                Event::Wall(a, side) => bounce_wall(state, a as usize, side),
                Event::Grab(w, s) => grab(state, w as usize, s as usize),
                Event::Goal(s, team) => {
                    state.snaffles[s as usize - FIRST_SNAFFLE].alive = false;
                    let p = &mut state.players[team as usize];
                    if !p.dead {
                        p.score += 1;
                    }
                }
            }
        }
        #[inline]
        fn normal(from: Vec2, to: Vec2) -> Vec2 {
            let d = to - from;
            if d.x == 0.0 && d.y == 0.0 {
                Vec2::new(1.0, 0.0)
            } else {
                d.normalized()
            }
        }
        #[inline]
        fn carry(state: &mut State, a: usize) {
            if a < WIZARDS {
                if let Some(s) = state.held(a) {
                    state.bodies[s] = state.bodies[a];
                }
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
    }
    pub mod ga {
        mod eval {
            use super::plan::{nearest_free, target_goal};
            use crate::fb::state::{State, FIRST_SNAFFLE};
            use crate::fb::{GOAL_BOTTOM, GOAL_TOP, HEIGHT, POST_RADIUS, WIDTH};
            use crate::geom::Vec2;
            const DENY: f64 = 0.3;
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Weights {
                pub goal: f64,
                pub snaffle: f64,
                pub chase: f64,
                pub hold: f64,
                pub magic: f64,
                pub win: f64,
                pub deny: f64,
                pub their_hold: f64,
                pub conceded: f64,
                pub lead: f64,
                pub mouth: f64,
                pub danger: f64,
                pub danger_reach: f64,
            }
            impl Default for Weights {
                fn default() -> Weights {
                    Weights {
                        goal: 20_000.0,
                        snaffle: 1.0,
                        chase: 0.3,
                        hold: 300.0,
                        magic: 15.0,
                        win: 1e8,
                        deny: DENY,
                        their_hold: 0.0,
                        conceded: 0.0,
                        lead: 0.0,
                        mouth: 0.0,
                        danger: 0.0,
                        danger_reach: 4_000.0,
                    }
                }
            }
            pub fn evaluate(s: &State, me: usize, w: &Weights) -> f64 {
                let them = 1 - me;
                let (mine, theirs) = (s.players[me].score, s.players[them].score);
                if s.players[me].dead || theirs >= s.score_to_win {
                    return -w.win;
                }
                if s.players[them].dead || mine >= s.score_to_win {
                    return w.win;
                }
                let goal = target_goal(me);
                let mut value = w.goal * (mine - theirs) as f64
                    + w.magic * s.players[me].magic as f64
                    - w.conceded * theirs as f64;
                let plain = w.lead == 0.0 && w.mouth <= 0.5;
                let home = target_goal(them);
                for k in s.snaffle_slots() {
                    if s.snaffles[k - FIRST_SNAFFLE].alive {
                        let b = &s.bodies[k];
                        value -= w.snaffle
                            * if plain {
                                b.pos.dist(goal)
                            } else {
                                goal_distance(b.pos + b.vel * w.lead, goal, w.mouth > 0.5)
                            };
                        if w.danger != 0.0 {
                            value -= w.danger * (w.danger_reach - b.pos.dist(home)).max(0.0);
                        }
                    }
                }
                let ours = [me * 2, me * 2 + 1];
                let free = |wz: usize| s.wizards[wz].holding.is_none();
                for &wz in &ours {
                    if !free(wz) {
                        value += w.hold;
                    }
                }
                if free(ours[0]) && free(ours[1]) {
                    value -= w.chase * split_chase(s, ours);
                } else {
                    for &wz in &ours {
                        if free(wz) {
                            if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                                value -= w.chase * s.bodies[k].pos.dist(s.bodies[wz].pos);
                            }
                        }
                    }
                }
                for wz in them * 2..them * 2 + 2 {
                    if !free(wz) {
                        value -= w.their_hold;
                    } else {
                        if let Some(k) = nearest_free(s, s.bodies[wz].pos) {
                            value += w.deny * s.bodies[k].pos.dist(s.bodies[wz].pos);
                        }
                    }
                }
                value
            }
            fn goal_distance(p: Vec2, goal: Vec2, mouth: bool) -> f64 {
                let p = Vec2::new(p.x.clamp(0.0, WIDTH as f64), p.y.clamp(0.0, HEIGHT as f64));
                let aim = if mouth {
                    let inner = GOAL_TOP + POST_RADIUS..=GOAL_BOTTOM - POST_RADIUS;
                    Vec2::new(goal.x, p.y.clamp(*inner.start(), *inner.end()))
                } else {
                    goal
                };
                p.dist(aim)
            }
            fn split_chase(s: &State, wizards: [usize; 2]) -> f64 {
                let [a, b] = wizards.map(|wz| s.bodies[wz].pos);
                let mut best = f64::INFINITY;
                let mut nearest = [f64::INFINITY; 2];
                for i in s.snaffle_slots() {
                    if !s.snaffle_free(i) {
                        continue;
                    }
                    let p = s.bodies[i].pos;
                    let (da, db) = (p.dist(a), p.dist(b));
                    nearest = [nearest[0].min(da), nearest[1].min(db)];
                    for j in s.snaffle_slots() {
                        if j != i && s.snaffle_free(j) {
                            best = best.min(da + s.bodies[j].pos.dist(b));
                        }
                    }
                }
                if best.is_finite() {
                    best
                } else if nearest[0].is_finite() {
                    nearest[0] + nearest[1]
                } else {
                    0.0
                }
            }
        }
        mod plan {
            use super::{Params, HORIZON};
            use crate::fb::state::{Spell, State, FIRST_BLUDGER, MAX_SNAFFLES};
            use crate::fb::step::Action;
            use crate::fb::{flies_at_goal, HEIGHT, MAX_THROW, MAX_THRUST, WIDTH};
            use crate::geom::{round_to_i32, Vec2};
            use crate::search::Rng;
            pub(super) const TURN_SPAN: f64 = std::f64::consts::PI;
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Gene {
                angle: f64,
                turn: Vec2,
                pub power: f64,
                pub kind: f64,
            }
            impl Gene {
                pub fn new(angle: f64, power: f64, kind: f64) -> Gene {
                    let mut g = Gene {
                        angle: 0.5,
                        turn: Vec2::new(1.0, 0.0),
                        power,
                        kind,
                    };
                    g.set_angle(angle);
                    g
                }
                pub fn angle(&self) -> f64 {
                    self.angle
                }
                pub fn set_angle(&mut self, angle: f64) {
                    self.angle = angle;
                    let (sin, cos) = ((angle - 0.5) * TURN_SPAN).sin_cos();
                    self.turn = Vec2::new(cos, sin);
                }
            }
            pub type Plan = [[Gene; 2]; HORIZON];
            pub(super) fn target_goal(team: usize) -> Vec2 {
                Vec2::new(
                    if team == 0 { WIDTH as f64 } else { 0.0 },
                    HEIGHT as f64 / 2.0,
                )
            }
            fn chase_target(s: &State, w: usize) -> Option<usize> {
                let me = s.bodies[w].pos;
                let mate = w ^ 1;
                let mut first: Option<(f64, usize)> = None;
                let mut second: Option<(f64, usize)> = None;
                for k in s.snaffle_slots() {
                    if s.snaffle_free(k) {
                        let d = (s.bodies[k].pos - me).norm2();
                        if first.is_none_or(|(b, _)| d < b) {
                            second = first;
                            first = Some((d, k));
                        } else if second.is_none_or(|(b, _)| d < b) {
                            second = Some((d, k));
                        }
                    }
                }
                let (d, k) = first?;
                let Some((_, other)) = second else {
                    return Some(k);
                };
                if s.wizards[mate].holding.is_some() {
                    return Some(k);
                }
                let there = s.bodies[mate].pos;
                if nearest_free(s, there) != Some(k) {
                    return Some(k);
                }
                let theirs = (s.bodies[k].pos - there).norm2();
                let yields = theirs < d || (theirs == d && mate < w);
                Some(if yields { other } else { k })
            }
            pub(super) fn nearest_free(s: &State, from: Vec2) -> Option<usize> {
                let mut best: Option<(f64, usize)> = None;
                for k in s.snaffle_slots() {
                    if s.snaffle_free(k) {
                        let d = (s.bodies[k].pos - from).norm2();
                        if best.is_none_or(|(b, _)| d < b) {
                            best = Some((d, k));
                        }
                    }
                }
                best.map(|(_, k)| k)
            }
            impl Params {
                pub(super) fn action(&self, s: &State, w: usize, g: &Gene) -> Action {
                    let me = s.bodies[w].pos;
                    let team = State::team(w);
                    let point = |base: Vec2, power: f64| {
                        let d = base - me;
                        let u = if d.x == 0.0 && d.y == 0.0 {
                            Vec2::new(1.0, 0.0)
                        } else {
                            d.normalized()
                        };
                        let (c, sn) = (g.turn.x, g.turn.y);
                        let x = me.x + (u.x * c - u.y * sn) * 10_000.0;
                        let y = me.y + (u.x * sn + u.y * c) * 10_000.0;
                        (round_to_i32(x), round_to_i32(y), power)
                    };
                    if s.wizards[w].holding.is_some() {
                        let aim = if g.kind < self.pass {
                            let mate = w ^ 1;
                            s.bodies[mate].pos + s.bodies[mate].vel
                        } else {
                            target_goal(team)
                        };
                        let (x, y, _) = point(aim, 0.0);
                        let power = ((g.power * 1.3).min(1.0) * MAX_THROW as f64) as u32;
                        return Action::Throw { x, y, power };
                    }
                    let nearest = if self.split_aim > 0.5 {
                        chase_target(s, w)
                    } else {
                        nearest_free(s, me)
                    };
                    if g.kind < self.spell_gene {
                        let offer = self.offer(s, team);
                        if let Some((spell, target)) =
                            spell_of(s, w, g.kind / self.spell_gene, offer)
                        {
                            if s.players[team].magic >= spell.cost() + offer.reserve(spell) {
                                return Action::Cast {
                                    spell,
                                    target: s.id_of(target),
                                };
                            }
                        }
                    }
                    let keeps = g.kind >= self.spell_gene && g.kind < self.spell_gene + self.keeper;
                    let base = if keeps {
                        target_goal(1 - team)
                    } else {
                        nearest.map_or(target_goal(team), |k| s.bodies[k].pos + s.bodies[k].vel)
                    };
                    let (x, y, _) = point(base, 0.0);
                    let thrust =
                        ((g.power * 1.3 - 0.15).clamp(0.0, 1.0) * MAX_THRUST as f64) as u32;
                    Action::Move { x, y, thrust }
                }
                fn offer(&self, s: &State, team: usize) -> Offer {
                    Offer {
                        accio: self.accio > 0.5,
                        petrificus: self.petrificus > 0.5,
                        obliviate: self.obliviate > 0.5,
                        magic: (self.affordable > 0.5).then_some(s.players[team].magic),
                        accio_reserve: self.accio_reserve,
                    }
                }
                pub(super) fn probe(
                    &self,
                    s: &State,
                    team: usize,
                    plan: &Plan,
                    mut k: usize,
                ) -> Option<Plan> {
                    if self.probes <= 0.5 {
                        return None;
                    }
                    let magic = s.players[team].magic;
                    let offer = self.offer(s, team);
                    for i in 0..2 {
                        let w = team * 2 + i;
                        if s.wizards[w].holding.is_some() {
                            continue;
                        }
                        if let Some(u) = Menu::new(s, w, offer).nth_affordable(&mut k, magic, offer)
                        {
                            let mut variant = *plan;
                            variant[0][i].kind = u * self.spell_gene;
                            return Some(variant);
                        }
                    }
                    None
                }
            }
            #[derive(Clone, Copy)]
            struct Offer {
                accio: bool,
                petrificus: bool,
                obliviate: bool,
                magic: Option<i32>,
                accio_reserve: i32,
            }
            impl Offer {
                fn reserve(&self, spell: Spell) -> i32 {
                    if spell == Spell::Accio {
                        self.accio_reserve
                    } else {
                        0
                    }
                }
            }
            fn spell_of(s: &State, w: usize, u: f64, offer: Offer) -> Option<(Spell, usize)> {
                let menu = Menu::new(s, w, offer);
                if menu.spells == 0 {
                    return None;
                }
                let x = (u * menu.spells as f64).clamp(0.0, menu.spells as f64 - 1e-9);
                let spell = menu.offered[x as usize];
                let targets = menu.targets(spell);
                let v = x.fract();
                (!targets.is_empty()).then(|| {
                    let i = ((v * targets.len() as f64) as usize).min(targets.len() - 1);
                    (spell, targets[i])
                })
            }
            struct Menu {
                offered: [Spell; 4],
                spells: usize,
                free: [usize; MAX_SNAFFLES],
                n: usize,
                shots: [usize; MAX_SNAFFLES],
                m: usize,
            }
            impl Menu {
                fn new(s: &State, w: usize, offer: Offer) -> Menu {
                    let team = State::team(w);
                    let home = target_goal(1 - team);
                    let mut menu = Menu {
                        offered: [Spell::Flipendo; 4],
                        spells: 0,
                        free: [0; MAX_SNAFFLES],
                        n: 0,
                        shots: [0; MAX_SNAFFLES],
                        m: 0,
                    };
                    for k in s.snaffle_slots() {
                        if s.snaffle_free(k) {
                            menu.free[menu.n] = k;
                            menu.n += 1;
                            if offer.petrificus
                                && flies_at_goal(s.bodies[k].pos, s.bodies[k].vel, home)
                            {
                                menu.shots[menu.m] = k;
                                menu.m += 1;
                            }
                        }
                    }
                    for (spell, on) in [
                        (Spell::Flipendo, true),
                        (Spell::Accio, offer.accio),
                        (Spell::Petrificus, menu.m > 0),
                        (Spell::Obliviate, offer.obliviate),
                    ] {
                        if on
                            && offer
                                .magic
                                .is_none_or(|magic| spell.cost() + offer.reserve(spell) <= magic)
                        {
                            menu.offered[menu.spells] = spell;
                            menu.spells += 1;
                        }
                    }
                    menu
                }
                fn targets(&self, spell: Spell) -> &[usize] {
                    const BLUDGERS: [usize; 2] = [FIRST_BLUDGER, FIRST_BLUDGER + 1];
                    match spell {
                        Spell::Petrificus => &self.shots[..self.m],
                        Spell::Obliviate => &BLUDGERS[..],
                        _ => &self.free[..self.n],
                    }
                }
                fn nth_affordable(&self, k: &mut usize, magic: i32, offer: Offer) -> Option<f64> {
                    for (i, &spell) in self.offered[..self.spells].iter().enumerate() {
                        if spell.cost() + offer.reserve(spell) > magic {
                            continue;
                        }
                        let t = self.targets(spell).len();
                        if *k < t {
                            return Some(
                                (i as f64 + (*k as f64 + 0.5) / t as f64) / self.spells as f64,
                            );
                        }
                        *k -= t;
                    }
                    None
                }
            }
            pub(super) fn random_gene(rng: &mut Rng) -> Gene {
                let angle = rng.unit();
                let power = rng.unit();
                Gene::new(angle, power, rng.unit())
            }
            pub(super) const STRAIGHT: Plan = [[Gene {
                angle: 0.5,
                turn: Vec2::new(1.0, 0.0),
                power: 1.0,
                kind: 1.0,
            }; 2]; HORIZON];
        }
        use super::state::{Effect, State, WIZARDS};
        use super::step::{self, Action};
        use super::{protocol, Fb, View};
        use crate::bot::{Answer, Bot};
        use crate::contest::ContestBot;
        use crate::params::ParamError;
        use crate::search::{crossover_units, shift_units, Duel, Problem, Rng, Settings, Stats};
        pub use eval::{evaluate, Weights};
        use plan::{random_gene, STRAIGHT, TURN_SPAN};
        pub use plan::{Gene, Plan};
        use std::time::Instant;
        pub const HORIZON: usize = 6;
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Params {
            pub weights: Weights,
            pub search: Settings,
            pub opponent_share: f64,
            pub spell_gene: f64,
            pub keeper: f64,
            pub pass: f64,
            pub petrificus: f64,
            pub robust: f64,
            pub pessimism: f64,
            pub split_aim: f64,
            pub seed_straight: f64,
            pub accio: f64,
            pub accio_reserve: i32,
            pub obliviate: f64,
            pub affordable: f64,
            pub probes: f64,
            pub reply: f64,
            pub mutate_turn: f64,
            pub mutate_kind: f64,
        }
        impl Params {
            pub fn replies(&self) -> usize {
                self.reply.round().clamp(0.0, 2.0) as usize
            }
        }
        impl Default for Params {
            fn default() -> Params {
                Params {
                    weights: Weights::default(),
                    search: Settings {
                        population: 40,
                        mutation_start: 0.55,
                        ..Settings::default()
                    },
                    opponent_share: 0.25,
                    spell_gene: 0.12,
                    keeper: 0.1,
                    pass: 0.0,
                    petrificus: 0.0,
                    robust: 0.5,
                    pessimism: 0.0,
                    split_aim: 0.0,
                    seed_straight: 0.0,
                    accio: 1.0,
                    accio_reserve: 0,
                    obliviate: 0.0,
                    affordable: 0.0,
                    probes: 0.0,
                    reply: 1.0,
                    mutate_turn: 0.4 * std::f64::consts::PI,
                    mutate_kind: 0.5,
                }
            }
        }
        impl crate::params::Named for Params {
            fn values(&self) -> Vec<(&'static str, f64)> {
                let w = &self.weights;
                [
                    ("weights.goal", w.goal),
                    ("weights.snaffle", w.snaffle),
                    ("weights.chase", w.chase),
                    ("weights.hold", w.hold),
                    ("weights.magic", w.magic),
                    ("weights.win", w.win),
                    ("weights.deny", w.deny),
                    ("weights.their_hold", w.their_hold),
                    ("weights.conceded", w.conceded),
                    ("weights.lead", w.lead),
                    ("weights.mouth", w.mouth),
                    ("weights.danger", w.danger),
                    ("weights.danger_reach", w.danger_reach),
                    ("opponent_share", self.opponent_share),
                    ("spell_gene", self.spell_gene),
                    ("keeper", self.keeper),
                    ("pass", self.pass),
                    ("petrificus", self.petrificus),
                    ("robust", self.robust),
                    ("pessimism", self.pessimism),
                    ("split_aim", self.split_aim),
                    ("seed_straight", self.seed_straight),
                    ("accio", self.accio),
                    ("accio_reserve", self.accio_reserve as f64),
                    ("obliviate", self.obliviate),
                    ("affordable", self.affordable),
                    ("probes", self.probes),
                    ("reply", self.reply),
                    ("mutate_turn", self.mutate_turn),
                    ("mutate_kind", self.mutate_kind),
                ]
                .into_iter()
                .chain(self.search.values())
                .collect()
            }
            fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
                let w = &mut self.weights;
                match name {
                    "weights.goal" => w.goal = value,
                    "weights.snaffle" => w.snaffle = value,
                    "weights.chase" => w.chase = value,
                    "weights.hold" => w.hold = value,
                    "weights.magic" => w.magic = value,
                    "weights.win" => w.win = value,
                    "weights.deny" => w.deny = value,
                    "weights.their_hold" => w.their_hold = value,
                    "weights.conceded" => w.conceded = value,
                    "weights.lead" => w.lead = value,
                    "weights.mouth" => w.mouth = value,
                    "weights.danger" => w.danger = value,
                    "weights.danger_reach" => w.danger_reach = value,
                    "opponent_share" => self.opponent_share = value.clamp(0.0, 0.9),
                    "spell_gene" => self.spell_gene = value.clamp(0.0, 1.0),
                    "keeper" => self.keeper = value.clamp(0.0, 1.0),
                    "pass" => self.pass = value.clamp(0.0, 1.0),
                    "petrificus" => self.petrificus = value,
                    "robust" => self.robust = value.clamp(0.0, 1.0),
                    "pessimism" => self.pessimism = value.clamp(0.0, 1.0),
                    "split_aim" => self.split_aim = value,
                    "seed_straight" => self.seed_straight = value,
                    "accio" => self.accio = value,
                    "obliviate" => self.obliviate = value,
                    "affordable" => self.affordable = value,
                    "probes" => self.probes = value,
                    "reply" => self.reply = value,
                    "mutate_turn" => self.mutate_turn = value.clamp(0.0, 2.0 * TURN_SPAN),
                    "mutate_kind" => self.mutate_kind = value.clamp(0.0, 2.0),
                    "accio_reserve" => {
                        self.accio_reserve = crate::params::count(name, value, 0)? as i32
                    }
                    _ => {
                        if !self.search.set(name, value)? {
                            return Err(ParamError::Unknown {
                                bot: "fb ga",
                                name: name.to_string(),
                            });
                        }
                    }
                }
                Ok(())
            }
        }
        pub struct Match<'a> {
            pub start: State,
            pub me: usize,
            pub other: Plan,
            pub reply: Option<Plan>,
            pub params: &'a Params,
        }
        impl Match<'_> {
            pub fn rollout(&self, plan: &Plan) -> State {
                self.play(plan, &self.other)
            }
            fn play(&self, plan: &Plan, other: &Plan) -> State {
                let mut s = self.start;
                for t in 0..HORIZON {
                    let actions: [Action; WIZARDS] = std::array::from_fn(|w| {
                        let genes = if State::team(w) == self.me {
                            plan
                        } else {
                            other
                        };
                        self.params.action(&s, w, &genes[t][w % 2])
                    });
                    step::step(&mut s, &actions);
                    if step::outcome(&s).is_some() {
                        break;
                    }
                }
                s
            }
            fn score_against(&self, plan: &Plan, other: &Plan) -> f64 {
                evaluate(&self.play(plan, other), self.me, &self.params.weights)
            }
        }
        impl Problem for Match<'_> {
            type Genome = Plan;
            fn random(&self, rng: &mut Rng) -> Plan {
                std::array::from_fn(|_| [random_gene(rng), random_gene(rng)])
            }
            fn mutate(&self, plan: &mut Plan, rate: f64, rng: &mut Rng) {
                let step = self.params.mutate_turn / TURN_SPAN;
                let kind = rate * self.params.mutate_kind;
                for turn in plan.iter_mut() {
                    for g in turn.iter_mut() {
                        if rng.unit() < rate {
                            g.set_angle((g.angle() + (rng.unit() - 0.5) * step).clamp(0.0, 1.0));
                        }
                        if rng.unit() < rate {
                            g.power = (g.power + (rng.unit() - 0.5) * 0.5).clamp(0.0, 1.0);
                        }
                        if rng.unit() < kind {
                            g.kind = rng.unit();
                        }
                    }
                }
            }
            fn crossover(&self, a: &Plan, b: &Plan, rng: &mut Rng) -> Plan {
                crossover_units(a, b, rng)
            }
            fn shift(&self, plan: &Plan, rng: &mut Rng) -> Plan {
                shift_units(plan, || random_gene(rng))
            }
            fn evaluate(&mut self, plan: &Plan) -> f64 {
                let mut score = self.score_against(plan, &self.other);
                if let Some(reply) = &self.reply {
                    score = 0.5 * (score + self.score_against(plan, reply));
                }
                let robust = self.params.robust;
                if robust == 0.0 {
                    return score;
                }
                let straight = self.score_against(plan, &STRAIGHT);
                let mean = (1.0 - robust) * score + robust * straight;
                let p = self.params.pessimism;
                if p == 0.0 {
                    return mean;
                }
                (1.0 - p) * mean + p * score.min(straight)
            }
            fn seed(&self) -> Option<Plan> {
                (self.params.seed_straight > 0.5).then_some(STRAIGHT)
            }
            fn probe(&self, best: &Plan, k: usize) -> Option<Plan> {
                self.params.probe(&self.start, self.me, best, k)
            }
        }
        pub use crate::search::Think;
        pub struct GaBot {
            pub params: Params,
            pub think: Think,
            team: Option<usize>,
            state: Option<State>,
            duel: Duel<Plan>,
            seed: u64,
            pub last: Stats,
        }
        impl GaBot {
            pub fn new(params: Params, think: Think, seed: u64) -> GaBot {
                GaBot {
                    params,
                    think,
                    team: None,
                    state: None,
                    duel: Duel::new(params.search, seed),
                    seed,
                    last: Stats::default(),
                }
            }
            pub fn describe(&self) -> String {
                format!("ga({},seed={})", self.think.describe(), self.seed)
            }
        }
        fn remember(state: &mut State, w: usize, action: &Action) {
            let wz = &mut state.wizards[w];
            if wz.holding.is_some() {
                wz.grab_cooldown = 2;
            } else {
                wz.grab_cooldown = (wz.grab_cooldown - 1).max(0);
            }
            for e in &mut wz.effects {
                e.countdown = e.countdown.saturating_sub(1);
                if e.countdown == 0 {
                    e.target = None;
                }
            }
            if let Action::Cast { spell, target } = *action {
                let magic = state.players[State::team(w)].magic;
                if magic >= spell.cost() {
                    let slot = state.slot_of(target).map(|s| s as u8);
                    state.wizards[w].effects[spell as usize] = Effect {
                        countdown: spell.duration(),
                        target: slot,
                    };
                    state.players[State::team(w)].magic -= spell.cost();
                }
            }
        }
        fn rounds<const N: usize>(share: f64) -> [f64; N] {
            let per_round = (N / 2) as f64;
            std::array::from_fn(|k| if k % 2 == 0 { share } else { 1.0 - share } / per_round)
        }
        impl ContestBot for GaBot {
            fn lines_missing(first: bool, lines: &[String]) -> usize {
                protocol::lines_missing(first, lines)
            }
            fn turn(
                &mut self,
                lines: &[String],
                started: Instant,
            ) -> Result<[String; 2], crate::input::InputError> {
                let mut lines = lines;
                if self.team.is_none() {
                    use crate::input::{InputError, Line};
                    let first = lines.first().ok_or(InputError::Missing(Line::Init(1)))?;
                    let team = first
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|&t| t < 2)
                        .ok_or_else(|| {
                            InputError::malformed(Line::Init(1), "the team id, 0 or 1", first)
                        })?;
                    self.team = Some(team);
                    lines = &lines[1..];
                    self.duel.reset();
                }
                let team = self.team.expect("set above");
                let state = protocol::parse_turn(lines, team, self.state.as_ref())?;
                let first = self.state.is_none();
                let params = self.params;
                let ours_before = self.duel.ours_before().copied().unwrap_or(STRAIGHT);
                let problem = |me: usize, other: &Plan, reply: Option<&Plan>| Match {
                    start: state,
                    me,
                    other: *other,
                    reply: reply.copied(),
                    params: &params,
                };
                let theirs = |ours: &Plan| problem(1 - team, ours, None);
                let ours = |theirs: &Plan, reply: Option<&Plan>| problem(team, theirs, reply);
                let (think, share) = (self.think, params.opponent_share);
                let duel = &mut self.duel;
                let (plan, stats) = match params.replies() {
                    0 => duel.search_replied(
                        think.phases(first, started, rounds::<2>(share)),
                        &ours_before,
                        theirs,
                        ours,
                    ),
                    1 => duel.search_replied(
                        think.phases(first, started, rounds::<4>(share)),
                        &ours_before,
                        theirs,
                        ours,
                    ),
                    _ => duel.search_replied(
                        think.phases(first, started, rounds::<6>(share)),
                        &ours_before,
                        theirs,
                        ours,
                    ),
                };
                self.last = stats;
                let mut next = state;
                let mut out: [String; 2] = Default::default();
                for k in 0..2 {
                    let w = team * 2 + k;
                    let action = params.action(&state, w, &plan[0][k]);
                    out[k] = protocol::format_action(&action);
                    remember(&mut next, w, &action);
                }
                self.state = Some(next);
                Ok(out)
            }
            fn stats(&self) -> &Stats {
                &self.last
            }
        }
        impl Bot<Fb> for GaBot {
            fn name(&self) -> String {
                self.describe()
            }
            fn play(&mut self, _view: &View, lines: &[String]) -> Answer<[Action; 2]> {
                match self.turn(lines, Instant::now()) {
                    Ok(orders) => Answer::Lines(orders.to_vec()),
                    Err(_) => Answer::Silent,
                }
            }
        }
    }
    pub mod protocol {
        use super::state::{Spell, State, FIRST_BLUDGER, WIZARDS};
        use super::step::{Action, ActionError};
        use crate::input::{InputError, Line};
        use crate::text::{digits, optional_message, signed, spaces};
        use std::fmt::{self, Write};
        pub fn parse_action(line: &str) -> Result<(Action, Option<&str>), ActionError> {
            let b = line.as_bytes();
            for (keyword, throw) in [("MOVE ", false), ("THROW ", true)] {
                if line.starts_with(keyword) {
                    let i = keyword.len();
                    let (x, i) = signed(b, i, 8).ok_or(ActionError::Syntax)?;
                    let i = spaces(b, i).ok_or(ActionError::Syntax)?;
                    let (y, i) = signed(b, i, 8).ok_or(ActionError::Syntax)?;
                    let i = spaces(b, i).ok_or(ActionError::Syntax)?;
                    let (p, i) = digits(b, i, 8).ok_or(ActionError::Syntax)?;
                    let msg = optional_message(&line[i..]).map_err(|()| ActionError::Syntax)?;
                    let action = if throw {
                        Action::Throw { x, y, power: p }
                    } else {
                        Action::Move { x, y, thrust: p }
                    };
                    return Ok((action, msg));
                }
            }
            for spell in Spell::ALL {
                let keyword = spell.keyword();
                if line.starts_with(keyword) && b.get(keyword.len()) == Some(&b' ') {
                    let (target, i) = signed(b, keyword.len() + 1, 3).ok_or(ActionError::Syntax)?;
                    let msg = optional_message(&line[i..]).map_err(|()| ActionError::Syntax)?;
                    return Ok((Action::Cast { spell, target }, msg));
                }
            }
            Err(ActionError::Syntax)
        }
        pub fn lines_missing(first: bool, lines: &[String]) -> usize {
            let head = if first { 4 } else { 3 };
            let whole = match lines.get(head - 1) {
                None => head,
                Some(count) => head + count.trim().parse::<usize>().unwrap_or(0),
            };
            whole.saturating_sub(lines.len())
        }
        pub fn parse_turn(
            lines: &[String],
            team: usize,
            prev: Option<&State>,
        ) -> Result<State, InputError> {
            let ints =
                |k: usize, n: usize, expected: &'static str| -> Result<Vec<i32>, InputError> {
                    let line = lines.get(k).ok_or(InputError::Missing(Line::Turn(k + 1)))?;
                    let v: Vec<i32> = line
                        .split_whitespace()
                        .filter_map(|t| t.parse().ok())
                        .collect();
                    if v.len() != n || line.split_whitespace().count() != n {
                        return Err(InputError::malformed(Line::Turn(k + 1), expected, line));
                    }
                    Ok(v)
                };
            let mine = ints(0, 2, "'score magic'")?;
            let theirs = ints(1, 2, "'score magic'")?;
            let count = ints(2, 1, "the number of entities")?[0];
            if !(6..=13).contains(&count) || lines.len() < 3 + count as usize {
                return Err(InputError::invalid(
                    Line::Turn(3),
                    format!(
                        "{count} entities, {} lines follow",
                        lines.len().saturating_sub(3)
                    ),
                ));
            }
            let entity = |k: usize| -> Result<(i32, &str, [i32; 5]), InputError> {
                let line = &lines[3 + k];
                let t: Vec<&str> = line.split_whitespace().collect();
                let bad = || {
                    InputError::malformed(Line::Entity(k + 1), "'id TYPE x y vx vy state'", line)
                };
                if t.len() != 7 {
                    return Err(bad());
                }
                let num = |i: usize| t[i].parse::<i32>().map_err(|_| bad());
                Ok((num(0)?, t[1], [num(2)?, num(3)?, num(4)?, num(5)?, num(6)?]))
            };
            let mut state = match prev {
                Some(p) => {
                    let mut s = *p;
                    s.round += 1;
                    s
                }
                None => {
                    let mut snaffles = Vec::new();
                    for k in 0..count as usize {
                        let (_, kind, v) = entity(k)?;
                        if kind == "SNAFFLE" {
                            snaffles.push((v[0], v[1]));
                        }
                    }
                    super::setup::initial_state(&snaffles)
                        .map_err(|e| InputError::invalid(Line::Turn(3), e))?
                }
            };
            for p in 0..2 {
                let v = if p == team { &mine } else { &theirs };
                state.players[p].score = v[0];
                state.players[p].magic = v[1];
            }
            for sn in state.snaffles.iter_mut().take(state.snaffle_count as usize) {
                sn.alive = false;
                sn.captured = false;
            }
            let mut holders = [false; WIZARDS];
            for k in 0..count as usize {
                let (id, kind, v) = entity(k)?;
                let slot = state.slot_of(id).ok_or_else(|| {
                    InputError::invalid(Line::Entity(k + 1), format!("no entity has id {id}"))
                })?;
                state.bodies[slot].pos = crate::geom::Vec2::new(v[0] as f64, v[1] as f64);
                state.bodies[slot].vel = crate::geom::Vec2::new(v[2] as f64, v[3] as f64);
                match kind {
                    "WIZARD" | "OPPONENT_WIZARD" if slot < WIZARDS => holders[slot] = v[4] == 1,
                    "SNAFFLE" if (super::state::FIRST_SNAFFLE..FIRST_BLUDGER).contains(&slot) => {
                        let sn = &mut state.snaffles[slot - super::state::FIRST_SNAFFLE];
                        sn.alive = true;
                        sn.captured = v[4] == 1;
                    }
                    "BLUDGER" if slot >= FIRST_BLUDGER => {
                        state.bludgers[slot - FIRST_BLUDGER].last_victim =
                            u8::try_from(v[4]).ok().filter(|&w| w < 4);
                    }
                    _ => {
                        return Err(InputError::invalid(
                            Line::Entity(k + 1),
                            format!("id {id} is not a {kind}"),
                        ))
                    }
                }
            }
            for slot in state.snaffle_slots() {
                if !state.snaffles[slot - super::state::FIRST_SNAFFLE].alive {
                    state.bodies[slot].pos =
                        crate::geom::Vec2::new(-100_000.0, -100_000.0 - 1000.0 * slot as f64);
                    state.bodies[slot].vel = crate::geom::Vec2::ZERO;
                }
            }
            for (w, &holds) in holders.iter().enumerate() {
                let at = state.bodies[w].pos;
                state.wizards[w].holding = if holds {
                    state
                        .snaffle_slots()
                        .find(|&s| {
                            state.snaffles[s - super::state::FIRST_SNAFFLE].captured
                                && state.bodies[s].pos == at
                        })
                        .map(|s| s as u8)
                } else {
                    None
                };
            }
            Ok(state)
        }
        pub fn format_action(action: &Action) -> String {
            match *action {
                Action::Move { x, y, thrust } => format!("MOVE {x} {y} {thrust}"),
                Action::Throw { x, y, power } => format!("THROW {x} {y} {power}"),
                Action::Cast { spell, target } => format!("{} {target}", spell.keyword()),
            }
        }
        pub fn write_turn(state: &State, team: usize, out: &mut impl Write) -> fmt::Result {
            if state.round == 0 {
                writeln!(out, "{team}")?;
            }
            for t in [team, 1 - team] {
                writeln!(out, "{} {}", state.players[t].score, state.players[t].magic)?;
            }
            let alive: Vec<usize> = state
                .snaffle_slots()
                .filter(|&s| state.snaffles[s - WIZARDS].alive)
                .collect();
            writeln!(out, "{}", WIZARDS + alive.len() + 2)?;
            let entity = |out: &mut dyn Write, slot: usize, kind: &str, extra: i32| {
                let b = &state.bodies[slot];
                writeln!(
                    out,
                    "{} {kind} {} {} {} {} {extra}",
                    state.id_of(slot),
                    b.pos.x as i32,
                    b.pos.y as i32,
                    b.vel.x as i32,
                    b.vel.y as i32
                )
            };
            for (t, kind) in [(team, "WIZARD"), (1 - team, "OPPONENT_WIZARD")] {
                for w in t * 2..t * 2 + 2 {
                    entity(out, w, kind, state.wizards[w].holding.is_some() as i32)?;
                }
            }
            for s in alive {
                entity(
                    out,
                    s,
                    "SNAFFLE",
                    state.snaffles[s - WIZARDS].captured as i32,
                )?;
            }
            for k in 0..2 {
                let victim = state.bludgers[k].last_victim.map_or(-1, |v| v as i32);
                entity(out, FIRST_BLUDGER + k, "BLUDGER", victim)?;
            }
            Ok(())
        }
    }

    pub mod setup {
        use super::state::{
            Body, Player, Snaffle, State, Wizard, BODIES, FIRST_BLUDGER, FIRST_SNAFFLE,
            MAX_SNAFFLES,
        };
        use super::{HEIGHT, WIDTH};
        use crate::geom::Vec2;
        use crate::java::Random;
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
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SnaffleCount(pub usize);
        impl std::fmt::Display for SnaffleCount {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a game has 5 or 7 snaffles, got {}", self.0)
            }
        }
        impl std::error::Error for SnaffleCount {}
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
        pub fn from_seed(seed: i64) -> State {
            initial_state(&snaffles_from_seed(seed)).expect("the referee draws 5 or 7 snaffles")
        }
    }
    pub mod state {
        use crate::geom::Vec2;
        pub const WIZARDS: usize = 4;
        pub const MAX_SNAFFLES: usize = 7;
        pub const FIRST_SNAFFLE: usize = WIZARDS;
        pub const FIRST_BLUDGER: usize = FIRST_SNAFFLE + MAX_SNAFFLES;
        pub const BODIES: usize = FIRST_BLUDGER + 2;
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Body {
            pub pos: Vec2,
            pub vel: Vec2,
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Spell {
            Accio = 0,
            Flipendo = 1,
            Petrificus = 2,
            Obliviate = 3,
        }
        impl Spell {
            pub const ALL: [Spell; 4] = [
                Spell::Accio,
                Spell::Flipendo,
                Spell::Petrificus,
                Spell::Obliviate,
            ];
            pub fn cost(self) -> i32 {
                match self {
                    Spell::Accio => 15,
                    Spell::Flipendo => 20,
                    Spell::Petrificus => 10,
                    Spell::Obliviate => 5,
                }
            }
            pub fn duration(self) -> u8 {
                match self {
                    Spell::Accio => 6,
                    Spell::Flipendo => 3,
                    Spell::Petrificus => 1,
                    Spell::Obliviate => 4,
                }
            }
            pub fn keyword(self) -> &'static str {
                match self {
                    Spell::Accio => "ACCIO",
                    Spell::Flipendo => "FLIPENDO",
                    Spell::Petrificus => "PETRIFICUS",
                    Spell::Obliviate => "OBLIVIATE",
                }
            }
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Effect {
            pub countdown: u8,
            pub target: Option<u8>,
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Wizard {
            pub grab_cooldown: i8,
            pub holding: Option<u8>,
            pub effects: [Effect; 4],
            pub pending: [bool; 4],
            pub spell_target: Option<u8>,
            pub accel: Vec2,
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Snaffle {
            pub alive: bool,
            pub captured: bool,
            pub ignore: IgnoreList,
            pub accel: Vec2,
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct IgnoreList {
            items: [u8; 15],
            len: u8,
        }
        impl IgnoreList {
            #[inline]
            pub fn contains(&self, k: usize) -> bool {
                self.as_slice().contains(&(k as u8))
            }
            pub fn push(&mut self, k: usize) {
                if (self.len as usize) < self.items.len() {
                    self.items[self.len as usize] = k as u8;
                    self.len += 1;
                } else {
                    debug_assert!(self.contains(k), "ignore list full of distinct snaffles");
                }
            }
            pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
                let mut n = 0;
                for i in 0..self.len as usize {
                    if keep(self.items[i] as usize) {
                        self.items[n] = self.items[i];
                        n += 1;
                    }
                }
                self.len = n as u8;
            }
            #[inline]
            pub fn as_slice(&self) -> &[u8] {
                &self.items[..self.len as usize]
            }
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Bludger {
            pub last_victim: Option<u8>,
        }
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Player {
            pub score: i32,
            pub magic: i32,
            pub dead: bool,
        }
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct State {
            pub bodies: [Body; BODIES],
            pub wizards: [Wizard; WIZARDS],
            pub snaffles: [Snaffle; MAX_SNAFFLES],
            pub bludgers: [Bludger; 2],
            pub players: [Player; 2],
            pub snaffle_count: u8,
            pub score_to_win: i32,
            pub round: u8,
            pub no_snaffles_left: bool,
        }
        impl State {
            #[inline]
            pub fn snaffle_slots(&self) -> std::ops::Range<usize> {
                FIRST_SNAFFLE..FIRST_SNAFFLE + self.snaffle_count as usize
            }
            #[inline]
            pub fn snaffle_free(&self, k: usize) -> bool {
                let sn = &self.snaffles[k - FIRST_SNAFFLE];
                sn.alive && !sn.captured
            }
            #[inline]
            pub fn id_of(&self, slot: usize) -> i32 {
                if slot < FIRST_BLUDGER {
                    slot as i32
                } else {
                    (slot - FIRST_BLUDGER) as i32 + FIRST_SNAFFLE as i32 + self.snaffle_count as i32
                }
            }
            #[inline]
            pub fn slot_of(&self, id: i32) -> Option<usize> {
                let n = self.snaffle_count as i32;
                match id {
                    0..=3 => Some(id as usize),
                    _ if id >= 4 && id < 4 + n => Some(id as usize),
                    _ if id >= 4 + n && id < 6 + n => Some(FIRST_BLUDGER + (id - 4 - n) as usize),
                    _ => None,
                }
            }
            #[inline]
            pub fn team(wizard: usize) -> usize {
                wizard / 2
            }
            #[inline]
            pub fn held(&self, wizard: usize) -> Option<usize> {
                self.wizards[wizard].holding.map(usize::from)
            }
        }
    }
    pub mod step {
        use super::collide;
        use super::state::{Effect, Spell, State, FIRST_BLUDGER, FIRST_SNAFFLE, WIZARDS};
        use super::{inv_mass, MAX_MAGIC, MAX_THROW, MAX_THRUST, MAX_TURNS};
        use crate::geom::Vec2;
        use std::fmt;
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Action {
            Move { x: i32, y: i32, thrust: u32 },
            Throw { x: i32, y: i32, power: u32 },
            Cast { spell: Spell, target: i32 },
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum ActionError {
            Syntax,
            Thrust(u32),
            Power(u32),
            NotHolding,
            UnknownTarget(i32),
            BadTarget(Spell, i32),
        }
        impl fmt::Display for ActionError {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    ActionError::Syntax => {
                        write!(f, "expected MOVE x y thrust, THROW x y power, or SPELL id")
                    }
                    ActionError::Thrust(t) => write!(f, "thrust {t} is not in 0..150"),
                    ActionError::Power(p) => write!(f, "throw power {p} is not in 0..500"),
                    ActionError::NotHolding => write!(f, "THROW without a snaffle"),
                    ActionError::UnknownTarget(id) => write!(f, "no entity with id {id}"),
                    ActionError::BadTarget(s, id) => {
                        write!(f, "{} cannot target entity {id}", s.keyword())
                    }
                }
            }
        }
        #[inline]
        fn aim(from: Vec2, x: i32, y: i32, power: f64) -> Vec2 {
            let to = Vec2::new(x as f64, y as f64);
            if to == from {
                Vec2::ZERO
            } else {
                (to - from).normalized().normalized() * power
            }
        }
        pub fn apply_action(
            state: &mut State,
            w: usize,
            action: Action,
        ) -> Result<(), ActionError> {
            match action {
                Action::Move { x, y, thrust } => {
                    if thrust > MAX_THRUST {
                        return Err(ActionError::Thrust(thrust));
                    }
                    state.wizards[w].accel = aim(state.bodies[w].pos, x, y, thrust as f64);
                }
                Action::Throw { x, y, power } => {
                    if power > MAX_THROW {
                        return Err(ActionError::Power(power));
                    }
                    let s = state.held(w).ok_or(ActionError::NotHolding)?;
                    state.bodies[s].pos = state.bodies[w].pos;
                    state.snaffles[s - FIRST_SNAFFLE].accel =
                        aim(state.bodies[s].pos, x, y, power as f64);
                }
                Action::Cast { spell, target } => {
                    let slot = state
                        .slot_of(target)
                        .filter(|&s| {
                            !(FIRST_SNAFFLE..FIRST_BLUDGER).contains(&s)
                                || state.snaffles[s - FIRST_SNAFFLE].alive
                        })
                        .ok_or(ActionError::UnknownTarget(target))?;
                    let allowed = match spell {
                        Spell::Obliviate => slot >= FIRST_BLUDGER,
                        Spell::Accio => slot >= WIZARDS,
                        Spell::Flipendo | Spell::Petrificus => {
                            slot >= WIZARDS || State::team(slot) != State::team(w)
                        }
                    };
                    if !allowed {
                        return Err(ActionError::BadTarget(spell, target));
                    }
                    let magic = &mut state.players[State::team(w)].magic;
                    if *magic >= spell.cost() {
                        *magic -= spell.cost();
                        state.wizards[w].pending[spell as usize] = true;
                    }
                    state.wizards[w].spell_target = Some(slot as u8);
                }
            }
            if let Some(s) = state.held(w) {
                state.bodies[s] = state.bodies[w];
                state.wizards[w].grab_cooldown = 3;
            }
            Ok(())
        }
        pub fn step(state: &mut State, actions: &[Action; WIZARDS]) {
            for team in 0..2 {
                for (w, &action) in actions.iter().enumerate().skip(team * 2).take(2) {
                    if apply_action(state, w, action).is_err() {
                        state.players[team].dead = true;
                        state.players[team].score = -1;
                        break;
                    }
                }
            }
            physics(state);
        }
        pub fn physics(state: &mut State) {
            physics_with(state, &mut ())
        }
        pub fn physics_with(state: &mut State, contacts: &mut impl crate::geom::Contacts) {
            forget_ignores(state);
            for w in 0..WIZARDS {
                release(state, w);
            }
            let alive_before = state.snaffles[..state.snaffle_count as usize]
                .iter()
                .filter(|s| s.alive)
                .count();
            for s in state.snaffle_slots() {
                let a = state.snaffles[s - FIRST_SNAFFLE].accel;
                state.bodies[s].vel += a * inv_mass(s);
            }
            for b in 0..2 {
                chase(state, FIRST_BLUDGER + b);
            }
            cast_spells(state);
            for p in &mut state.players {
                if p.magic < MAX_MAGIC {
                    p.magic += 1;
                }
            }
            collide::move_all_with(state, contacts);
            for (slot, b) in state.bodies.iter_mut().enumerate() {
                let keep = if slot >= FIRST_BLUDGER {
                    1.0 - 0.1
                } else {
                    1.0 - 0.25
                };
                b.vel = b.vel * keep;
                b.pos = symmetric_round(b.pos);
                b.vel = symmetric_round(b.vel);
            }
            state.round += 1;
            state.no_snaffles_left = alive_before == 0;
            prepare(state);
        }
        #[inline]
        fn symmetric_round(v: Vec2) -> Vec2 {
            let r = |x: f64| {
                let y = x.abs() + 0.5;
                let whole = if y < 2_251_799_813_685_248.0 {
                    crate::java::floor(y)
                } else {
                    (y as i64) as f64
                };
                whole.copysign(x)
            };
            Vec2::new(r(v.x), r(v.y))
        }
        fn forget_ignores(state: &mut State) {
            for s in state.snaffle_slots() {
                let bodies = &state.bodies;
                let me = bodies[s].pos;
                state.snaffles[s - FIRST_SNAFFLE]
                    .ignore
                    .retain(|t| (bodies[FIRST_SNAFFLE + t].pos - me).norm2() <= 300.0 * 300.0);
            }
        }
        fn release(state: &mut State, w: usize) {
            let a = state.wizards[w].accel;
            state.bodies[w].vel += a * inv_mass(w);
            if let Some(s) = state.held(w) {
                let accio = &mut state.wizards[w].effects[Spell::Accio as usize];
                if accio.target == Some(s as u8) {
                    *accio = Effect::default();
                }
                for t in state.snaffle_slots() {
                    if t != s
                        && (state.bodies[s].pos - state.bodies[t].pos).norm2() <= 300.0 * 300.0
                    {
                        state.snaffles[s - FIRST_SNAFFLE]
                            .ignore
                            .push(t - FIRST_SNAFFLE);
                        state.snaffles[t - FIRST_SNAFFLE]
                            .ignore
                            .push(s - FIRST_SNAFFLE);
                    }
                }
                state.snaffles[s - FIRST_SNAFFLE].captured = false;
                state.wizards[w].holding = None;
            }
            let accio = &mut state.wizards[w].effects[Spell::Accio as usize];
            if let Some(t) = accio.target {
                let t = t as usize;
                if (FIRST_SNAFFLE..FIRST_BLUDGER).contains(&t)
                    && !state.snaffles[t - FIRST_SNAFFLE].alive
                {
                    *accio = Effect::default();
                }
            }
            if state.wizards[w].grab_cooldown > 0 {
                state.wizards[w].grab_cooldown -= 1;
            }
        }
        fn chase(state: &mut State, b: usize) {
            let me = state.bodies[b].pos;
            let last = state.bludgers[b - FIRST_BLUDGER].last_victim;
            let oblivious = |team: usize| {
                (team * 2..team * 2 + 2).any(|w| {
                    let e = state.wizards[w].effects[Spell::Obliviate as usize];
                    e.countdown > 0 && e.target == Some(b as u8)
                })
            };
            let mut best: Option<(f64, usize)> = None;
            for w in 0..WIZARDS {
                if last == Some(w as u8) || oblivious(State::team(w)) {
                    continue;
                }
                let d = (state.bodies[w].pos - me).norm2();
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, w));
                }
            }
            if let Some((_, w)) = best {
                let a = (state.bodies[w].pos - me).normalized() * super::BLUDGER_THRUST;
                state.bodies[b].vel += a * inv_mass(b);
            }
        }
        fn cast_spells(state: &mut State) {
            for spell in [Spell::Petrificus, Spell::Accio, Spell::Flipendo] {
                for w in 0..WIZARDS {
                    let e = state.wizards[w].effects[spell as usize];
                    let Some(t) = e.target.filter(|_| e.countdown > 0) else {
                        continue;
                    };
                    let t = t as usize;
                    let caster = state.bodies[w].pos;
                    let target = state.bodies[t].pos;
                    match spell {
                        Spell::Petrificus => state.bodies[t].vel = Vec2::ZERO,
                        Spell::Accio => {
                            let d = caster - target;
                            let d2 = d.norm2();
                            if d2 != 0.0 {
                                let power = (3000.0 * (1_000_000.0 / d2)).min(1000.0);
                                state.bodies[t].vel += d.normalized() * power * inv_mass(t);
                            }
                        }
                        Spell::Flipendo => {
                            if target != caster {
                                let d = target - caster;
                                let power = (6000.0 * (1_000_000.0 / d.norm2())).min(1000.0);
                                state.bodies[t].vel += d.normalized() * power * inv_mass(t);
                            }
                        }
                        Spell::Obliviate => {}
                    }
                }
            }
        }
        fn prepare(state: &mut State) {
            for wizard in &mut state.wizards {
                wizard.accel = Vec2::ZERO;
                for e in &mut wizard.effects {
                    e.countdown = e.countdown.saturating_sub(1);
                }
                for spell in Spell::ALL {
                    let k = spell as usize;
                    if wizard.pending[k] {
                        wizard.effects[k] = Effect {
                            countdown: spell.duration(),
                            target: wizard.spell_target,
                        };
                        wizard.pending[k] = false;
                    }
                }
                for e in &mut wizard.effects {
                    if e.countdown == 0 {
                        e.target = None;
                    }
                }
            }
            for s in &mut state.snaffles {
                s.accel = Vec2::ZERO;
            }
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Outcome {
            pub scores: [i32; 2],
            pub reason: EndReason,
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum EndReason {
            ScoreToWin,
            NoSnafflesLeft,
            Eliminated,
            MaxTurns,
        }
        pub fn outcome(state: &State) -> Option<Outcome> {
            let scores = [state.players[0].score, state.players[1].score];
            let reason = if state.players.iter().any(|p| p.dead) {
                EndReason::Eliminated
            } else if scores.iter().any(|&s| s >= state.score_to_win) {
                EndReason::ScoreToWin
            } else if state.no_snaffles_left {
                EndReason::NoSnafflesLeft
            } else if state.round >= MAX_TURNS {
                EndReason::MaxTurns
            } else {
                return None;
            };
            Some(Outcome { scores, reason })
        }
    }
    use crate::geom::Vec2;
    pub use protocol::parse_action;
    pub use state::{Spell, State};
    use state::{FIRST_BLUDGER, FIRST_SNAFFLE};
    pub use step::{apply_action, outcome, physics, step, Action, ActionError, EndReason, Outcome};
    pub const WIDTH: i32 = 16000;
    pub const HEIGHT: i32 = 7500;
    pub const GOAL_TOP: f64 = 1750.0;
    pub const GOAL_BOTTOM: f64 = 5750.0;
    pub const POSTS: [Vec2; 4] = [
        Vec2::new(0.0, 1750.0),
        Vec2::new(0.0, 5750.0),
        Vec2::new(16000.0, 1750.0),
        Vec2::new(16000.0, 5750.0),
    ];
    pub const POST_RADIUS: f64 = 300.0;
    pub const MAX_THRUST: u32 = 150;
    pub const MAX_THROW: u32 = 500;
    pub const BLUDGER_THRUST: f64 = 1000.0;
    pub const MIN_IMPULSE: f64 = 100.0;
    pub const MAX_MAGIC: i32 = 100;
    pub const MAX_TURNS: u8 = 200;
    pub fn flies_at_goal(pos: Vec2, vel: Vec2, goal: Vec2) -> bool {
        if (goal.x - pos.x) * vel.x <= 0.0 || vel.norm() <= 400.0 {
            return false;
        }
        let y = pos.y + vel.y * (goal.x - pos.x) / vel.x;
        (goal.x - pos.x).abs() < 5000.0 && (GOAL_TOP..=GOAL_BOTTOM).contains(&y)
    }
    #[inline]
    pub fn radius(slot: usize) -> f64 {
        if slot < FIRST_SNAFFLE {
            400.0
        } else if slot < FIRST_BLUDGER {
            150.0
        } else {
            200.0
        }
    }
    #[inline]
    pub fn mass(slot: usize) -> f64 {
        if slot < FIRST_SNAFFLE {
            1.0
        } else if slot < FIRST_BLUDGER {
            0.5
        } else {
            8.0
        }
    }
    #[inline]
    pub fn inv_mass(slot: usize) -> f64 {
        1.0 / mass(slot)
    }
    pub struct Fb;
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct View {
        pub state: State,
        pub team: usize,
    }
    impl crate::bot::Game for Fb {
        type View = View;
        type Orders = [Action; 2];
        const NAME: &'static str = "fb";
    }
}

#[allow(dead_code, unused_imports)]
mod geom {
    use std::ops::{Add, AddAssign, Mul, Neg, Sub};
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Vec2 {
        pub x: f64,
        pub y: f64,
    }
    impl Vec2 {
        pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };
        #[inline]
        pub const fn new(x: f64, y: f64) -> Vec2 {
            Vec2 { x, y }
        }
        #[inline]
        pub fn dot(self, o: Vec2) -> f64 {
            self.x * o.x + self.y * o.y
        }
        #[inline]
        pub fn norm2(self) -> f64 {
            self.dot(self)
        }
        #[inline]
        pub fn norm(self) -> f64 {
            self.norm2().sqrt()
        }
        #[inline]
        pub fn dist(self, o: Vec2) -> f64 {
            (self - o).norm()
        }
        #[inline]
        pub fn normalized(self) -> Vec2 {
            let n = self.norm();
            Vec2::new(self.x / n, self.y / n)
        }
        #[inline]
        pub fn round(self) -> Vec2 {
            Vec2::new(crate::java::round(self.x), crate::java::round(self.y))
        }
        #[inline]
        pub fn trunc(self) -> Vec2 {
            Vec2::new(crate::java::trunc(self.x), crate::java::trunc(self.y))
        }
    }
    impl Add for Vec2 {
        type Output = Vec2;
        #[inline]
        fn add(self, o: Vec2) -> Vec2 {
            Vec2::new(self.x + o.x, self.y + o.y)
        }
    }
    impl AddAssign for Vec2 {
        #[inline]
        fn add_assign(&mut self, o: Vec2) {
            self.x += o.x;
            self.y += o.y;
        }
    }
    impl Sub for Vec2 {
        type Output = Vec2;
        #[inline]
        fn sub(self, o: Vec2) -> Vec2 {
            Vec2::new(self.x - o.x, self.y - o.y)
        }
    }
    impl Mul<f64> for Vec2 {
        type Output = Vec2;
        #[inline]
        fn mul(self, k: f64) -> Vec2 {
            Vec2::new(self.x * k, self.y * k)
        }
    }
    impl Neg for Vec2 {
        type Output = Vec2;
        #[inline]
        fn neg(self) -> Vec2 {
            Vec2::new(-self.x, -self.y)
        }
    }
    pub trait Contacts {
        fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2);
    }
    impl Contacts for () {
        #[inline(always)]
        fn contact(&mut self, _: f64, _: usize, _: Option<usize>, _: Vec2) {}
    }
    pub type ContactLog = Vec<(f64, usize, Option<usize>, Vec2)>;
    impl Contacts for ContactLog {
        fn contact(&mut self, time: f64, a: usize, b: Option<usize>, at: Vec2) {
            self.push((time, a, b, at));
        }
    }
    #[inline]
    pub fn round_to_i32(x: f64) -> i32 {
        let t = x as i64;
        let fraction = x - t as f64;
        let r = if fraction >= 0.5 {
            t.saturating_add(1)
        } else if fraction <= -0.5 {
            t.saturating_sub(1)
        } else {
            t
        };
        r.clamp(i32::MIN.into(), i32::MAX.into()) as i32
    }
    #[allow(clippy::excessive_precision)]
    #[inline]
    pub fn fast_sin_cos(a: f64) -> (f64, f64) {
        const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
        const PIO2_HI: f64 = 1.570_796_326_734_125_614_17;
        const PIO2_LO: f64 = 6.077_100_506_506_192_249_32e-11;
        const S: [f64; 6] = [
            -1.666_666_666_666_663_243_48e-1,
            8.333_333_333_322_489_461_24e-3,
            -1.984_126_982_985_794_931_34e-4,
            2.755_731_370_707_006_767_89e-6,
            -2.505_076_025_340_686_341_95e-8,
            1.589_690_995_211_550_102_21e-10,
        ];
        const C: [f64; 6] = [
            4.166_666_666_666_660_190_37e-2,
            -1.388_888_888_887_410_957_49e-3,
            2.480_158_728_947_672_941_78e-5,
            -2.755_731_435_139_066_330_35e-7,
            2.087_572_321_298_174_827_90e-9,
            -1.135_964_755_778_819_482_65e-11,
        ];
        let big = a * TWO_OVER_PI + crate::java::ROUNDER;
        let kf = big - crate::java::ROUNDER;
        let k = big.to_bits();
        let r = (a - kf * PIO2_HI) - kf * PIO2_LO;
        let z = r * r;
        let sin = r + r * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
        let cos = 1.0 - 0.5 * z
            + z * z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * C[5])))));
        let swap = k & 1 != 0;
        let (s, c) = if swap { (cos, sin) } else { (sin, cos) };
        let negate = |x: f64, yes: bool| f64::from_bits(x.to_bits() ^ (yes as u64) << 63);
        (negate(s, k & 2 != 0), negate(c, (k + 1) & 2 != 0))
    }
    #[inline]
    pub fn small_sin_cos(a: f64) -> (f64, f64) {
        const S: [f64; 6] = [
            -1.0 / 6.0,
            1.0 / 120.0,
            -1.0 / 5040.0,
            1.0 / 362_880.0,
            -1.0 / 39_916_800.0,
            1.0 / 6_227_020_800.0,
        ];
        const C: [f64; 7] = [
            -1.0 / 2.0,
            1.0 / 24.0,
            -1.0 / 720.0,
            1.0 / 40_320.0,
            -1.0 / 3_628_800.0,
            1.0 / 479_001_600.0,
            -1.0 / 87_178_291_200.0,
        ];
        let z = a * a;
        let sin = a + a * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
        let cos = 1.0
            + z * (C[0]
                + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * (C[5] + z * C[6]))))));
        (sin, cos)
    }
    #[inline]
    pub fn sqrt_le(d2: f64, r: f64) -> bool {
        let r2 = r * r;
        if d2 < r2 * (1.0 - 1e-9) {
            true
        } else if d2 > r2 * (1.0 + 1e-9) {
            false
        } else {
            d2.sqrt() <= r
        }
    }
    #[inline]
    pub fn contact_time(d: Vec2, v: Vec2, r: f64, limit: f64) -> Option<f64> {
        let b = d.dot(v);
        if b >= 0.0 {
            return None;
        }
        if d.x.abs() - v.x.abs() * limit > r + 1.0 || d.y.abs() - v.y.abs() * limit > r + 1.0 {
            return None;
        }
        let a = v.norm2();
        let c = d.norm2() - r * r;
        let delta = b * b - a * c;
        if delta <= 0.0 || a == 0.0 {
            return None;
        }
        let t = (-b - delta.sqrt()) / a;
        if t > 0.0 && t <= limit {
            Some(t)
        } else {
            None
        }
    }
}

#[allow(dead_code, unused_imports)]
mod input {
    use std::fmt;
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Line {
        Init(usize),
        Turn(usize),
        Pod(usize),
        Entity(usize),
    }
    impl fmt::Display for Line {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                Line::Init(n) => write!(f, "init line {n}"),
                Line::Turn(n) => write!(f, "line {n}"),
                Line::Pod(n) => write!(f, "pod line {n}"),
                Line::Entity(n) => write!(f, "entity line {n}"),
            }
        }
    }
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum InputError {
        Missing(Line),
        Malformed {
            line: Line,
            expected: &'static str,
            found: String,
        },
        Invalid {
            line: Line,
            why: String,
        },
    }
    impl InputError {
        pub fn malformed(line: Line, expected: &'static str, found: &str) -> InputError {
            InputError::Malformed {
                line,
                expected,
                found: found.to_string(),
            }
        }
        pub fn invalid(line: Line, why: impl fmt::Display) -> InputError {
            InputError::Invalid {
                line,
                why: why.to_string(),
            }
        }
    }
    impl fmt::Display for InputError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                InputError::Missing(line) => write!(f, "{line}: missing"),
                InputError::Malformed {
                    line,
                    expected,
                    found,
                } => write!(f, "{line}: expected {expected}, found '{found}'"),
                InputError::Invalid { line, why } => write!(f, "{line}: {why}"),
            }
        }
    }
    impl std::error::Error for InputError {}
}

#[allow(dead_code, unused_imports)]
mod java {
    #[inline]
    pub fn round(x: f64) -> f64 {
        floor(x + 0.5)
    }
    pub const ROUNDER: f64 = 6_755_399_441_055_744.0;
    #[inline]
    pub fn floor(y: f64) -> f64 {
        const LIMIT: f64 = 2_251_799_813_685_248.0;
        if y.abs() < LIMIT {
            let r = (y + ROUNDER) - ROUNDER;
            r - if r > y { 1.0 } else { 0.0 }
        } else {
            y.floor()
        }
    }
    #[inline]
    pub fn round_to_int(x: f64) -> i32 {
        let y = x + 0.5;
        let t = y as i64;
        (if (t as f64) > y { t - 1 } else { t }) as i32
    }
    #[inline]
    pub fn trunc(x: f64) -> f64 {
        (x as i32) as f64
    }
    #[derive(Clone, Debug)]
    pub struct Random {
        seed: u64,
    }
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const ADDEND: u64 = 0xB;
    const MASK: u64 = (1 << 48) - 1;
    impl Random {
        pub fn new(seed: i64) -> Random {
            Random {
                seed: (seed as u64 ^ MULTIPLIER) & MASK,
            }
        }
        fn next(&mut self, bits: u32) -> i32 {
            self.seed = (self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
            (self.seed >> (48 - bits)) as i32
        }
        pub fn next_int(&mut self, bound: i32) -> i32 {
            assert!(
                bound > 0,
                "Random::next_int: bound must be positive, got {bound}"
            );
            let mut r = self.next(31);
            let m = bound - 1;
            if bound & m == 0 {
                return ((bound as i64 * r as i64) >> 31) as i32;
            }
            let mut u = r;
            loop {
                r = u % bound;
                if u.wrapping_sub(r).wrapping_add(m) >= 0 {
                    return r;
                }
                u = self.next(31);
            }
        }
        pub fn next_int_any(&mut self) -> i32 {
            self.next(32)
        }
        pub fn next_long(&mut self) -> i64 {
            ((self.next(32) as i64) << 32).wrapping_add(self.next(32) as i64)
        }
        pub fn next_double(&mut self) -> f64 {
            let hi = (self.next(26) as i64) << 27;
            let lo = self.next(27) as i64;
            (hi + lo) as f64 * (1.0 / (1u64 << 53) as f64)
        }
    }
    #[allow(clippy::excessive_precision, clippy::approx_constant)]
    pub fn atan2(y: f64, x: f64) -> f64 {
        const TINY: f64 = 1.0e-300;
        const PI_O_4: f64 = 7.853_981_633_974_482_790_0e-1;
        const PI_O_2: f64 = 1.570_796_326_794_896_558_0e0;
        const PI: f64 = 3.141_592_653_589_793_116_0e0;
        const PI_LO: f64 = 1.224_646_799_147_353_177_2e-16;
        if x.is_nan() || y.is_nan() {
            return x + y;
        }
        if x == 1.0 {
            return atan(y);
        }
        let m = (y.is_sign_negative() as u32) | ((x.is_sign_negative() as u32) << 1);
        if y == 0.0 {
            return match m {
                0 | 1 => y,
                2 => PI + TINY,
                _ => -PI - TINY,
            };
        }
        if x == 0.0 {
            return if y < 0.0 {
                -PI_O_2 - TINY
            } else {
                PI_O_2 + TINY
            };
        }
        if x.is_infinite() {
            return if y.is_infinite() {
                match m {
                    0 => PI_O_4 + TINY,
                    1 => -PI_O_4 - TINY,
                    2 => 3.0 * PI_O_4 + TINY,
                    _ => -3.0 * PI_O_4 - TINY,
                }
            } else {
                match m {
                    0 => 0.0,
                    1 => -0.0,
                    2 => PI + TINY,
                    _ => -PI - TINY,
                }
            };
        }
        if y.is_infinite() {
            return if y < 0.0 {
                -PI_O_2 - TINY
            } else {
                PI_O_2 + TINY
            };
        }
        let k = (high_word(y) & 0x7fff_ffff) as i32 - (high_word(x) & 0x7fff_ffff) as i32;
        let k = k >> 20;
        let z = if k > 60 {
            PI_O_2 + 0.5 * PI_LO
        } else if x < 0.0 && k < -60 {
            0.0
        } else {
            atan((y / x).abs())
        };
        match m {
            0 => z,
            1 => -z,
            2 => PI - (z - PI_LO),
            _ => (z - PI_LO) - PI,
        }
    }
    #[inline]
    fn high_word(x: f64) -> u32 {
        (x.to_bits() >> 32) as u32
    }
    #[allow(clippy::excessive_precision, clippy::approx_constant)]
    fn atan(x: f64) -> f64 {
        const ATAN_HI: [f64; 4] = [
            4.636_476_090_008_060_935_15e-1,
            7.853_981_633_974_482_789_99e-1,
            9.827_937_232_473_290_540_82e-1,
            1.570_796_326_794_896_558_00e0,
        ];
        const ATAN_LO: [f64; 4] = [
            2.269_877_745_296_168_709_24e-17,
            3.061_616_997_868_383_017_93e-17,
            1.390_331_103_123_099_845_16e-17,
            6.123_233_995_736_766_035_87e-17,
        ];
        const AT: [f64; 11] = [
            3.333_333_333_333_293_180_27e-1,
            -1.999_999_999_987_648_324_76e-1,
            1.428_571_427_250_346_637_11e-1,
            -1.111_111_040_546_235_578_80e-1,
            9.090_887_133_436_506_561_96e-2,
            -7.691_876_205_044_829_994_95e-2,
            6.661_073_137_387_531_206_69e-2,
            -5.833_570_133_790_573_486_45e-2,
            4.976_877_994_615_932_360_17e-2,
            -3.653_157_274_421_691_552_70e-2,
            1.628_582_011_536_578_236_23e-2,
        ];
        let hx = high_word(x) as i32;
        let ix = hx & 0x7fff_ffff;
        if ix >= 0x4410_0000 {
            if x.is_nan() {
                return x + x;
            }
            return if hx > 0 {
                ATAN_HI[3] + ATAN_LO[3]
            } else {
                -ATAN_HI[3] - ATAN_LO[3]
            };
        }
        let (id, x) = if ix < 0x3fdc_0000 {
            if ix < 0x3e20_0000 {
                return x;
            }
            (None, x)
        } else {
            let a = x.abs();
            if ix < 0x3ff3_0000 {
                if ix < 0x3fe6_0000 {
                    (Some(0), (2.0 * a - 1.0) / (2.0 + a))
                } else {
                    (Some(1), (a - 1.0) / (a + 1.0))
                }
            } else if ix < 0x4003_8000 {
                (Some(2), (a - 1.5) / (1.0 + 1.5 * a))
            } else {
                (Some(3), -1.0 / a)
            }
        };
        let z = x * x;
        let w = z * z;
        let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
        let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
        match id {
            None => x - x * (s1 + s2),
            Some(id) => {
                let z = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
                if hx < 0 {
                    -z
                } else {
                    z
                }
            }
        }
    }
}

#[allow(dead_code, unused_imports)]
mod params {
    use std::fmt;
    #[derive(Clone, Debug, PartialEq)]
    pub enum ParamError {
        Malformed { line: usize, text: String },
        NotANumber { line: usize, value: String },
        Unknown { bot: &'static str, name: String },
        Invalid { name: String, why: String },
    }
    impl fmt::Display for ParamError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                ParamError::Malformed { line, text } => {
                    write!(f, "line {line}: expected 'name = number', found '{text}'")
                }
                ParamError::NotANumber { line, value } => {
                    write!(f, "line {line}: '{value}' is not a number")
                }
                ParamError::Unknown { bot, name } => write!(f, "{bot} has no parameter '{name}'"),
                ParamError::Invalid { name, why } => write!(f, "{name} {why}"),
            }
        }
    }
    impl std::error::Error for ParamError {}
    pub fn parse(text: &str) -> Result<Vec<(String, f64)>, ParamError> {
        let mut out = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let malformed = || ParamError::Malformed {
                line: k + 1,
                text: raw.to_string(),
            };
            let (name, value) = line.split_once('=').ok_or_else(malformed)?;
            let name = name.trim().trim_matches('"');
            let value: f64 = value.trim().parse().map_err(|_| ParamError::NotANumber {
                line: k + 1,
                value: value.trim().to_string(),
            })?;
            if name.is_empty() || !value.is_finite() {
                return Err(malformed());
            }
            out.push((name.to_string(), value));
        }
        Ok(out)
    }
    pub fn format(params: &[(String, f64)]) -> String {
        params.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
    }
    pub trait Named {
        fn values(&self) -> Vec<(&'static str, f64)>;
        fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError>;
        fn set_all(&mut self, params: &[(&str, f64)]) -> Result<(), ParamError> {
            params.iter().try_for_each(|(n, v)| self.set(n, *v))
        }
        fn apply(&mut self, text: &str) -> Result<(), ParamError> {
            parse(text)?.iter().try_for_each(|(n, v)| self.set(n, *v))
        }
    }
    pub fn count(name: &str, value: f64, min: usize) -> Result<usize, ParamError> {
        if value.fract() != 0.0 || value < min as f64 {
            return Err(ParamError::Invalid {
                name: name.to_string(),
                why: format!("must be a whole number of at least {min}, got {value}"),
            });
        }
        Ok(value as usize)
    }
}

#[allow(dead_code, unused_imports)]
mod search {
    pub mod rng {
        #[derive(Clone, Debug)]
        pub struct Rng {
            s: [u64; 4],
        }
        impl Rng {
            pub fn new(seed: u64) -> Rng {
                let mut x = seed;
                let mut split = || {
                    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    let mut z = x;
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    z ^ (z >> 31)
                };
                Rng {
                    s: [split(), split(), split(), split()],
                }
            }
            #[inline]
            pub fn next_u64(&mut self) -> u64 {
                let s = &mut self.s;
                let out = (s[0].wrapping_add(s[3])).rotate_left(23).wrapping_add(s[0]);
                let t = s[1] << 17;
                s[2] ^= s[0];
                s[3] ^= s[1];
                s[1] ^= s[2];
                s[0] ^= s[3];
                s[2] ^= t;
                s[3] = s[3].rotate_left(45);
                out
            }
            #[inline]
            pub fn unit(&mut self) -> f64 {
                (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
            }
            #[inline]
            pub fn below(&mut self, n: usize) -> usize {
                (((self.next_u64() >> 32) * n as u64) >> 32) as usize
            }
        }
    }
    use crate::params::ParamError;
    pub use rng::Rng;
    use std::time::Instant;
    pub trait Problem {
        type Genome: Copy;
        fn random(&self, rng: &mut Rng) -> Self::Genome;
        fn mutate(&self, genome: &mut Self::Genome, rate: f64, rng: &mut Rng);
        fn crossover(&self, a: &Self::Genome, b: &Self::Genome, rng: &mut Rng) -> Self::Genome;
        fn shift(&self, genome: &Self::Genome, rng: &mut Rng) -> Self::Genome;
        fn evaluate(&mut self, genome: &Self::Genome) -> f64;
        fn seed(&self) -> Option<Self::Genome> {
            None
        }
        fn probe(&self, _best: &Self::Genome, _k: usize) -> Option<Self::Genome> {
            None
        }
    }
    pub fn shift_keep<T: Copy, const H: usize>(plan: &[T; H]) -> [T; H] {
        std::array::from_fn(|t| plan[(t + 1).min(H - 1)])
    }
    pub fn crossover_units<T: Copy, const U: usize, const H: usize>(
        a: &[[T; U]; H],
        b: &[[T; U]; H],
        rng: &mut Rng,
    ) -> [[T; U]; H] {
        let pick: [bool; U] = std::array::from_fn(|_| rng.unit() < 0.5);
        std::array::from_fn(|t| std::array::from_fn(|k| if pick[k] { a[t][k] } else { b[t][k] }))
    }
    pub fn shift_units<T: Copy, const U: usize, const H: usize>(
        plan: &[[T; U]; H],
        mut fresh: impl FnMut() -> T,
    ) -> [[T; U]; H] {
        std::array::from_fn(|t| {
            if t + 1 < H {
                plan[t + 1]
            } else {
                std::array::from_fn(|_| fresh())
            }
        })
    }
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Budget {
        Rollouts(u64),
        Generations(u64),
        Until(Instant),
    }
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Think {
        Rollouts(u64),
        Millis { first: u64, later: u64 },
    }
    impl Think {
        pub fn phases<const N: usize>(
            self,
            first: bool,
            started: Instant,
            shares: [f64; N],
        ) -> [Budget; N] {
            let mut before = 0.0;
            let mut given = 0;
            std::array::from_fn(|k| {
                let last = k + 1 == N;
                match self {
                    Think::Rollouts(n) => {
                        let r = if last {
                            n - given
                        } else {
                            (n as f64 * shares[k]) as u64
                        };
                        given += r;
                        Budget::Rollouts(r)
                    }
                    Think::Millis { first: f, later } => {
                        let ms = if first { f } else { later };
                        before += shares[k];
                        Budget::Until(if last {
                            started + std::time::Duration::from_millis(ms)
                        } else {
                            started
                                + std::time::Duration::from_secs_f64(ms as f64 * before / 1000.0)
                        })
                    }
                }
            })
        }
        pub fn describe(self) -> String {
            match self {
                Think::Rollouts(n) => format!("rollouts={n}"),
                Think::Millis { later, .. } => format!("ms={later}"),
            }
        }
    }
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Settings {
        pub population: usize,
        pub elites: usize,
        pub tournament: usize,
        pub mutation_start: f64,
        pub mutation_end: f64,
        pub immigrants: usize,
    }
    impl Default for Settings {
        fn default() -> Settings {
            Settings {
                population: 24,
                elites: 2,
                tournament: 3,
                mutation_start: 0.35,
                mutation_end: 0.05,
                immigrants: 0,
            }
        }
    }
    impl Settings {
        pub fn values(&self) -> [(&'static str, f64); 6] {
            [
                ("search.population", self.population as f64),
                ("search.elites", self.elites as f64),
                ("search.tournament", self.tournament as f64),
                ("search.mutation_start", self.mutation_start),
                ("search.mutation_end", self.mutation_end),
                ("search.immigrants", self.immigrants as f64),
            ]
        }
        pub fn set(&mut self, name: &str, value: f64) -> Result<bool, ParamError> {
            use crate::params::count;
            match name {
                "search.population" => self.population = count(name, value, 4)?,
                "search.elites" => self.elites = count(name, value, 0)?,
                "search.tournament" => self.tournament = count(name, value, 1)?,
                "search.mutation_start" => self.mutation_start = value,
                "search.mutation_end" => self.mutation_end = value,
                "search.immigrants" => self.immigrants = count(name, value, 0)?,
                _ => return Ok(false),
            }
            for (what, n) in [("immigrants", self.immigrants), ("elites", self.elites)] {
                if n >= self.population {
                    return Err(ParamError::Invalid {
                        name: format!("search.{what}"),
                        why: format!(
                            "({n}) must be below search.population ({})",
                            self.population
                        ),
                    });
                }
            }
            Ok(true)
        }
    }
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct Stats {
        pub rollouts: u64,
        pub generations: u64,
        pub best_score: f64,
    }
    pub struct Ga<G: Copy> {
        pub settings: Settings,
        genomes: Vec<G>,
        scores: Vec<f64>,
        order: Vec<usize>,
        next: Vec<G>,
        next_scores: Vec<f64>,
    }
    impl<G: Copy> Ga<G> {
        pub fn new(settings: Settings) -> Ga<G> {
            assert!(settings.population >= 2 && settings.elites < settings.population);
            let n = settings.population;
            Ga {
                settings,
                genomes: Vec::with_capacity(n),
                scores: Vec::with_capacity(n),
                order: Vec::with_capacity(n),
                next: Vec::with_capacity(n),
                next_scores: Vec::with_capacity(n),
            }
        }
        pub fn best(&self) -> Option<&G> {
            self.order.first().map(|&i| &self.genomes[i])
        }
        pub fn reset(&mut self) {
            self.genomes.clear();
            self.scores.clear();
            self.order.clear();
        }
        pub fn search<P: Problem<Genome = G>>(
            &mut self,
            problem: &mut P,
            budget: Budget,
            rng: &mut Rng,
        ) -> (G, Stats) {
            self.start(problem, rng);
            self.evolve(problem, budget, rng)
        }
        fn start<P: Problem<Genome = G>>(&mut self, problem: &mut P, rng: &mut Rng) {
            let n = self.settings.population;
            if self.genomes.len() == n {
                for g in &mut self.genomes {
                    *g = problem.shift(g, rng);
                }
                let mut worst = self.order.iter().rev();
                if let Some(seed) = problem.seed() {
                    if let Some(&i) = worst.next() {
                        self.genomes[i] = seed;
                    }
                }
                for &i in worst.take(self.settings.immigrants) {
                    self.genomes[i] = problem.random(rng);
                }
            } else {
                self.genomes.clear();
                for _ in 0..n {
                    self.genomes.push(problem.random(rng));
                }
            }
        }
        fn evolve<P: Problem<Genome = G>>(
            &mut self,
            problem: &mut P,
            budget: Budget,
            rng: &mut Rng,
        ) -> (G, Stats) {
            let n = self.settings.population;
            let mut stats = Stats::default();
            let started = Instant::now();
            self.scores.clear();
            for g in &self.genomes {
                self.scores.push(problem.evaluate(g));
            }
            stats.rollouts += n as u64;
            self.rank();
            self.probe(problem, &mut stats);
            loop {
                let progress = match budget {
                    Budget::Rollouts(r) if stats.rollouts >= r => break,
                    Budget::Rollouts(r) => stats.rollouts as f64 / r as f64,
                    Budget::Generations(g) if stats.generations >= g => break,
                    Budget::Generations(g) => stats.generations as f64 / g as f64,
                    Budget::Until(deadline) => {
                        let now = Instant::now();
                        if now >= deadline {
                            break;
                        }
                        let whole = deadline.duration_since(started).as_secs_f64();
                        now.duration_since(started).as_secs_f64() / whole
                    }
                };
                let s = &self.settings;
                let rate =
                    s.mutation_start + (s.mutation_end - s.mutation_start) * progress.min(1.0);
                self.generation(problem, rate, rng, &mut stats);
            }
            let best = self.order[0];
            stats.best_score = self.scores[best];
            (self.genomes[best], stats)
        }
        fn probe<P: Problem<Genome = G>>(&mut self, problem: &mut P, stats: &mut Stats) {
            let best = self.genomes[self.order[0]];
            let mut k = 0;
            while let Some(variant) = problem.probe(&best, k) {
                k += 1;
                let score = problem.evaluate(&variant);
                let worst = *self.order.last().expect("a population");
                if score > self.scores[worst] {
                    self.genomes[worst] = variant;
                    self.scores[worst] = score;
                    self.rank();
                }
            }
            stats.rollouts += k as u64;
        }
        fn generation<P: Problem<Genome = G>>(
            &mut self,
            problem: &mut P,
            rate: f64,
            rng: &mut Rng,
            stats: &mut Stats,
        ) {
            let n = self.settings.population;
            self.next.clear();
            self.next_scores.clear();
            for &i in &self.order[..self.settings.elites] {
                self.next.push(self.genomes[i]);
                self.next_scores.push(self.scores[i]);
            }
            while self.next.len() < n {
                let a = self.order[self.tournament(rng)];
                let b = self.order[self.tournament(rng)];
                let mut child = problem.crossover(&self.genomes[a], &self.genomes[b], rng);
                problem.mutate(&mut child, rate, rng);
                self.next_scores.push(problem.evaluate(&child));
                self.next.push(child);
            }
            stats.rollouts += (n - self.settings.elites) as u64;
            stats.generations += 1;
            std::mem::swap(&mut self.genomes, &mut self.next);
            std::mem::swap(&mut self.scores, &mut self.next_scores);
            self.rank();
        }
        fn rank(&mut self) {
            self.order.clear();
            self.order.extend(0..self.genomes.len());
            let scores = &self.scores;
            for i in 1..self.order.len() {
                let mut k = i;
                while k > 0 && scores[self.order[k - 1]] < scores[self.order[k]] {
                    self.order.swap(k - 1, k);
                    k -= 1;
                }
            }
        }
        fn tournament(&self, rng: &mut Rng) -> usize {
            let n = self.genomes.len();
            (0..self.settings.tournament)
                .map(|_| rng.below(n))
                .min()
                .unwrap_or(0)
        }
    }
    pub struct Duel<G: Copy> {
        mine: Ga<G>,
        theirs: Ga<G>,
        rng: Rng,
    }
    impl<G: Copy> Duel<G> {
        pub fn new(settings: Settings, seed: u64) -> Duel<G> {
            Duel {
                mine: Ga::new(settings),
                theirs: Ga::new(settings),
                rng: Rng::new(seed),
            }
        }
        pub fn reset(&mut self) {
            self.mine.reset();
            self.theirs.reset();
        }
        pub fn ours_before(&self) -> Option<&G> {
            self.mine.best()
        }
        pub fn search_replied<P, Q, const N: usize>(
            &mut self,
            budgets: [Budget; N],
            model: &G,
            mut theirs: impl FnMut(&G) -> P,
            mut ours: impl FnMut(&G, Option<&G>) -> Q,
        ) -> (G, Stats)
        where
            P: Problem<Genome = G>,
            Q: Problem<Genome = G>,
        {
            assert!(N >= 2 && N.is_multiple_of(2), "two budgets a round");
            let rng = &mut self.rng;
            let mut problem = theirs(model);
            self.theirs.start(&mut problem, rng);
            let (first, s0) = self.theirs.evolve(&mut problem, budgets[0], rng);
            let mut problem = ours(&first, None);
            self.mine.start(&mut problem, rng);
            let (mut plan, mut stats) = self.mine.evolve(&mut problem, budgets[1], rng);
            stats = stats.and(&s0);
            for round in budgets[2..].chunks(2) {
                let (reply, s) = self.theirs.evolve(&mut theirs(&plan), round[0], rng);
                let (better, s2) = self
                    .mine
                    .evolve(&mut ours(&first, Some(&reply)), round[1], rng);
                plan = better;
                stats = s2.and(&stats).and(&s);
            }
            (plan, stats)
        }
    }
    impl Stats {
        fn and(self, other: &Stats) -> Stats {
            Stats {
                rollouts: self.rollouts + other.rollouts,
                generations: self.generations + other.generations,
                best_score: self.best_score,
            }
        }
    }
}

#[allow(dead_code, unused_imports)]
mod text {
    #[inline]
    pub fn is_space(b: u8) -> bool {
        matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
    }
    #[inline]
    pub fn is_terminator(c: char) -> bool {
        matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
    }
    pub fn digits(b: &[u8], i: usize, max: usize) -> Option<(u32, usize)> {
        let len = b[i.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if !(1..=max).contains(&len) {
            return None;
        }
        let v = b[i..i + len]
            .iter()
            .fold(0u32, |v, &c| v * 10 + (c - b'0') as u32);
        Some((v, i + len))
    }
    pub fn signed(b: &[u8], mut i: usize, max: usize) -> Option<(i32, usize)> {
        let neg = b.get(i) == Some(&b'-');
        if neg {
            i += 1;
        }
        let (v, end) = digits(b, i, max)?;
        let v = v as i32;
        Some((if neg { -v } else { v }, end))
    }
    pub fn spaces(b: &[u8], i: usize) -> Option<usize> {
        let len = b[i.min(b.len())..]
            .iter()
            .take_while(|&&c| is_space(c))
            .count();
        (len > 0).then_some(i + len)
    }
    pub fn message(s: &str) -> Option<&str> {
        let b = s.as_bytes();
        let blanks = b.iter().take_while(|&&c| is_space(c)).count();
        if blanks == 0 {
            return None;
        }
        let after_terminator = s
            .char_indices()
            .rfind(|&(_, c)| is_terminator(c))
            .map_or(0, |(k, c)| k + c.len_utf8());
        let start = blanks.min(s.len() - 1);
        (start >= 1 && start >= after_terminator && start < s.len()).then(|| &s[start..])
    }
    #[allow(clippy::result_unit_err)]
    pub fn optional_message(rest: &str) -> Result<Option<&str>, ()> {
        if rest.is_empty() {
            Ok(None)
        } else {
            message(rest).map(Some).ok_or(())
        }
    }
}

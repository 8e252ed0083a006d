//! The contest's text protocol: the lines a player reads (the init lines, then four pod lines a
//! turn) and the order lines it prints, parsed exactly as the referee's regular expression
//! accepts them. Parsing never panics and never allocates.

use super::state::{Pod, State, Track, PODS};
use super::step::{self, Command, Thrust, MAX_THRUST};
use crate::geom::{round_to_i32, Vec2};
use crate::input::{InputError, Line};
use crate::text::{digits, message, signed, spaces};
use std::fmt::{self, Write};

/// One order line, parsed: `X Y [THRUST|SHIELD|BOOST] [message]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order<'a> {
    /// The target point's x.
    pub x: i32,
    /// The target point's y.
    pub y: i32,
    /// A thrust, BOOST or SHIELD.
    pub thrust: Thrust,
    /// Whatever followed the thrust, as the referee captures it.
    pub message: Option<&'a str>,
}

impl Order<'_> {
    /// The order of a pod planned to turn by `delta` radians (as [`step::turned`] clamps it)
    /// with `thrust`: aimed at the point 10,000 along that heading, which turns the pod there
    /// (to within the rounding of the point). How the search bots print their plans.
    pub fn turning(track: &Track, pod: &Pod, delta: f64, thrust: Thrust) -> Order<'static> {
        let heading = step::turned(track, pod, delta);
        Order {
            x: round_to_i32(pod.pos.x + heading.cos() * 10_000.0),
            y: round_to_i32(pod.pos.y + heading.sin() * 10_000.0),
            thrust,
            message: None,
        }
    }

    /// The command the engine plays.
    pub fn command(&self) -> Command {
        Command::toward(self.x, self.y, self.thrust)
    }
}

/// Why the referee rejects an order line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// The line does not match `X Y [POWER] [MESSAGE]`.
    Syntax,
    /// A numeric thrust above 200.
    Power(u32),
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::Syntax => write!(f, "expected 'x y power'"),
            OrderError::Power(p) => {
                write!(f, "expected '0 <= power <= 200' but found 'power = {p}'")
            }
        }
    }
}

/// Parses an order line exactly as the referee's pattern
/// `(-?[0-9]{1,9})\s+(-?[0-9]{1,9})\s+(power)?(?:\s+(.+))?` with power
/// `[0-9]{1,9}|SHIELD|BOOST` matches it, backtracking included: a missing power means 200,
/// `"x y 100 "` (one space after the power and nothing else) is invalid, `"x y  msg"` is valid.
pub fn parse_order(line: &str) -> Result<Order<'_>, OrderError> {
    let b = line.as_bytes();
    let (x, i) = signed(b, 0, 9).ok_or(OrderError::Syntax)?;
    let i = spaces(b, i).ok_or(OrderError::Syntax)?;
    let (y, i) = signed(b, i, 9).ok_or(OrderError::Syntax)?;
    let ws_end = spaces(b, i).ok_or(OrderError::Syntax)?;
    // First the regex lets `\s+` take every blank, then tries a power and a message after it.
    let rest = &line[ws_end..];
    let with_power = if rest.is_empty() {
        Some((None, None))
    } else {
        power_token(rest).and_then(|(power, len)| {
            let after = &rest[len..];
            if after.is_empty() {
                Some((Some(power), None))
            } else {
                message(after).map(|m| (Some(power), Some(m)))
            }
        })
    };
    let (power, msg) = match with_power {
        Some(found) => found,
        // Backtracking: `\s+` gives one blank back, the power is skipped, and the message
        // group takes that blank and everything after it.
        None if ws_end - i >= 2 => (
            None,
            Some(message(&line[ws_end - 1..]).ok_or(OrderError::Syntax)?),
        ),
        None => return Err(OrderError::Syntax),
    };
    let thrust = match power {
        None => Thrust::Power(MAX_THRUST),
        Some(Power::Shield) => Thrust::Shield,
        Some(Power::Boost) => Thrust::Boost,
        Some(Power::Number(p)) if p <= MAX_THRUST as u32 => Thrust::Power(p as u16),
        Some(Power::Number(p)) => return Err(OrderError::Power(p)),
    };
    Ok(Order {
        x,
        y,
        thrust,
        message: msg,
    })
}

enum Power {
    Number(u32),
    Shield,
    Boost,
}

/// The power alternative at the start of `s`, and its length. Only the longest digit run can
/// lead to a match: a shorter one leaves a digit where a blank or the end must follow.
fn power_token(s: &str) -> Option<(Power, usize)> {
    let b = s.as_bytes();
    if let Some((v, end)) = digits(b, 0, 9) {
        return Some((Power::Number(v), end));
    }
    if s.starts_with("SHIELD") {
        Some((Power::Shield, 6))
    } else if s.starts_with("BOOST") {
        Some((Power::Boost, 5))
    } else {
        None
    }
}

/// The angle a player sees: -1 before the first rotation, else the facing in whole degrees,
/// normalised to 0..=360 (360 does occur).
pub fn display_angle(angle: Option<f64>) -> i32 {
    const TAU: f64 = 2.0 * std::f64::consts::PI;
    match angle {
        None => -1,
        Some(a) => {
            crate::java::round_to_int(((a % TAU) + TAU) % TAU * 180.0 / std::f64::consts::PI)
        }
    }
}

/// The initialization lines: laps, checkpoint count, one `x y` line per checkpoint.
pub fn write_init(track: &Track, out: &mut impl Write) -> fmt::Result {
    writeln!(out, "{}", track.laps)?;
    writeln!(out, "{}", track.len())?;
    for cp in track.checkpoints() {
        writeln!(out, "{} {}", cp.x as i32, cp.y as i32)?;
    }
    Ok(())
}

/// The order in which `player` sees the pods: its own two first.
pub fn pod_order(player: usize) -> [usize; PODS] {
    if player == 0 {
        [0, 1, 2, 3]
    } else {
        [2, 3, 0, 1]
    }
}

/// A turn's four pod lines for `player`: `x y vx vy angle nextCheckPointId`.
pub fn write_turn(state: &State, player: usize, out: &mut impl Write) -> fmt::Result {
    for i in pod_order(player) {
        let p = &state.pods[i];
        let next = if state.dead[State::owner(i)] {
            -1
        } else {
            p.next_checkpoint() as i32
        };
        writeln!(
            out,
            "{} {} {} {} {} {}",
            crate::java::round_to_int(p.pos.x),
            crate::java::round_to_int(p.pos.y),
            crate::java::round_to_int(p.vel.x),
            crate::java::round_to_int(p.vel.y),
            display_angle(p.angle),
            next
        )?;
    }
    Ok(())
}

/// How many more lines a player's input for a turn has, given the lines read so far (at
/// least one). The first turn: laps, the checkpoint count, the checkpoints, then the 4 pod
/// lines; later turns: the 4 pod lines. An unreadable count counts as 0 (the turn's parse
/// then says what is wrong).
pub fn lines_missing(first: bool, lines: &[String]) -> usize {
    let whole = if !first {
        PODS
    } else if lines.len() < 2 {
        2
    } else {
        2 + lines[1].trim().parse::<usize>().unwrap_or(0) + PODS
    };
    whole.saturating_sub(lines.len())
}

/// Parses the initialization lines (laps, checkpoint count, checkpoints). Returns the track and
/// the number of lines used.
pub fn parse_init(lines: &[String]) -> Result<(Track, usize), InputError> {
    let line = |k: usize| lines.get(k).ok_or(InputError::Missing(Line::Init(k + 1)));
    let int = |k: usize| -> Result<i32, InputError> {
        let text = line(k)?;
        text.trim()
            .parse()
            .map_err(|_| InputError::malformed(Line::Init(k + 1), "an integer", text))
    };
    let laps = int(0)?;
    let n = int(1)?;
    if !(2..=super::state::MAX_CHECKPOINTS as i32).contains(&n) || !(1..=255).contains(&laps) {
        return Err(InputError::invalid(
            Line::Init(2),
            format!("{laps} laps over {n} checkpoints is not a race"),
        ));
    }
    let mut cps = [(0, 0); super::state::MAX_CHECKPOINTS];
    for (k, cp) in cps.iter_mut().enumerate().take(n as usize) {
        let text = line(2 + k)?;
        let v = ints::<2>(text).ok_or(InputError::malformed(Line::Init(3 + k), "'x y'", text))?;
        *cp = (v[0], v[1]);
    }
    let track = Track::new(&cps[..n as usize], laps as u8)
        .map_err(|e| InputError::invalid(Line::Init(2), e))?;
    Ok((track, 2 + n as usize))
}

/// Parses a line of exactly `N` integers.
fn ints<const N: usize>(line: &str) -> Option<[i32; N]> {
    let mut out = [0; N];
    let mut it = line.split_whitespace();
    for v in &mut out {
        *v = it.next()?.parse().ok()?;
    }
    it.next().is_none().then_some(out)
}

/// What a bot reads in a turn, decoded into the referee's pod order: the four pod lines (own
/// pods first) placed as player `seat` sees them. What the lines do not say is carried over
/// from `prev` (the bot's state after its last turn): passes are counted from changes of the
/// next checkpoint, and boosts and shields are the bot's own bookkeeping. On the first turn
/// pass `first`; the seat is then found from the starting grid (player 0's pods start nearer
/// checkpoint 0).
pub fn parse_turn(
    lines: &[String],
    track: &Track,
    first: bool,
    prev: &State,
    seat: Option<usize>,
) -> Result<(State, usize), InputError> {
    if lines.len() < PODS {
        return Err(InputError::Missing(Line::Pod(lines.len() + 1)));
    }
    let mut seen = [[0i32; 6]; PODS];
    for (k, line) in lines.iter().take(PODS).enumerate() {
        seen[k] = ints::<6>(line).ok_or(InputError::malformed(
            Line::Pod(k + 1),
            "'x y vx vy angle next'",
            line,
        ))?;
    }
    let seat = match seat {
        Some(s) => s,
        None => {
            let cp0 = track.checkpoint(0);
            let d = |k: usize| Vec2::new(seen[k][0] as f64, seen[k][1] as f64).dist(cp0);
            usize::from(d(0) > d(2))
        }
    };
    let mut state = if first {
        State::new([Vec2::ZERO; PODS])
    } else {
        let mut s = *prev;
        s.round += 1;
        s
    };
    for (k, v) in seen.iter().enumerate() {
        let i = if k < 2 {
            seat * 2 + k
        } else {
            (1 - seat) * 2 + k - 2
        };
        let before = if first {
            Pod::at(Vec2::ZERO)
        } else {
            prev.pods[i]
        };
        let pod = &mut state.pods[i];
        pod.pos = Vec2::new(v[0] as f64, v[1] as f64);
        pod.vel = Vec2::new(v[2] as f64, v[3] as f64);
        // Keep an exactly tracked facing while it agrees with the one shown.
        pod.angle = match (v[4], before.angle) {
            (-1, _) => None,
            (deg, Some(a)) if !first && display_angle(Some(a)) == deg => Some(a),
            (deg, _) => Some((deg as f64).to_radians()),
        };
        let n = track.len() as i32;
        if v[5] < 0 {
            state.dead[State::owner(i)] = true;
        } else if v[5] >= n {
            return Err(InputError::invalid(
                Line::Pod(k + 1),
                format!("next checkpoint {} of {n}", v[5]),
            ));
        } else {
            let moved = (v[5] - before.next_checkpoint() as i32).rem_euclid(n) as u16;
            if !first && moved > 0 {
                pod.passed = before.passed + moved;
                pod.last_pass = state.round;
            }
            pod.next = v[5] as u8;
        }
    }
    Ok((state, seat))
}

/// An order as a line a bot would print: `x y power`, `x y BOOST` or `x y SHIELD`.
pub fn format_order(x: i32, y: i32, thrust: Thrust) -> String {
    match thrust {
        Thrust::Power(p) => format!("{x} {y} {p}"),
        Thrust::Boost => format!("{x} {y} BOOST"),
        Thrust::Shield => format!("{x} {y} SHIELD"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> (Thrust, Option<&str>) {
        let o = parse_order(line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        (o.thrust, o.message)
    }

    /// The table of spec section 3, checked with Java on the live pattern.
    #[test]
    fn spec_table() {
        assert_eq!(ok("100 200 100"), (Thrust::Power(100), None));
        assert_eq!(
            ok("100 200 100 hi there"),
            (Thrust::Power(100), Some("hi there"))
        );
        assert_eq!(ok("100 200 BOOST").0, Thrust::Boost);
        assert_eq!(ok("100 200 SHIELD").0, Thrust::Shield);
        let o = parse_order("-5 -7 0").unwrap();
        assert_eq!((o.x, o.y, o.thrust), (-5, -7, Thrust::Power(0)));
        assert_eq!(ok("100 200 0100").0, Thrust::Power(100));
        assert_eq!(ok("100 200 "), (Thrust::Power(200), None));
        assert_eq!(ok("100 200  hello"), (Thrust::Power(200), Some("hello")));
        assert_eq!(ok("100\t200\t50").0, Thrust::Power(50));
        for bad in [
            "100 200 100 ",
            " 100 200 100",
            "100 200",
            "100.5 200 100",
            "100 200 -1",
            "100 200 boost",
            "100 200 SHIELDx",
            "1234567890 200 100",
            "100 200 1234567890",
            "",
        ] {
            assert_eq!(parse_order(bad), Err(OrderError::Syntax), "{bad:?}");
        }
        assert_eq!(parse_order("100 200 201"), Err(OrderError::Power(201)));
        assert_eq!(
            parse_order("100 200 999999999"),
            Err(OrderError::Power(999999999))
        );
    }

    #[test]
    fn display_angle_normalises_and_rounds() {
        assert_eq!(display_angle(None), -1);
        assert_eq!(display_angle(Some(0.0)), 0);
        assert_eq!(display_angle(Some(-std::f64::consts::FRAC_PI_2)), 270);
        assert_eq!(display_angle(Some(-3.79)), 143);
        assert_eq!(display_angle(Some(-0.001)), 360);
    }
}

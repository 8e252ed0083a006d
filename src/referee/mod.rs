//! Whole games: bots against each other under the contest's rules, and recorded games replayed
//! against the engines (`verify`). One module per game; what they share is here.

pub mod csb;
pub mod fb;

use serde_json::Value;

/// How a player broke the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A line the referee rejects.
    InvalidOutput,
    /// No answer (or too few lines) in time.
    NoAnswer,
}

/// Why a player was eliminated by what it printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError {
    pub player: usize,
    pub turn: u32,
    pub fault: Fault,
    pub detail: String,
}

/// The first place a replay differs from its trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// 0-based turn, or `None` for the setup and the result.
    pub turn: Option<usize>,
    pub player: Option<usize>,
    pub what: String,
    pub expected: String,
    pub actual: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.turn {
            Some(t) => write!(f, "turn {t}")?,
            None => write!(f, "game")?,
        }
        if let Some(p) = self.player {
            write!(f, ", player {p}")?;
        }
        write!(
            f,
            ": {}\n  expected: {}\n  actual:   {}",
            self.what, self.expected, self.actual
        )
    }
}

/// The first leaf where two JSON values differ: (path, expected, actual). Numbers compare
/// exactly (integers as integers, doubles bit for bit).
pub(crate) fn first_difference(
    expected: &Value,
    actual: &Value,
    path: &str,
) -> Option<(String, String, String)> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).unwrap_or(&Value::Null);
                if let Some(d) = first_difference(ev, av, &format!("{path}.{k}")) {
                    return Some(d);
                }
            }
            None
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => e
            .iter()
            .zip(a)
            .enumerate()
            .find_map(|(i, (ev, av))| first_difference(ev, av, &format!("{path}[{i}]"))),
        (Value::Number(e), Value::Number(a)) => {
            let same = match (e.as_i64(), a.as_i64()) {
                (Some(x), Some(y)) => x == y,
                _ => e.as_f64().map(f64::to_bits) == a.as_f64().map(f64::to_bits),
            };
            (!same).then(|| (path.to_string(), e.to_string(), a.to_string()))
        }
        _ => (expected != actual)
            .then(|| (path.to_string(), expected.to_string(), actual.to_string())),
    }
}

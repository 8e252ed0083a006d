//! What can be wrong with the lines a bot reads: one error type for both games' protocols, so
//! that a contest bot, and the tools that feed it lines, say which line was wrong and how.

use std::fmt;

/// A line of a bot's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Line `n` (from 1) of the game's initialization (CSB: laps, checkpoints; FB: the team id).
    Init(usize),
    /// Line `n` (from 1) of a turn's input.
    Turn(usize),
    /// CSB: the `n`th pod line (from 1) of a turn.
    Pod(usize),
    /// FB: the `n`th entity line (from 1) of a turn.
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

/// Why a bot could not read its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The line is not there.
    Missing(Line),
    /// The line is not of the form the protocol gives.
    Malformed {
        /// Which line.
        line: Line,
        /// The form it should have.
        expected: &'static str,
        /// What it holds.
        found: String,
    },
    /// The line has the right form but says something the game does not allow.
    Invalid {
        /// Which line.
        line: Line,
        /// What is wrong with it.
        why: String,
    },
}

impl InputError {
    /// `line` is not of the form `expected`.
    pub fn malformed(line: Line, expected: &'static str, found: &str) -> InputError {
        InputError::Malformed {
            line,
            expected,
            found: found.to_string(),
        }
    }

    /// `line` says something the game does not allow.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            InputError::Missing(Line::Init(3)).to_string(),
            "init line 3: missing"
        );
        assert_eq!(
            InputError::malformed(Line::Pod(2), "'x y vx vy angle next'", "1 2").to_string(),
            "pod line 2: expected 'x y vx vy angle next', found '1 2'"
        );
        assert_eq!(
            InputError::invalid(Line::Entity(4), "no entity has id 40").to_string(),
            "entity line 4: no entity has id 40"
        );
        assert_eq!(
            InputError::Missing(Line::Turn(1)).to_string(),
            "line 1: missing"
        );
    }
}

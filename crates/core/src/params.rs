//! Named parameters: the file format tuned values travel in (`name = number` lines, `#`
//! comments; a subset of TOML), shared by the bots, `builtin:ga`, the bundler and the tuner.
//! Bundle-safe: std only.

use std::fmt;

/// Why parameters could not be read or set.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// A line of a parameter file (1-based) is not `name = number`.
    Malformed {
        /// The line's number.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// A line's value is not a number.
    NotANumber {
        /// The line's number.
        line: usize,
        /// The value as written.
        value: String,
    },
    /// The bot has no parameter of this name.
    Unknown {
        /// Which bot (`csb ga`, `fb ga`).
        bot: &'static str,
        /// The name given.
        name: String,
    },
    /// A value the parameter cannot take.
    Invalid {
        /// The parameter.
        name: String,
        /// What it must be, with the value given.
        why: String,
    },
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

/// Parses `name = number` lines. Errors name the line.
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

/// Writes parameters as `name = number` lines.
pub fn format(params: &[(String, f64)]) -> String {
    params.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
}

/// Parameters a bot can be given by name.
pub trait Named {
    /// Every parameter's name and current value.
    fn values(&self) -> Vec<(&'static str, f64)>;
    /// Sets one parameter; an error names the unknown parameter or the bad value.
    fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError>;

    /// Sets several.
    fn set_all(&mut self, params: &[(&str, f64)]) -> Result<(), ParamError> {
        params.iter().try_for_each(|(n, v)| self.set(n, *v))
    }

    /// Sets every parameter a parameter file's text gives (see [`parse`]).
    fn apply(&mut self, text: &str) -> Result<(), ParamError> {
        parse(text)?.iter().try_for_each(|(n, v)| self.set(n, *v))
    }
}

/// A count from a parameter value: a whole number at least `min`.
pub fn count(name: &str, value: f64, min: usize) -> Result<usize, ParamError> {
    if value.fract() != 0.0 || value < min as f64 {
        return Err(ParamError::Invalid {
            name: name.to_string(),
            why: format!("must be a whole number of at least {min}, got {value}"),
        });
    }
    Ok(value as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_reports_lines() {
        let p =
            parse("# tuned\nweights.runner = 1.5\n\n\"opponent_share\"=0.3 # comment\n").unwrap();
        assert_eq!(
            p,
            [
                ("weights.runner".to_string(), 1.5),
                ("opponent_share".to_string(), 0.3)
            ]
        );
        assert_eq!(parse(&format(&p)).unwrap(), p);
        assert_eq!(
            parse("a = b").unwrap_err(),
            ParamError::NotANumber {
                line: 1,
                value: "b".into()
            }
        );
        assert_eq!(
            parse("x\n").unwrap_err().to_string(),
            "line 1: expected 'name = number', found 'x'"
        );
        assert!(parse("a = 1\nb = nan")
            .unwrap_err()
            .to_string()
            .contains("line 2"));
    }
}

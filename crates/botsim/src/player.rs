//! A player as the command line, the arena and tune name it: a bot built into botsim
//! (`builtin:NAME[:key=value,...]`) or a program's command line. The text is parsed once, where
//! it comes in, and the spec travels typed; it prints back exactly as given, because results
//! files name their players by that text.

use crate::builtin::{self, SpecError};
use std::fmt;
use std::str::FromStr;

/// A player: a built-in bot or a program.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A bot of [`crate::builtin`], played in the arena's own threads.
    Builtin(builtin::Spec),
    /// A program run as a process, by its command line.
    Program(String),
}

impl PlayerSpec {
    /// Whether the player is built in (it then thinks in the arena's threads).
    pub fn is_builtin(&self) -> bool {
        matches!(self, PlayerSpec::Builtin(_))
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        if let Some(spec) = builtin::Spec::parse(text)? {
            return Ok(PlayerSpec::Builtin(spec));
        }
        if text.trim().is_empty() {
            return Err(SpecError::EmptyCommand);
        }
        Ok(PlayerSpec::Program(text.to_string()))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerSpec::Builtin(spec) => &spec.text,
            PlayerSpec::Program(command) => command,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_by_kind_and_print_as_given() {
        let ga: PlayerSpec = "builtin:ga:rollouts=200, weights.chase=0.2"
            .parse()
            .unwrap();
        let PlayerSpec::Builtin(spec) = &ga else {
            panic!("{ga:?} is not built in");
        };
        assert_eq!(spec.name, "ga");
        assert_eq!(spec.params["weights.chase"], "0.2");
        assert_eq!(ga.to_string(), "builtin:ga:rollouts=200, weights.chase=0.2");
        let program: PlayerSpec = "./bot --ms 90".parse().unwrap();
        assert_eq!(program, PlayerSpec::Program("./bot --ms 90".into()));
        assert!(!program.is_builtin() && ga.is_builtin());
        let bad = "builtin:ga:rollouts".parse::<PlayerSpec>().unwrap_err();
        assert_eq!(
            bad,
            SpecError::NotKeyValue {
                bot: "builtin:ga:rollouts".into(),
                part: "rollouts".into()
            }
        );
        assert_eq!(
            bad.to_string(),
            "bot 'builtin:ga:rollouts': parameter 'rollouts' is not key=value"
        );
        assert_eq!(" ".parse::<PlayerSpec>(), Err(SpecError::EmptyCommand));
    }
}

//! A player as the command line, the arena and tune name it: a bot built into botsim
//! (`builtin:NAME[:key=value,...]`), an accepted version of our bots (`ladder:NAME [ARGS]`, see
//! [`crate::ladder`]) or a program's command line. The text is parsed once, where it comes in,
//! and the spec travels typed; it prints back exactly as given, because results files name
//! their players by that text.

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
    /// A version of the ladder, run as a program once built.
    Ladder(LadderSpec),
}

/// `ladder:NAME [ARGS]`: a ladder version and the arguments it gets after its own.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderSpec {
    /// The spec as given.
    pub text: String,
    /// The version's name.
    pub name: String,
    /// Arguments after the version's own.
    pub args: String,
    /// Its command line, once [`crate::ladder::Ladder::resolve`] has built it.
    pub command: Option<String>,
}

impl PlayerSpec {
    /// Whether the player is built in (it then thinks in the arena's threads).
    pub fn is_builtin(&self) -> bool {
        matches!(self, PlayerSpec::Builtin(_))
    }

    /// The command line of a player run as a program: a program's own, or a ladder version's
    /// once built (`None` before, and for a built-in bot).
    pub fn command(&self) -> Option<&str> {
        match self {
            PlayerSpec::Builtin(_) => None,
            PlayerSpec::Program(command) => Some(command),
            PlayerSpec::Ladder(spec) => spec.command.as_deref(),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        if let Some(spec) = builtin::Spec::parse(text)? {
            return Ok(PlayerSpec::Builtin(spec));
        }
        if let Some(rest) = text.strip_prefix("ladder:") {
            let rest = rest.trim_start();
            let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if name.is_empty() {
                return Err(SpecError::NoLadderName);
            }
            return Ok(PlayerSpec::Ladder(LadderSpec {
                text: text.to_string(),
                name: name.to_string(),
                args: args.trim().to_string(),
                command: None,
            }));
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
            PlayerSpec::Ladder(spec) => &spec.text,
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
        let old: PlayerSpec = "ladder:csb_v1 --rollouts 300".parse().unwrap();
        let PlayerSpec::Ladder(spec) = &old else {
            panic!("{old:?} is not a ladder version");
        };
        assert_eq!(
            (spec.name.as_str(), spec.args.as_str()),
            ("csb_v1", "--rollouts 300")
        );
        assert_eq!(old.to_string(), "ladder:csb_v1 --rollouts 300");
        assert_eq!(old.command(), None, "not built yet");
        assert_eq!(program.command(), Some("./bot --ms 90"));
        assert_eq!(
            "ladder:".parse::<PlayerSpec>(),
            Err(SpecError::NoLadderName)
        );
    }
}

//! The built-in bots' specs, as the command line and the arena give them: `builtin:NAME` or
//! `builtin:NAME:key=value,key=value`, and what every game's built-in bots share in reading
//! them. Each game's bots by name are in its folder (`games::csb::builtin`).

use std::collections::BTreeMap;

/// A built-in bot's name and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The spec as given (results files name players by it).
    pub text: String,
    pub name: String,
    pub params: BTreeMap<String, String>,
}

/// What is wrong with a player's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A built-in bot's parameter that is not `key=value`.
    #[error("bot '{bot}': parameter '{part}' is not key=value")]
    NotKeyValue {
        /// The bot's text.
        bot: String,
        /// The part.
        part: String,
    },
    /// A program's command line with nothing in it.
    #[error("a player's command line is empty")]
    EmptyCommand,
    /// `ladder:` without a version's name.
    #[error("'ladder:' needs a version's name, e.g. ladder:csb_v3 (botsim ladder list)")]
    NoLadderName,
}

/// A built-in bot as `--help` and the error for an unknown name list it: its name, its
/// settings, and what it plays. Each game's table is its `builtin::BOTS`, beside the parser
/// that reads them (a test builds every bot with every setting the table names).
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// `builtin:NAME`.
    pub name: &'static str,
    /// Its settings: the key, a value to show (and to test it with), what it sets.
    pub settings: &'static [(&'static str, &'static str, &'static str)],
    /// What it plays.
    pub about: &'static str,
}

/// The settings every search bot takes (`builtin:ga`), beside its named parameters.
pub const SEARCH_SETTINGS: &[(&str, &str, &str)] = &[
    (
        "rollouts",
        "2000",
        "a fixed budget a turn, reproducible (default 20000)",
    ),
    ("ms", "50", "real time a turn instead"),
    (
        "seed",
        "7",
        "the search's seed (default: the arena's seat seed)",
    ),
    ("params", "", "a file of name = number lines"),
    (
        "NAME",
        "",
        "any named parameter, e.g. weights.chase=0.4, search.population=30",
    ),
];

/// The settings of a search bot without named parameters (`builtin:annealer`,
/// `builtin:duelist`): its budget and seed.
pub const BUDGET_SETTINGS: &[(&str, &str, &str)] = SEARCH_SETTINGS.split_at(3).0;

/// Why a built-in bot could not be made from its spec.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A game has no built-in bot of this name.
    #[error("unknown built-in bot '{bot}' ({game} has: {})", known.iter().map(|b| format!("builtin:{}", b.name)).collect::<Vec<_>>().join(", "))]
    UnknownBot {
        /// The bot's text.
        bot: String,
        /// The game.
        game: &'static str,
        /// Its built-in bots.
        known: &'static [Builtin],
    },
    /// A parameter the bot does not have.
    #[error("builtin:{bot}: unknown parameter '{key}'")]
    UnknownParameter {
        /// The bot's name.
        bot: String,
        /// The parameter.
        key: String,
    },
    /// A parameter whose value is not a number of its kind.
    #[error("builtin:{bot}: parameter {key}={value} is not a valid number")]
    NotANumber {
        /// The bot's name.
        bot: String,
        /// The parameter.
        key: String,
        /// Its value as given.
        value: String,
    },
    /// `params=FILE` could not be read.
    #[error("builtin:{bot}: params={file}")]
    ParamsFile {
        /// The bot's name.
        bot: String,
        /// The file.
        file: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A parameter the search bot refused (from `params=FILE`, or given by name).
    #[error("{}: {error}", file.as_deref().map_or_else(|| format!("builtin:{bot}"), str::to_string))]
    Param {
        /// The bot's name.
        bot: String,
        /// The file the parameter came from, if one.
        file: Option<String>,
        /// Why it was refused.
        error: botsim_core::params::ParamError,
    },
}

impl Spec {
    /// Parses `builtin:NAME[:k=v,...]`; `None` if it does not start with `builtin:`.
    pub fn parse(text: &str) -> Result<Option<Spec>, SpecError> {
        let Some(rest) = text.strip_prefix("builtin:") else {
            return Ok(None);
        };
        let (name, params) = rest.split_once(':').unwrap_or((rest, ""));
        let mut map = BTreeMap::new();
        for kv in params.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').ok_or_else(|| SpecError::NotKeyValue {
                bot: text.to_string(),
                part: kv.to_string(),
            })?;
            map.insert(k.trim().to_string(), v.trim().to_string());
        }
        Ok(Some(Spec {
            text: text.to_string(),
            name: name.to_string(),
            params: map,
        }))
    }

    /// Takes a numeric parameter, or its default.
    pub(crate) fn take<T: std::str::FromStr>(
        &mut self,
        key: &str,
        default: T,
    ) -> Result<T, BuildError> {
        match self.params.remove(key) {
            None => Ok(default),
            Some(value) => value.parse().map_err(|_| BuildError::NotANumber {
                bot: self.name.clone(),
                key: key.to_string(),
                value,
            }),
        }
    }

    /// Fails on a parameter no one took.
    pub(crate) fn finish(&self) -> Result<(), BuildError> {
        match self.params.keys().next() {
            Some(key) => Err(BuildError::UnknownParameter {
                bot: self.name.clone(),
                key: key.clone(),
            }),
            None => Ok(()),
        }
    }
}

/// A search bot's budget (`rollouts=N`, default 20,000, or `ms=M`) and seed (`seed=S`, else
/// `seed`).
pub(crate) fn think(
    spec: &mut Spec,
    seed: u64,
) -> Result<(botsim_core::search::Think, u64), BuildError> {
    let seed = spec.take("seed", seed)?;
    let think = if spec.params.contains_key("ms") {
        let ms: u64 = spec.take("ms", 0)?;
        botsim_core::search::Think::Millis {
            first: ms.max(900),
            later: ms,
        }
    } else {
        botsim_core::search::Think::Rollouts(spec.take("rollouts", 20_000u64)?)
    };
    Ok((think, seed))
}

/// A search bot's parameters: from `params=FILE`, then any other `name=value` (every name
/// must be one of the bot's parameters).
pub(crate) fn configure(
    spec: &mut Spec,
    params: &mut impl botsim_core::params::Named,
) -> Result<(), BuildError> {
    let bot = spec.name.clone();
    if let Some(file) = spec.params.remove("params") {
        let text = std::fs::read_to_string(&file).map_err(|source| BuildError::ParamsFile {
            bot: bot.clone(),
            file: file.clone(),
            source,
        })?;
        params.apply(&text).map_err(|error| BuildError::Param {
            bot: bot.clone(),
            file: Some(file),
            error,
        })?;
    }
    for (key, value) in std::mem::take(&mut spec.params) {
        let v: f64 = value.parse().map_err(|_| BuildError::NotANumber {
            bot: bot.clone(),
            key: key.clone(),
            value: value.clone(),
        })?;
        params.set(&key, v).map_err(|error| BuildError::Param {
            bot: bot.clone(),
            file: None,
            error,
        })?;
    }
    Ok(())
}

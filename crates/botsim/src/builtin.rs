//! The built-in bots' specs, as the command line and the arena give them: `builtin:NAME` or
//! `builtin:NAME:key=value,key=value`, and what every game's built-in bots share in reading
//! them. Each game's bots by name are in its folder (`games::csb::builtin`).

use anyhow::{bail, Context, Result};
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
    pub(crate) fn take<T: std::str::FromStr>(&mut self, key: &str, default: T) -> Result<T> {
        match self.params.remove(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                anyhow::anyhow!(
                    "builtin:{}: parameter {key}={v} is not a valid number",
                    self.name
                )
            }),
        }
    }

    /// Fails on a parameter no one took.
    pub(crate) fn finish(&self) -> Result<()> {
        if let Some(k) = self.params.keys().next() {
            bail!("builtin:{}: unknown parameter '{k}'", self.name);
        }
        Ok(())
    }
}

/// A search bot's budget (`rollouts=N`, default 20,000, or `ms=M`) and seed (`seed=S`, else
/// `seed`).
pub(crate) fn think(spec: &mut Spec, seed: u64) -> Result<(botsim_core::search::Think, u64)> {
    let seed = spec.take("seed", seed)?;
    let think = if let Some(ms) = spec.params.remove("ms") {
        let ms: u64 = ms
            .parse()
            .with_context(|| format!("{}: ms={ms}", spec.text))?;
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
) -> Result<()> {
    if let Some(file) = spec.params.remove("params") {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("builtin:{}: params={file}", spec.name))?;
        params
            .apply(&text)
            .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    }
    for (name, value) in std::mem::take(&mut spec.params) {
        let v: f64 = value.parse().map_err(|_| {
            anyhow::anyhow!("builtin:{}: {name}={value} is not a number", spec.name)
        })?;
        params
            .set(&name, v)
            .map_err(|e| anyhow::anyhow!("builtin:{}: {e}", spec.name))?;
    }
    Ok(())
}

//! The built-in bots by name, as the command line and the arena give them:
//! `builtin:NAME` or `builtin:NAME:key=value,key=value`.

use crate::bot::Bot;
use crate::csb::{self, Csb};
use crate::fb::{self, Fb};
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
    fn take<T: std::str::FromStr>(&mut self, key: &str, default: T) -> Result<T> {
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

    fn finish(&self) -> Result<()> {
        if let Some(k) = self.params.keys().next() {
            bail!("builtin:{}: unknown parameter '{k}'", self.name);
        }
        Ok(())
    }
}

/// A search bot's budget (`rollouts=N`, default 20,000, or `ms=M`) and seed (`seed=S`, else
/// `seed`).
fn think(spec: &mut Spec, seed: u64) -> Result<(crate::search::Think, u64)> {
    let seed = spec.take("seed", seed)?;
    let think = if let Some(ms) = spec.params.remove("ms") {
        let ms: u64 = ms
            .parse()
            .with_context(|| format!("{}: ms={ms}", spec.text))?;
        crate::search::Think::Millis {
            first: ms.max(900),
            later: ms,
        }
    } else {
        crate::search::Think::Rollouts(spec.take("rollouts", 20_000u64)?)
    };
    Ok((think, seed))
}

/// A search bot's parameters: from `params=FILE`, then any other `name=value` (every name
/// must be one of the bot's parameters).
fn configure(spec: &mut Spec, params: &mut impl crate::params::Named) -> Result<()> {
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

/// A CSB bot from its name: `builtin:racer`, `builtin:interceptor[:block=0|1]`,
/// `builtin:ga[:rollouts=N|ms=M,seed=S,params=FILE,name=value...]`. `seed` is the search's seed
/// when the text gives none.
pub fn csb(spec: &Spec, seed: u64) -> Result<Box<dyn Bot<Csb>>> {
    let mut spec = spec.clone();
    let bot: Box<dyn Bot<Csb>> = match spec.name.as_str() {
        "racer" => {
            let d = csb::racer::Racer::default();
            Box::new(csb::racer::Racer {
                lead: spec.take("lead", d.lead)?,
                boost_distance: spec.take("boost_distance", d.boost_distance)?,
                boost_angle: spec.take("boost_angle", d.boost_angle)?,
            })
        }
        "interceptor" => {
            let d = csb::interceptor::Interceptor::default();
            Box::new(csb::interceptor::Interceptor {
                racer: d.racer,
                block: spec.take("block", 1u8)? != 0,
                shield_speed: spec.take("shield_speed", d.shield_speed)?,
                ram_distance: spec.take("ram_distance", d.ram_distance)?,
            })
        }
        "ga" => {
            let (think, seed) = think(&mut spec, seed)?;
            let mut params = csb::ga::Params::default();
            configure(&mut spec, &mut params)?;
            Box::new(csb::ga::GaBot::new(params, think, seed))
        }
        _ => bail!(
            "unknown built-in bot '{}' (csb has: builtin:racer, builtin:interceptor, builtin:ga)",
            spec.text
        ),
    };
    spec.finish()?;
    Ok(bot)
}

/// An FB bot from its name: `builtin:chaser[:keeper=1,accio=1,pass=1]`,
/// `builtin:ga[:rollouts=N|ms=M,seed=S,params=FILE,name=value...]`. `seed` is the search's seed
/// when the text gives none.
pub fn fb(spec: &Spec, seed: u64) -> Result<Box<dyn Bot<Fb>>> {
    let mut spec = spec.clone();
    let bot: Box<dyn Bot<Fb>> = match spec.name.as_str() {
        "chaser" => {
            let d = fb::chaser::Chaser::default();
            Box::new(fb::chaser::Chaser {
                flipendo_range: spec.take("flipendo_range", d.flipendo_range)?,
                flipendo_magic: spec.take("flipendo_magic", d.flipendo_magic)?,
                keeper: spec.take("keeper", 0u8)? != 0,
                accio: spec.take("accio", 0u8)? != 0,
                pass: spec.take("pass", 0u8)? != 0,
            })
        }
        "ga" => {
            let (think, seed) = think(&mut spec, seed)?;
            let mut params = fb::ga::Params::default();
            configure(&mut spec, &mut params)?;
            Box::new(fb::ga::GaBot::new(params, think, seed))
        }
        _ => bail!(
            "unknown built-in bot '{}' (fb has: builtin:chaser, builtin:ga)",
            spec.text
        ),
    };
    spec.finish()?;
    Ok(bot)
}

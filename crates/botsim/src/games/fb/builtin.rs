//! FB's built-in bots by name, for `builtin:NAME[:key=value,...]`.

use crate::builtin::{configure, think, BuildError, Spec};
use botsim_core::bot::Bot;
use botsim_core::fb::{self, Fb};

/// An FB bot from its name: `builtin:chaser[:keeper=1,accio=1,pass=1]`,
/// `builtin:ga[:rollouts=N|ms=M,seed=S,params=FILE,name=value...]`. `seed` is the search's seed
/// when the text gives none.
pub fn build(spec: &Spec, seed: u64) -> Result<Box<dyn Bot<Fb>>, BuildError> {
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
        _ => {
            return Err(BuildError::UnknownBot {
                bot: spec.text,
                game: "fb",
                known: "builtin:chaser, builtin:ga",
            })
        }
    };
    spec.finish()?;
    Ok(bot)
}

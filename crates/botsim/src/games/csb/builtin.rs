//! CSB's built-in bots by name, for `builtin:NAME[:key=value,...]`.

use crate::builtin::{configure, think, BuildError, Spec};
use botsim_core::bot::Bot;
use botsim_core::csb::{self, Csb};

/// A CSB bot from its name: `builtin:racer`, `builtin:interceptor[:block=0|1]`,
/// `builtin:ga[:rollouts=N|ms=M,seed=S,params=FILE,name=value...]`. `seed` is the search's seed
/// when the text gives none.
pub fn build(spec: &Spec, seed: u64) -> Result<Box<dyn Bot<Csb>>, BuildError> {
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
        _ => {
            return Err(BuildError::UnknownBot {
                bot: spec.text,
                game: "csb",
                known: "builtin:racer, builtin:interceptor, builtin:ga",
            })
        }
    };
    spec.finish()?;
    Ok(bot)
}

//! FB's built-in bots by name, for `builtin:NAME[:key=value,...]`.

use crate::builtin::{configure, think, BuildError, Builtin, Spec, SEARCH_SETTINGS};
use botsim_core::bot::Bot;
use botsim_core::fb::{self, Fb};

/// FB's built-in bots, as `--help` lists them.
pub const BOTS: &[Builtin] = &[
    Builtin {
        name: "chaser",
        settings: &[
            (
                "keeper",
                "1",
                "the second wizard keeps goal, Petrificus on a snaffle flying in",
            ),
            (
                "accio",
                "1",
                "pulls a snaffle lying between the wizard and our goal",
            ),
            ("pass", "1", "throws to a teammate well ahead"),
            (
                "flipendo_range",
                "4000",
                "Flipendo on a lined-up snaffle at most this far",
            ),
            (
                "flipendo_magic",
                "20",
                "...when the team has at least this much magic",
            ),
        ],
        about: "nearest free snaffle, throws at the goal, Flipendo on a snaffle lined up with it",
    },
    Builtin {
        name: "ga",
        settings: SEARCH_SETTINGS,
        about: "the genetic-search bot of fb_bot",
    },
];

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
            let mut params = <fb::ga::Params>::default();
            configure(&mut spec, &mut params)?;
            Box::new(fb::ga::GaBot::new(params, think, seed))
        }
        _ => {
            return Err(BuildError::UnknownBot {
                bot: spec.text,
                game: "fb",
                known: BOTS,
            })
        }
    };
    spec.finish()?;
    Ok(bot)
}

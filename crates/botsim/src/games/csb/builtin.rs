//! CSB's built-in bots by name, for `builtin:NAME[:key=value,...]`.

use crate::builtin::{
    configure, think, BuildError, Builtin, Spec, BUDGET_SETTINGS, SEARCH_SETTINGS,
};
use botsim_core::bot::Bot;
use botsim_core::csb::{self, Csb};

/// CSB's built-in bots, as `--help` lists them.
pub const BOTS: &[Builtin] = &[
    Builtin {
        name: "racer",
        settings: &[
            (
                "lead",
                "3",
                "the aim is the checkpoint minus this many times its speed",
            ),
            (
                "boost_distance",
                "5000",
                "it BOOSTs when the checkpoint is farther than this",
            ),
            (
                "boost_angle",
                "10",
                "...and it faces within this many degrees of it",
            ),
        ],
        about: "aims at the next checkpoint corrected by its speed, BOOSTs once on a long straight",
    },
    Builtin {
        name: "interceptor",
        settings: &[
            (
                "block",
                "0",
                "0: both pods race (default 1: the second meets and rams the leader)",
            ),
            (
                "shield_speed",
                "400",
                "SHIELD against a touch above this relative speed",
            ),
            (
                "ram_distance",
                "2000",
                "the blocker rams within this distance of the runner",
            ),
        ],
        about:
            "a racer with BOOST and SHIELD timing, and a blocker that meets the opponent's leader",
    },
    Builtin {
        name: "annealer",
        settings: BUDGET_SETTINGS,
        about: "simulated annealing of aims at each pod's target against a straight racer; its blocker waits on the runner's checkpoint",
    },
    Builtin {
        name: "brawler",
        settings: &[(
            "depth",
            "3",
            "turns of moves tried per pod, 16^depth sequences (default 2)",
        )],
        about: "each pod tries every short sequence of 16 moves, a blocker that meets the runner ahead",
    },
    Builtin {
        name: "duelist",
        settings: BUDGET_SETTINGS,
        about: "searches the opponent's answer first, then its own plan against it (steady-state evolution)",
    },
    Builtin {
        name: "ga",
        settings: SEARCH_SETTINGS,
        about: "the genetic-search bot of csb_bot",
    },
];

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
        "annealer" => {
            let (think, seed) = think(&mut spec, seed)?;
            Box::new(csb::annealer::Annealer::new(think, seed))
        }
        "duelist" => {
            let (think, seed) = think(&mut spec, seed)?;
            Box::new(csb::duelist::Duelist::new(think, seed))
        }
        "brawler" => {
            let depth: usize = spec.take("depth", 2)?;
            Box::new(csb::brawler::Brawler {
                depth: depth.clamp(1, 3),
            })
        }
        "ga" => {
            let (think, seed) = think(&mut spec, seed)?;
            let mut params = <csb::ga::Params>::default();
            configure(&mut spec, &mut params)?;
            Box::new(csb::ga::GaBot::new(params, think, seed))
        }
        _ => {
            return Err(BuildError::UnknownBot {
                bot: spec.text,
                game: "csb",
                known: BOTS,
            })
        }
    };
    spec.finish()?;
    Ok(bot)
}

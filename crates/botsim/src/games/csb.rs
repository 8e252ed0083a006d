//! Coders Strike Back's row of the table of games.

use super::{GameTools, Workload};
use crate::arena::{play_seated, Config, Played};
use crate::bench::{csb_random_turns, Drive};
use crate::builtin;
use crate::contest::ContestBot;
use crate::params::{Named, ParamError};
use crate::player::PlayerSpec;
use crate::referee::csb::{play, GameSpec, Match};
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch};
use crate::replay::Notes;
use crate::trace::Trace;
use anyhow::Result;
use std::io::{BufRead, Write};
use std::time::Duration;

/// Coders Strike Back (the Legend league's rules).
pub struct CsbTools;

impl GameTools for CsbTools {
    fn name(&self) -> &'static str {
        "csb"
    }

    fn turn_limit(&self) -> Duration {
        Duration::from_millis(75)
    }

    fn check_params(&self, pairs: &[(&str, f64)]) -> Result<(), ParamError> {
        crate::csb::ga::Params::default().set_all(pairs)
    }

    fn check_builtin(&self, spec: &builtin::Spec) -> Result<()> {
        builtin::csb(spec, 1).map(drop)
    }

    fn play_arena(
        &self,
        cfg: &Config,
        index: usize,
        seed: i64,
        seats: &[&PlayerSpec; 2],
    ) -> Result<Played> {
        let spec = match &cfg.map {
            Some(map) => GameSpec::Map {
                seed,
                map: map.clone(),
            },
            None => GameSpec::Seed(seed),
        };
        play_seated(cfg, index, seats, builtin::csb, |bots| {
            play(&spec, bots, cfg.replays.is_some())
        })
    }

    fn play_heuristic(
        &self,
        seed: i64,
        first: Option<&mut Process>,
        record: bool,
    ) -> Result<GameRecord> {
        use crate::csb::racer::Racer;
        let (mut a, mut b) = (Racer::default(), Racer::default());
        match first {
            Some(bot) => play(&GameSpec::Seed(seed), [bot, &mut b], record),
            None => play(&GameSpec::Seed(seed), [&mut a, &mut b], record),
        }
    }

    fn verify(&self, trace: &Trace) -> Result<usize, (usize, Mismatch)> {
        crate::referee::csb::verify(trace)
    }

    fn serve_brutaltester(
        &self,
        seed: i64,
        mut input: &mut dyn BufRead,
        mut output: &mut dyn Write,
    ) -> Result<()> {
        let setup = crate::csb::Setup::from_seed(seed);
        crate::referee::brutaltester::serve(&mut Match::new(setup), &mut input, &mut output)
    }

    fn searcher(&self, think: crate::search::Think) -> Box<dyn ContestBot> {
        Box::new(crate::csb::ga::GaBot::new(Default::default(), think, 1))
    }

    fn workloads(&self) -> Vec<(&'static str, Workload)> {
        vec![
            ("actions", |turns, seed| {
                csb_random_turns(Drive::Actions, turns, seed)
            }),
            ("text", |turns, seed| {
                csb_random_turns(Drive::Text, turns, seed)
            }),
        ]
    }

    fn notes(&self, trace: &Trace) -> Notes {
        crate::referee::csb::setup_from_props(trace)
            .map(|s| crate::replay::csb_notes(Match::new(s), trace))
            .unwrap_or_default()
    }

    fn order_message(&self, line: &str) -> Option<String> {
        crate::csb::parse_order(line)
            .ok()?
            .message
            .map(str::to_string)
    }
}

//! Coders Strike Back's tool code: its row of the table of games, and the modules behind it.

pub mod bench;
pub mod builtin;
pub mod notes;
pub mod referee;

crate::referee::player::in_process_players!(botsim_core::csb::Csb);

use super::notes::Notes;
use super::{Deal, GameTools, PlayError, Seat, Seats, Workload};
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch};
use crate::trace::Trace;
use bench::{csb_random_turns, Drive};
use botsim_core::contest::ContestBot;
use botsim_core::csb::Csb;
use botsim_core::params::{Named, ParamError};
use referee::{play, play_from, GameSpec, Match};
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
        <botsim_core::csb::ga::Params>::default().set_all(pairs)
    }

    fn check_builtin(&self, spec: &crate::builtin::Spec) -> Result<(), crate::builtin::BuildError> {
        builtin::build(spec, 1).map(drop)
    }

    fn play_seated(&self, seats: &mut dyn Seats, deal: Deal) -> Result<GameRecord, PlayError> {
        let spec = match deal.map {
            Some(map) => GameSpec::Map {
                seed: deal.seed,
                map: map.to_vec(),
            },
            None => GameSpec::Seed(deal.seed),
        };
        Seat::<Csb>::play(seats, builtin::build, &mut |bots| {
            Ok(play_from(&spec, bots, deal.record, deal.opening)?)
        })
    }

    fn play_heuristic(
        &self,
        seed: i64,
        first: Option<&mut Process>,
        record: bool,
    ) -> Result<GameRecord, PlayError> {
        use botsim_core::csb::racer::Racer;
        let (mut a, mut b) = (Racer::default(), Racer::default());
        match first {
            Some(bot) => Ok(play(&GameSpec::Seed(seed), [bot, &mut b], record)?),
            None => Ok(play(&GameSpec::Seed(seed), [&mut a, &mut b], record)?),
        }
    }

    fn verify(&self, trace: &Trace) -> Result<usize, (usize, Mismatch)> {
        referee::verify(trace)
    }

    fn serve_brutaltester(
        &self,
        seed: i64,
        mut input: &mut dyn BufRead,
        mut output: &mut dyn Write,
    ) -> Result<(), crate::referee::brutaltester::ProtocolError> {
        let setup = botsim_core::csb::Setup::from_seed(seed);
        crate::referee::brutaltester::serve(&mut Match::new(setup), &mut input, &mut output)
    }

    fn searcher(&self, think: botsim_core::search::Think) -> Box<dyn ContestBot> {
        Box::new(<botsim_core::csb::ga::GaBot>::new(
            Default::default(),
            think,
            1,
        ))
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
        referee::setup_from_props(trace)
            .map(|s| notes::notes(Match::new(s), trace))
            .unwrap_or_default()
    }

    fn order_message(&self, line: &str) -> Option<String> {
        botsim_core::csb::parse_order(line)
            .ok()?
            .message
            .map(str::to_string)
    }
}

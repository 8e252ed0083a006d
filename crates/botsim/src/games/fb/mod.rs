//! Fantastic Bits' tool code: its row of the table of games, and the modules behind it.

pub mod bench;
pub mod builtin;
pub mod notes;
pub mod referee;

crate::referee::player::in_process_players!(botsim_core::fb::Fb);

use super::notes::Notes;
use super::{Deal, GameTools, PlayError, Seat, Seats, Workload};
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch};
use crate::trace::Trace;
use bench::fb_random_turns;
use botsim_core::contest::ContestBot;
use botsim_core::fb::Fb;
use botsim_core::params::{Named, ParamError};
use referee::{play, play_from, Match};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Fantastic Bits (the multiplayer rules).
pub struct FbTools;

impl GameTools for FbTools {
    fn name(&self) -> &'static str {
        "fb"
    }

    fn turn_limit(&self) -> Duration {
        Duration::from_millis(100)
    }

    fn check_params(&self, pairs: &[(&str, f64)]) -> Result<(), ParamError> {
        <botsim_core::fb::ga::Params>::default().set_all(pairs)
    }

    fn check_builtin(&self, spec: &crate::builtin::Spec) -> Result<(), crate::builtin::BuildError> {
        builtin::build(spec, 1).map(drop)
    }

    fn play_seated(&self, seats: &mut dyn Seats, deal: Deal) -> Result<GameRecord, PlayError> {
        Seat::<Fb>::play(seats, builtin::build, &mut |bots| {
            Ok(play_from(deal.seed, bots, deal.record, deal.opening)?)
        })
    }

    fn play_heuristic(
        &self,
        seed: i64,
        first: Option<&mut Process>,
        record: bool,
    ) -> Result<GameRecord, PlayError> {
        use botsim_core::fb::chaser::Chaser;
        let (mut a, mut b) = (Chaser::default(), Chaser::default());
        match first {
            Some(bot) => Ok(play(seed, [bot, &mut b], record)?),
            None => Ok(play(seed, [&mut a, &mut b], record)?),
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
        let start = botsim_core::fb::setup::from_seed(seed);
        crate::referee::brutaltester::serve(&mut Match::new(start), &mut input, &mut output)
    }

    fn searcher(&self, think: botsim_core::search::Think) -> Box<dyn ContestBot> {
        Box::new(<botsim_core::fb::ga::GaBot>::new(
            Default::default(),
            think,
            1,
        ))
    }

    fn workloads(&self) -> Vec<(&'static str, Workload)> {
        vec![("actions", fb_random_turns)]
    }

    fn notes(&self, trace: &Trace) -> Notes {
        referee::start_from_props(trace)
            .map(|s| notes::notes(Match::new(s), trace))
            .unwrap_or_default()
    }

    fn order_message(&self, line: &str) -> Option<String> {
        botsim_core::fb::parse_action(line)
            .ok()?
            .1
            .map(str::to_string)
    }
}

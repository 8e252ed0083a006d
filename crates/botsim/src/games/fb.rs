//! Fantastic Bits' row of the table of games.

use super::{GameTools, Workload};
use crate::arena::{play_seated, Config, Played};
use crate::bench::fb_random_turns;
use crate::builtin;
use crate::contest::ContestBot;
use crate::params::{Named, ParamError};
use crate::player::PlayerSpec;
use crate::referee::fb::{play, Match};
use crate::referee::process::Process;
use crate::referee::{GameRecord, Mismatch};
use crate::replay::Notes;
use crate::trace::Trace;
use anyhow::Result;
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
        crate::fb::ga::Params::default().set_all(pairs)
    }

    fn check_builtin(&self, spec: &builtin::Spec) -> Result<()> {
        builtin::fb(spec, 1).map(drop)
    }

    fn play_arena(
        &self,
        cfg: &Config,
        index: usize,
        seed: i64,
        seats: &[&PlayerSpec; 2],
    ) -> Result<Played> {
        play_seated(cfg, index, seats, builtin::fb, |bots| {
            play(seed, bots, cfg.replays.is_some())
        })
    }

    fn play_heuristic(
        &self,
        seed: i64,
        first: Option<&mut Process>,
        record: bool,
    ) -> Result<GameRecord> {
        use crate::fb::chaser::Chaser;
        let (mut a, mut b) = (Chaser::default(), Chaser::default());
        match first {
            Some(bot) => play(seed, [bot, &mut b], record),
            None => play(seed, [&mut a, &mut b], record),
        }
    }

    fn verify(&self, trace: &Trace) -> Result<usize, (usize, Mismatch)> {
        crate::referee::fb::verify(trace)
    }

    fn serve_brutaltester(
        &self,
        seed: i64,
        mut input: &mut dyn BufRead,
        mut output: &mut dyn Write,
    ) -> Result<()> {
        let start = crate::fb::setup::from_seed(seed);
        crate::referee::brutaltester::serve(&mut Match::new(start), &mut input, &mut output)
    }

    fn searcher(&self, think: crate::search::Think) -> Box<dyn ContestBot> {
        Box::new(crate::fb::ga::GaBot::new(Default::default(), think, 1))
    }

    fn workloads(&self) -> Vec<(&'static str, Workload)> {
        vec![("actions", fb_random_turns)]
    }

    fn notes(&self, trace: &Trace) -> Notes {
        crate::referee::fb::start_from_props(trace)
            .map(|s| crate::replay::fb_notes(Match::new(s), trace))
            .unwrap_or_default()
    }

    fn order_message(&self, line: &str) -> Option<String> {
        crate::fb::parse_action(line).ok()?.1.map(str::to_string)
    }
}

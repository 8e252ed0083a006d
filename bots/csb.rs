//! The Coders Strike Back contest submission: reads the protocol on stdin, searches with the
//! genetic-search bot for its time budget, prints two orders a turn. Thin glue only.
//!
//! Settings (see `botsim::bot::Settings`): `--ms N` (default 65), `--first-ms N` (default 900),
//! `--rollouts N`, `--seed N`, `--params FILE`, or the same from `BOTSIM_MS`, `BOTSIM_FIRST_MS`,
//! `BOTSIM_ROLLOUTS`, `BOTSIM_SEED`, `BOTSIM_PARAMS`.

use botsim::bot::Settings;
use botsim::csb::ga::{GaBot, Params};
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// Parameters tuned offline: `botsim bundle --params FILE` writes them here.
const TUNED: &[(&str, f64)] = &[];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut params = Params::default();
    // 65 of the contest's 75 ms: with two games on two cores, a 70 ms budget ran over 75 ms
    // in 3 turns of 47,469 (the machine, not the search: p99 was 70.2 ms), and lost 3 games.
    let settings = match Settings::from_args(&args, 65, TUNED, &mut params) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    };
    let mut bot = GaBot::new(params, settings.think, settings.seed);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut next = move || match input.next() {
        Some(Ok(line)) => Some(line),
        _ => None,
    };
    let mut out = io::stdout();
    let mut first = true;
    for turn in 0.. {
        let Some(line) = next() else { return };
        let started = Instant::now();
        let mut lines = vec![line];
        let wanted = if first {
            // laps, checkpoint count, the checkpoints, then the 4 pod lines.
            let Some(count) = next() else { return };
            let n: usize = count.trim().parse().unwrap_or(0);
            lines.push(count);
            n + 4
        } else {
            3
        };
        for _ in 0..wanted {
            let Some(line) = next() else { return };
            lines.push(line);
        }
        first = false;
        match bot.turn(&lines, started) {
            Ok([a, b]) => {
                // The report first, so that it is read as this turn's (a referee takes what a
                // bot wrote on stderr before the next turn's input as this turn's).
                eprintln!("{}", botsim::bot::turn_report(turn, &bot.last, started));
                // Both lines in one write, so that they arrive together.
                let _ = out.write_all(format!("{a}\n{b}\n").as_bytes());
                let _ = out.flush();
            }
            Err(e) => {
                eprintln!("turn {turn}: bad input: {e}");
                return;
            }
        }
    }
}

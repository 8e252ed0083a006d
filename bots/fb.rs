//! The Fantastic Bits contest submission: reads the protocol on stdin, searches with the
//! genetic-search bot for its time budget, prints two orders a turn. Thin glue only.
//!
//! Budget: `--ms N` (default 95; the first turn gets 900) or `--rollouts N` (reproducible), also
//! from the environment as `BOTSIM_MS` / `BOTSIM_ROLLOUTS`; `--seed N` or `BOTSIM_SEED`.

use botsim::fb::ga::{GaBot, Params, Think};
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// A flag's value from the command line, else from the environment.
fn setting(args: &[String], flag: &str, env: &str) -> Option<u64> {
    let from_args = args
        .iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned());
    let text = from_args.or_else(|| std::env::var(env).ok())?;
    match text.trim().parse() {
        Ok(v) => Some(v),
        Err(_) => {
            eprintln!("{flag}: '{text}' is not a whole number");
            std::process::exit(2)
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let think = match setting(&args, "--rollouts", "BOTSIM_ROLLOUTS") {
        Some(n) => Think::Rollouts(n),
        None => {
            let ms = setting(&args, "--ms", "BOTSIM_MS").unwrap_or(95);
            Think::Millis {
                first: 900,
                later: ms,
            }
        }
    };
    let seed = setting(&args, "--seed", "BOTSIM_SEED").unwrap_or(1);
    let mut bot = GaBot::new(Params::default(), think, seed);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut next = move || match input.next() {
        Some(Ok(line)) => Some(line),
        _ => None,
    };
    let mut out = io::stdout();
    for turn in 0.. {
        let Some(line) = next() else { return };
        let started = Instant::now();
        let mut lines = vec![line];
        // The team id on the first turn, then two score lines and the entity count.
        let head = if turn == 0 { 3 } else { 2 };
        for _ in 0..head {
            let Some(line) = next() else { return };
            lines.push(line);
        }
        let count: usize = lines.last().map_or(0, |l| l.trim().parse().unwrap_or(0));
        for _ in 0..count {
            let Some(line) = next() else { return };
            lines.push(line);
        }
        match bot.turn(&lines, started) {
            Ok([a, b]) => {
                let _ = writeln!(out, "{a}\n{b}");
                let _ = out.flush();
            }
            Err(e) => {
                eprintln!("turn {turn}: bad input: {e}");
                return;
            }
        }
        let s = bot.last;
        eprintln!(
            "turn {turn}: {} rollouts, {} generations, best {:.0}, {:.1} ms",
            s.rollouts,
            s.generations,
            s.best_score,
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
}

//! `botsim`: the command line over the library. Each subcommand is a thin layer: parse the
//! flags, call the library, print.

use anyhow::{bail, Context, Result};
use botsim::csb;
use botsim::referee::csb::GameSpec;
use botsim::referee::Mismatch;
use botsim::trace;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "botsim",
    version,
    about = "Exact simulators, search and an arena for CodinGame bot contests"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    /// Coders Strike Back
    Csb,
    /// Fantastic Bits
    Fb,
}

#[derive(Subcommand)]
enum Command {
    /// Play one game between two bots and print the result.
    Play {
        #[arg(long, value_enum, default_value = "csb")]
        game: GameName,
        /// The referee's seed: picks the map as the contest server does.
        #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
        seed: i64,
        /// An explicit map instead of the seed's: "x0 y0 x1 y1 ...".
        #[arg(long)]
        map: Option<String>,
        /// Player 0: builtin:NAME[:key=value,...] (csb: racer, ga; fb: chaser).
        #[arg(long)]
        p1: String,
        /// Player 1.
        #[arg(long)]
        p2: String,
        /// Write the game to this file in the trace/1 format (gzip if it ends in .gz).
        #[arg(long)]
        trace: Option<PathBuf>,
    },
    /// Replay recorded games (trace/1 files) and check every input line, state and result.
    Verify {
        /// Trace files (gzip or plain JSON Lines).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Keep going after the first failing game and list every failure.
        #[arg(long)]
        all: bool,
    },
    /// Make one source file of a bot and the library modules it uses, for the contest server.
    Bundle {
        /// The bot's source, e.g. bots/csb.rs.
        bot: PathBuf,
        /// Where to write the bundle.
        #[arg(short, long)]
        output: PathBuf,
        /// Keep doc comments.
        #[arg(long)]
        keep_docs: bool,
        /// Compile the bundle alone with rustc (debug and release) and play a game with it.
        #[arg(long)]
        check: bool,
        /// Tuned parameters (`name = number` lines) to compile into the bundle as constants.
        #[arg(long)]
        params: Option<PathBuf>,
    },
    /// Run a fixed, seeded workload and print turns per second and a behaviour fingerprint.
    Bench {
        #[arg(long, value_enum, default_value = "csb")]
        game: GameName,
        /// Turns per workload.
        #[arg(long, default_value_t = 2_000_000)]
        turns: u64,
        /// Workload seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instead: the search's rollouts per turn at this many milliseconds (csb).
        #[arg(long)]
        search: Option<u64>,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("botsim: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Play {
            game,
            seed,
            map,
            p1,
            p2,
            trace,
        } => match game {
            GameName::Csb => play(seed, map, &p1, &p2, trace),
            GameName::Fb => {
                if map.is_some() {
                    bail!("--map is for csb; fb games are set up from --seed");
                }
                play_fb(seed, &p1, &p2, trace)
            }
        },
        Command::Verify { files, all } => verify(&files, all),
        Command::Bundle {
            bot,
            output,
            keep_docs,
            check,
            params,
        } => bundle(&bot, &output, keep_docs, check, params.as_deref()),
        Command::Bench {
            game: GameName::Csb,
            search: Some(ms),
            ..
        } => {
            let mut r = botsim::bench::csb_search_rollouts(ms, 30)?;
            r.sort_unstable();
            println!(
                "csb search: {ms} ms a turn, 30 turns: rollouts min {} median {} max {} ({:.0} per ms)",
                r[0],
                r[r.len() / 2],
                r[r.len() - 1],
                r[r.len() / 2] as f64 / ms as f64
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            search: Some(_), ..
        } => bail!("--search is for csb so far"),
        Command::Bench {
            game, turns, seed, ..
        } => bench(game, turns, seed),
    }
}

fn play_fb(seed: i64, p1: &str, p2: &str, trace_path: Option<PathBuf>) -> Result<ExitCode> {
    let (mut a, mut b) = (botsim::builtin::fb(p1)?, botsim::builtin::fb(p2)?);
    let record = botsim::referee::fb::play(seed, [a.as_mut(), b.as_mut()], trace_path.is_some())?;
    let o = record.outcome;
    println!(
        "fb seed {seed}: {p1} {} - {} {p2} after {} turns ({})",
        o.scores[0],
        o.scores[1],
        record.turns,
        botsim::referee::fb::reason_name(&o, &record.errors)
    );
    for e in &record.errors {
        println!(
            "team {} eliminated at turn {}: {}",
            e.player, e.turn, e.detail
        );
    }
    if let (Some(path), Some(t)) = (trace_path, record.trace) {
        trace::write_file(&path, &[t])?;
        println!("trace written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn play(
    seed: i64,
    map: Option<String>,
    p1: &str,
    p2: &str,
    trace_path: Option<PathBuf>,
) -> Result<ExitCode> {
    let spec = match map {
        Some(text) => GameSpec::Map {
            seed,
            map: csb::Setup::parse_map(&text).map_err(anyhow::Error::msg)?,
        },
        None => GameSpec::Seed(seed),
    };
    let (mut a, mut b) = (botsim::builtin::csb(p1)?, botsim::builtin::csb(p2)?);
    let record = botsim::referee::csb::play(&spec, [a.as_mut(), b.as_mut()], trace_path.is_some())?;
    let o = record.outcome;
    println!(
        "csb seed {seed}: {p1} {} - {} {p2} after {} turns ({})",
        o.scores[0],
        o.scores[1],
        record.turns,
        o.reason.as_str()
    );
    for e in &record.errors {
        println!(
            "player {} eliminated at turn {}: {}",
            e.player, e.turn, e.detail
        );
    }
    if let (Some(path), Some(t)) = (trace_path, record.trace) {
        trace::write_file(&path, &[t])?;
        println!("trace written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn bundle(
    bot: &std::path::Path,
    output: &std::path::Path,
    keep_docs: bool,
    check: bool,
    params: Option<&std::path::Path>,
) -> Result<ExitCode> {
    use botsim::bundle;
    let tuned = match params {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            botsim::params::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
        }
        None => Vec::new(),
    };
    let lib = bundle::find_library(bot);
    let b = bundle::bundle(bot, &lib, &bundle::header(bot, &lib), keep_docs, &tuned)?;
    std::fs::write(output, &b.text)
        .with_context(|| format!("cannot write {}", output.display()))?;
    let chars = b.text.chars().count();
    println!(
        "wrote {} ({chars} characters, {} under the limit of {})",
        output.display(),
        bundle::MAX_CHARS - chars,
        bundle::MAX_CHARS
    );
    let parts: Vec<String> = b.weights.iter().map(|(n, w)| format!("{n} {w}")).collect();
    println!("parts: {}", parts.join(", "));
    if check {
        let dir = std::env::temp_dir().join(format!("botsim-bundle-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        for release in [false, true] {
            let bin = dir.join(if release { "release" } else { "debug" });
            bundle::compile(output, release, &bin)?;
            println!(
                "compiled alone with rustc ({})",
                if release { "release" } else { "debug" }
            );
        }
        let source = std::fs::read_to_string(bot)?;
        let game = bundle::game_of(&source).context("cannot tell which game the bot plays")?;
        println!("{}", bundle::play_check(&dir.join("release"), game)?);
        std::fs::remove_dir_all(&dir).ok();
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(files: &[PathBuf], all: bool) -> Result<ExitCode> {
    let (mut games, mut games_ok, mut turns, mut turns_ok) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = 0usize;
    for path in files {
        trace::for_each_game(path, |line, game| {
            games += 1;
            turns += game.turns.len();
            let result = match game.game.as_str() {
                "csb" => botsim::referee::csb::verify(&game),
                "fb" => botsim::referee::fb::verify(&game),
                other => bail!("{}:{line}: unknown game '{other}'", path.display()),
            };
            match result {
                Ok(n) => {
                    games_ok += 1;
                    turns_ok += n;
                }
                Err((n, m)) => {
                    turns_ok += n;
                    failures += 1;
                    if all || failures == 1 {
                        print_mismatch(path, line, &game, &m);
                    }
                }
            }
            Ok(())
        })
        .with_context(|| format!("verifying {}", path.display()))?;
    }
    println!("verified {games_ok}/{games} games, {turns_ok}/{turns} turns");
    Ok(if games_ok == games {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_mismatch(path: &std::path::Path, line: usize, game: &trace::Trace, m: &Mismatch) {
    let seed = game.seed.map_or("-".to_string(), |s| s.to_string());
    println!("MISMATCH {}:{line} (seed {seed}) {m}", path.display());
}

fn bench(game: GameName, turns: u64, seed: u64) -> Result<ExitCode> {
    use botsim::bench::{csb_random_turns, fb_random_turns, Drive, Report};
    let name = match game {
        GameName::Csb => "csb",
        GameName::Fb => "fb",
    };
    println!("{name} bench: {turns} turns per workload, seed {seed}, one thread");
    let workloads: &[&str] = match game {
        GameName::Csb => &["actions", "text"],
        GameName::Fb => &["actions"],
    };
    for &name in workloads {
        let start = std::time::Instant::now();
        let r: Report = match (game, name) {
            (GameName::Csb, "actions") => csb_random_turns(Drive::Actions, turns, seed),
            (GameName::Csb, _) => csb_random_turns(Drive::Text, turns, seed),
            (GameName::Fb, _) => fb_random_turns(turns, seed),
        };
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{name:>8}: {:>10.0} turns/s  {:>6.1} ns/turn  {} games  fingerprint {:016x}",
            r.turns as f64 / secs,
            secs * 1e9 / r.turns as f64,
            r.games,
            r.fingerprint
        );
    }
    Ok(ExitCode::SUCCESS)
}

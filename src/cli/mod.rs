//! The `botsim` command line: the flags of each subcommand (clap) and the call into the library
//! that does its work. `src/main.rs` only parses and runs.
//!
//! - [`play`]: one game (`play`), and the cg-brutaltester referee (`referee`).
//! - [`arena`]: many games, their statistics, shards merged (`arena`).
//! - [`tune`]: SPSA runs and their reports (`tune`).
//! - [`ladder`]: the accepted versions of our bots, built from their commits (`ladder`).
//! - [`progress`]: how far a long run is, on a terminal or in a log.
//! - [`tools`]: `replay`, `verify`, `bundle`, `bench`.

/// `println!` for a command's output: when the reader has gone (`botsim ... | head`), the command
/// ends quietly, as other command-line tools do, instead of with a panic. `say!(text: t)`
/// prints `t` as it is, without adding a newline.
macro_rules! say {
    (text: $text:expr) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), "{}", $text).is_err() {
            botsim::referee::process::end_orphans();
            std::process::exit(0);
        }
    }};
    ($($arg:tt)*) => {
        say!(text: format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod arena;
mod ladder;
mod play;
mod positions;
mod progress;
mod tools;
mod tune;

use anyhow::Result;
use botsim::games::GameKind;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "botsim",
    version,
    about = "Exact simulators, search and an arena for CodinGame bot contests"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The clocks of `--clock`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum ClockName {
    /// CPU time of the program's processes.
    Cpu,
    /// Wall time, as on the contest server.
    Wall,
}

/// Time limits for program players (built-in bots are not timed).
#[derive(clap::Args, Clone, Copy, Debug)]
struct LimitArgs {
    /// Milliseconds a program may take on the first turn.
    #[arg(long, default_value_t = 1000)]
    first_turn_ms: u64,
    /// Milliseconds a program may take on later turns (default: the contest's, 75 for csb and
    /// 100 for fb).
    #[arg(long)]
    turn_ms: Option<u64>,
    /// Milliseconds added to both limits (slow machines, process start-up).
    #[arg(long, default_value_t = 0)]
    margin_ms: u64,
    /// Which time the limits are on: `cpu`, the CPU time a program's processes ran during the
    /// turn (a loaded machine delays answers without making them late; the answer must still
    /// come within a second more than the limit), or `wall`, from the input's write to the
    /// answer, as the contest server counts it.
    #[arg(long, value_enum, default_value = "cpu")]
    clock: ClockName,
    /// Megabytes a program may hold (the peak resident size of its processes, checked after
    /// each turn); one that goes over is stopped and loses. The contest's limit is 768.
    #[arg(long)]
    memory_mb: Option<u64>,
}

impl LimitArgs {
    fn limits(&self, game: GameKind) -> botsim::arena::Limits {
        let later = self
            .turn_ms
            .map_or(game.turn_limit(), Duration::from_millis);
        let margin = Duration::from_millis(self.margin_ms);
        botsim::arena::Limits {
            first_turn: Duration::from_millis(self.first_turn_ms) + margin,
            later_turns: later + margin,
            clock: match self.clock {
                ClockName::Cpu => botsim::arena::Clock::Cpu,
                ClockName::Wall => botsim::arena::Clock::Wall,
            },
            memory_mb: self.memory_mb,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Play one game between two bots and print the result.
    #[command(after_help = botsim::games::players_help())]
    Play(Box<play::PlayArgs>),
    /// Play many games between two bots, in seat-swapped pairs, and decide which is stronger.
    #[command(after_help = botsim::games::players_help())]
    Arena(Box<arena::ArenaArgs>),
    /// Find positions in recorded games for `arena --positions`: where a player nears the
    /// checkpoint timeout (CSB), or a fixed turn; one `TRACE TURN` line each.
    Positions(Box<positions::PositionsArgs>),
    /// Write a game of a trace file as a self-contained HTML page that plays it.
    Replay {
        /// A trace file (trace/1, gzip or plain).
        file: PathBuf,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Where to write the page.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Tune a search bot's parameters by self-play (SPSA); report on a run; verify the result.
    #[command(after_help = botsim::games::players_help())]
    Tune(Box<tune::TuneArgs>),
    /// The accepted versions of our bots (ladder.toml): list, build from their commits, check.
    #[command(subcommand)]
    Ladder(ladder::LadderCommand),
    /// Serve as a referee for cg-brutaltester: its old protocol (-o) on stdin/stdout, or, given
    /// -p1 and -p2, its new one: play the game between the two programs and print their scores.
    Referee {
        /// The game: csb (Coders Strike Back) or fb (Fantastic Bits).
        #[arg(long, value_enum, default_value = "csb")]
        game: GameKind,
        #[command(flatten)]
        limits: LimitArgs,
        /// The new protocol's arguments, as cg-brutaltester appends them: -p1 CMD -p2 CMD
        /// [-d seed=N] [-l FILE] (the game's trace/1 record).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        protocol: Vec<String>,
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
        /// Keep doc comments, line comments and indentation.
        #[arg(long)]
        keep_docs: bool,
        /// Compile the bundle alone with rustc (debug and release) and play a game with it.
        #[arg(long)]
        check: bool,
        /// Tuned parameters (`name = number` lines) to compile into the bundle as constants.
        #[arg(long)]
        params: Option<PathBuf>,
        /// The game the bot plays, for --check and --params when its source does not say
        /// (a bot that does not use botsim's library).
        #[arg(long, value_enum)]
        game: Option<GameKind>,
    },
    /// A new bot of your own: a small crate at PATH (named after its last part) on botsim's
    /// engine and search, from the game's example bot, ready to build, play and bundle.
    New {
        /// Where to create it, e.g. my_bot.
        path: PathBuf,
        /// The game it plays.
        #[arg(long, value_enum)]
        game: GameKind,
    },
    /// Run a fixed, seeded workload and print turns per second and a behaviour fingerprint.
    Bench {
        /// The game: csb (Coders Strike Back) or fb (Fantastic Bits).
        #[arg(long, value_enum, default_value = "csb")]
        game: GameKind,
        /// Turns per workload.
        #[arg(long, default_value_t = 2_000_000)]
        turns: u64,
        /// Workload seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instead: the search's rollouts per turn at this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        search: Option<u64>,
        /// Instead: time the search at this many rollouts a turn (fixed work).
        #[arg(long, conflicts_with = "search", value_parser = clap::value_parser!(u64).range(1..))]
        search_rollouts: Option<u64>,
        /// With --search or --search-rollouts: the positions searched, from a race between
        /// heuristic bots or from a fight (the GA bot against a bot that blocks).
        #[arg(long, value_enum, default_value = "race")]
        positions: botsim::bench::Positions,
        /// With --search-rollouts: run the same search this many times and give the median
        /// and the best time (a noisy machine slows some runs, never speeds one up); every
        /// run must give the same fingerprint.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), requires = "search_rollouts")]
        repeat: u32,
        /// With --search-rollouts: time this build against another botsim build (a path), in
        /// turn, `--rounds` rounds of `--repeat` runs each, the order swapped each round: the
        /// ratio of their best rates, and whether they play the same (the fingerprints).
        #[arg(long, requires = "search_rollouts")]
        against: Option<PathBuf>,
        /// With --against: how many rounds.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..), requires = "against")]
        rounds: u32,
    },
}

/// Runs the command line's subcommand.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Play(args) => play::play(*args),
        Command::Arena(args) => arena::arena(*args),
        Command::Tune(args) => tune::tune(*args),
        Command::Positions(args) => positions::positions(*args),
        Command::Ladder(command) => ladder::ladder(command),
        Command::Replay { file, game, output } => tools::replay(&file, game, &output),
        Command::Referee {
            game,
            limits,
            protocol,
        } if !protocol.is_empty() => play::brutal_referee_new(game, &protocol, limits),
        Command::Referee { game, .. } => play::brutal_referee(game),
        Command::Verify { files, all } => tools::verify(&files, all),
        Command::Bundle {
            bot,
            output,
            keep_docs,
            check,
            params,
            game,
        } => tools::bundle(&bot, &output, keep_docs, check, params.as_deref(), game),
        Command::New { path, game } => tools::new_bot(&path, game),
        Command::Bench {
            game,
            search: Some(ms),
            positions,
            ..
        } => {
            let label = positions.label();
            let positions = positions.inputs(game, 30)?;
            let mut r = botsim::bench::search_rollouts(game, &positions, ms)?;
            r.sort_unstable();
            say!(
                "{} search: {ms} ms a turn, 30 turns{}: rollouts min {} median {} max {} ({:.0} per ms)",
                game.name(),
                label,
                r[0],
                r[r.len() / 2],
                r[r.len() - 1],
                r[r.len() / 2] as f64 / ms as f64
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            game,
            search_rollouts: Some(n),
            positions,
            repeat,
            against: Some(other),
            rounds,
            ..
        } => tools::bench_against(game, n, positions, repeat, &other, rounds),
        Command::Bench {
            game,
            search_rollouts: Some(n),
            positions,
            repeat,
            ..
        } => {
            let label = positions.label();
            let positions = positions.inputs(game, 30)?;
            let mut times = Vec::with_capacity(repeat as usize);
            let mut first = None;
            for run in 1..=repeat {
                let started = std::time::Instant::now();
                let (rollouts, fingerprint) = botsim::bench::search_fixed(game, &positions, n)?;
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                let (_, expected) = *first.get_or_insert((rollouts, fingerprint));
                if fingerprint != expected {
                    anyhow::bail!(
                        "the search is not reproducible: run 1 gave fingerprint {expected:016x}, \
                         run {run} {fingerprint:016x}"
                    );
                }
            }
            let (rollouts, fingerprint) = first.expect("at least one run");
            let rate = |ms: f64| rollouts as f64 / ms;
            let timing = if repeat == 1 {
                format!("{:.0} ms, {:.0} rollouts per ms", times[0], rate(times[0]))
            } else {
                times.sort_unstable_by(f64::total_cmp);
                let (median, best) = (times[times.len() / 2], times[0]);
                format!(
                    "{repeat} runs, median {median:.0} ms ({:.0} rollouts per ms), best {best:.0} ms ({:.0} per ms)",
                    rate(median),
                    rate(best)
                )
            };
            say!(
                "{} search: {n} rollouts a turn, 30 turns{}: {timing}, fingerprint {fingerprint:016x}",
                game.name(),
                label,
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            game, turns, seed, ..
        } => tools::bench(game, turns, seed),
    }
}

/// Checks, before any work, that `path` (given with `flag`) can be written: its folder exists
/// and it is not a folder itself.
fn writable(flag: &str, path: &std::path::Path) -> Result<()> {
    if path.is_dir() {
        anyhow::bail!("{flag} {}: is a folder, not a file", path.display());
    }
    let folder = folder_of(path);
    if !folder.is_dir() {
        anyhow::bail!(
            "{flag} {}: the folder {} does not exist",
            path.display(),
            folder.display()
        );
    }
    Ok(())
}

/// The folder the file `path` is in: `.` for a bare file name.
fn folder_of(path: &std::path::Path) -> &std::path::Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."))
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every option and argument of every command says what it is in `--help`: the help comes
    /// from the same definitions as the parser, so an option cannot be added without it.
    #[test]
    fn every_option_of_every_command_has_help() {
        fn check(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if arg.is_hide_set() || id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                if sub.get_name() != "help" {
                    check(sub, &format!("{path} {}", sub.get_name()), missing);
                }
            }
        }
        let mut missing = Vec::new();
        check(&Cli::command(), "botsim", &mut missing);
        assert!(missing.is_empty(), "options without help: {missing:?}");
    }
}

//! `botsim`: the command line over the library. Each subcommand is a thin layer: parse the
//! flags, call the library, print.

use anyhow::{bail, Context, Result};
use botsim::arena::{self, stats::Sprt, GameKind};
use botsim::csb;
use botsim::referee::Mismatch;
use botsim::trace;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `println!` for a command's output: when the reader has gone (`botsim ... | head`), the command
/// ends quietly, as other command-line tools do, instead of with a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            botsim::referee::process::end_orphans();
            std::process::exit(0);
        }
    }};
}

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

impl GameName {
    fn kind(self) -> GameKind {
        match self {
            GameName::Csb => GameKind::Csb,
            GameName::Fb => GameKind::Fb,
        }
    }
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

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
struct ArenaArgs {
    #[command(subcommand)]
    command: Option<ArenaCommand>,
    #[arg(long, value_enum, default_value = "csb")]
    game: GameName,
    /// Player A (the one the statistics speak for): builtin:NAME[:k=v,...] or a command line.
    #[arg(long)]
    p1: Option<String>,
    /// Player B.
    #[arg(long)]
    p2: Option<String>,
    /// Instead of --p1/--p2: three or more players, for a round robin with a ratings table.
    #[arg(long, num_args = 2.., conflicts_with_all = ["p1", "p2"])]
    players: Vec<String>,
    /// Games in all (of each two players, in a round robin): each seed is played twice, seats
    /// swapped.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The first seed; pair k plays seed + k.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    seed: i64,
    /// Games played at once (default: one per core with built-in players only; one per two
    /// cores when a program plays, as both players of a game think at the same time).
    #[arg(long)]
    threads: Option<usize>,
    /// Results file: one JSON line per game, appended as games end.
    #[arg(long, default_value = "arena.jsonl")]
    results: PathBuf,
    /// Continue the run recorded in the results file.
    #[arg(long)]
    resume: bool,
    /// Write each game's trace (trace/1) into this directory.
    #[arg(long)]
    replays: Option<PathBuf>,
    /// Write each program player's stderr into this directory, one file per game and seat.
    #[arg(long)]
    logs: Option<PathBuf>,
    /// With --replays: also an HTML replay of these games of player A: all, wins, draws, losses.
    #[arg(long, requires = "replays")]
    html: Option<String>,
    /// Write an HTML report of the run (W-D-L, Elo and LLR over the games, time use, each game
    /// with its replay) to this file, from all the results in the results file.
    #[arg(long)]
    report: Option<PathBuf>,
    /// Stop when decided: elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long)]
    sprt: Option<String>,
    /// Play only share i of N (0-based): the games whose index is i modulo N.
    #[arg(long)]
    shard: Option<arena::Shard>,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
struct TuneArgs {
    #[command(subcommand)]
    command: Option<TuneCommand>,
    #[arg(long, value_enum, default_value = "csb")]
    game: GameName,
    /// The bot to tune: builtin:ga, with any fixed parameters after it.
    #[arg(long, default_value = "builtin:ga")]
    bot: String,
    /// The tuning file (TOML): [[param]] name, start, min, max, c_end, r_end; optional alpha,
    /// gamma, A.
    #[arg(long)]
    params: Option<PathBuf>,
    #[arg(long, default_value_t = 100)]
    iterations: u64,
    /// Game pairs per iteration (each seed played twice, seats swapped).
    #[arg(long, default_value_t = 4)]
    pairs: usize,
    /// The search's fixed budget in every game.
    #[arg(long, default_value_t = 300)]
    rollouts: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Where the checkpoint, history and tuned.toml go.
    #[arg(long, default_value = "tune")]
    dir: PathBuf,
    /// Continue the run whose checkpoint is in --dir.
    #[arg(long)]
    resume: bool,
    /// Only write the run's checkpoint (iteration 0), to play its iterations in shards with
    /// `tune play` and `tune update`.
    #[arg(long)]
    init: bool,
}

#[derive(Subcommand)]
enum TuneCommand {
    /// Play this machine's share of the current iteration's games (the run's checkpoint in
    /// --dir), as arena result lines.
    Play {
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        /// Share i of N (0-based).
        #[arg(long)]
        shard: arena::Shard,
        #[arg(long)]
        results: PathBuf,
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Apply the current iteration from the shards' results, and move to the next.
    Update {
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        #[arg(required = true)]
        results: Vec<PathBuf>,
    },
    /// A table of the parameters over the iterations, and an SVG plot of each.
    Report {
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        /// The plot (default: report.svg in --dir).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// An SPRT of the tuned parameters against the defaults, through the arena.
    Verify {
        #[arg(long, value_enum, default_value = "csb")]
        game: GameName,
        #[arg(long, default_value = "builtin:ga")]
        bot: String,
        /// The tuned parameters (name = number lines), e.g. tune/tuned.toml.
        #[arg(long)]
        params: PathBuf,
        /// Most games to play (the SPRT may stop sooner).
        #[arg(long, default_value_t = 400)]
        games: usize,
        #[arg(long, default_value_t = 300)]
        rollouts: u64,
        #[arg(long, default_value = "elo0=0,elo1=10,alpha=0.05,beta=0.05")]
        sprt: String,
        #[arg(long)]
        threads: Option<usize>,
        /// Results of the games (JSON Lines); must not exist yet.
        #[arg(long, default_value = "tune-verify.jsonl")]
        results: PathBuf,
    },
}

#[derive(Subcommand)]
enum ArenaCommand {
    /// Combine results files (shards) and print the summary an unsharded run prints.
    Merge {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also print the SPRT decision: elo0=0,elo1=5,alpha=0.05,beta=0.05.
        #[arg(long)]
        sprt: Option<String>,
        /// Write the HTML report of the merged results to this file (see `arena --report`).
        #[arg(long)]
        report: Option<PathBuf>,
        /// The directory the shards' replays were written to, for the report's links.
        #[arg(long, requires = "report")]
        replays: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Play one game between two bots and print the result.
    Play {
        #[arg(long, value_enum, default_value = "csb")]
        game: GameName,
        /// The referee's seed: picks the map as the contest server does. Without it, a random
        /// seed, printed on stderr (and in the JSON) so that the game can be played again.
        #[arg(long, allow_negative_numbers = true)]
        seed: Option<i64>,
        /// An explicit map instead of the seed's: "x0 y0 x1 y1 ...".
        #[arg(long)]
        map: Option<String>,
        /// Player 0: builtin:NAME[:key=value,...] (csb: racer, ga; fb: chaser, ga), or a
        /// command line that runs a bot speaking the contest protocol.
        #[arg(long)]
        p1: String,
        /// Player 1.
        #[arg(long)]
        p2: String,
        /// Write the game to this file in the trace/1 format (gzip if it ends in .gz).
        #[arg(long)]
        trace: Option<PathBuf>,
        /// Print one JSON object, as psyleague's game command must: "ranks" (0 best), "errors"
        /// (1 for a player eliminated by its output or its clock), "test_data" (seed, turns) and
        /// "player_data" (each seat's score, errors and turn times).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Play many games between two bots, in seat-swapped pairs, and decide which is stronger.
    Arena(ArenaArgs),
    /// Write a game of a trace file as a self-contained HTML page that plays it.
    Replay {
        /// A trace file (trace/1, gzip or plain).
        file: PathBuf,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Tune a search bot's parameters by self-play (SPSA); report on a run; verify the result.
    Tune(TuneArgs),
    /// Serve as a referee for cg-brutaltester: its old protocol (-o) on stdin/stdout, or, given
    /// -p1 and -p2, its new one: play the game between the two programs and print their scores.
    Referee {
        #[arg(long, value_enum, default_value = "csb")]
        game: GameName,
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
        /// Instead: the search's rollouts per turn at this many milliseconds.
        #[arg(long)]
        search: Option<u64>,
        /// Instead: time the search at this many rollouts a turn (fixed work).
        #[arg(long, conflicts_with = "search")]
        search_rollouts: Option<u64>,
    },
}

fn main() -> ExitCode {
    // Processes a bot starts and detaches (setsid) stay ours, to be ended with its game.
    botsim::referee::process::adopt_orphans();
    let code = match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("botsim: error: {e:#}");
            ExitCode::from(2)
        }
    };
    botsim::referee::process::end_orphans();
    code
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
            json,
            limits,
        } => {
            let seed = seed.unwrap_or_else(|| {
                let seed = i64::from(rand::random::<u32>());
                eprintln!("botsim: seed {seed}");
                seed
            });
            play(game.kind(), seed, map, [p1, p2], trace, json, limits)
        }
        Command::Arena(args) => arena(args),
        Command::Tune(args) => tune(args),
        Command::Replay { file, game, output } => {
            let games = trace::read_file(&file)?;
            let Some(t) = game.checked_sub(1).and_then(|k| games.get(k)) else {
                bail!(
                    "{} has {} game(s); --game {game} is not one of them",
                    file.display(),
                    games.len()
                );
            };
            std::fs::write(&output, botsim::replay::html(t)?)
                .with_context(|| format!("cannot write {}", output.display()))?;
            say!("replay of game {game} written to {}", output.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Referee {
            game,
            limits,
            protocol,
        } if !protocol.is_empty() => brutal_referee_new(game.kind(), &protocol, limits),
        Command::Referee { game, .. } => brutal_referee(game.kind()),
        Command::Verify { files, all } => verify(&files, all),
        Command::Bundle {
            bot,
            output,
            keep_docs,
            check,
            params,
        } => bundle(&bot, &output, keep_docs, check, params.as_deref()),
        Command::Bench {
            game,
            search: Some(ms),
            ..
        } => {
            let mut r = botsim::bench::search_rollouts(game.kind(), ms, 30)?;
            r.sort_unstable();
            say!(
                "{} search: {ms} ms a turn, 30 turns: rollouts min {} median {} max {} ({:.0} per ms)",
                game.kind().name(),
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
            ..
        } => {
            let started = std::time::Instant::now();
            let (rollouts, fingerprint) = botsim::bench::search_fixed(game.kind(), n, 30)?;
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            say!(
                "{} search: {n} rollouts a turn, 30 turns: {ms:.0} ms, {:.0} rollouts per ms, \
                 fingerprint {fingerprint:016x}",
                game.kind().name(),
                rollouts as f64 / ms
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            game, turns, seed, ..
        } => bench(game, turns, seed),
    }
}

fn play(
    game: GameKind,
    seed: i64,
    map: Option<String>,
    players: [String; 2],
    trace_path: Option<PathBuf>,
    json: bool,
    limits: LimitArgs,
) -> Result<ExitCode> {
    let (r, t) = one_game(game, seed, map, players, trace_path.is_some(), limits)?;
    if json {
        let ranks: Vec<u8> = (0..2)
            .map(|i| u8::from(r.scores[i] < r.scores[1 - i]))
            .collect();
        let seat_errors = |i: usize| r.seat_errors(i).count();
        let errors: Vec<u8> = (0..2).map(|i| u8::from(seat_errors(i) > 0)).collect();
        let player_data: Vec<_> = (0..2)
            .map(|i| {
                let mut times = r.times.get(i).cloned().unwrap_or_default();
                times.sort_unstable();
                let ms = |t: Option<&u32>| t.map_or(0.0, |&t| f64::from(t) / 10.0);
                serde_json::json!({
                    "score": r.scores[i],
                    "errors": seat_errors(i),
                    "median_ms": ms(times.get(times.len() / 2)),
                    "max_ms": ms(times.last()),
                })
            })
            .collect();
        say!(
            "{}",
            serde_json::json!({
                "ranks": ranks,
                "errors": errors,
                "test_data": { "seed": seed, "turns": r.turns },
                "player_data": player_data,
            })
        );
    } else {
        say!(
            "{} seed {seed}: {} {} - {} {} after {} turns ({})",
            game.name(),
            r.seats[0],
            r.scores[0],
            r.scores[1],
            r.seats[1],
            r.turns,
            r.reason
        );
        for e in &r.errors {
            say!("eliminated: {e}");
        }
    }
    if let (Some(path), Some(t)) = (trace_path, t) {
        trace::write_file(&path, &[t])?;
        if !json {
            say!("trace written to {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays one game, players in seat order, recorded as a trace if `record`.
fn one_game(
    game: GameKind,
    seed: i64,
    map: Option<String>,
    players: [String; 2],
    record: bool,
    limits: LimitArgs,
) -> Result<(arena::GameResult, Option<trace::Trace>)> {
    let mut cfg = arena::Config::new(game, players.to_vec(), 1, seed);
    cfg.limits = limits.limits(game);
    if let Some(text) = map {
        if game != GameKind::Csb {
            bail!("--map is for csb; fb games are set up from --seed");
        }
        cfg.map = Some(csb::Setup::parse_map(&text).map_err(anyhow::Error::msg)?);
    }
    if record {
        // play_game records when replays are asked for; the directory itself is unused here.
        cfg.replays = Some(PathBuf::new());
    }
    arena::play_game(&cfg, 0)
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn tune(args: TuneArgs) -> Result<ExitCode> {
    use botsim::tune::{self, spsa::Schedule, Files, Run, TuneFile};
    match args.command {
        Some(TuneCommand::Report { dir, output }) => {
            let files = Files::in_dir(&dir);
            let text = std::fs::read_to_string(&files.checkpoint)
                .with_context(|| format!("cannot read {}", files.checkpoint.display()))?;
            let cp: tune::Checkpoint = serde_json::from_str(&text)?;
            let history = tune::read_history(&files.history)?;
            let (table, svg) = tune::report(&cp.run.params, &history);
            let out = output.unwrap_or_else(|| dir.join("report.svg"));
            std::fs::write(&out, svg).with_context(|| format!("cannot write {}", out.display()))?;
            print!("{table}");
            say!("plot written to {}", out.display());
            return Ok(ExitCode::SUCCESS);
        }
        Some(TuneCommand::Verify {
            game,
            bot,
            params,
            games,
            rollouts,
            sprt,
            threads,
            results,
        }) => {
            let text = std::fs::read_to_string(&params)
                .with_context(|| format!("cannot read {}", params.display()))?;
            let tuned = botsim::params::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", params.display()))?;
            let values: Vec<(&str, f64)> = tuned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
            let a = tune::bot_with(&bot, rollouts, &values);
            let b = tune::bot_with(&bot, rollouts, &[]);
            if games == 0 || !games.is_multiple_of(2) {
                bail!("--games must be a positive even number");
            }
            let mut cfg = arena::Config::new(game.kind(), vec![a, b], games, 1);
            cfg.threads = threads.unwrap_or_else(all_cores);
            cfg.sprt = Some(Sprt::parse(&sprt).map_err(anyhow::Error::msg)?);
            let out = arena::run(&cfg, &results, false, |_| {})?;
            say!(
                "tuned ({}) against the defaults, {} games:",
                params.display(),
                out.results.len()
            );
            say!(
                "{}",
                arena::report(&arena::summarize(&out.results), cfg.sprt.as_ref())
            );
            return Ok(ExitCode::SUCCESS);
        }
        Some(TuneCommand::Play {
            dir,
            shard,
            results,
            threads,
        }) => {
            let files = Files::in_dir(&dir);
            let cp = tune::load(&files)?;
            if results.exists() {
                bail!(
                    "{} exists; each shard of each iteration writes a new file",
                    results.display()
                );
            }
            let rs =
                cp.run
                    .play_games(&cp.state, Some(shard), threads.unwrap_or_else(all_cores))?;
            let text: String = rs
                .iter()
                .map(|r| serde_json::to_string(r).expect("serializable") + "\n")
                .collect();
            std::fs::write(&results, text)
                .with_context(|| format!("cannot write {}", results.display()))?;
            say!(
                "iteration {}: played {} game(s) of shard {} into {}",
                cp.state.iteration,
                rs.len(),
                shard,
                results.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        Some(TuneCommand::Update { dir, results }) => {
            let files = Files::in_dir(&dir);
            let cp = tune::load(&files)?;
            let mut all = Vec::new();
            for f in &results {
                all.extend(arena::read_results(f)?);
            }
            let mut state = cp.state.clone();
            let step = tune::apply(&cp.run, &files, &mut state, &all)?;
            say!(
                "iteration {} applied (result {:+}); now at {} of {}",
                step.iteration,
                step.result,
                state.iteration,
                cp.run.schedule.iterations
            );
            return Ok(ExitCode::SUCCESS);
        }
        None => {}
    }
    let Some(path) = args.params else {
        bail!("tune needs --params FILE (the parameters to tune), or: tune report | tune verify");
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let file = TuneFile::parse(&text).with_context(|| format!("{}", path.display()))?;
    // Every name must be a parameter of the bot: build it once with the start values.
    let starts: Vec<(&str, f64)> = file
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.start))
        .collect();
    let probe = tune::bot_with(&args.bot, args.rollouts, &starts);
    match args.game {
        GameName::Csb => botsim::builtin::csb(&probe, 1).map(drop)?,
        GameName::Fb => botsim::builtin::fb(&probe, 1).map(drop)?,
    }
    let mut schedule = Schedule::new(args.iterations);
    schedule.alpha = file.alpha.unwrap_or(schedule.alpha);
    schedule.gamma = file.gamma.unwrap_or(schedule.gamma);
    schedule.a = file.a;
    let run = Run {
        game: args.game.kind(),
        bot: args.bot,
        params: file.params,
        schedule,
        pairs: args.pairs,
        rollouts: args.rollouts,
        seed: args.seed,
    };
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    let files = Files::in_dir(&args.dir);
    if args.init {
        tune::start(&run, &files)?;
        say!(
            "run written to {}; play its iterations with tune play and tune update",
            files.checkpoint.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let bar = indicatif::ProgressBar::new(run.schedule.iterations);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} iterations  {msg}  [eta {eta}]",
        )
        .expect("a valid template"),
    );
    let state = tune::tune(
        &run,
        &files,
        args.resume,
        args.threads.unwrap_or_else(all_cores),
        |step| {
            bar.set_position(step.iteration + 1);
            let values: Vec<String> = run
                .params
                .iter()
                .zip(&step.theta)
                .map(|(p, v)| format!("{}={v:.4}", p.name))
                .collect();
            bar.set_message(values.join(" "));
            true
        },
    )?;
    bar.finish_and_clear();
    say!("{} iterations done; parameters:", state.iteration);
    print!("{}", tune::tuned_text(&run, &state.theta));
    say!(
        "written to {}; history in {}, checkpoint in {}",
        files.tuned.display(),
        files.history.display(),
        files.checkpoint.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// cg-brutaltester's new referee protocol: one game between the programs of `-p1` and `-p2`,
/// then their scores and the seed on stdout (see `botsim::referee::brutaltester`).
fn brutal_referee_new(game: GameKind, args: &[String], limits: LimitArgs) -> Result<ExitCode> {
    use botsim::referee::brutaltester::{report, Invocation};
    let inv = Invocation::parse(args)?;
    // Without a seed from the tester, a random one; it is printed with the scores. Only a
    // player's elimination goes to stderr: the tester logs the referee's stderr as the game's
    // errors, with the command that replays it.
    let seed = inv.seed.unwrap_or_else(|| i64::from(rand::random::<u32>()));
    let (r, t) = one_game(game, seed, None, inv.players, inv.log.is_some(), limits)?;
    if let (Some(path), Some(t)) = (&inv.log, t) {
        trace::write_file(path, &[t])?;
    }
    for e in &r.errors {
        eprintln!("eliminated: {e}");
    }
    let eliminated = [0, 1].map(|seat| r.seat_errors(seat).next().is_some());
    print!("{}", report(r.scores, eliminated, seed));
    Ok(ExitCode::SUCCESS)
}

fn brutal_referee(game: GameKind) -> Result<ExitCode> {
    use botsim::referee::brutaltester::{opening, serve};
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    // Without a seed from the tester, one from the clock, as the contest server draws one.
    let seed = opening(&mut input)?.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as i64)
    });
    match game {
        GameKind::Csb => {
            let setup = csb::Setup::from_seed(seed);
            serve(
                &mut botsim::referee::csb::Match::new(setup),
                &mut input,
                &mut output,
            )?
        }
        GameKind::Fb => {
            let start = botsim::fb::setup::from_seed(seed);
            serve(
                &mut botsim::referee::fb::Match::new(start),
                &mut input,
                &mut output,
            )?
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn arena(args: ArenaArgs) -> Result<ExitCode> {
    if let Some(ArenaCommand::Merge {
        files,
        sprt,
        report,
        replays,
    }) = args.command
    {
        return merge(&files, sprt, report.as_deref(), replays.as_deref());
    }
    let game = args.game.kind();
    let players = match (args.p1, args.p2) {
        (Some(a), Some(b)) => vec![a, b],
        (None, None) if args.players.len() >= 2 => args.players.clone(),
        _ => bail!(
            "arena needs --p1 and --p2, or --players A B C... (or: botsim arena merge FILES...)"
        ),
    };
    let round_robin = players.len() > 2;
    if round_robin && args.sprt.is_some() {
        bail!("--sprt decides between two players; a round robin prints a ratings table");
    }
    if round_robin && args.report.is_some() {
        bail!("--report is of two players; a round robin prints a ratings table");
    }
    if args.games == 0 || !args.games.is_multiple_of(2) {
        bail!("--games must be a positive even number: each seed is played twice, seats swapped");
    }
    let mut cfg = arena::Config::new(game, players, args.games, args.seed);
    if let Some(threads) = args.threads {
        cfg.threads = threads;
    }
    cfg.limits = args.limits.limits(game);
    cfg.replays = args.replays;
    cfg.logs = args.logs;
    cfg.html = args
        .html
        .as_deref()
        .map(arena::HtmlGames::parse)
        .transpose()?;
    cfg.sprt = args
        .sprt
        .map(|s| Sprt::parse(&s))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    cfg.shard = args.shard;
    let total = (0..cfg.total_games())
        .filter(|&g| cfg.shard.is_none_or(|s| s.has(g)))
        .count();
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let outcome = arena::run(&cfg, &args.results, args.resume, |results| {
        bar.set_position(results.len() as u64);
        if !round_robin {
            let s = arena::summarize(results);
            bar.set_message(format!(
                "A: W-D-L {}-{}-{}  score {:.1}%",
                s.wins,
                s.draws,
                s.losses,
                100.0 * s.score()
            ));
        }
    })?;
    bar.finish_and_clear();
    say!(
        "{}: {} games ({} played now), results in {}",
        cfg.players.join(" vs "),
        outcome.results.len(),
        outcome.played,
        args.results.display()
    );
    if round_robin {
        say!("{}", arena::ratings_report(&outcome.results));
    } else {
        say!(
            "{}",
            arena::report(&arena::summarize(&outcome.results), cfg.sprt.as_ref())
        );
    }
    print!("{}", arena::time_report(&outcome.results));
    if let Some(stop) = outcome.sprt_stop {
        say!(
            "stopped early: the SPRT decided after {} games (LLR {:.3}): {}; games already under way were recorded too",
            stop.games,
            stop.llr,
            arena::verdict_text(stop.verdict)
        );
    }
    let errors: Vec<&String> = outcome.results.iter().flat_map(|r| &r.errors).collect();
    if !errors.is_empty() {
        say!("{} player error(s), e.g. {}", errors.len(), errors[0]);
    }
    if let Some(path) = &args.report {
        write_report(
            path,
            &outcome.results,
            cfg.sprt.as_ref(),
            cfg.replays.as_deref(),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the arena's HTML report and says where.
fn write_report(
    path: &std::path::Path,
    results: &[arena::GameResult],
    sprt: Option<&Sprt>,
    replays: Option<&std::path::Path>,
) -> Result<()> {
    std::fs::write(path, arena::report::html(results, sprt, replays))
        .with_context(|| format!("cannot write {}", path.display()))?;
    say!("report in {}", path.display());
    Ok(())
}

/// `botsim arena merge`: the summary of several results files (shards), as one run prints it.
fn merge(
    files: &[PathBuf],
    sprt: Option<String>,
    report: Option<&std::path::Path>,
    replays: Option<&std::path::Path>,
) -> Result<ExitCode> {
    let sprt = sprt
        .map(|s| Sprt::parse(&s))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let mut seen = std::collections::BTreeMap::new();
    for f in files {
        let rs = arena::read_results(f)?;
        if rs.is_empty() {
            bail!("{}: no results", f.display());
        }
        for r in rs {
            if let Some(prev) = seen.insert(r.game, r.clone()) {
                if prev.untimed() != r.untimed() {
                    bail!(
                        "game {} appears twice with different results ({})",
                        r.game,
                        f.display()
                    );
                }
            }
        }
    }
    let unique: Vec<arena::GameResult> = seen.into_values().collect();
    let mut names: Vec<&String> = unique.iter().flat_map(|r| &r.seats).collect();
    names.sort();
    names.dedup();
    if names.len() > 2 {
        if report.is_some() {
            bail!(
                "--report is of two players; these results hold {}",
                names.len()
            );
        }
        say!("{}", arena::ratings_report(&unique));
    } else {
        say!(
            "{}",
            arena::report(&arena::summarize(&unique), sprt.as_ref())
        );
    }
    print!("{}", arena::time_report(&unique));
    if let Some(path) = report {
        write_report(path, &unique, sprt.as_ref(), replays)?;
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
    say!(
        "wrote {} ({chars} characters, {} under the limit of {})",
        output.display(),
        bundle::MAX_CHARS - chars,
        bundle::MAX_CHARS
    );
    let parts: Vec<String> = b.weights.iter().map(|(n, w)| format!("{n} {w}")).collect();
    say!("parts: {}", parts.join(", "));
    if check {
        let dir = std::env::temp_dir().join(format!("botsim-bundle-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        for release in [false, true] {
            let bin = dir.join(if release { "release" } else { "debug" });
            bundle::compile(output, release, &bin)?;
            say!(
                "compiled alone with rustc ({})",
                if release { "release" } else { "debug" }
            );
        }
        let source = std::fs::read_to_string(bot)?;
        let game = bundle::game_of(&source).context("cannot tell which game the bot plays")?;
        say!("{}", bundle::play_check(&dir.join("release"), game)?);
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
    say!("verified {games_ok}/{games} games, {turns_ok}/{turns} turns");
    Ok(if games_ok == games {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_mismatch(path: &std::path::Path, line: usize, game: &trace::Trace, m: &Mismatch) {
    let seed = game.seed.map_or("-".to_string(), |s| s.to_string());
    say!("MISMATCH {}:{line} (seed {seed}) {m}", path.display());
}

fn bench(game: GameName, turns: u64, seed: u64) -> Result<ExitCode> {
    use botsim::bench::{csb_random_turns, fb_random_turns, Drive, Report};
    let name = match game {
        GameName::Csb => "csb",
        GameName::Fb => "fb",
    };
    say!("{name} bench: {turns} turns per workload, seed {seed}, one thread");
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
        say!(
            "{name:>8}: {:>10.0} turns/s  {:>6.1} ns/turn  {} games  fingerprint {:016x}",
            r.turns as f64 / secs,
            secs * 1e9 / r.turns as f64,
            r.games,
            r.fingerprint
        );
    }
    Ok(ExitCode::SUCCESS)
}

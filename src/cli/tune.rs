//! `botsim tune`: an SPSA run with a progress bar, and `tune play | update | report | verify`.

use super::all_cores;
use anyhow::{bail, Context, Result};
use botsim::arena;
use botsim::games::GameKind;
use botsim::player::PlayerSpec;
use botsim::stats::{self, Sprt};
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct TuneArgs {
    #[command(subcommand)]
    command: Option<TuneCommand>,
    /// The game: csb or fb.
    #[arg(long, value_enum, default_value = "csb")]
    game: GameKind,
    /// The bot to tune: builtin:ga, with any fixed parameters after it, or a program on botsim's
    /// contest loop, e.g. target/release/examples/csb_my_bot (given --rollouts and --param NAME=X).
    #[arg(long, default_value = "builtin:ga")]
    bot: String,
    /// The tuning file (TOML): [[param]] name, start, min, max, c_end, r_end; optional alpha,
    /// gamma, A.
    #[arg(long)]
    params: Option<PathBuf>,
    /// SPSA iterations: each plays --pairs game pairs of theta+ against theta- (and against
    /// each --opponent).
    #[arg(long, default_value_t = 100)]
    iterations: u64,
    /// Game pairs per iteration (each seed played twice, seats swapped), of theta+ against
    /// theta-, and of each against each --opponent.
    #[arg(long, default_value_t = 4)]
    pairs: usize,
    /// An opponent that theta+ and theta- also play, --pairs pairs each on the same seeds
    /// (any player: builtin:NAME, ladder:VERSION, a program); repeat for several. Their points
    /// against it count as their points against each other do.
    #[arg(long = "opponent", value_name = "PLAYER")]
    opponents: Vec<PlayerSpec>,
    /// The search's fixed budget in every game.
    #[arg(long, default_value_t = 300)]
    rollouts: u64,
    /// The run's seed: the perturbations and the game seeds of every iteration come from it.
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
pub(super) enum TuneCommand {
    /// Play this machine's share of the current iteration's games (the run's checkpoint in
    /// --dir), as arena result lines.
    Play {
        /// The run's folder (its checkpoint).
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        /// Share i of N (0-based).
        #[arg(long)]
        shard: arena::Shard,
        /// Where this share's results go (a new file).
        #[arg(long)]
        results: PathBuf,
        /// Games played at once (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Apply the current iteration from the shards' results, and move to the next.
    Update {
        /// The run's folder (its checkpoint).
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        /// The results files of the current iteration's shards.
        #[arg(required = true)]
        results: Vec<PathBuf>,
    },
    /// A table of the parameters over the iterations, and an SVG plot of each.
    Report {
        /// The run's folder.
        #[arg(long, default_value = "tune")]
        dir: PathBuf,
        /// The plot (default: report.svg in --dir).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// An SPRT of the tuned parameters against the defaults, through the arena.
    Verify {
        /// The game: csb or fb.
        #[arg(long, value_enum, default_value = "csb")]
        game: GameKind,
        /// The bot tuned, as `tune` was given it.
        #[arg(long, default_value = "builtin:ga")]
        bot: String,
        /// The tuned parameters (name = number lines), e.g. tune/tuned.toml.
        #[arg(long)]
        params: PathBuf,
        /// Most games to play (the SPRT may stop sooner).
        #[arg(long, default_value_t = 400, allow_hyphen_values = true)]
        games: usize,
        /// The search's fixed budget in every game.
        #[arg(long, default_value_t = 300)]
        rollouts: u64,
        /// The test that decides: elo0=0,elo1=10,alpha=0.05,beta=0.05.
        #[arg(long, default_value = "elo0=0,elo1=10,alpha=0.05,beta=0.05")]
        sprt: Sprt,
        /// Games played at once (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Results of the games (JSON Lines); must not exist yet.
        #[arg(long, default_value = "tune-verify.jsonl")]
        results: PathBuf,
        /// The opponent (any player, e.g. ladder:csb_v3); default: the bot with its defaults
        /// at the same budget.
        #[arg(long)]
        against: Option<PlayerSpec>,
    },
}

pub(super) fn tune(args: TuneArgs) -> Result<ExitCode> {
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
            say!(text: table);
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
            against,
        }) => {
            let text = std::fs::read_to_string(&params)
                .with_context(|| format!("cannot read {}", params.display()))?;
            let tuned = botsim_core::params::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", params.display()))?;
            let values: Vec<(&str, f64)> = tuned.iter().map(|(n, v)| (n.as_str(), *v)).collect();
            let a = tune::bot_with(&bot, rollouts, &values)?;
            let b = match against {
                Some(player) => player,
                None => tune::bot_with(&bot, rollouts, &[])?,
            };
            if games == 0 || !games.is_multiple_of(2) {
                bail!("--games must be a positive even number");
            }
            super::writable("--results", &results)?;
            if std::fs::metadata(&results).is_ok_and(|m| m.len() > 0) {
                bail!(
                    "--results {} already holds results: choose another file, or remove it",
                    results.display()
                );
            }
            let mut players = vec![a, b];
            super::ladder::resolve(&mut players, game)?;
            let mut cfg = arena::Config::new(game, players, games, 1);
            cfg.threads = threads.unwrap_or_else(all_cores);
            cfg.sprt = Some(sprt);
            let out = arena::run(&cfg, &results, false, |_| {})?;
            say!(
                "tuned ({}) against {}, {} games:",
                params.display(),
                if cfg.players[1].is_builtin() {
                    "the defaults".to_string()
                } else {
                    cfg.players[1].to_string()
                },
                out.results.len()
            );
            say!(
                "{}",
                stats::report(&arena::summarize(&out.results), cfg.sprt.as_ref())
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
                all.extend(arena::results::read(f)?);
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
    match tune::bot_with(&args.bot, args.rollouts, &starts)? {
        PlayerSpec::Builtin(probe) => args.game.tools().check_builtin(&probe)?,
        PlayerSpec::Program(command) => check_program(&command)?,
        PlayerSpec::Ladder(_) => unreachable!("bot_with refuses ladder versions"),
    }
    let mut schedule = Schedule::new(args.iterations);
    schedule.alpha = file.alpha.unwrap_or(schedule.alpha);
    schedule.gamma = file.gamma.unwrap_or(schedule.gamma);
    schedule.a = file.a;
    let mut opponents = args.opponents;
    super::ladder::resolve(&mut opponents, args.game)?;
    // As the arena does before its first game: specs that build, programs that start.
    arena::check_players(args.game, &opponents)?;
    let run = Run {
        game: args.game,
        bot: args.bot,
        params: file.params,
        schedule,
        pairs: args.pairs,
        rollouts: args.rollouts,
        seed: args.seed,
        // A ladder version as the program it was built into: the run's schedule parses its
        // players again each iteration, and `ladder:NAME` would parse unbuilt.
        opponents: opponents
            .iter()
            .map(|o| o.command().map_or_else(|| o.to_string(), str::to_string))
            .collect(),
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
    let mut progress = super::progress::Progress::new(run.schedule.iterations, "iterations");
    let state = tune::tune(
        &run,
        &files,
        args.resume,
        args.threads.unwrap_or_else(all_cores),
        |step| {
            progress.update(step.iteration + 1, || {
                let values: Vec<String> = run
                    .params
                    .iter()
                    .zip(&step.theta)
                    .map(|(p, v)| format!("{}={v:.4}", p.name))
                    .collect();
                values.join(" ")
            });
            true
        },
    )?;
    progress.finish();
    say!("{} iterations done; parameters:", state.iteration);
    say!(text: tune::tuned_text(&run, &state.theta));
    say!(
        "written to {}; history in {}, checkpoint in {}",
        files.tuned.display(),
        files.history.display(),
        files.checkpoint.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// A program to tune, run once with the start values and no input: a contest bot on botsim's
/// loop checks its flags and parameters, then ends at the end of its input. One that fails says
/// why before any game (an unknown parameter, a flag it does not take).
fn check_program(command: &str) -> Result<()> {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new("sh")
        .args(["-c", command])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run '{command}'"))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            bail!("--bot '{command}': still running 10 s after its input ended: tune plays programs on botsim's contest loop (botsim_core::contest), which take --rollouts and --param NAME=X");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if !status.success() {
        let mut said = String::new();
        if let Some(mut err) = child.stderr.take() {
            use std::io::Read;
            let _ = err.read_to_string(&mut said);
        }
        let said = said.lines().next().unwrap_or("").to_string();
        bail!("--bot '{command}' refused its flags ({status}): {said}");
    }
    Ok(())
}

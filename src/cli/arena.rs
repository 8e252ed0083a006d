//! `botsim arena`: its flags, the run with a progress bar, the summary; `arena merge`.

use super::LimitArgs;
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
pub(super) struct ArenaArgs {
    #[command(subcommand)]
    command: Option<ArenaCommand>,
    /// The game: csb (Coders Strike Back) or fb (Fantastic Bits).
    #[arg(long, value_enum, default_value = "csb")]
    game: GameKind,
    /// Player A (the one the statistics speak for): builtin:NAME[:k=v,...], ladder:NAME [ARGS]
    /// or a command line.
    #[arg(long)]
    p1: Option<PlayerSpec>,
    /// Player B.
    #[arg(long)]
    p2: Option<PlayerSpec>,
    /// Instead of --p1/--p2: three or more players, for a round robin with a ratings table.
    #[arg(long, num_args = 2.., conflicts_with_all = ["p1", "p2"])]
    players: Vec<PlayerSpec>,
    /// Games in all (of each two players, in a round robin): each seed is played twice, seats
    /// swapped.
    #[arg(long, default_value_t = 100, allow_hyphen_values = true)]
    games: usize,
    /// The run's seed: pair k plays a game seed drawn from it and k (each game's is in the
    /// results; `botsim play --seed` plays it again).
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
    sprt: Option<Sprt>,
    /// Play only share i of N (0-based): the games whose index is i modulo N.
    #[arg(long)]
    shard: Option<arena::Shard>,
    /// Start the games from recorded positions instead of the seeds' first turns: a file whose
    /// lines each name a trace of one game (as --replays writes them; a path relative to the
    /// file's folder) and how many of its turns to play as recorded, `TRACE TURN` (`#` begins a
    /// comment). Pair k plays position k modulo their number, each bot once from each seat:
    /// a change that acts only in rare positions is measured where it acts.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    positions: Option<PathBuf>,
    /// Keep N more threads busy on the machine while the games are played: try a program's
    /// clock on a loaded machine (see the answer times with --clock wall).
    #[arg(long, value_name = "N", default_value_t = 0)]
    load: usize,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Subcommand)]
pub(super) enum ArenaCommand {
    /// Combine results files (shards) and print the summary an unsharded run prints.
    Merge {
        /// The results files (shards) to combine.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also print the SPRT decision: elo0=0,elo1=5,alpha=0.05,beta=0.05.
        #[arg(long)]
        sprt: Option<Sprt>,
        /// Write the HTML report of the merged results to this file (see `arena --report`).
        #[arg(long)]
        report: Option<PathBuf>,
        /// The directory the shards' replays were written to, for the report's links.
        #[arg(long, requires = "report")]
        replays: Option<PathBuf>,
    },
    /// Compare two runs of player A against the same opponent, game by game: two versions of a
    /// bot played on the same --seed (or --positions) with fixed budgets play alike the games a
    /// change does not touch; the games whose result differs say what it did, and a sign test
    /// on them whether it helped (a change that acts in a few games in a hundred).
    Compare {
        /// The results file of the first run (the old version).
        before: PathBuf,
        /// The results file of the second run (the new version).
        after: PathBuf,
    },
}

pub(super) fn arena(args: ArenaArgs) -> Result<ExitCode> {
    if let Some(ArenaCommand::Merge {
        files,
        sprt,
        report,
        replays,
    }) = args.command
    {
        return merge(&files, sprt, report.as_deref(), replays.as_deref());
    }
    if let Some(ArenaCommand::Compare { before, after }) = args.command {
        return compare(&before, &after);
    }
    let game = args.game;
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
    super::writable("--results", &args.results)?;
    if let Some(path) = &args.report {
        super::writable("--report", path)?;
    }
    let mut players = players;
    super::ladder::resolve(&mut players, game)?;
    let mut cfg = arena::Config::new(game, players, args.games, args.seed);
    if let Some(threads) = args.threads {
        let fair = arena::default_threads(&cfg.players);
        if threads > fair && cfg.players.iter().any(|p| !p.is_builtin()) {
            eprintln!(
                "note: --threads {threads} plays more games at once than one per two cores ({fair} \
                 here) while a program plays: the two players of a game think at the same time, \
                 so more of them think than there are cores, and a player that searches until a \
                 time runs out gets less CPU than it would in a contest, a program and a built-in \
                 bot not alike (compare their times: on the CPU clock both are CPU time)"
            );
        }
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
    cfg.sprt = args.sprt;
    cfg.shard = args.shard;
    if let Some(path) = &args.positions {
        cfg.positions = positions(path, game)?;
        let pairs = args.games / 2;
        if pairs < cfg.positions.len() {
            eprintln!(
                "note: {} positions in {}, {pairs} pairs of games: the last {} are not played \
                 (--games {} plays each once from each seat)",
                cfg.positions.len(),
                path.display(),
                cfg.positions.len() - pairs,
                cfg.positions.len() * 2
            );
        }
    }
    let total = (0..cfg.total_games())
        .filter(|&g| cfg.shard.is_none_or(|s| s.has(g)))
        .count();
    let mut progress = super::progress::Progress::new(total as u64, "games");
    arena::stop_on_signals();
    let load = arena::load::Load::start(args.load);
    let outcome = arena::run(&cfg, &args.results, args.resume, |results| {
        progress.update(results.len() as u64, || {
            if round_robin {
                return String::new();
            }
            let s = arena::summarize(results);
            format!(
                "A: W-D-L {}-{}-{}  score {:.1}%",
                s.wins,
                s.draws,
                s.losses,
                100.0 * s.score()
            )
        });
    })?;
    load.stop();
    progress.finish();
    say!(
        "{}: {} games ({} played now), results in {}",
        cfg.players
            .iter()
            .map(PlayerSpec::to_string)
            .collect::<Vec<_>>()
            .join(" vs "),
        outcome.results.len(),
        outcome.played,
        args.results.display()
    );
    if round_robin {
        say!("{}", arena::ratings_report(&outcome.results));
    } else {
        say!(
            "{}",
            stats::report(&arena::summarize(&outcome.results), cfg.sprt.as_ref())
        );
        say!(text: arena::ends_report(&outcome.results));
        say!(text: arena::positions_report(&outcome.results));
    }
    say!(text: arena::time_report(&outcome.results));
    say!(text: arena::search_report(&outcome.results));
    if let Some(stop) = outcome.sprt_stop {
        say!(
            "stopped early: the SPRT decided after {} games (LLR {:.3}): {}; games already under way were recorded too",
            stop.games,
            stop.llr,
            stats::verdict_text(stop.verdict)
        );
    }
    let errors: Vec<&arena::Elimination> = outcome.results.iter().flat_map(|r| &r.errors).collect();
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
    if outcome.interrupted {
        eprintln!(
            "interrupted: {} games recorded in {} (the games under way were finished); continue \
             the run with:\n  {}",
            outcome.results.len(),
            args.results.display(),
            resume_command()
        );
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}

/// This command line again, with `--resume`: what continues an interrupted run.
fn resume_command() -> String {
    use botsim::referee::process::shell_word;
    let mut args: Vec<String> = std::env::args().map(|a| shell_word(&a)).collect();
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".to_string());
    }
    args.join(" ")
}

/// Writes the arena's HTML report and says where.
pub(super) fn write_report(
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

/// The results in the file `path`, for `arena COMMAND`; an error if it cannot be read or holds
/// none.
fn read_results(command: &str, path: &std::path::Path) -> Result<Vec<arena::GameResult>> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "arena {command}: cannot read the results file {}",
            path.display()
        )
    })?;
    let rs = arena::results::parse(&text, &path.display().to_string())?;
    if rs.is_empty() {
        if text.trim().is_empty() {
            bail!("{}: no results (the file is empty)", path.display());
        }
        bail!(
            "{}: not a results file (no line is an arena result)",
            path.display()
        );
    }
    Ok(rs)
}

/// `botsim arena compare`: two runs of player A against the same opponent, game by game.
fn compare(before: &std::path::Path, after: &std::path::Path) -> Result<ExitCode> {
    let (first, second) = (
        read_results("compare", before)?,
        read_results("compare", after)?,
    );
    let comparison = arena::compare::compare(&first, &second).with_context(|| {
        format!(
            "arena compare: cannot compare {} with {}",
            before.display(),
            after.display()
        )
    })?;
    say!(text: comparison.report());
    Ok(ExitCode::SUCCESS)
}

/// `botsim arena merge`: the summary of several results files (shards), as one run prints it.
pub(super) fn merge(
    files: &[PathBuf],
    sprt: Option<Sprt>,
    report: Option<&std::path::Path>,
    replays: Option<&std::path::Path>,
) -> Result<ExitCode> {
    if let Some(path) = report {
        super::writable("--report", path)?;
    }
    let mut seen = std::collections::BTreeMap::new();
    for f in files {
        for r in read_results("merge", f)? {
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
            stats::report(&arena::summarize(&unique), sprt.as_ref())
        );
        say!(text: arena::ends_report(&unique));
        say!(text: arena::positions_report(&unique));
    }
    say!(text: arena::time_report(&unique));
    say!(text: arena::search_report(&unique));
    if let Some(path) = report {
        write_report(path, &unique, sprt.as_ref(), replays)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The positions listed in the file `path` (see `arena --positions`), each checked as
/// `play --from` checks its trace; an error names the file and line.
fn positions(path: &std::path::Path, game: GameKind) -> Result<Vec<arena::Position>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("--positions {}", path.display()))?;
    let folder = path.parent().unwrap_or(std::path::Path::new(""));
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = format!("{} line {}:", path.display(), n + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (trace, turn) = match line.split_whitespace().collect::<Vec<_>>()[..] {
            [trace, turn] => (trace, turn),
            _ => bail!("{at} expected 'TRACE TURN' (a trace file and a turn), found '{line}'"),
        };
        let turn: usize = turn
            .parse()
            .map_err(|_| anyhow::anyhow!("{at} the turn '{turn}' is not a whole number"))?;
        positions.push(arena::Position {
            name: Some(format!("{trace} {turn}")),
            ..super::play::position_of(&folder.join(trace), turn, game, &at)?
        });
    }
    if positions.is_empty() {
        bail!("--positions {}: no positions in the file", path.display());
    }
    Ok(positions)
}

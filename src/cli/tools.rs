//! `botsim replay`, `verify`, `bundle` and `bench`.

use anyhow::{bail, Context, Result};
use botsim::games::GameKind;
use botsim::referee::Mismatch;
use botsim::trace;
use std::path::PathBuf;
use std::process::ExitCode;

/// `botsim replay`: game `game` (1-based) of a trace file as an HTML page.
pub(super) fn replay(
    file: &std::path::Path,
    game: usize,
    output: &std::path::Path,
) -> Result<ExitCode> {
    super::writable("--output", output)?;
    let games = trace::read_file(file)?;
    let Some(t) = game.checked_sub(1).and_then(|k| games.get(k)) else {
        bail!(
            "{} has {} game(s); --game {game} is not one of them",
            file.display(),
            games.len()
        );
    };
    let notes = botsim::replay::notes(t);
    std::fs::write(output, botsim::replay::page(t, &notes)?)
        .with_context(|| format!("cannot write {}", output.display()))?;
    if let Some(m) = &notes.mismatch {
        eprintln!(
            "botsim: warning: game {game} of {} does not reproduce on botsim's engine (the page \
             is marked): {m}",
            file.display()
        );
    }
    say!("replay of game {game} written to {}", output.display());
    Ok(ExitCode::SUCCESS)
}

pub(super) fn bundle(
    bot: &std::path::Path,
    output: &std::path::Path,
    keep_docs: bool,
    check: bool,
    params: Option<&std::path::Path>,
    game: Option<GameKind>,
) -> Result<ExitCode> {
    use botsim::bundle;
    super::writable("--output", output)?;
    let tuned = match params {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            botsim_core::params::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
        }
        None => Vec::new(),
    };
    // The check plays a game: which one is known before any work.
    let played = if check {
        let source = std::fs::read_to_string(bot)
            .with_context(|| format!("cannot read {}", bot.display()))?;
        Some(game.or_else(|| bundle::game_of(&source)).with_context(|| {
            format!(
                "--check: cannot tell which game {} plays: name it with --game csb|fb",
                bot.display()
            )
        })?)
    } else {
        None
    };
    let lib = bundle::find_library(bot);
    let header = bundle::header(bot, &lib);
    let options = bundle::Options {
        header: &header,
        keep_docs,
        tuned: &tuned,
        game,
    };
    let b = bundle::bundle(bot, &lib, &options)?;
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
    if let Some(game) = played {
        let scratch =
            Scratch(std::env::temp_dir().join(format!("botsim-bundle-{}", std::process::id())));
        let dir = &scratch.0;
        std::fs::create_dir_all(dir)?;
        // The binary as a server may compile it is the one that plays.
        let server = dir.join("server");
        let builds = [
            (bundle::Profile::Debug, &dir.join("debug")),
            (bundle::Profile::Server, &server),
        ];
        for (profile, bin) in builds {
            bundle::compile(output, profile, bin)?;
            say!("compiled alone with rustc ({})", profile.name());
        }
        say!("{}", bundle::play_check(&server, game)?);
    }
    Ok(ExitCode::SUCCESS)
}

/// `botsim new PATH --game G`: the bot crate, and what to do with it next.
pub(super) fn new_bot(path: &std::path::Path, game: GameKind) -> Result<ExitCode> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: the path names no bot", path.display()))?;
    let core = botsim::checkout().join("crates/core");
    let files = botsim::scaffold::create(path, name, game, &core)?;
    let d = path.display();
    let (g, opponent) = (game.name(), game.heuristic_bot());
    say!("created the {g} bot {name} in {d}/: {}", {
        let names: Vec<String> = files
            .iter()
            .filter_map(|f| f.strip_prefix(path).ok())
            .map(|f| f.display().to_string())
            .collect();
        names.join(", ")
    });
    say!("its evaluation is in {d}/src/main.rs; then:");
    say!("  cargo build --release --manifest-path {d}/Cargo.toml");
    say!("  botsim arena --game {g} --p1 \"{d}/target/release/{name} --rollouts 2000\" --p2 {opponent} --games 20");
    say!("  botsim bundle {d}/src/main.rs -o submission.rs --check");
    say!("the whole way to a submission: docs/your-bot.md");
    Ok(ExitCode::SUCCESS)
}

/// A scratch directory, removed when dropped: however the check ends, nothing is left behind.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

pub(super) fn verify(files: &[PathBuf], all: bool) -> Result<ExitCode> {
    let (mut games, mut games_ok, mut turns, mut turns_ok) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = 0usize;
    for path in files {
        let before = games;
        trace::for_each_game(path, |line, game| {
            games += 1;
            turns += game.turns.len();
            let Some(kind) = GameKind::from_name(&game.game) else {
                bail!("{}:{line}: unknown game '{}'", path.display(), game.game);
            };
            let result = kind.tools().verify(&game);
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
        if games == before {
            bail!(
                "{} holds no game: nothing to verify (a trace/1 file has one game a line)",
                path.display()
            );
        }
    }
    say!("verified {games_ok}/{games} games, {turns_ok}/{turns} turns");
    Ok(if games_ok == games {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

pub(super) fn print_mismatch(
    path: &std::path::Path,
    line: usize,
    game: &trace::Trace,
    m: &Mismatch,
) {
    let seed = game.seed.map_or("-".to_string(), |s| s.to_string());
    say!("MISMATCH {}:{line} (seed {seed}) {m}", path.display());
}

pub(super) fn bench(game: GameKind, turns: u64, seed: u64) -> Result<ExitCode> {
    use botsim::games::workload::Report;
    let name = game.name();
    say!("{name} bench: {turns} turns per workload, seed {seed}, one thread");
    for (name, workload) in game.tools().workloads() {
        let start = std::time::Instant::now();
        let r: Report = workload(turns, seed);
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

/// One build's timing in `bench --against`: its best rate (rollouts per ms) and fingerprint.
struct Timed {
    rate: f64,
    fingerprint: String,
}

/// `botsim bench --search-rollouts N --against OTHER`: this build and another timed in turn, a
/// warm-up run first and the order swapped each round, so that a noisy machine's slow spells
/// fall on both: the ratio of their best rates by round, its median, and the median over the
/// rounds in which both ran near their best.
pub(super) fn bench_against(
    game: GameKind,
    rollouts: u64,
    positions: botsim::bench::Positions,
    repeat: u32,
    other: &std::path::Path,
    rounds: u32,
) -> Result<ExitCode> {
    use clap::ValueEnum;
    if !other.is_file() {
        bail!("--against {}: no such file", other.display());
    }
    let this = std::env::current_exe().context("cannot find this program's own path")?;
    let positions_name = positions
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default();
    let (rollouts_arg, repeat_arg) = (rollouts.to_string(), repeat.to_string());
    let args = [
        "bench",
        "--game",
        game.name(),
        "--search-rollouts",
        &rollouts_arg,
        "--positions",
        &positions_name,
        "--repeat",
        &repeat_arg,
    ];
    // The rate the line gives: the best of the runs, or the one run's.
    let marker = if repeat > 1 {
        " per ms)"
    } else {
        " rollouts per ms"
    };
    let run = |bin: &std::path::Path| -> Result<Timed> {
        let shown = bin.display();
        let out = std::process::Command::new(bin)
            .args(args)
            .output()
            .with_context(|| format!("cannot run {shown}"))?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line = stdout
            .lines()
            .find(|l| l.contains(" search: "))
            .unwrap_or("");
        let rate = line.rfind(marker).and_then(|end| {
            let number = line[..end].rsplit([' ', '(']).next()?;
            number.parse::<f64>().ok()
        });
        let fingerprint = line
            .rsplit_once("fingerprint ")
            .map(|(_, f)| f.trim().to_string());
        match (out.status.success(), rate, fingerprint) {
            (true, Some(rate), Some(fingerprint)) => Ok(Timed { rate, fingerprint }),
            _ => bail!(
                "{shown} {}: not a botsim bench's answer (an older build without --repeat?): {}{}",
                args.join(" "),
                stdout.trim(),
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        }
    };
    say!(
        "{} search, {rollouts} rollouts a turn, 30 turns{}: this build ({}) against {}; rounds: \
         {rounds}, each build's best of {repeat} run(s) a round",
        game.name(),
        positions.label(),
        this.display(),
        other.display()
    );
    run(&this)?; // A warm-up: the first run after a pause is often slow.
    let mut timed = Vec::with_capacity(rounds as usize);
    for round in 1..=rounds {
        let (a, b) = if round % 2 == 1 {
            let a = run(&this)?;
            (a, run(other)?)
        } else {
            let b = run(other)?;
            (run(&this)?, b)
        };
        say!(
            "round {round}: this {:.0} per ms, other {:.0}: x{:.3}",
            a.rate,
            b.rate,
            a.rate / b.rate
        );
        timed.push((a, b));
    }
    let median = |mut r: Vec<f64>| {
        r.sort_unstable_by(f64::total_cmp);
        let k = r.len() / 2;
        if r.len().is_multiple_of(2) {
            (r[k - 1] + r[k]) / 2.0
        } else {
            r[k]
        }
    };
    let ratios: Vec<f64> = timed.iter().map(|(a, b)| a.rate / b.rate).collect();
    say!(
        "median ratio x{:.3} over {rounds} rounds (this build's rate over the other's)",
        median(ratios)
    );
    // A round is clean when both builds ran within 10% of their best round: a slow spell of
    // the machine that hit one build and not the other is left out.
    let best = |pick: fn(&(Timed, Timed)) -> f64| timed.iter().map(pick).fold(0.0, f64::max);
    let (best_a, best_b) = (best(|t| t.0.rate), best(|t| t.1.rate));
    let clean: Vec<f64> = timed
        .iter()
        .filter(|(a, b)| a.rate >= 0.9 * best_a && b.rate >= 0.9 * best_b)
        .map(|(a, b)| a.rate / b.rate)
        .collect();
    match clean.len() {
        0 => say!(
            "no round in which both ran within 10% of their best: the machine was too noisy for \
             this comparison; try more rounds"
        ),
        n => say!(
            "median ratio x{:.3} over the {n} rounds in which both ran within 10% of their best",
            median(clean)
        ),
    }
    let (fa, fb) = (&timed[0].0.fingerprint, &timed[0].1.fingerprint);
    if fa == fb {
        say!("the same fingerprint, {fa}: the two builds search alike");
    } else {
        say!(
            "fingerprints differ: this {fa}, other {fb}: the two builds search differently, so \
             their rates compare unlike work"
        );
    }
    Ok(ExitCode::SUCCESS)
}

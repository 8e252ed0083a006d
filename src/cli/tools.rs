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

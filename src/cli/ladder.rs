//! `botsim ladder`: list, build and check the accepted versions of `ladder.toml`; and the
//! resolution of `ladder:NAME` players for the other commands.

use anyhow::{bail, Result};
use botsim::games::GameKind;
use botsim::ladder::{Ladder, Version};
use botsim::player::PlayerSpec;
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub(super) enum LadderCommand {
    /// The versions of ladder.toml: name, game, commit, whether built, what each plays.
    List,
    /// Build versions from their commits (all of them if none is named); built binaries are
    /// cached in target/ladder/.
    Build {
        /// Versions to build.
        names: Vec<String>,
        /// Build again even if cached.
        #[arg(long)]
        rebuild: bool,
    },
    /// Show that versions play exactly as ladder.toml records: a pair of games at a fixed
    /// budget against the built-in heuristic bot, every order fingerprinted.
    Check {
        /// Versions to check (all of them if none is named).
        names: Vec<String>,
        /// Build again from the commit even if cached.
        #[arg(long)]
        rebuild: bool,
        /// Check this binary instead of the version's build (one version only).
        #[arg(long)]
        binary: Option<PathBuf>,
    },
}

/// Builds the ladder players among `players`, saying so on stderr, and gives them their command
/// lines.
pub(super) fn resolve(players: &mut [PlayerSpec], game: GameKind) -> Result<()> {
    Ladder::resolve(players, game, |v| {
        eprintln!(
            "building ladder:{} from commit {} (once; cached in target/ladder/)",
            v.name,
            &v.commit[..12]
        );
    })?;
    Ok(())
}

/// The versions `names` name, or all of them.
fn chosen<'a>(ladder: &'a Ladder, names: &[String]) -> Result<Vec<&'a Version>> {
    if names.is_empty() {
        return Ok(ladder.versions.iter().collect());
    }
    Ok(names
        .iter()
        .map(|n| ladder.get(n))
        .collect::<Result<_, _>>()?)
}

/// Builds `v` (dropping its cache first if `rebuild`), saying what it does.
fn build(ladder: &Ladder, v: &Version, rebuild: bool) -> Result<PathBuf> {
    if rebuild {
        let dir = ladder.cache_dir(v);
        if dir.exists() {
            std::fs::remove_dir_all(&dir)
                .map_err(|e| anyhow::anyhow!("cannot remove {}: {e}", dir.display()))?;
        }
    }
    let started = Instant::now();
    let (binary, built) = ladder.build(v)?;
    if built {
        say!(
            "{}: built from {} ({:.0} s): {}",
            v.name,
            &v.commit[..12],
            started.elapsed().as_secs_f64(),
            binary.display()
        );
    } else {
        say!("{}: cached: {}", v.name, binary.display());
    }
    Ok(binary)
}

pub(super) fn ladder(command: LadderCommand) -> Result<ExitCode> {
    let ladder = Ladder::find()?;
    match command {
        LadderCommand::List => {
            say!(
                "{:<8} {:<4} {:<12} {:<5} what it plays",
                "name",
                "game",
                "commit",
                "built"
            );
            for v in &ladder.versions {
                say!(
                    "{:<8} {:<4} {:<12} {:<5} {}",
                    v.name,
                    v.game.name(),
                    &v.commit[..12],
                    if ladder.binary(v).is_file() {
                        "yes"
                    } else {
                        "no"
                    },
                    v.about
                );
            }
            say!(
                "play one as ladder:NAME [ARGS]; versions are defined in {}",
                ladder.root.join(botsim::ladder::FILE).display()
            );
        }
        LadderCommand::Build { names, rebuild } => {
            for v in chosen(&ladder, &names)? {
                build(&ladder, v, rebuild)?;
            }
        }
        LadderCommand::Check {
            names,
            rebuild,
            binary,
        } => {
            let versions = chosen(&ladder, &names)?;
            if binary.is_some() && versions.len() != 1 {
                bail!("--binary checks one version: name it");
            }
            let mut failed = Vec::new();
            for v in versions {
                let binary = match &binary {
                    Some(b) => b.clone(),
                    None => build(&ladder, v, rebuild)?,
                };
                let got = ladder.fingerprint(v, &binary)?;
                if got == v.check.fingerprint {
                    say!(
                        "{}: plays as recorded (fingerprint {got}: {} games against the built-in \
                         bot at {} rollouts, seed {})",
                        v.name,
                        botsim::ladder::CHECK_GAMES,
                        v.check.rollouts,
                        v.check.seed
                    );
                } else {
                    say!(
                        "{}: plays differently: fingerprint {got}, {} records {}",
                        v.name,
                        botsim::ladder::FILE,
                        v.check.fingerprint
                    );
                    failed.push(v.name.clone());
                }
            }
            if !failed.is_empty() {
                bail!("{} played differently from the record", failed.join(", "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

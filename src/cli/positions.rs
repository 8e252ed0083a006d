//! `botsim positions`: the list of recorded positions that `arena --positions` plays from,
//! found in replays of whole games (where a player nears the checkpoint timeout, or a fixed
//! turn), so that a change that acts in rare positions is measured where it acts.

use anyhow::{bail, Context, Result};
use botsim::games::GameKind;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("pick").required(true).args(["stalled", "turn"])))]
pub(super) struct PositionsArgs {
    /// Trace files of one game each, or folders of them (as `arena --replays` writes).
    #[arg(required = true)]
    traces: Vec<PathBuf>,
    /// CSB: in each game, the first position in which a player has gone this many turns
    /// without a checkpoint pass (once for each player); the timeout eliminates at 100.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..100))]
    stalled: Option<u16>,
    /// The position after this many turns of each game that lasts longer.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    turn: Option<u64>,
    /// With --stalled: only where the player that stalled is this bot (the start of its name
    /// in the trace, e.g. `ga` or `brawler`).
    #[arg(long, conflicts_with = "turn")]
    player: Option<String>,
    /// Write the list to this file, its paths relative to the file's folder as `arena
    /// --positions` reads them; without it the list goes to standard output, with absolute
    /// paths.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// `botsim positions`: one `TRACE TURN  # what` line per position found.
pub(super) fn positions(args: PositionsArgs) -> Result<ExitCode> {
    if let Some(out) = &args.output {
        super::writable("--output", out)?;
    }
    let files = trace_files(&args.traces)?;
    // Paths as the list's reader resolves them: relative to the list's folder, or absolute.
    let base = match &args.output {
        Some(out) => Some(
            super::folder_of(out)
                .canonicalize()
                .with_context(|| format!("--output {}: its folder", out.display()))?,
        ),
        None => None,
    };
    let mut list = String::new();
    let mut found = 0;
    // Two copies of one bot in a seat-swapped pair play the same game twice: its positions
    // once are enough.
    let mut games_seen = std::collections::HashSet::new();
    let mut twice = 0;
    for file in &files {
        let shown = file.display();
        let t = super::play::recorded_game(file, &shown.to_string())?;
        let outputs: Vec<_> = t.turns.iter().map(|turn| &turn.output).collect();
        if !games_seen.insert(serde_json::to_string(&(&t.props, &t.setup, outputs))?) {
            twice += 1;
            continue;
        }
        let Some(game) = GameKind::from_name(&t.game) else {
            bail!("{shown}: a game botsim does not know: {}", t.game);
        };
        if let Err((turn, m)) = game.tools().verify(&t) {
            bail!(
                "{shown}: the game does not replay on this engine (turn {turn}), so it cannot be \
                 played on: {m}"
            );
        }
        let picked: Vec<(usize, String)> = match (args.stalled, args.turn) {
            (Some(k), _) => {
                if game != GameKind::Csb {
                    bail!(
                        "{shown}: a {} game; --stalled counts checkpoint passes, which only csb \
                         has (use --turn)",
                        t.game
                    );
                }
                botsim::games::csb::referee::stalls(&t, k)
                    .with_context(|| format!("{shown}"))?
                    .into_iter()
                    .filter(|stall| {
                        let bot = t.bots.get(stall.player).map_or("", String::as_str);
                        args.player
                            .as_ref()
                            .is_none_or(|name| bot.starts_with(name))
                    })
                    .map(|stall| {
                        let (p, other) = (stall.player, stall.other);
                        let bot = t.bots.get(p).map_or("?", String::as_str);
                        let first = match other.cmp(&k) {
                            std::cmp::Ordering::Less => format!("player {p} times out first"),
                            std::cmp::Ordering::Equal => "both at once".to_string(),
                            std::cmp::Ordering::Greater => "the other times out first".to_string(),
                        };
                        (
                            stall.turn,
                            format!(
                                "player {p} ({bot}): {k} turns without a pass \
                                 (the other player {other}: {first})"
                            ),
                        )
                    })
                    .collect()
            }
            (None, Some(turn)) => usize::try_from(turn)
                .ok()
                .filter(|&turn| turn < t.turns.len())
                .map(|turn| (turn, format!("{} of {} turns", turn, t.turns.len())))
                .into_iter()
                .collect(),
            (None, None) => unreachable!("clap requires --stalled or --turn"),
        };
        let path = listed_path(file, base.as_deref())?;
        for (turn, what) in picked {
            writeln!(list, "{} {turn}  # {what}", path.display())?;
            found += 1;
        }
    }
    let games = match twice {
        0 => format!("{} games", files.len()),
        _ => format!(
            "{} games ({twice} left out: the same game as another file's)",
            files.len() - twice
        ),
    };
    match &args.output {
        Some(out) => {
            std::fs::write(out, &list)
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!(
                "botsim: {found} positions from {games} written to {}",
                out.display()
            );
        }
        None => {
            say!(text: list);
            eprintln!("botsim: {found} positions from {games}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The trace files named: files as they are, folders as the `.jsonl` and `.jsonl.gz` files in
/// them, sorted.
fn trace_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read the folder {}", path.display()))?
                .map(|entry| entry.map(|e| e.path()))
                .collect::<Result<_, _>>()
                .with_context(|| format!("cannot read the folder {}", path.display()))?;
            inside.retain(|p| {
                let name = p
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into());
                p.is_file() && (name.ends_with(".jsonl") || name.ends_with(".jsonl.gz"))
            });
            if inside.is_empty() {
                bail!(
                    "{}: no trace files (.jsonl, .jsonl.gz) in this folder",
                    path.display()
                );
            }
            inside.sort();
            files.extend(inside);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            bail!("{}: no such file or folder", path.display());
        }
    }
    Ok(files)
}

/// How the list names `file`: relative to `base` (the list's folder) when it lies inside it,
/// else absolute, so that the list reads the same from wherever it is used.
fn listed_path(file: &Path, base: Option<&Path>) -> Result<PathBuf> {
    let full = file
        .canonicalize()
        .with_context(|| format!("{}", file.display()))?;
    Ok(base
        .and_then(|base| full.strip_prefix(base).ok())
        .map_or(full.clone(), Path::to_path_buf))
}

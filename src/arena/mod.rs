//! The arena: many games between two bots, in seat-swapped pairs, on all cores, with results
//! appended as JSON Lines as each game ends (so an interrupted run resumes and loses nothing),
//! shardable over machines, and statistics that decide (see [`stats`]).

pub mod stats;

use crate::bot::Bot;
use crate::referee::process::Process;
use crate::trace::{self, Trace};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use stats::{Points, Sprt, Summary, Verdict};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Csb,
    Fb,
}

impl GameKind {
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Csb => "csb",
            GameKind::Fb => "fb",
        }
    }

    /// The contest's time limit after the first turn.
    pub fn turn_limit(self) -> Duration {
        Duration::from_millis(match self {
            GameKind::Csb => 75,
            GameKind::Fb => 100,
        })
    }
}

/// One finished game, as a line of the results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Index in the schedule: games 2k and 2k+1 are pair k, the same seed with seats swapped.
    pub game: usize,
    pub seed: i64,
    /// The players in seat order (seat 0 first), as given.
    pub seats: [String; 2],
    pub scores: [i32; 2],
    pub turns: u32,
    pub reason: String,
    /// Why a player was eliminated by its output, if one was.
    pub errors: Vec<String>,
}

impl GameResult {
    /// Player A's points: 1 win, 0.5 draw, 0 loss (A is in seat 0 in even games).
    pub fn points_a(&self) -> Points {
        let a = self.game % 2;
        match self.scores[a].cmp(&self.scores[1 - a]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

/// Time limits for program players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub first_turn: Duration,
    pub later_turns: Duration,
}

/// An arena run's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub game: GameKind,
    /// Player A and player B: `builtin:NAME[:k=v,...]` or a command line.
    pub players: [String; 2],
    /// Games in all (pairs times two).
    pub games: usize,
    pub seed: i64,
    pub threads: usize,
    /// Play only the games with `index % n == i`.
    pub shard: Option<(usize, usize)>,
    pub limits: Limits,
    /// Where traces of the games go, one file per game.
    pub replays: Option<PathBuf>,
    /// Where each game's stderr of program players goes.
    pub logs: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    /// CSB only: an explicit map instead of the seed's.
    pub map: Option<Vec<(i32, i32)>>,
}

impl Config {
    /// A run of `games` games between two players, with the contest's time limits.
    pub fn new(game: GameKind, players: [String; 2], games: usize, seed: i64) -> Config {
        Config {
            game,
            players,
            games,
            seed,
            threads: 1,
            shard: None,
            limits: Limits {
                first_turn: Duration::from_millis(1000),
                later_turns: game.turn_limit(),
            },
            replays: None,
            logs: None,
            sprt: None,
            map: None,
        }
    }
}

/// The game of the schedule at `index`: its seed and whether the seats are swapped.
pub fn scheduled(seed: i64, index: usize) -> (i64, bool) {
    (seed.wrapping_add((index / 2) as i64), index % 2 == 1)
}

/// Builds a player for one game.
fn player<G: crate::bot::Game>(
    spec: &str,
    build: fn(&str) -> Result<Box<dyn Bot<G>>>,
    limits: Limits,
    log: Option<PathBuf>,
) -> Result<Box<dyn Bot<G>>>
where
    Process: Bot<G>,
{
    if spec.starts_with("builtin:") {
        return build(spec);
    }
    let mut p = Process::spawn_logged(spec, &[], log)?;
    p.first_turn = limits.first_turn;
    p.later_turns = limits.later_turns;
    Ok(Box::new(p))
}

/// Plays game `index` of the schedule.
pub fn play_game(cfg: &Config, index: usize) -> Result<(GameResult, Option<Trace>)> {
    let (seed, swapped) = scheduled(cfg.seed, index);
    let seats: [String; 2] = if swapped {
        [cfg.players[1].clone(), cfg.players[0].clone()]
    } else {
        cfg.players.clone()
    };
    let record = cfg.replays.is_some();
    let log = |seat: usize| {
        cfg.logs
            .as_ref()
            .map(|d| d.join(format!("game{index:06}-seat{seat}.stderr")))
    };
    let (scores, turns, reason, errors, trace) = match cfg.game {
        GameKind::Csb => {
            let mut a = player(&seats[0], crate::builtin::csb, cfg.limits, log(0))?;
            let mut b = player(&seats[1], crate::builtin::csb, cfg.limits, log(1))?;
            let spec = match &cfg.map {
                Some(map) => crate::referee::csb::GameSpec::Map {
                    seed,
                    map: map.clone(),
                },
                None => crate::referee::csb::GameSpec::Seed(seed),
            };
            let rec = crate::referee::csb::play(&spec, [a.as_mut(), b.as_mut()], record)?;
            let s = rec.outcome.scores.map(i32::from);
            (
                s,
                rec.turns as u32,
                rec.outcome.reason.as_str().to_string(),
                rec.errors,
                rec.trace,
            )
        }
        GameKind::Fb => {
            let mut a = player(&seats[0], crate::builtin::fb, cfg.limits, log(0))?;
            let mut b = player(&seats[1], crate::builtin::fb, cfg.limits, log(1))?;
            let rec = crate::referee::fb::play(seed, [a.as_mut(), b.as_mut()], record)?;
            let reason = crate::referee::fb::reason_name(&rec.outcome, &rec.errors);
            (rec.outcome.scores, rec.turns, reason, rec.errors, rec.trace)
        }
    };
    let errors = errors
        .iter()
        .map(|e| format!("seat {} turn {}: {}", e.player, e.turn, e.detail))
        .collect();
    let result = GameResult {
        game: index,
        seed,
        seats,
        scores,
        turns,
        reason,
        errors,
    };
    Ok((result, trace))
}

/// Reads a results file (missing: none). A line cut short by an interruption is skipped.
pub fn read_results(path: &Path) -> Result<Vec<GameResult>> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let lines: Vec<String> = BufReader::new(file)
        .lines()
        .collect::<std::io::Result<_>>()?;
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameResult>(line) {
            Ok(r) => out.push(r),
            // The last line may have been cut short by an interruption; any other bad line
            // means the file is not an arena's.
            Err(_) if k + 1 == lines.len() => {}
            Err(e) => bail!("{}:{}: not an arena result: {e}", path.display(), k + 1),
        }
    }
    Ok(out)
}

/// Removes a last line left unfinished by an interrupted run, so appending starts on a line of
/// its own.
fn drop_cut_line(path: &Path) -> Result<()> {
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(());
    };
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(());
    }
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
    let file = std::fs::OpenOptions::new().write(true).open(path)?;
    file.set_len(keep as u64)
        .with_context(|| format!("cannot repair {}", path.display()))?;
    Ok(())
}

/// The statistics of a set of results: player A is the one in seat 0 of even games.
pub fn summarize(results: &[GameResult]) -> Summary {
    let mut by_game: BTreeMap<usize, &GameResult> = BTreeMap::new();
    for r in results {
        by_game.insert(r.game, r);
    }
    let games: Vec<Points> = by_game.values().map(|r| r.points_a()).collect();
    let pairs: Vec<(Points, Points)> = by_game
        .iter()
        .filter(|(g, _)| *g % 2 == 0)
        .filter_map(|(g, r)| by_game.get(&(g + 1)).map(|o| (r.points_a(), o.points_a())))
        .collect();
    Summary::new(&games, &pairs)
}

/// The report printed at the end of a run (and by `merge`).
pub fn report(summary: &Summary, sprt: Option<&Sprt>) -> String {
    let (elo, lo, hi) = summary.elo();
    let mut out = format!(
        "games {}  W-D-L {}-{}-{}  score {:.1}%  Elo {:+.1} [{:+.1}, {:+.1}] (95%)\npentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): {:?}",
        summary.games(),
        summary.wins,
        summary.draws,
        summary.losses,
        100.0 * summary.score(),
        elo,
        lo,
        hi,
        summary.pentanomial
    );
    if let Some(t) = sprt {
        let (llr, v) = t.verdict(summary);
        let (a, b) = t.bounds();
        let verdict = match v {
            Verdict::H1 => "H1 accepted: A is stronger (elo1)",
            Verdict::H0 => "H0 accepted: A is not stronger (elo0)",
            Verdict::Continue => "continue: not decided yet",
        };
        out.push_str(&format!(
            "\nSPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} in [{a:.3}, {b:.3}]: {verdict}",
            t.elo0, t.elo1, t.alpha, t.beta
        ));
    }
    out
}

/// What a run did.
pub struct RunOutcome {
    pub results: Vec<GameResult>,
    pub played: usize,
    pub stopped_by_sprt: bool,
}

/// Plays every scheduled game (of this shard) not already in the results file, appending each
/// result as it ends. `progress` is called after each game with the results so far.
pub fn run(
    cfg: &Config,
    results_path: &Path,
    resume: bool,
    mut progress: impl FnMut(&[GameResult]),
) -> Result<RunOutcome> {
    let mut results = if resume {
        drop_cut_line(results_path)?;
        read_results(results_path)?
    } else {
        if results_path.exists() && std::fs::metadata(results_path)?.len() > 0 {
            bail!(
                "{} already holds results: pass --resume to continue that run, or choose another file",
                results_path.display()
            );
        }
        Vec::new()
    };
    for r in &results {
        let (seed, swapped) = scheduled(cfg.seed, r.game);
        let seats = if swapped {
            [&cfg.players[1], &cfg.players[0]]
        } else {
            [&cfg.players[0], &cfg.players[1]]
        };
        if r.seed != seed || r.seats[0] != *seats[0] || r.seats[1] != *seats[1] {
            bail!(
                "{}: game {} was played with other settings (seed {}, seats {:?}); resume with the same --seed and players",
                results_path.display(),
                r.game,
                r.seed,
                r.seats
            );
        }
    }
    let done: std::collections::HashSet<usize> = results.iter().map(|r| r.game).collect();
    let todo: Vec<usize> = (0..cfg.games)
        .filter(|g| cfg.shard.is_none_or(|(i, n)| g % n == i))
        .filter(|g| !done.contains(g))
        .collect();
    for dir in cfg.replays.iter().chain(&cfg.logs) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(results_path)
        .with_context(|| format!("cannot write {}", results_path.display()))?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<(GameResult, Option<Trace>)>>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let played;
    let mut stopped_by_sprt = false;
    {
        let cfg2 = cfg.clone();
        let stop2 = stop.clone();
        let todo2 = todo.clone();
        pool.spawn(move || {
            use rayon::prelude::*;
            todo2.par_iter().for_each_with(tx, |tx, &g| {
                if stop2.load(Ordering::Relaxed) {
                    return;
                }
                let _ = tx.send(play_game(&cfg2, g));
            });
        });
        let mut count = 0;
        for msg in rx {
            let (result, trace) = match msg {
                Ok(x) => x,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            };
            if let (Some(dir), Some(t)) = (&cfg.replays, trace) {
                trace::write_file(&dir.join(format!("game{:06}.jsonl.gz", result.game)), &[t])?;
            }
            let line = serde_json::to_string(&result)?;
            writeln!(out, "{line}")?;
            out.flush()?;
            results.push(result);
            count += 1;
            progress(&results);
            if let Some(t) = &cfg.sprt {
                if t.verdict(&summarize(&results)).1 != Verdict::Continue
                    && !stop.load(Ordering::Relaxed)
                {
                    stop.store(true, Ordering::Relaxed);
                    stopped_by_sprt = true;
                }
            }
        }
        played = count;
    }
    results.sort_by_key(|r| r.game);
    Ok(RunOutcome {
        results,
        played,
        stopped_by_sprt,
    })
}

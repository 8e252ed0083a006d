//! `botsim tune`: SPSA over a search bot's named parameters by self-play, and against
//! opponents outside the bot's lineage if given, on all cores, with a checkpoint written
//! atomically after every iteration (a killed run resumes losing at most the iteration in
//! flight), a history of every iteration, and the result as a parameter file that
//! `builtin:ga:params=FILE` and `botsim bundle --params FILE` take.

pub mod spsa;

use crate::arena::{self, GameResult};
use crate::error::FileError;
use crate::games::GameKind;
use crate::games::PlayError;
use crate::player::PlayerSpec;
use serde::{Deserialize, Serialize};
use spsa::{Param, Schedule, State, Step};
use std::path::{Path, PathBuf};

/// What can go wrong in a tuning run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A file of the run could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The history could not be read or appended to.
    #[error(transparent)]
    History(#[from] crate::jsonl::JsonlError),
    /// The tuning file is not TOML of the expected shape.
    #[error(transparent)]
    TuneFile(#[from] toml::de::Error),
    /// A tuning file without parameters.
    #[error("no [[param]] to tune")]
    NoParams,
    /// A parameter whose start is outside its bounds.
    #[error("{name}: start {start} is not within [{min}, {max}]")]
    StartOutside {
        /// The parameter.
        name: String,
        /// Its start.
        start: f64,
        /// Its lower bound.
        min: f64,
        /// Its upper bound.
        max: f64,
    },
    /// A parameter whose steps are not positive.
    #[error("{0}: c_end and r_end must be positive")]
    Steps(String),
    /// The bot with its parameters is not a player.
    #[error(transparent)]
    Spec(#[from] crate::builtin::SpecError),
    /// A bot that takes no parameters from the tuner: a ladder version.
    #[error("cannot tune {0}: tune plays builtin:ga or a program on botsim's contest loop (one that takes --rollouts and --param NAME=X)")]
    NotTunable(String),
    /// A game could not be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// A result that is not of the current iteration.
    #[error("game {game} is not a game of iteration {iteration}")]
    NotOfIteration {
        /// The game.
        game: usize,
        /// The iteration.
        iteration: u64,
    },
    /// An iteration with a game missing.
    #[error("iteration {iteration}: game {game} of {games} has no result yet")]
    Missing {
        /// The iteration.
        iteration: u64,
        /// The first game missing.
        game: usize,
        /// Its games.
        games: usize,
    },
    /// An iteration's games failed.
    #[error("iteration {iteration}")]
    Iteration {
        /// The iteration.
        iteration: u64,
        /// Why.
        #[source]
        source: Box<TuneError>,
    },
    /// A new run in a directory that holds one.
    #[error("{} exists: pass --resume to continue that run, or use another directory", path.display())]
    Exists {
        /// The checkpoint found.
        path: PathBuf,
    },
    /// A checkpoint that is not one.
    #[error("{}", path.display())]
    Checkpoint {
        /// The checkpoint.
        path: PathBuf,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// A resumed run whose checkpoint has other settings.
    #[error("{} is from a run with other settings", path.display())]
    OtherSettings {
        /// The checkpoint.
        path: PathBuf,
    },
    /// A run resumed that could not be reopened.
    #[error("--resume")]
    Resume(#[source] Box<TuneError>),
    /// An update past the last iteration.
    #[error("the run is complete ({0} iterations)")]
    Complete(u64),
    /// The checkpoint could not be written as JSON.
    #[error("cannot write the checkpoint: {0}")]
    Encode(serde_json::Error),
}

type Result<T, E = TuneError> = std::result::Result<T, E>;

/// The tuning file (TOML): the parameters, and optionally the SPSA shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneFile {
    #[serde(rename = "param")]
    pub params: Vec<Param>,
    pub alpha: Option<f64>,
    pub gamma: Option<f64>,
    /// The stability constant A (default: 10% of the iterations).
    #[serde(rename = "A")]
    pub a: Option<f64>,
}

impl TuneFile {
    pub fn parse(text: &str) -> Result<TuneFile> {
        let f: TuneFile = toml::from_str(text)?;
        if f.params.is_empty() {
            return Err(TuneError::NoParams);
        }
        for p in &f.params {
            if !(p.min <= p.start && p.start <= p.max) {
                return Err(TuneError::StartOutside {
                    name: p.name.clone(),
                    start: p.start,
                    min: p.min,
                    max: p.max,
                });
            }
            if p.c_end <= 0.0 || p.r_end <= 0.0 {
                return Err(TuneError::Steps(p.name.clone()));
            }
        }
        Ok(f)
    }
}

/// Everything that defines a tuning run; a resumed run must have the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub game: GameKind,
    /// The bot tuned, e.g. `builtin:ga` (its own parameters may follow).
    pub bot: String,
    pub params: Vec<Param>,
    pub schedule: Schedule,
    /// Game pairs per iteration.
    pub pairs: usize,
    /// The search's fixed budget in every game.
    pub rollouts: u64,
    pub seed: u64,
    /// Opponents that theta+ and theta- each also play, `pairs` pairs apiece on the same
    /// seeds (players as the arena takes them, ladder versions resolved to their programs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<String>,
}

/// The checkpoint: the run and where it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub run: Run,
    pub state: State,
}

/// A bot spec with parameters set. A built-in bot: `builtin:ga:rollouts=R,name=value,...`; a
/// program (a contest bot on botsim's [`botsim_core::contest`] loop, such as one of
/// examples/): `COMMAND --rollouts R --param name=value ...`. The search seed is the arena's
/// seat seed (see [`arena::Config::seat_seed`]; a program gets it as `BOTSIM_SEED`), so that
/// the two games of an FB pair are not mirror copies.
pub fn bot_with(bot: &str, rollouts: u64, values: &[(&str, f64)]) -> Result<PlayerSpec> {
    match bot.parse::<PlayerSpec>()? {
        PlayerSpec::Builtin(_) => {
            let mut spec = bot.to_string();
            let mut parts = vec![format!("rollouts={rollouts}")];
            parts.extend(values.iter().map(|(n, v)| format!("{n}={v:?}")));
            // builtin:NAME has one colon; parameters after a second.
            spec.push(if bot.matches(':').count() >= 2 {
                ','
            } else {
                ':'
            });
            spec.push_str(&parts.join(","));
            Ok(spec.parse()?)
        }
        PlayerSpec::Program(command) => {
            let mut line = format!("{command} --rollouts {rollouts}");
            for (n, v) in values {
                line.push_str(&format!(" --param {n}={v:?}"));
            }
            Ok(PlayerSpec::Program(line))
        }
        PlayerSpec::Ladder(_) => Err(TuneError::NotTunable(bot.to_string())),
    }
}

impl Run {
    fn named<'a>(&'a self, values: &[f64]) -> Vec<(&'a str, f64)> {
        self.params
            .iter()
            .map(|p| p.name.as_str())
            .zip(values.iter().copied())
            .collect()
    }

    /// The arena schedule of the iteration `state` stands at: a round robin of theta+ (player
    /// A), theta- and the opponents, `pairs` seat-swapped pairs a matchup on the same seeds,
    /// of which only the games of theta+ or theta- are played.
    pub fn iteration_games(&self, state: &State) -> Result<arena::Config> {
        let (plus, minus, _) = spsa::perturb(&self.params, &self.schedule, self.seed, state);
        let mut players = vec![
            bot_with(&self.bot, self.rollouts, &self.named(&plus))?,
            bot_with(&self.bot, self.rollouts, &self.named(&minus))?,
        ];
        for o in &self.opponents {
            players.push(o.parse()?);
        }
        let seed = (self.seed as i64).wrapping_add((state.iteration * self.pairs as u64) as i64);
        Ok(arena::Config::new(self.game, players, 2 * self.pairs, seed))
    }

    /// What game `index` of the iteration's schedule adds to theta+'s points less theta-'s, as
    /// a function of its first player's points (`None`: a game between two opponents, not
    /// played). The matchups are (i, j) with i < j, so a game of theta+ or theta- has it first.
    fn counts(cfg: &arena::Config, index: usize) -> Option<fn(f64) -> f64> {
        match cfg.matchups()[index / cfg.games] {
            (0, 1) => Some(|a| 2.0 * a - 1.0),
            (0, _) => Some(|a| a),
            (1, _) => Some(|a| -a),
            _ => None,
        }
    }

    /// Plays the games of the current iteration (only those of `shard`, if given) on `threads`
    /// threads.
    pub fn play_games(
        &self,
        state: &State,
        shard: Option<arena::Shard>,
        threads: usize,
    ) -> Result<Vec<GameResult>> {
        use rayon::prelude::*;
        let cfg = self.iteration_games(state)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()?;
        pool.install(|| {
            (0..cfg.total_games())
                .filter(|&g| shard.is_none_or(|s| s.has(g)) && Self::counts(&cfg, g).is_some())
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|g| arena::play_game(&cfg, g).map(|(r, _)| r))
                .collect::<std::result::Result<Vec<_>, PlayError>>()
        })
        .map_err(TuneError::from)
    }

    /// Theta+'s points less theta-'s over the whole current iteration (against each other,
    /// and against each opponent on the same seeds), from its results (gathered from any
    /// number of shards); an error if a game is missing or belongs to another iteration.
    pub fn iteration_result(&self, state: &State, results: &[GameResult]) -> Result<f64> {
        let cfg = self.iteration_games(state)?;
        let total = cfg.total_games();
        let mut points = vec![None; total];
        for r in results {
            let (seed, seats) = cfg.scheduled(r.game.min(total.saturating_sub(1)));
            if r.game >= total
                || Self::counts(&cfg, r.game).is_none()
                || r.seed != seed
                || r.seats != seats.map(PlayerSpec::to_string)
            {
                return Err(TuneError::NotOfIteration {
                    game: r.game,
                    iteration: state.iteration,
                });
            }
            points[r.game] = Some(r.points_a());
        }
        let mut result = 0.0;
        for (g, p) in points.iter().enumerate() {
            let Some(count) = Self::counts(&cfg, g) else {
                continue;
            };
            let Some(a) = p else {
                return Err(TuneError::Missing {
                    iteration: state.iteration,
                    game: g,
                    games: total,
                });
            };
            result += count(*a);
        }
        Ok(result)
    }
}

/// The files of a tuning run, in one directory.
pub struct Files {
    pub checkpoint: PathBuf,
    pub history: PathBuf,
    pub tuned: PathBuf,
}

impl Files {
    pub fn in_dir(dir: &Path) -> Files {
        Files {
            checkpoint: dir.join("checkpoint.json"),
            history: dir.join("history.jsonl"),
            tuned: dir.join("tuned.toml"),
        }
    }
}

/// Writes a file so that it is either the old one or the new one, never half of either.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(FileError::on("write", &tmp))?;
    std::fs::rename(&tmp, path).map_err(FileError::on("replace", path))?;
    Ok(())
}

/// The history lines of a run (one `Step` per iteration).
pub fn read_history(path: &Path) -> Result<Vec<Step>, crate::jsonl::JsonlError> {
    crate::jsonl::read(path, "a tuning step")
}

/// Runs (or resumes) a tuning run up to its last iteration, calling `progress` after each; it
/// stops early, with everything saved, when `progress` says `false`.
pub fn tune(
    run: &Run,
    files: &Files,
    resume: bool,
    threads: usize,
    mut progress: impl FnMut(&Step) -> bool,
) -> Result<State> {
    let mut state = if resume {
        reopen(run, files)?
    } else {
        start(run, files)?
    };
    while state.iteration < run.schedule.iterations {
        let k = state.iteration;
        let results = run
            .play_games(&state, None, threads)
            .map_err(|e| TuneError::Iteration {
                iteration: k,
                source: Box::new(e),
            })?;
        let step = apply(run, files, &mut state, &results)?;
        if !progress(&step) {
            break;
        }
    }
    Ok(state)
}

/// Starts a run: its checkpoint at iteration 0 and an empty history. Refuses a directory that
/// holds a run already.
pub fn start(run: &Run, files: &Files) -> Result<State> {
    if files.checkpoint.exists() {
        return Err(TuneError::Exists {
            path: files.checkpoint.clone(),
        });
    }
    let state = State {
        iteration: 0,
        theta: run.params.iter().map(|p| p.start).collect(),
    };
    std::fs::write(&files.history, "").map_err(FileError::on("write", &files.history))?;
    let cp = Checkpoint {
        run: run.clone(),
        state: state.clone(),
    };
    write_atomic(
        &files.checkpoint,
        &serde_json::to_string_pretty(&cp).map_err(TuneError::Encode)?,
    )?;
    write_atomic(&files.tuned, &tuned_text(run, &state.theta))?;
    Ok(state)
}

/// Reopens a run from its checkpoint, forgetting the history of an iteration that was in
/// flight when it stopped.
pub fn reopen(run: &Run, files: &Files) -> Result<State> {
    let cp = read_checkpoint(files, run).map_err(|e| TuneError::Resume(Box::new(e)))?;
    let kept: Vec<Step> = read_history(&files.history)
        .unwrap_or_default()
        .into_iter()
        .filter(|s| s.iteration < cp.state.iteration)
        .collect();
    let text: String = kept
        .iter()
        .map(|s| serde_json::to_string(s).map(|line| line + "\n"))
        .collect::<std::result::Result<_, _>>()
        .map_err(TuneError::Encode)?;
    write_atomic(&files.history, &text)?;
    Ok(cp.state)
}

/// Reads a run's checkpoint.
pub fn load(files: &Files) -> Result<Checkpoint> {
    let text = std::fs::read_to_string(&files.checkpoint)
        .map_err(FileError::on("read", &files.checkpoint))?;
    serde_json::from_str(&text).map_err(|source| TuneError::Checkpoint {
        path: files.checkpoint.clone(),
        source,
    })
}

/// Reads a run's checkpoint, checking it is `run`'s.
pub fn read_checkpoint(files: &Files, run: &Run) -> Result<Checkpoint> {
    let cp = load(files)?;
    if cp.run != *run {
        return Err(TuneError::OtherSettings {
            path: files.checkpoint.clone(),
        });
    }
    Ok(cp)
}

/// Applies the current iteration's results (all of its games): the SPSA update, then the
/// history line, the checkpoint and tuned.toml.
pub fn apply(run: &Run, files: &Files, state: &mut State, results: &[GameResult]) -> Result<Step> {
    if state.iteration >= run.schedule.iterations {
        return Err(TuneError::Complete(run.schedule.iterations));
    }
    let result = run.iteration_result(state, results)?;
    let step = spsa::update(&run.params, &run.schedule, run.seed, state, result);
    crate::jsonl::Appender::open(&files.history)?.append(&step)?;
    let cp = Checkpoint {
        run: run.clone(),
        state: state.clone(),
    };
    write_atomic(
        &files.checkpoint,
        &serde_json::to_string_pretty(&cp).map_err(TuneError::Encode)?,
    )?;
    write_atomic(&files.tuned, &tuned_text(run, &state.theta))?;
    Ok(step)
}

/// The result as a parameter file.
pub fn tuned_text(run: &Run, theta: &[f64]) -> String {
    let pairs: Vec<(String, f64)> = run
        .params
        .iter()
        .map(|p| p.name.clone())
        .zip(theta.iter().copied())
        .collect();
    format!(
        "# tuned by botsim tune: {} {} iterations\n{}",
        run.bot,
        run.schedule.iterations,
        botsim_core::params::format(&pairs)
    )
}

/// A table of the parameters over the iterations (about ten rows) and an SVG plot of each,
/// scaled to its [min, max].
pub fn report(params: &[Param], history: &[Step]) -> (String, String) {
    let mut table = format!("{:>9}", "iteration");
    for p in params {
        table.push_str(&format!("  {:>14}", p.name));
    }
    table.push('\n');
    let every = (history.len() / 10).max(1);
    for (k, s) in history.iter().enumerate() {
        if k % every == 0 || k + 1 == history.len() {
            table.push_str(&format!("{:>9}", s.iteration));
            for v in &s.theta {
                table.push_str(&format!("  {v:>14.5}"));
            }
            table.push('\n');
        }
    }
    let (w, h, pad) = (720.0, 360.0, 40.0);
    let n = history.len().max(2) as f64 - 1.0;
    let colors = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    ];
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{pad}\" y=\"20\">botsim tune: each parameter between its min (bottom) and max (top), by iteration</text>\n<rect x=\"{pad}\" y=\"{pad}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#888\"/>\n",
        h + 30.0 + 16.0 * params.len() as f64,
        w - 2.0 * pad,
        h - 2.0 * pad
    );
    for (i, p) in params.iter().enumerate() {
        let color = colors[i % colors.len()];
        let points: Vec<String> = history
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let x = pad + (w - 2.0 * pad) * k as f64 / n;
                let f = (s.theta[i] - p.min) / (p.max - p.min);
                let y = h - pad - (h - 2.0 * pad) * f;
                format!("{x:.1},{y:.1}")
            })
            .collect();
        svg.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"1.5\" points=\"{}\"/>\n",
            points.join(" ")
        ));
        let last = history.last().map_or(p.start, |s| s.theta[i]);
        svg.push_str(&format!(
            "<text x=\"{pad}\" y=\"{}\" fill=\"{color}\">{} = {last:.4} (range {} to {})</text>\n",
            h + 16.0 * (i as f64 + 1.0),
            p.name,
            p.min,
            p.max
        ));
    }
    svg.push_str("</svg>\n");
    (table, svg)
}

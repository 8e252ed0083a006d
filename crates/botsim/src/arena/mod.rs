//! The arena: many games between two bots, in seat-swapped pairs, on all cores, with results
//! appended as JSON Lines as each game ends (so an interrupted run resumes and loses nothing,
//! see [`results`]), shardable over machines, and statistics that decide (see [`crate::stats`]).

pub mod compare;
pub mod load;
pub mod report;
pub mod results;

use crate::error::FileError;
use crate::games::{BuildBuiltin, Deal, GameKind, PlayBetween, PlayError, Seat};
use crate::player::PlayerSpec;
pub use crate::referee::process::Clock;
use crate::referee::process::{thread_cpu_time, Process};
use crate::referee::{Fault, GameRecord};
use crate::referee::{InProcess, Player, Stop};
use crate::stats::{Points, Sprt, Verdict};
use crate::trace::{self, Trace};
use botsim_core::bot::{Answer, Game};
pub use results::{
    ends, ends_report, positions_report, ratings, ratings_report, search_report, search_use,
    summarize, time_report, time_use, Cause, Elimination, GameResult, Rating, SearchRate,
    SearchUse, TimeUse,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// What can stop an arena run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A game could not be played (a player could not be made or started, a bad setup).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The results file could not be read or written.
    #[error(transparent)]
    Results(#[from] crate::jsonl::JsonlError),
    /// A game's trace could not be written.
    #[error(transparent)]
    Trace(#[from] crate::trace::TraceError),
    /// A folder or page could not be made.
    #[error(transparent)]
    File(#[from] FileError),
    /// A replay page could not be made.
    #[error("cannot make a replay page: {0}")]
    Page(serde_json::Error),
    /// A new run into a results file that already holds one.
    #[error("{} already holds results: pass --resume to continue that run, or choose another file", path.display())]
    NotEmpty {
        /// The results file.
        path: PathBuf,
    },
    /// A resumed run whose file holds games of other settings.
    #[error("{}: game {game} was played with other settings (seed {seed}, seats {seats:?}); resume with the same --seed and players", path.display())]
    OtherSettings {
        /// The results file.
        path: PathBuf,
        /// The game.
        game: usize,
        /// Its seed.
        seed: i64,
        /// Its seats.
        seats: [String; 2],
    },
    /// A resumed run whose file holds a game started from another position than the run's
    /// (another `--positions` list, or none).
    #[error("{}: game {game} was played from {}, not from {}; resume with the same --positions file", path.display(), .played.as_deref().unwrap_or("its seed's first turn"), .scheduled.as_deref().unwrap_or("its seed's first turn"))]
    OtherPosition {
        /// The results file.
        path: PathBuf,
        /// The game.
        game: usize,
        /// The position it was played from, as its result names it.
        played: Option<String>,
        /// The position this run plays it from.
        scheduled: Option<String>,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// `--html` names no kind of game.
    #[error("--html '{0}': expected all, wins, draws or losses (of player A)")]
    HtmlGames(String),
}

type Result<T, E = ArenaError> = std::result::Result<T, E>;

/// Time and memory limits for program players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub first_turn: Duration,
    pub later_turns: Duration,
    /// Which time the limits are on (see [`Clock`]).
    pub clock: Clock,
    /// Most memory a program may hold, in MB (see [`Process::memory_limit_kb`]); `None`: no
    /// limit. The contest's is 768.
    pub memory_mb: Option<u64>,
}

/// An arena run's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub game: GameKind,
    /// The players. With two, player A (the first) against player B; with more, a round robin.
    pub players: Vec<PlayerSpec>,
    /// Games of each matchup (pairs times two).
    pub games: usize,
    /// The run's seed, from which its game seeds come as `seeds` says.
    pub seed: i64,
    /// How the game seeds come from `seed`: drawn, unless a single game's seed was given.
    pub seeds: Seeds,
    pub threads: usize,
    /// Play only this shard's games.
    pub shard: Option<Shard>,
    pub limits: Limits,
    /// Where traces of the games go, one file per game.
    pub replays: Option<PathBuf>,
    /// Where each game's stderr of program players goes.
    pub logs: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    /// Which games also get an HTML replay (beside their traces in `replays`).
    pub html: Option<HtmlGames>,
    /// Where the games start: pair k from position k modulo their number (its seed, map and
    /// recorded turns); empty: every pair from the first turn of its seed's game (`seeds`).
    pub positions: Vec<Position>,
}

/// A game's start other than a seed's first turn: a map of one's own (`botsim play --map`), or
/// a recorded game's position (`botsim play --from`, `botsim arena --positions`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Position {
    /// The referee's seed.
    pub seed: i64,
    /// CSB only: the checkpoints, instead of the seed's map.
    pub map: Option<Vec<(i32, i32)>>,
    /// The first turns of a recorded game of this seed and map, played as recorded before the
    /// players take over; empty: from the start.
    pub opening: Vec<trace::Turn>,
    /// Where the position was taken from, as the user named it (a positions file's `TRACE
    /// TURN`): kept in the results of the games played from it.
    pub name: Option<String>,
}

/// How the pairs of a run get their game seeds (the referee's) from the run's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeds {
    /// Drawn from the run's seed and the pair ([`game_seed`]): many games, spread as the
    /// contest server's random seeds are.
    Drawn,
    /// The run's seed itself, plus the pair: a game on the seed a user gave (`botsim play`).
    Given,
}

/// The games to write HTML replays of, from player A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HtmlGames {
    All,
    Wins,
    Draws,
    Losses,
}

impl HtmlGames {
    pub fn parse(text: &str) -> Result<HtmlGames> {
        Ok(match text {
            "all" => HtmlGames::All,
            "wins" => HtmlGames::Wins,
            "draws" => HtmlGames::Draws,
            "losses" => HtmlGames::Losses,
            _ => return Err(ArenaError::HtmlGames(text.to_string())),
        })
    }

    fn wants(self, points_a: Points) -> bool {
        match self {
            HtmlGames::All => true,
            HtmlGames::Wins => points_a == 1.0,
            HtmlGames::Draws => points_a == 0.5,
            HtmlGames::Losses => points_a == 0.0,
        }
    }
}

/// Shard `index` of `count`: the games whose index is `index` modulo `count`, so that `count`
/// machines (or runs) play a schedule between them. Written and parsed as `i/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Whether game `game` of the schedule is this shard's.
    pub fn has(self, game: usize) -> bool {
        game % self.count == self.index
    }
}

/// A shard's text that is not `i/N` with `0 <= i < N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shard '{0}': expected i/N with 0 <= i < N")]
pub struct ShardError(pub String);

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        text.split_once('/')
            .and_then(|(i, n)| {
                Some(Shard {
                    index: i.trim().parse().ok()?,
                    count: n.trim().parse().ok()?,
                })
            })
            .filter(|s| s.count > 0 && s.index < s.count)
            .ok_or_else(|| ShardError(text.to_string()))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// How many games to play at once by default: one per core when every player is built in
/// (they think in the arena's threads), one per two cores when a program plays, so that both
/// players of each game (which think at the same time, see [`crate::referee::Player::start_turn`]) have
/// a core each and no clock runs while its player waits for a core.
pub fn default_threads(players: &[PlayerSpec]) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if players.iter().all(PlayerSpec::is_builtin) {
        cores
    } else {
        (cores / 2).max(1)
    }
}

impl Config {
    /// A run of `games` games for each two of `players`, with the contest's time limits.
    pub fn new(game: GameKind, players: Vec<PlayerSpec>, games: usize, seed: i64) -> Config {
        Config {
            game,
            threads: default_threads(&players),
            players,
            games,
            seed,
            seeds: Seeds::Drawn,
            shard: None,
            limits: Limits {
                first_turn: Duration::from_millis(1000),
                later_turns: game.turn_limit(),
                clock: Clock::default(),
                memory_mb: None,
            },
            replays: None,
            logs: None,
            sprt: None,
            html: None,
            positions: Vec::new(),
        }
    }
}

/// The game seed (the referee's) of pair `pair` of a run from `seed`: drawn from both, below
/// 2^31. Not `seed + pair`: Java's `Random` makes nearly the same first draw for seeds a few
/// thousand apart, and the FB referee's first draw is the number of snaffles, so every game of a
/// run on consecutive seeds had 5 snaffles, or every game 7.
pub fn game_seed(seed: i64, pair: usize) -> i64 {
    let mut draw = botsim_core::search::Rng::new((seed as u64).wrapping_add(pair as u64));
    (draw.next_u64() >> 33) as i64
}

impl Config {
    /// Every two players, in order: (0, 1), (0, 2), ..., (1, 2), ...
    pub fn matchups(&self) -> Vec<(usize, usize)> {
        let n = self.players.len();
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }

    /// Games in the whole schedule.
    pub fn total_games(&self) -> usize {
        self.games * self.matchups().len()
    }

    /// Game `index` of the schedule: its game seed and the players in seat order. The games of
    /// a matchup come together; within one, games 2k and 2k+1 are pair k: the same game seed
    /// (by default [`game_seed`] of the run's seed and k; pair k's position's, with
    /// `positions`), seats swapped.
    pub fn scheduled(&self, index: usize) -> (i64, [&PlayerSpec; 2]) {
        let (i, j) = self.matchups()[index / self.games];
        let k = index % self.games;
        let (a, b) = (&self.players[i], &self.players[j]);
        (
            match (self.position(index), self.seeds) {
                (Some(p), _) => p.seed,
                (None, Seeds::Drawn) => game_seed(self.seed, k / 2),
                (None, Seeds::Given) => self.seed.wrapping_add((k / 2) as i64),
            },
            if k % 2 == 1 { [b, a] } else { [a, b] },
        )
    }

    /// The position game `index` starts from, if the run has positions: pair k's is position
    /// k modulo their number.
    pub fn position(&self, index: usize) -> Option<&Position> {
        let pair = index % self.games / 2;
        self.positions.get(pair.checked_rem(self.positions.len())?)
    }

    /// The search seed of the bot in `seat` of game `index`, unless its spec gives one: the
    /// same for a seat in both games of a pair, different between the seats and the pairs. In
    /// FB the swap of seats mirrors the field, so two deterministic bots given one seed would
    /// play the same game twice; two copies of one bot still play both games alike.
    pub fn seat_seed(&self, index: usize, seat: usize) -> u64 {
        let k = index % self.games;
        (k / 2 * 2 + seat + 1) as u64
    }
}

/// A player whose every answer the arena times, from the turn's lines sent to its answer read,
/// and whose reports of its search on stderr it counts.
struct Clocked<G: Game> {
    bot: Box<dyn Player<G>>,
    /// The clock its turns are timed by. An in-process bot thinks in the game's thread: on the
    /// CPU clock its time is that thread's run time during its turn, as a program's is its
    /// processes', so that the two are compared alike (a built-in bot on a time budget stops
    /// by the wall clock, and on a machine with more players thinking than cores its CPU
    /// time shows what it really got).
    clock: Clock,
    /// Tenths of a millisecond per turn.
    times: Vec<u32>,
    search: SearchUse,
    /// Whether the game is recorded: then the stderr lines read are kept for the trace.
    keep_stderr: bool,
    /// Stderr lines read (to count the reports) and not yet taken for the trace.
    stderr: Vec<String>,
}

impl<G: Game> Clocked<G> {
    fn new(bot: Box<dyn Player<G>>, clock: Clock, keep_stderr: bool) -> Clocked<G> {
        Clocked {
            bot,
            clock,
            times: Vec::with_capacity(256),
            search: SearchUse::default(),
            keep_stderr,
            stderr: Vec::new(),
        }
    }

    fn record(&mut self, took: Duration) {
        let tenths = (took.as_secs_f64() * 1e4).round();
        self.times.push(tenths.min(u32::MAX as f64) as u32);
    }

    /// Reads what the bot wrote on stderr since the last read, counting its reports.
    fn read_stderr(&mut self, last: bool) {
        let lines = self.bot.take_stderr(last);
        for line in &lines {
            self.search.count(line);
        }
        if self.keep_stderr {
            self.stderr.extend(lines);
        }
    }
}

impl<G: Game> Player<G> for Clocked<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders> {
        let (started, cpu) = (Instant::now(), thread_cpu_time());
        let answer = self.bot.play(view, lines);
        self.record(match self.clock {
            Clock::Cpu => thread_cpu_time().saturating_sub(cpu),
            Clock::Wall => started.elapsed(),
        });
        answer
    }

    fn start_turn(&mut self, lines: &[String]) -> bool {
        self.read_stderr(false);
        self.bot.start_turn(lines)
    }

    fn finish_turn(&mut self) -> (Answer<G::Orders>, Duration) {
        let (answer, took) = self.bot.finish_turn();
        self.record(took);
        (answer, took)
    }

    fn fault(&self) -> Option<Stop> {
        self.bot.fault()
    }

    fn take_stderr(&mut self, last: bool) -> Vec<String> {
        self.read_stderr(last);
        std::mem::take(&mut self.stderr)
    }
}

/// Builds a player for one game, with the search seed `seed` unless its spec gives one (a
/// program is given it as `BOTSIM_SEED` in its environment, unless the arena's has one).
fn player<G: Game + 'static>(
    spec: &PlayerSpec,
    build: BuildBuiltin<G>,
    limits: Limits,
    log: Option<PathBuf>,
    seed: u64,
) -> Result<Box<dyn Player<G>>, PlayError>
where
    Process: Player<G>,
{
    if let PlayerSpec::Builtin(spec) = spec {
        return Ok(Box::new(InProcess(build(spec, seed)?)));
    }
    let command = spec
        .command()
        .ok_or_else(|| PlayError::NotBuilt(spec.to_string()))?;
    let seed = seed.to_string();
    let env: &[(&str, &str)] = if std::env::var_os(SEED_VAR).is_some() {
        &[]
    } else {
        &[(SEED_VAR, &seed)]
    };
    let mut p = Process::spawn_logged(command, env, log)?;
    p.first_turn = limits.first_turn;
    p.later_turns = limits.later_turns;
    p.clock = limits.clock;
    p.memory_limit_kb = limits.memory_mb.map(|mb| mb * 1024);
    Ok(Box::new(p))
}

/// Checks that every built-in player's spec builds for `game` and every program player starts
/// and waits for its input (all at once, so the check costs one
/// [`crate::referee::process::START_CHECK`]), so that a bad spec or a missing or broken program
/// stops a run (an arena's, a tuning's) before its first game instead of losing every game.
pub fn check_players(game: GameKind, players: &[PlayerSpec]) -> Result<(), PlayError> {
    for p in players {
        if let PlayerSpec::Builtin(spec) = p {
            game.tools().check_builtin(spec)?;
        }
    }
    std::thread::scope(|s| {
        let checks: Vec<_> = players
            .iter()
            .filter(|p| !p.is_builtin())
            .map(|p| {
                s.spawn(move || match p.command() {
                    Some(command) => Ok(Process::check_starts(command)?),
                    None => Err(PlayError::NotBuilt(p.to_string())),
                })
            })
            .collect();
        checks.into_iter().try_for_each(|c| {
            c.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    })
}

/// The player in `seat` of game `index`, clocked, its stderr to `log`.
fn seated<G: Game + 'static>(
    cfg: &Config,
    index: usize,
    seats: &[&PlayerSpec; 2],
    seat: usize,
    build: BuildBuiltin<G>,
    log: Option<PathBuf>,
    record: bool,
) -> Result<Clocked<G>, PlayError>
where
    Process: Player<G>,
{
    let seed = cfg.seat_seed(index, seat);
    let bot = player(seats[seat], build, cfg.limits, log, seed)?;
    Ok(Clocked::new(bot, cfg.limits.clock, record))
}

/// The environment variable our contest bots read their search seed from.
const SEED_VAR: &str = "BOTSIM_SEED";

/// Plays game `index` of the schedule, recorded if the run keeps replays.
pub fn play_game(cfg: &Config, index: usize) -> Result<(GameResult, Option<Trace>), PlayError> {
    play_game_recorded(cfg, index, cfg.replays.is_some())
}

/// Plays game `index` of the schedule, recorded (its trace returned) if `record`.
pub fn play_game_recorded(
    cfg: &Config,
    index: usize,
    record: bool,
) -> Result<(GameResult, Option<Trace>), PlayError> {
    let (seed, seats) = cfg.scheduled(index);
    let mut table = Table {
        cfg,
        index,
        seats: &seats,
        record,
        faults: [None, None],
        times: Vec::new(),
        search: Vec::new(),
    };
    let position = cfg.position(index);
    let deal = Deal {
        seed,
        map: position.and_then(|p| p.map.as_deref()),
        record,
        opening: position.map_or(&[], |p| &p.opening),
    };
    let rec = cfg.game.tools().play_seated(&mut table, deal)?;
    let Table {
        faults,
        times,
        search,
        ..
    } = table;
    // A player that stopped (the arena stopped it, or it exited) lost for that reason, not for
    // the silence it left.
    let errors = rec
        .errors
        .iter()
        .map(|e| {
            let (cause, detail) = match &faults[e.player] {
                Some(stop @ Stop::OutOfTime { .. }) => (Cause::Time, stop.to_string()),
                Some(stop @ Stop::Memory { .. }) => (Cause::Memory, stop.to_string()),
                Some(stop @ Stop::Exited { .. }) => (Cause::Exited, stop.to_string()),
                None => match e.fault {
                    Fault::NoAnswer => (Cause::Time, e.detail.clone()),
                    Fault::InvalidOutput | Fault::TooFewLines => (Cause::Output, e.detail.clone()),
                },
            };
            Elimination {
                seat: e.player,
                turn: e.turn,
                cause,
                detail,
            }
        })
        .collect();
    let result = GameResult {
        game: index,
        seed,
        seats: seats.map(PlayerSpec::to_string),
        scores: rec.scores,
        turns: rec.turns,
        reason: rec.reason,
        errors,
        times,
        search,
        position: position.and_then(|p| p.name.clone()),
    };
    Ok((result, rec.trace))
}

/// The seats of game `index`: the arena's [`Seat`] for any game, and after the game what each
/// player's clock saw.
struct Table<'a> {
    cfg: &'a Config,
    index: usize,
    seats: &'a [&'a PlayerSpec; 2],
    /// Whether the game is recorded (its trace kept).
    record: bool,
    /// Why each player stopped playing (a limit, an exit), if it did.
    faults: [Option<Stop>; 2],
    /// Each player's time per turn, in tenths of a millisecond.
    times: Vec<Vec<u32>>,
    /// Each player's search, as its reports say; empty if neither reported.
    search: Vec<SearchUse>,
}

impl<G: Game + 'static> Seat<G> for Table<'_>
where
    Process: Player<G>,
{
    fn play(
        &mut self,
        build: BuildBuiltin<G>,
        play: PlayBetween<G>,
    ) -> Result<GameRecord, PlayError> {
        let (cfg, index) = (self.cfg, self.index);
        let log = |seat: usize| {
            cfg.logs
                .as_ref()
                .map(|d| d.join(format!("game{index:06}-seat{seat}.stderr")))
        };
        let mut a = seated(cfg, index, self.seats, 0, build, log(0), self.record)?;
        let mut b = seated(cfg, index, self.seats, 1, build, log(1), self.record)?;
        let rec = play([&mut a, &mut b])?;
        self.faults = [a.fault(), b.fault()];
        self.times = vec![a.times, b.times];
        if a.search.turns + b.search.turns > 0 {
            self.search = vec![a.search, b.search];
        }
        Ok(rec)
    }
}

/// What a run did.
pub struct RunOutcome {
    pub results: Vec<GameResult>,
    pub played: usize,
    /// The SPRT's decision, if it stopped the run. It stands even if games that were already
    /// under way when it was taken (and are recorded too) would move the LLR back inside the
    /// bounds: a sequential test decides at its stopping time.
    pub sprt_stop: Option<SprtStop>,
    /// Whether SIGINT or SIGTERM stopped the run (see [`stop_on_signals`]): the games under
    /// way were finished and recorded, no new one started.
    pub interrupted: bool,
}

/// Set by the handler [`stop_on_signals`] installs.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes SIGINT (Ctrl-C) and SIGTERM stop an arena run cleanly: no new game starts, the games
/// under way end and are recorded, and [`run`] returns with `interrupted` set. A second signal
/// ends the process at once (exit status 130). For the `botsim` binary.
pub fn stop_on_signals() {
    extern "C" fn handle(_: libc::c_int) {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            // SAFETY: _exit is async-signal-safe; a second signal means "now".
            unsafe { libc::_exit(130) };
        }
    }
    let handler: extern "C" fn(libc::c_int) = handle;
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only touches an atomic, or calls _exit.
        unsafe {
            libc::signal(signal, handler as libc::sighandler_t);
        }
    }
}

/// Where an SPRT stopped a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStop {
    pub verdict: Verdict,
    pub llr: f64,
    /// Games recorded when it decided.
    pub games: usize,
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
        results::read(results_path)?
    } else {
        let holds = std::fs::metadata(results_path).is_ok_and(|m| m.len() > 0);
        if holds {
            return Err(ArenaError::NotEmpty {
                path: results_path.to_path_buf(),
            });
        }
        Vec::new()
    };
    for r in &results {
        let same = r.game < cfg.total_games() && {
            let (seed, seats) = cfg.scheduled(r.game);
            r.seed == seed && r.seats == seats.map(PlayerSpec::to_string)
        };
        if !same {
            return Err(ArenaError::OtherSettings {
                path: results_path.to_path_buf(),
                game: r.game,
                seed: r.seed,
                seats: r.seats.clone(),
            });
        }
        // Two positions of one recorded game share its seed: the names tell them apart. A
        // result written before results named their positions has none to compare.
        let scheduled = cfg.position(r.game).and_then(|p| p.name.clone());
        if r.position.is_some() && r.position != scheduled {
            return Err(ArenaError::OtherPosition {
                path: results_path.to_path_buf(),
                game: r.game,
                played: r.position.clone(),
                scheduled,
            });
        }
    }
    let done: std::collections::HashSet<usize> = results.iter().map(|r| r.game).collect();
    let todo: Vec<usize> = (0..cfg.total_games())
        .filter(|&g| cfg.shard.is_none_or(|s| s.has(g)))
        .filter(|g| !done.contains(g))
        .collect();
    if !todo.is_empty() {
        check_players(cfg.game, &cfg.players)?;
    }
    for dir in cfg.replays.iter().chain(&cfg.logs) {
        std::fs::create_dir_all(dir).map_err(FileError::on("create", dir))?;
    }
    let mut out = crate::jsonl::Appender::open(results_path)?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<(GameResult, Option<Trace>), PlayError>>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()?;
    let played;
    let mut sprt_stop = None;
    {
        let cfg2 = cfg.clone();
        let stop2 = stop.clone();
        let todo2 = todo.clone();
        pool.spawn(move || {
            use rayon::prelude::*;
            todo2.par_iter().for_each_with(tx, |tx, &g| {
                if stop2.load(Ordering::Relaxed) || INTERRUPTED.load(Ordering::Relaxed) {
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
                    return Err(e.into());
                }
            };
            if let (Some(dir), Some(t)) = (&cfg.replays, trace) {
                trace::write_file(
                    &dir.join(format!("game{:06}.jsonl.gz", result.game)),
                    std::slice::from_ref(&t),
                )?;
                if cfg.html.is_some_and(|h| h.wants(result.points_a())) {
                    let page = dir.join(format!("game{:06}.html", result.game));
                    let html = crate::replay::html(&t).map_err(ArenaError::Page)?;
                    std::fs::write(&page, html).map_err(FileError::on("write", &page))?;
                }
            }
            out.append(&result)?;
            results.push(result);
            count += 1;
            progress(&results);
            if let (Some(t), None) = (&cfg.sprt, sprt_stop) {
                let (llr, verdict) = t.verdict(&summarize(&results));
                if verdict != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                    sprt_stop = Some(SprtStop {
                        verdict,
                        llr,
                        games: results.len(),
                    });
                }
            }
        }
        played = count;
    }
    results.sort_by_key(|r| r.game);
    Ok(RunOutcome {
        results,
        played,
        sprt_stop,
        interrupted: INTERRUPTED.load(Ordering::Relaxed)
            && sprt_stop.is_none()
            && played < todo.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A built-in bot is timed by the arena's clock: on the CPU clock, the run time of the
    /// thread it thinks in, so a bot that waits (here: sleeps) through its turn is charged
    /// little, as a program is; on the wall clock the whole wait.
    #[test]
    fn an_in_process_bot_is_timed_on_the_runs_clock() {
        use botsim_core::csb::{Csb, State, Track, View};
        use botsim_core::geom::Vec2;
        struct Sleeper;
        impl botsim_core::bot::Bot<Csb> for Sleeper {
            fn name(&self) -> String {
                "sleeper".into()
            }
            fn play(&mut self, _: &View, _: &[String]) -> Answer<<Csb as Game>::Orders> {
                std::thread::sleep(Duration::from_millis(40));
                Answer::Silent
            }
        }
        let view = View {
            track: Track::new(&[(1000, 1000), (9000, 5000)], 3).unwrap(),
            state: State::new([Vec2::ZERO; 4]),
            player: 0,
        };
        let mut took = [0.0; 2];
        for (clock, took) in [Clock::Cpu, Clock::Wall].into_iter().zip(&mut took) {
            let mut clocked =
                Clocked::new(Box::new(InProcess::<Csb>(Box::new(Sleeper))), clock, false);
            clocked.play(&view, &[]);
            *took = clocked.times[0] as f64 / 10.0;
        }
        let [cpu, wall] = took;
        assert!(wall >= 40.0, "the wall clock counts the sleep: {wall} ms");
        assert!(cpu < 20.0, "the CPU clock does not: {cpu} ms");
    }

    #[test]
    fn shards_split_the_schedule() {
        let shard: Shard = " 1 / 3".parse().unwrap();
        assert_eq!(shard, Shard { index: 1, count: 3 });
        assert_eq!(shard.to_string(), "1/3");
        assert_eq!(
            (0..9).filter(|&g| shard.has(g)).collect::<Vec<_>>(),
            [1, 4, 7]
        );
        for bad in ["3/3", "1/0", "1", "a/2", "-1/2"] {
            let err = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(err.contains(&format!("'{bad}'")), "{err}");
        }
    }

    fn specs(texts: &[&str]) -> Vec<PlayerSpec> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_schedule_pairs_seeds_and_swaps_seats() {
        let c = Config::new(GameKind::Csb, specs(&["a", "b", "c"]), 4, 10);
        let scheduled = |g| {
            let (seed, seats) = c.scheduled(g);
            (seed, seats.map(PlayerSpec::to_string))
        };
        assert_eq!(c.total_games(), 12);
        let (s0, s1) = (game_seed(10, 0), game_seed(10, 1));
        assert_ne!(s0, s1);
        assert_eq!(scheduled(0), (s0, ["a".into(), "b".into()]));
        assert_eq!(scheduled(1), (s0, ["b".into(), "a".into()]));
        assert_eq!(scheduled(3), (s1, ["b".into(), "a".into()]));
        assert_eq!(scheduled(4), (s0, ["a".into(), "c".into()]));
        assert_eq!(scheduled(11), (s1, ["c".into(), "b".into()]));
        let given = Config {
            seeds: Seeds::Given,
            ..c
        };
        assert_eq!(given.scheduled(0).0, 10, "a seed given is played as it is");
        assert_eq!(given.scheduled(3).0, 11);
    }

    /// A run's FB games have 5 and 7 snaffles in about equal numbers, as the referee's random
    /// seeds give, where consecutive seeds gave every game of a run the same number.
    #[test]
    fn a_run_plays_both_snaffle_counts() {
        let sevens = |seeds: &mut dyn Iterator<Item = i64>| {
            seeds
                .filter(|&s| botsim_core::fb::setup::snaffles_from_seed(s).len() == 7)
                .count()
        };
        for run in [1, 9200, 640000, 710000] {
            let n = sevens(&mut (0..200).map(|k| game_seed(run, k)));
            assert!(
                (70..=130).contains(&n),
                "run {run}: {n} of 200 games with 7 snaffles"
            );
            let consecutive = sevens(&mut (run..run + 200));
            assert!(consecutive == 0 || consecutive == 200, "{consecutive}");
        }
    }

    #[test]
    fn fb_pairs_are_not_mirror_copies_but_copies_of_one_bot_split() {
        // Two deterministic bots, one seed: the swap of seats mirrors the field, and the second
        // game of a pair would copy the first. Seat seeds make the two games differ.
        let a = "builtin:ga:rollouts=200";
        let b = "builtin:ga:rollouts=200,weights.chase=0.2";
        let mut cfg = Config::new(GameKind::Fb, specs(&[a, b]), 40, 40);
        cfg.limits.later_turns = Duration::from_secs(5);
        let games: Vec<GameResult> = (0..40).map(|g| play_game(&cfg, g).unwrap().0).collect();
        let mirrored = games
            .chunks(2)
            .filter(|p| p[0].turns == p[1].turns && p[0].scores == [p[1].scores[1], p[1].scores[0]])
            .count();
        // With one seed for both bots, 16 of these 20 pairs were mirror copies.
        assert!(
            mirrored <= 5,
            "{mirrored} of 20 pairs are mirror copies: {games:?}"
        );
        assert_ne!(cfg.seat_seed(0, 0), cfg.seat_seed(0, 1));
        assert_eq!(cfg.seat_seed(0, 0), cfg.seat_seed(1, 0));
        assert_ne!(cfg.seat_seed(0, 0), cfg.seat_seed(2, 0));
        // Copies of one bot: each pair is one game played from both seats.
        let cfg = Config::new(GameKind::Fb, specs(&[a, a]), 4, 40);
        for pair in 0..2 {
            let [x, y] = [0, 1].map(|k| play_game(&cfg, pair * 2 + k).unwrap().0);
            assert_eq!(x.scores, y.scores, "pair {pair}");
            assert_eq!(x.turns, y.turns, "pair {pair}");
        }
    }
}

//! The arena: many games between two bots, in seat-swapped pairs, on all cores, with results
//! appended as JSON Lines as each game ends (so an interrupted run resumes and loses nothing),
//! shardable over machines, and statistics that decide (see [`stats`]).

pub mod report;
pub mod stats;

use crate::bot::{Answer, Bot, Game};
use crate::builtin;
use crate::games::GameKind;
use crate::player::PlayerSpec;
pub use crate::referee::process::Clock;
use crate::referee::process::Process;
use crate::referee::GameRecord;
use crate::trace::{self, Trace};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use stats::{Points, Sprt, Summary, Verdict};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

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
    /// Each seat's time per turn as the referee saw it (lines sent to answer read), in tenths
    /// of a millisecond, the first turn first. Empty in results written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<Vec<u32>>,
}

impl GameResult {
    /// The result without its times: what play alone decides, the same in every run of the
    /// game (times differ from run to run).
    pub fn untimed(&self) -> GameResult {
        GameResult {
            times: Vec::new(),
            ..self.clone()
        }
    }

    /// The errors that eliminated the player in `seat` (at most one: an eliminated player
    /// plays no more).
    pub fn seat_errors(&self, seat: usize) -> impl Iterator<Item = &str> {
        let mark = format!("seat {seat} turn ");
        self.errors
            .iter()
            .filter(move |e| e.starts_with(&mark))
            .map(String::as_str)
    }

    /// The points of the player in `seat`: 1 win, 0.5 draw, 0 loss.
    pub fn points(&self, seat: usize) -> Points {
        match self.scores[seat].cmp(&self.scores[1 - seat]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Player A's points (A is in seat 0 in even games).
    pub fn points_a(&self) -> Points {
        self.points(self.game % 2)
    }
}

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
    pub seed: i64,
    pub threads: usize,
    /// Play only this shard's games.
    pub shard: Option<Shard>,
    pub limits: Limits,
    /// Where traces of the games go, one file per game.
    pub replays: Option<PathBuf>,
    /// Where each game's stderr of program players goes.
    pub logs: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    /// CSB only: an explicit map instead of the seed's.
    pub map: Option<Vec<(i32, i32)>>,
    /// Which games also get an HTML replay (beside their traces in `replays`).
    pub html: Option<HtmlGames>,
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
            _ => bail!("--html '{text}': expected all, wins, draws or losses (of player A)"),
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

impl std::str::FromStr for Shard {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Shard> {
        text.split_once('/')
            .and_then(|(i, n)| {
                Some(Shard {
                    index: i.trim().parse().ok()?,
                    count: n.trim().parse().ok()?,
                })
            })
            .filter(|s| s.count > 0 && s.index < s.count)
            .with_context(|| format!("shard '{text}': expected i/N with 0 <= i < N"))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// How many games to play at once by default: one per core when every player is built in
/// (they think in the arena's threads), one per two cores when a program plays, so that both
/// players of each game (which think at the same time, see [`crate::referee::run_bots`]) have
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
            map: None,
            html: None,
        }
    }
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

    /// Game `index` of the schedule: its seed and the players in seat order. The games of a
    /// matchup come together; within one, games 2k and 2k+1 are pair k: the same seed (the
    /// first seed plus k), seats swapped.
    pub fn scheduled(&self, index: usize) -> (i64, [&PlayerSpec; 2]) {
        let (i, j) = self.matchups()[index / self.games];
        let k = index % self.games;
        let (a, b) = (&self.players[i], &self.players[j]);
        (
            self.seed.wrapping_add((k / 2) as i64),
            if k % 2 == 1 { [b, a] } else { [a, b] },
        )
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

/// A player whose every answer the arena times, from the turn's lines sent to its answer read.
struct Clocked<G: Game> {
    bot: Box<dyn Bot<G>>,
    /// Tenths of a millisecond per turn.
    times: Vec<u32>,
}

impl<G: Game> Clocked<G> {
    fn new(bot: Box<dyn Bot<G>>) -> Clocked<G> {
        Clocked {
            bot,
            times: Vec::with_capacity(256),
        }
    }
}

impl<G: Game> Clocked<G> {
    fn record(&mut self, took: Duration) {
        let tenths = (took.as_secs_f64() * 1e4).round();
        self.times.push(tenths.min(u32::MAX as f64) as u32);
    }
}

impl<G: Game> Bot<G> for Clocked<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn play(&mut self, view: &G::View, lines: &[String]) -> Answer<G::Orders> {
        let started = Instant::now();
        let answer = self.bot.play(view, lines);
        self.record(started.elapsed());
        answer
    }

    fn start_turn(&mut self, lines: &[String]) -> bool {
        self.bot.start_turn(lines)
    }

    fn finish_turn(&mut self) -> (Answer<G::Orders>, Duration) {
        let (answer, took) = self.bot.finish_turn();
        self.record(took);
        (answer, took)
    }

    fn fault(&self) -> Option<String> {
        self.bot.fault()
    }

    fn take_stderr(&mut self, last: bool) -> Vec<String> {
        self.bot.take_stderr(last)
    }
}

/// Builds a built-in bot from its spec and default search seed: [`crate::builtin::csb`] or
/// [`crate::builtin::fb`].
type BuildBuiltin<G> = fn(&builtin::Spec, u64) -> Result<Box<dyn Bot<G>>>;

/// Builds a player for one game, with the search seed `seed` unless its spec gives one (a
/// program is given it as `BOTSIM_SEED` in its environment, unless the arena's has one).
fn player<G: crate::bot::Game>(
    spec: &PlayerSpec,
    build: BuildBuiltin<G>,
    limits: Limits,
    log: Option<PathBuf>,
    seed: u64,
) -> Result<Box<dyn Bot<G>>>
where
    Process: Bot<G>,
{
    let command = match spec {
        PlayerSpec::Builtin(spec) => return build(spec, seed),
        PlayerSpec::Program(command) => command,
    };
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

/// Checks that every built-in player's spec builds and every program player starts and waits
/// for its input (all at once, so the check costs one
/// [`crate::referee::process::START_CHECK`]), so that a bad spec or a missing or broken program
/// stops the run before its first game instead of losing every game.
pub fn check_players(cfg: &Config) -> Result<()> {
    for p in &cfg.players {
        if let PlayerSpec::Builtin(spec) = p {
            cfg.game.rules().check_builtin(spec)?;
        }
    }
    std::thread::scope(|s| {
        let checks: Vec<_> = cfg
            .players
            .iter()
            .filter_map(|p| match p {
                PlayerSpec::Program(command) => Some(command),
                PlayerSpec::Builtin(_) => None,
            })
            .map(|p| s.spawn(move || Process::check_starts(p)))
            .collect();
        checks.into_iter().try_for_each(|c| {
            c.join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!("a start check failed")))
        })
    })
}

/// The player in `seat` of game `index`, clocked, its stderr to `log`.
fn seated<G: Game>(
    cfg: &Config,
    index: usize,
    seats: &[&PlayerSpec; 2],
    seat: usize,
    build: BuildBuiltin<G>,
    log: Option<PathBuf>,
) -> Result<Clocked<G>>
where
    Process: Bot<G>,
{
    let seed = cfg.seat_seed(index, seat);
    Ok(Clocked::new(player(
        seats[seat],
        build,
        cfg.limits,
        log,
        seed,
    )?))
}

/// The environment variable our contest bots read their search seed from.
const SEED_VAR: &str = "BOTSIM_SEED";

/// Plays game `index` of the schedule.
pub fn play_game(cfg: &Config, index: usize) -> Result<(GameResult, Option<Trace>)> {
    let (seed, seats) = cfg.scheduled(index);
    let Played { rec, faults, times } = cfg.game.rules().play_arena(cfg, index, seed, &seats)?;
    // A player the arena stopped lost for that reason, not for the silence it left.
    let errors = rec
        .errors
        .iter()
        .map(|e| {
            let detail = faults[e.player].as_deref().unwrap_or(&e.detail);
            format!("seat {} turn {}: {detail}", e.player, e.turn)
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
    };
    Ok((result, rec.trace))
}

/// A game as the arena saw it.
pub struct Played {
    rec: GameRecord,
    /// What the arena found wrong with each player (a timeout, a crash), if anything.
    faults: [Option<String>; 2],
    /// Each player's time per turn, in tenths of a millisecond.
    times: Vec<Vec<u32>>,
}

/// Seats the players of game `index`, clocked, and has `play` run the game between them.
pub(crate) fn play_seated<G: Game>(
    cfg: &Config,
    index: usize,
    seats: &[&PlayerSpec; 2],
    build: BuildBuiltin<G>,
    play: impl FnOnce([&mut dyn Bot<G>; 2]) -> Result<GameRecord>,
) -> Result<Played>
where
    Process: Bot<G>,
{
    let log = |seat: usize| {
        cfg.logs
            .as_ref()
            .map(|d| d.join(format!("game{index:06}-seat{seat}.stderr")))
    };
    let mut a = seated(cfg, index, seats, 0, build, log(0))?;
    let mut b = seated(cfg, index, seats, 1, build, log(1))?;
    let rec = play([&mut a, &mut b])?;
    Ok(Played {
        rec,
        faults: [a.fault(), b.fault()],
        times: vec![a.times, b.times],
    })
}

/// Reads a results file (missing: none). A line cut short by an interruption is skipped.
pub fn read_results(path: &Path) -> Result<Vec<GameResult>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    parse_results(&text, &path.display().to_string())
}

/// The results in the text of a results file; `origin` names it in errors. The last line may
/// have been cut short by an interruption, and is then skipped.
pub fn parse_results(text: &str, origin: &str) -> Result<Vec<GameResult>> {
    crate::jsonl::parse(text, origin, "an arena result")
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

/// How long one player took over a set of games, as the referee saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeUse {
    /// The player's spec.
    pub player: String,
    /// Turns after the first that were timed.
    pub turns: usize,
    /// Median, 99th percentile and maximum over those turns, in milliseconds.
    pub median_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// The longest first turn, in milliseconds.
    pub first_max_ms: f64,
    /// Games in which the player gave no answer in time.
    pub timeouts: usize,
}

/// Each player's time use over `results`, players in order of first appearance; players of
/// results without times are left out.
pub fn time_use(results: &[GameResult]) -> Vec<TimeUse> {
    let mut players: Vec<(String, Vec<u32>, u32, usize)> = Vec::new();
    for r in results.iter().filter(|r| r.times.len() == 2) {
        for (seat, times) in r.times.iter().enumerate() {
            let k = match players.iter().position(|p| p.0 == r.seats[seat]) {
                Some(k) => k,
                None => {
                    players.push((r.seats[seat].clone(), Vec::new(), 0, 0));
                    players.len() - 1
                }
            };
            let p = &mut players[k];
            if let Some((&first, later)) = times.split_first() {
                p.2 = p.2.max(first);
                p.1.extend_from_slice(later);
            }
            p.3 += r.seat_errors(seat).any(|e| e.ends_with("no answer")) as usize;
        }
    }
    players
        .into_iter()
        .map(|(player, mut later, first, timeouts)| {
            later.sort_unstable();
            let at = |q: f64| {
                later
                    .get(((later.len() as f64 - 1.0) * q).round() as usize)
                    .map_or(0.0, |&t| t as f64 / 10.0)
            };
            TimeUse {
                player,
                turns: later.len(),
                median_ms: at(0.5),
                p99_ms: at(0.99),
                max_ms: at(1.0),
                first_max_ms: first as f64 / 10.0,
                timeouts,
            }
        })
        .collect()
}

/// The time-use lines of the report (none if no result has times), with a warning when more
/// than one game in 1,000 was lost to a time limit.
pub fn time_report(results: &[GameResult]) -> String {
    let mut out = String::new();
    for t in time_use(results) {
        out.push_str(&format!(
            "time {}: median {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} turns; first turn max {:.1} ms; timeouts in {} games\n",
            t.player, t.median_ms, t.p99_ms, t.max_ms, t.turns, t.first_max_ms, t.timeouts
        ));
        if t.timeouts * 1000 > results.len() {
            out.push_str(&format!(
                "warning: {} timed out in {} of {} games: the clock, not play, decided those; \
                 give it a smaller budget (on the wall clock, --clock wall, a loaded machine \
                 also delays answers: play fewer games at once, --threads)\n",
                t.player,
                t.timeouts,
                results.len()
            ));
        }
    }
    out
}

/// One line of a round robin's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub player: String,
    /// Its wins, draws and losses (no pairs: the pentanomial stays empty).
    pub record: stats::Summary,
    /// Elo on a scale whose mean over the players is 0 (Bradley-Terry fit).
    pub elo: f64,
}

/// The ratings of every player in a set of results, best first: the Bradley-Terry strengths that
/// best explain the results (a draw counts half a win each), found by the MM iteration.
pub fn ratings(results: &[GameResult]) -> Vec<Rating> {
    let mut names: Vec<String> = results
        .iter()
        .flat_map(|r| r.seats.iter().cloned())
        .collect();
    names.sort();
    names.dedup();
    let n = names.len();
    let idx = |s: &str| {
        names
            .binary_search_by(|x| x.as_str().cmp(s))
            .expect("listed")
    };
    let mut wins = vec![0.0; n];
    let mut met = vec![vec![0.0; n]; n];
    let mut table: Vec<Rating> = names
        .iter()
        .map(|p| Rating {
            player: p.clone(),
            record: stats::Summary::default(),
            elo: 0.0,
        })
        .collect();
    for r in results {
        let (a, b) = (idx(&r.seats[0]), idx(&r.seats[1]));
        let pa = r.points(0);
        wins[a] += pa;
        wins[b] += 1.0 - pa;
        met[a][b] += 1.0;
        met[b][a] += 1.0;
        for (k, p) in [(a, pa), (b, 1.0 - pa)] {
            table[k].record.count(p);
        }
    }
    // MM iteration for Bradley-Terry; half a point of prior keeps unbeaten players finite.
    let mut strength = vec![1.0f64; n];
    for _ in 0..2000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let denom: f64 = (0..n)
                    .filter(|&j| j != i && met[i][j] > 0.0)
                    .map(|j| (met[i][j] + 1.0) / (strength[i] + strength[j]))
                    .sum();
                if denom > 0.0 {
                    (wins[i] + 0.5) / denom
                } else {
                    strength[i]
                }
            })
            .collect();
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n.max(1) as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
    }
    for (t, s) in table.iter_mut().zip(&strength) {
        t.elo = 400.0 * s.log10();
    }
    table.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    table
}

/// A round robin's table.
pub fn ratings_report(results: &[GameResult]) -> String {
    let table = ratings(results);
    let width = table
        .iter()
        .map(|r| r.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "{:<width$}  {:>6}  {:>13}  {:>6}  {:>7}\n",
        "player", "games", "W-D-L", "score", "Elo"
    );
    for r in &table {
        let w = &r.record;
        out.push_str(&format!(
            "{:<width$}  {:>6}  {:>13}  {:>5.1}%  {:>+7.1}\n",
            r.player,
            w.games(),
            format!("{}-{}-{}", w.wins, w.draws, w.losses),
            100.0 * w.score(),
            r.elo
        ));
    }
    out.pop();
    out
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
        out.push_str(&format!(
            "\nSPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} in [{a:.3}, {b:.3}]: {}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            verdict_text(v)
        ));
    }
    out
}

/// What an SPRT verdict means, in words.
pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::H1 => "H1 accepted: A is stronger (elo1)",
        Verdict::H0 => "H0 accepted: A is not stronger (elo0)",
        Verdict::Continue => "continue: not decided yet",
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
        let same = r.game < cfg.total_games() && {
            let (seed, seats) = cfg.scheduled(r.game);
            r.seed == seed && r.seats == seats.map(PlayerSpec::to_string)
        };
        if !same {
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
    let todo: Vec<usize> = (0..cfg.total_games())
        .filter(|&g| cfg.shard.is_none_or(|s| s.has(g)))
        .filter(|g| !done.contains(g))
        .collect();
    if !todo.is_empty() {
        check_players(cfg)?;
    }
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
    let mut sprt_stop = None;
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
                trace::write_file(
                    &dir.join(format!("game{:06}.jsonl.gz", result.game)),
                    std::slice::from_ref(&t),
                )?;
                if cfg.html.is_some_and(|h| h.wants(result.points_a())) {
                    let page = dir.join(format!("game{:06}.html", result.game));
                    std::fs::write(&page, crate::replay::html(&t)?)
                        .with_context(|| format!("cannot write {}", page.display()))?;
                }
            }
            let line = serde_json::to_string(&result)?;
            writeln!(out, "{line}")?;
            out.flush()?;
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn result(game: usize, a: &str, b: &str, scores: [i32; 2]) -> GameResult {
        GameResult {
            game,
            seed: 0,
            seats: [a.to_string(), b.to_string()],
            scores,
            turns: 1,
            reason: String::new(),
            errors: Vec::new(),
            times: Vec::new(),
        }
    }

    #[test]
    fn time_use_is_per_player_whatever_the_seat() {
        let mut a = result(0, "A", "B", [2, 1]);
        // A: first turn 900 ms, then 10..=109 ms; B: 5 ms each turn and no answer once.
        a.times = vec![
            std::iter::once(9000)
                .chain((100..1100).step_by(10))
                .collect(),
            vec![50; 101],
        ];
        let mut b = result(1, "B", "A", [1, 2]);
        b.times = vec![vec![50; 3], vec![300, 200]];
        b.errors = vec!["seat 0 turn 2: no answer".to_string()];
        let t = time_use(&[a, b]);
        assert_eq!(t.len(), 2);
        let (ta, tb) = (&t[0], &t[1]);
        assert_eq!((ta.player.as_str(), ta.turns), ("A", 101));
        assert_eq!((ta.first_max_ms, ta.max_ms, ta.timeouts), (900.0, 109.0, 0));
        assert_eq!(ta.median_ms, 59.0);
        assert_eq!(ta.p99_ms, 108.0);
        assert_eq!(
            (tb.turns, tb.median_ms, tb.max_ms, tb.timeouts),
            (102, 5.0, 5.0, 1)
        );
        let report = time_report(&[]);
        assert!(report.is_empty());
    }

    #[test]
    fn ratings_order_the_players_and_average_zero() {
        let mut rs = Vec::new();
        let mut g = 0;
        let mut add = |a: &str, b: &str, a_wins: usize, b_wins: usize, rs: &mut Vec<GameResult>| {
            for _ in 0..a_wins {
                rs.push(result(g, a, b, [2, 1]));
                g += 1;
            }
            for _ in 0..b_wins {
                rs.push(result(g, a, b, [1, 2]));
                g += 1;
            }
        };
        add("A", "B", 6, 2, &mut rs);
        add("B", "C", 6, 2, &mut rs);
        add("A", "C", 7, 1, &mut rs);
        let t = ratings(&rs);
        let names: Vec<&str> = t.iter().map(|r| r.player.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
        assert!(t.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
        assert_eq!(
            (t[0].record.wins, t[0].record.losses, t[0].record.games()),
            (13, 3, 16)
        );
        // Symmetric records give symmetric ratings.
        let sym = ratings(&[result(0, "X", "Y", [2, 1]), result(1, "Y", "X", [2, 1])]);
        assert!(sym[0].elo.abs() < 1e-6 && sym[1].elo.abs() < 1e-6);
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
        assert_eq!(scheduled(0), (10, ["a".into(), "b".into()]));
        assert_eq!(scheduled(1), (10, ["b".into(), "a".into()]));
        assert_eq!(scheduled(3), (11, ["b".into(), "a".into()]));
        assert_eq!(scheduled(4), (10, ["a".into(), "c".into()]));
        assert_eq!(scheduled(11), (11, ["c".into(), "b".into()]));
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

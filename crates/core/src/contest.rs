//! The contest binaries' loop, shared by `bots/*.rs`: the settings from the command line or
//! the environment, the protocol's lines read turn by turn, the bot's turn, the report on
//! stderr and both orders in one write. A referee's clock runs from its write of the input
//! to its read of the answer; on a loaded machine the bot's process waits for a core before
//! it reads and before it writes. So the turn's clock starts when the input came (the read,
//! less the wait Linux counted before it), and the loop learns how late its answers come past
//! the search's deadline ([`Lateness`]) and stops that much sooner. Bundle-safe: std only.

use crate::search::Think;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// A contest submission's bot, as [`contest_main`] drives it: where a turn's input ends, and
/// the turn.
pub trait ContestBot {
    /// How many more lines this turn's input has, given the lines read so far (at least one;
    /// on the first turn the initial lines come first). 0: the input is whole.
    fn lines_missing(first: bool, lines: &[String]) -> usize
    where
        Self: Sized;
    /// One turn: its input lines, the instant its clock counts from (when the first line
    /// came, moved earlier by [`Lateness::margin`]), and the two order lines.
    fn turn(
        &mut self,
        lines: &[String],
        started: Instant,
    ) -> Result<[String; 2], crate::input::InputError>;
    /// What the last turn's search did.
    fn stats(&self) -> &crate::search::Stats;
}

/// The whole of a contest submission: the settings from the command line or the environment
/// (`default_ms` a turn, the `tuned` constants compiled in), the bot `make` builds from them,
/// then turn after turn until the input ends. The clock starts when a turn's first line came,
/// less the margin [`Lateness`] keeps; after the turn, the report goes to stderr and then both
/// orders in one write, flushed at once.
pub fn contest_main<P, B>(
    default_ms: u64,
    tuned: &[(&str, f64)],
    make: impl FnOnce(P, Think, u64) -> B,
) where
    P: crate::params::Named + Default,
    B: ContestBot,
{
    let args: Vec<String> = std::env::args().collect();
    let mut params = P::default();
    let settings = match Settings::from_args(&args, default_ms, tuned, &mut params) {
        Ok(s) => s,
        Err(SettingsError::Help) => {
            let _ = params.set_all(tuned);
            println!("{USAGE}\nIts parameters, as compiled in (--param NAME=X sets one):");
            for (name, value) in params.values() {
                println!("  {name} = {value}");
            }
            std::process::exit(0)
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    };
    let mut bot = make(params, settings.think, settings.seed);
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    let mut next = move || match input.next() {
        Some(Ok(line)) => Some(line),
        _ => None,
    };
    let mut out = std::io::stdout();
    let mut lateness = Lateness::default();
    let mut waits = CoreWaits::default();
    for turn in 0.. {
        let Some(line) = next() else { return };
        // The input came when the read returned, or sooner by the time the bot then waited
        // for a core to read it.
        let started = earlier(Instant::now(), waits.since_last());
        if turn == 0 {
            // The first turn's waits for a core count from here: its share of waiting is the
            // first sign of the machine's load.
            waits.mark();
        }
        let mut lines = vec![line];
        loop {
            let missing = B::lines_missing(turn == 0, &lines);
            if missing == 0 {
                break;
            }
            for _ in 0..missing {
                let Some(line) = next() else {
                    // The end of the input between turns is the end of the game; within one, it
                    // is input cut short, which a user piping a file wants to hear about.
                    eprintln!(
                        "turn {turn}: bad input: it ended after {} lines of the turn",
                        lines.len()
                    );
                    return;
                };
                lines.push(line);
            }
        }
        // The first turn's budget leaves a tenth of its limit: it needs no margin, and what
        // it learns is for the later turns.
        let budget_ms = settings.think.millis(turn == 0);
        let margin = match budget_ms {
            Some(ms) if turn > 0 => lateness.margin(ms),
            _ => Duration::ZERO,
        };
        match bot.turn(&lines, earlier(started, margin)) {
            Ok([a, b]) => {
                // The report first, so that it is read as this turn's (a referee takes what a
                // bot wrote on stderr before the next turn's input as this turn's), in one
                // write: each write wakes the referee's reader, a moment the bot may lose its
                // core (`eprintln!` writes the line and its newline apart).
                let report = turn_report(turn, bot.stats(), started, margin) + "\n";
                let _ = std::io::stderr().write_all(report.as_bytes());
                // Both lines in one write, so that they arrive together.
                let _ = out.write_all(format!("{a}\n{b}\n").as_bytes());
                let _ = out.flush();
                let first_waits = (turn == 0).then(|| waits.since_last());
                waits.mark();
                let took = started.elapsed();
                if let Some(ms) = budget_ms {
                    let deadline = Duration::from_millis(ms).saturating_sub(margin);
                    lateness.observe(took.saturating_sub(deadline));
                }
                if let (Some(waited), Some(ms)) = (first_waits, settings.think.millis(false)) {
                    lateness.guess(waited, took, ms);
                }
            }
            Err(e) => {
                eprintln!("turn {turn}: bad input: {e}");
                return;
            }
        }
    }
}

/// `by` before `t`, or `t` where that is before the clock's start.
fn earlier(t: Instant, by: Duration) -> Instant {
    t.checked_sub(by).unwrap_or(t)
}

/// The line a contest bot writes on stderr after each turn: what its search did, the time
/// since its input came and the margin its clock kept.
pub fn turn_report(
    turn: u32,
    stats: &crate::search::Stats,
    started: Instant,
    margin: Duration,
) -> String {
    format!(
        "turn {turn}: {} rollouts, {} generations, best {:.0}, {:.1} ms, margin {:.1} ms",
        stats.rollouts,
        stats.generations,
        stats.best_score,
        started.elapsed().as_secs_f64() * 1000.0,
        margin.as_secs_f64() * 1000.0
    )
}

/// What the tools read back from a [`turn_report`] line: the turn, its search's rollouts and
/// the milliseconds from its input to its answer, on the bot's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnReport {
    /// The turn, 0 first.
    pub turn: u32,
    /// Plans the search scored.
    pub rollouts: u64,
    /// Milliseconds from the turn's input to its answer, on the bot's clock.
    pub ms: f64,
}

impl TurnReport {
    /// The report in `line`, if it is a [`turn_report`] line.
    pub fn parse(line: &str) -> Option<TurnReport> {
        let (turn, rest) = line.strip_prefix("turn ")?.split_once(": ")?;
        let mut fields = rest.split(", ");
        let rollouts = fields.next()?.strip_suffix(" rollouts")?;
        let ms = fields.nth(2)?.strip_suffix(" ms")?;
        Some(TurnReport {
            turn: turn.parse().ok()?,
            rollouts: rollouts.parse().ok()?,
            ms: ms.parse().ok()?,
        })
    }
}

/// The time the bot's thread has waited for a core, as Linux counts it: the second field of
/// `/proc/thread-self/schedstat`, nanoseconds runnable but not running. A turn's input may
/// come while the bot waits for a core; the read returns only when it gets one, and the wait
/// since the last answer tells how much sooner the input came. Where the file is missing
/// (not Linux) the waits are taken as none.
#[derive(Clone, Copy, Debug, Default)]
struct CoreWaits {
    at_last_mark: Option<Duration>,
}

impl CoreWaits {
    fn now() -> Option<Duration> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        let nanos = text.split_whitespace().nth(1)?.parse().ok()?;
        Some(Duration::from_nanos(nanos))
    }

    /// Remembers the waits so far (after an answer).
    fn mark(&mut self) {
        self.at_last_mark = CoreWaits::now();
    }

    /// How long the bot has waited for a core since the last mark.
    fn since_last(&self) -> Duration {
        match (self.at_last_mark, CoreWaits::now()) {
            (Some(then), Some(now)) => now.saturating_sub(then),
            _ => Duration::ZERO,
        }
    }
}

/// How late a bot's answers have come past its search's deadline: on a loaded machine the
/// process waits for a core, at the deadline or before it writes, and the answer is late by
/// that wait however exact the search's clock. The waits have a long tail: on a 2-core machine
/// with two more busy threads, answers came 1.3-2.2 ms late on average but 14 ms and more about
/// once in 3,000 turns, and 30 ms and more about once in 15,000 (a lost turn in FB's 100 ms
/// with a margin of 8 and of 15 ms), at any moment, with no sign before. So the margin is the
/// larger of [`Lateness::TAIL`] times the average lateness of the last turns (about 16) and the
/// largest recent lateness, forgotten by [`Lateness::FORGET`] a turn (half in about 140 turns:
/// on a loaded machine the longest waits come back, and a quiet spell of a few dozen turns does
/// not mean they will not); at most [`Lateness::MOST`] of the turn's budget. An idle machine
/// keeps a fraction of a millisecond (answers 0.04 ms late on average), a loaded one 15 ms and
/// more.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Lateness {
    /// The largest recent lateness, decayed.
    largest: Duration,
    /// The average lateness, a moving average over about 16 turns.
    average: Duration,
}

impl Lateness {
    /// How many times the average lateness the margin keeps: the longest waits seen on a
    /// loaded machine were fifteen times the average and more.
    pub const TAIL: f64 = 16.0;
    /// The share of the largest recent lateness forgotten each turn.
    pub const FORGET: f64 = 0.005;
    /// The largest share of a turn's budget the margin takes: a quarter. A third (CSB
    /// answering by ~43 ms of its 75 under load) saved CSB no game on time (2 in 400, against
    /// 1 with a quarter: waits of 30-80 ms when the host took the virtual cores) and cost FB
    /// 39% of its rollouts under load (docs/experiments/csb.md).
    pub const MOST: f64 = 0.25;

    /// How much sooner than its budget the next turn's search should stop, for a turn budget
    /// of `budget_ms`.
    pub fn margin(&self, budget_ms: u64) -> Duration {
        let cap = Duration::from_millis(budget_ms).mul_f64(Lateness::MOST);
        self.largest
            .max(self.average.mul_f64(Lateness::TAIL))
            .min(cap)
    }

    /// A first guess from the first turn, before any later turn has been answered: the bot
    /// waited for a core `waited` of the `took` its turn took. On a loaded machine that share
    /// of a later turn's `budget_ms` is the margin to start from (without it, under two busy
    /// threads on two cores, CSB's first dozen turns answered in up to 69 ms of its 75 while
    /// the margin learnt); it fades with the average lateness, the answers' real lateness
    /// taking its place. An idle machine's share is about nothing.
    pub fn guess(&mut self, waited: Duration, took: Duration, budget_ms: u64) {
        let share = waited.as_secs_f64() / took.as_secs_f64().max(1e-9);
        let margin = Duration::from_millis(budget_ms).mul_f64(share.min(1.0));
        self.average = self.average.max(margin.div_f64(Lateness::TAIL));
    }

    /// A turn's answer came `late` past its search's deadline.
    pub fn observe(&mut self, late: Duration) {
        self.largest = late.max(self.largest.mul_f64(1.0 - Lateness::FORGET));
        self.average = self.average.mul_f64(15.0 / 16.0) + late / 16;
    }
}

/// A contest bot's settings, from its command line or else its environment: `--ms N` /
/// `BOTSIM_MS` (per turn after the first), `--first-ms N` / `BOTSIM_FIRST_MS` (the first turn;
/// default 900), `--rollouts N` /
/// `BOTSIM_ROLLOUTS` (a fixed, reproducible budget instead), `--seed N` / `BOTSIM_SEED`, and
/// `--params FILE` / `BOTSIM_PARAMS` (tuned parameters, applied after the `tuned` constants
/// compiled into the bot).
pub struct Settings {
    /// How long the bot thinks each turn.
    pub think: Think,
    /// The search's seed.
    pub seed: u64,
}

impl Settings {
    /// Reads the settings from `args` (the program's arguments, its name first), falling back
    /// on the environment, then on `default_ms`. An argument that is none of the flags, or a
    /// flag without its value, is an error; `--help` asks for [`USAGE`].
    pub fn from_args(
        args: &[String],
        default_ms: u64,
        tuned: &[(&str, f64)],
        params: &mut impl crate::params::Named,
    ) -> Result<Settings, SettingsError> {
        let mut given: Vec<(&str, &str)> = Vec::new();
        let mut set: Vec<&str> = Vec::new();
        let mut rest = args.iter().skip(1);
        while let Some(arg) = rest.next() {
            if arg == "-h" || arg == "--help" {
                return Err(SettingsError::Help);
            }
            if arg == "--param" {
                set.push(rest.next().ok_or(SettingsError::NoValue("--param"))?);
                continue;
            }
            let Some(&(flag, _)) = FLAGS.iter().find(|(flag, _)| flag == arg) else {
                return Err(SettingsError::UnknownArgument(arg.clone()));
            };
            let value = rest.next().ok_or(SettingsError::NoValue(flag))?;
            given.push((flag, value));
        }
        // A flag's value: the first given on the command line, or else its variable's.
        let get = |flag: &str| {
            let given = given
                .iter()
                .find(|(f, _)| *f == flag)
                .map(|(_, v)| v.to_string());
            given.or_else(|| {
                let (_, env) = FLAGS.iter().find(|(f, _)| *f == flag)?;
                std::env::var(env).ok()
            })
        };
        let number = |flag: &'static str| -> Result<Option<u64>, SettingsError> {
            get(flag)
                .map(|text| {
                    text.trim()
                        .parse()
                        .map_err(|_| SettingsError::NotANumber { flag, text })
                })
                .transpose()
        };
        params
            .set_all(tuned)
            .map_err(|error| SettingsError::Param { file: None, error })?;
        if let Some(file) = get("--params") {
            match std::fs::read_to_string(&file) {
                Ok(text) => params.apply(&text).map_err(|error| SettingsError::Param {
                    file: Some(file),
                    error,
                })?,
                Err(e) => {
                    return Err(SettingsError::ParamFile {
                        file,
                        error: e.to_string(),
                    })
                }
            }
        }
        for pair in set {
            let bad = || SettingsError::BadParam(pair.to_string());
            let (name, value) = pair.split_once('=').ok_or_else(bad)?;
            let value: f64 = value.trim().parse().map_err(|_| bad())?;
            params
                .set(name.trim(), value)
                .map_err(|error| SettingsError::Param { file: None, error })?;
        }
        let think = match number("--rollouts")? {
            Some(n) => Think::Rollouts(n),
            None => Think::Millis {
                first: number("--first-ms")?.unwrap_or(900),
                later: number("--ms")?.unwrap_or(default_ms),
            },
        };
        Ok(Settings {
            think,
            seed: number("--seed")?.unwrap_or(1),
        })
    }
}

/// The flags a contest bot takes, each followed by its value, and the environment variable
/// that stands in for each.
const FLAGS: [(&str, &str); 5] = [
    ("--ms", "BOTSIM_MS"),
    ("--first-ms", "BOTSIM_FIRST_MS"),
    ("--rollouts", "BOTSIM_ROLLOUTS"),
    ("--seed", "BOTSIM_SEED"),
    ("--params", "BOTSIM_PARAMS"),
];

/// What `--help` prints.
pub const USAGE: &str =
    "usage: BOT [--ms N] [--first-ms N] [--rollouts N] [--seed N] [--params FILE] [--param NAME=X]...
  --ms N          milliseconds of search a turn after the first (BOTSIM_MS)
  --first-ms N    milliseconds of search on the first turn, default 900 (BOTSIM_FIRST_MS)
  --rollouts N    a fixed number of rollouts a turn instead: reproducible play (BOTSIM_ROLLOUTS)
  --seed N        the search's seed, default 1 (BOTSIM_SEED)
  --params FILE   `name = value` lines over the compiled-in parameters (BOTSIM_PARAMS)
  --param NAME=X  one parameter, over the file's (repeat it for more)
The game's input is read on stdin, the orders written on stdout, a line a turn on stderr.";

/// Why a contest bot's settings could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum SettingsError {
    /// `--help` or `-h`: not an error, a request for [`USAGE`].
    Help,
    /// An argument that is none of the flags.
    UnknownArgument(String),
    /// A flag last on the command line, without its value.
    NoValue(&'static str),
    /// A flag's value (or its environment variable's) is no whole number.
    NotANumber {
        /// The flag, as the command line spells it.
        flag: &'static str,
        /// Its value.
        text: String,
    },
    /// A `--param` that is not `NAME=NUMBER`.
    BadParam(String),
    /// The parameter file could not be read.
    ParamFile {
        /// Its path.
        file: String,
        /// What the system said.
        error: String,
    },
    /// A parameter is unknown or its value wrong: one compiled in (`file` is `None`) or one
    /// from the parameter file.
    Param {
        /// The parameter file it came from, if any.
        file: Option<String>,
        /// What is wrong.
        error: crate::params::ParamError,
    },
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingsError::Help => write!(f, "{USAGE}"),
            SettingsError::UnknownArgument(arg) => {
                write!(f, "unknown argument '{arg}'\n{USAGE}")
            }
            SettingsError::NoValue(flag) => write!(f, "{flag}: a value must follow it"),
            SettingsError::NotANumber { flag, text } => {
                write!(f, "{flag}: '{text}' is not a whole number")
            }
            SettingsError::BadParam(text) => {
                write!(f, "--param: expected NAME=NUMBER, found '{text}'")
            }
            SettingsError::ParamFile { file, error } => write!(f, "--params {file}: {error}"),
            SettingsError::Param {
                file: Some(file),
                error,
            } => write!(f, "{file}: {error}"),
            SettingsError::Param { file: None, error } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(args: &[&str]) -> Result<Settings, SettingsError> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let mut params = <crate::csb::ga::Params>::default();
        Settings::from_args(&args, 65, &[], &mut params)
    }

    #[test]
    fn turn_reports_read_back() {
        let stats = crate::search::Stats {
            rollouts: 41_032,
            generations: 1864,
            best_score: -250.4,
        };
        let started = Instant::now();
        let line = turn_report(7, &stats, started, Duration::from_micros(500));
        let report = TurnReport::parse(&line).expect(&line);
        assert_eq!((report.turn, report.rollouts), (7, 41_032));
        assert!(report.ms >= 0.0 && report.ms < 1000.0, "{line}");
        for other in ["turn 7: bad input: x", "turn x: 5 rollouts", "hello", ""] {
            assert_eq!(TurnReport::parse(other), None, "{other}");
        }
    }

    #[test]
    fn budgets_come_from_the_command_line() {
        let s = settings(&["bot", "--ms", "20", "--first-ms", "30", "--seed", "7"]).unwrap();
        assert_eq!(
            s.think,
            Think::Millis {
                first: 30,
                later: 20
            }
        );
        assert_eq!(s.seed, 7);
        let s = settings(&["bot"]).unwrap();
        assert_eq!(
            s.think,
            Think::Millis {
                first: 900,
                later: 65
            }
        );
        assert_eq!(
            settings(&["bot", "--rollouts", "500"]).unwrap().think,
            Think::Rollouts(500)
        );
        let err = settings(&["bot", "--first-ms", "x"]).err().unwrap();
        assert_eq!(
            err,
            SettingsError::NotANumber {
                flag: "--first-ms",
                text: "x".to_string()
            }
        );
        assert_eq!(err.to_string(), "--first-ms: 'x' is not a whole number");
    }

    #[test]
    fn a_misspelt_flag_is_an_error_not_a_default() {
        let err = settings(&["bot", "--rolouts", "500"]).err().unwrap();
        assert_eq!(err, SettingsError::UnknownArgument("--rolouts".to_string()));
        assert!(err
            .to_string()
            .starts_with("unknown argument '--rolouts'\nusage:"));
        let err = settings(&["bot", "--seed", "3", "--ms"]).err().unwrap();
        assert_eq!(err, SettingsError::NoValue("--ms"));
        assert_eq!(err.to_string(), "--ms: a value must follow it");
        assert_eq!(
            settings(&["bot", "--help"]).err(),
            Some(SettingsError::Help)
        );
        assert_eq!(settings(&["bot", "--seed", "3"]).unwrap().seed, 3);
    }

    #[test]
    fn param_sets_one_parameter_and_names_a_bad_one() {
        use crate::params::Named;
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut params = <crate::csb::ga::Params>::default();
        let given = args(&[
            "bot",
            "--param",
            "weights.timeout=3.5",
            "--param",
            "shield_gene=0",
        ]);
        Settings::from_args(&given, 65, &[], &mut params).unwrap();
        let value = |name: &str| {
            params
                .values()
                .into_iter()
                .find(|(n, _)| *n == name)
                .unwrap()
                .1
        };
        assert_eq!(value("weights.timeout"), 3.5);
        assert_eq!(value("shield_gene"), 0.0);
        let err = settings(&["bot", "--param", "weights.timeout"])
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "--param: expected NAME=NUMBER, found 'weights.timeout'"
        );
        let err = settings(&["bot", "--param", "nope=1"]).err().unwrap();
        assert_eq!(err.to_string(), "csb ga has no parameter 'nope'");
        assert_eq!(
            settings(&["bot", "--param"]).err(),
            Some(SettingsError::NoValue("--param"))
        );
    }

    #[test]
    fn lateness_keeps_a_margin_for_the_long_waits_of_a_loaded_machine() {
        let (ms, us) = (Duration::from_millis, Duration::from_micros);
        let close = |a: Duration, b: Duration| a.abs_diff(b) < us(1);
        let mut l = Lateness::default();
        assert_eq!(l.margin(85), Duration::ZERO);
        // An idle machine: answers 40 us late keep a margin of a fraction of a millisecond.
        for _ in 0..200 {
            l.observe(us(40));
        }
        assert!(close(l.margin(85), us(640)), "{:?}", l.margin(85));
        // A wait of 6 ms is kept over the small ones that follow, a little less each turn:
        // 100 turns later the average has forgotten it, the margin keeps over half of it.
        l.observe(ms(6));
        l.observe(us(40));
        assert!(l.margin(85) >= ms(6).mul_f64(1.0 - Lateness::FORGET));
        for _ in 0..99 {
            l.observe(us(40));
        }
        let kept = ms(6).mul_f64((1.0 - Lateness::FORGET).powi(100));
        assert!(close(l.margin(85), kept), "{:?}", l.margin(85));
        assert!(kept > ms(3));
        // A loaded machine: answers 1 ms late on average keep sixteen times that.
        for _ in 0..300 {
            l.observe(us(1000));
        }
        assert!(close(l.margin(85), ms(16)), "{:?}", l.margin(85));
        // Never more than a quarter of the budget: the search keeps most of its turn.
        l.observe(ms(50));
        assert!(close(l.margin(85), ms(85) / 4), "{:?}", l.margin(85));
        assert!(close(l.margin(40), ms(10)), "{:?}", l.margin(40));
    }

    #[test]
    fn the_first_turns_waits_for_a_core_are_the_first_guess_at_the_margin() {
        let (ms, us) = (Duration::from_millis, Duration::from_micros);
        let close = |a: Duration, b: Duration| a.abs_diff(b) < us(1);
        // Loaded: a fifth of the first turn spent waiting, a fifth of the later budget.
        let mut l = Lateness::default();
        l.guess(ms(180), ms(900), 65);
        assert!(close(l.margin(65), ms(13)), "{:?}", l.margin(65));
        assert!(ms(13) < ms(65).mul_f64(Lateness::MOST), "below the cap");
        // It fades as answers come on time: within about 16 turns to under half.
        for _ in 0..16 {
            l.observe(us(40));
        }
        assert!(l.margin(65) < ms(6), "{:?}", l.margin(65));
        // Waiting most of the turn: the cap.
        let mut l = Lateness::default();
        l.guess(ms(800), ms(900), 65);
        assert!(close(l.margin(65), ms(65).mul_f64(Lateness::MOST)));
        // Idle: no wait, no margin; a guess never lowers what was learnt.
        let mut l = Lateness::default();
        l.guess(Duration::ZERO, ms(900), 65);
        assert_eq!(l.margin(65), Duration::ZERO);
        l.observe(ms(2));
        let learnt = l.margin(65);
        l.guess(Duration::ZERO, ms(900), 65);
        assert_eq!(l.margin(65), learnt);
    }

    #[test]
    fn the_waits_for_a_core_are_read_where_linux_counts_them() {
        if !std::path::Path::new("/proc/thread-self/schedstat").exists() {
            assert_eq!(CoreWaits::default().since_last(), Duration::ZERO);
            return;
        }
        let before = CoreWaits::now().expect("/proc/thread-self/schedstat is read");
        let mut waits = CoreWaits::default();
        waits.mark();
        assert!(waits.at_last_mark.unwrap() >= before);
    }
}

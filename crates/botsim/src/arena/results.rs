//! The arena's results: one [`GameResult`] a game, kept as a line of a JSON Lines file as each
//! game ends (so that an interrupted run loses nothing, see [`crate::jsonl`]), and what a set of
//! them says: player A's summary, each player's time use, a round robin's ratings.

use crate::stats::ratings::bradley_terry;
use crate::stats::{Points, Summary};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

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
    /// The players eliminated before the end (by their output or a limit), if any.
    pub errors: Vec<Elimination>,
    /// Each seat's time per turn as the referee saw it (lines sent to answer read), in tenths
    /// of a millisecond, the first turn first. Empty in results written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<Vec<u32>>,
    /// Each seat's search, from the reports a contest bot writes on stderr after each turn
    /// (`turn N: R rollouts, ... T ms`); empty where neither seat wrote any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub search: Vec<SearchUse>,
    /// The position the game started from (`arena --positions`: the file's `TRACE TURN`), if
    /// not the seed's first turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// A player's search over the turns after the first, as its own reports say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchUse {
    /// Turns after the first with a report.
    pub turns: u32,
    /// Rollouts over those turns.
    pub rollouts: u64,
    /// Milliseconds over those turns, on the bot's clock (from its input to its answer).
    pub ms: f64,
}

impl SearchUse {
    /// Counts a report line; other lines and the first turn's report are left out.
    pub fn count(&mut self, line: &str) {
        match botsim_core::contest::TurnReport::parse(line) {
            Some(r) if r.turn > 0 => {
                self.turns += 1;
                self.rollouts += r.rollouts;
                self.ms += r.ms;
            }
            _ => {}
        }
    }

    /// Adds another's counts.
    pub fn add(&mut self, other: &SearchUse) {
        self.turns += other.turns;
        self.rollouts += other.rollouts;
        self.ms += other.ms;
    }

    /// Rollouts a turn.
    pub fn per_turn(&self) -> f64 {
        self.rollouts as f64 / f64::from(self.turns.max(1))
    }

    /// Rollouts per millisecond of the bot's clock.
    pub fn per_ms(&self) -> f64 {
        self.rollouts as f64 / self.ms.max(1e-9)
    }
}

impl GameResult {
    /// The result without its times and searches: what play alone decides, the same in every
    /// run of the game (times differ from run to run).
    pub fn untimed(&self) -> GameResult {
        GameResult {
            times: Vec::new(),
            search: Vec::new(),
            ..self.clone()
        }
    }

    /// What eliminated the player in `seat`, if anything (an eliminated player plays no more).
    pub fn elimination(&self, seat: usize) -> Option<&Elimination> {
        self.errors.iter().find(|e| e.seat == seat)
    }

    /// The points of the player in `seat`: 1 win, 0.5 draw, 0 loss.
    pub fn points(&self, seat: usize) -> Points {
        match self.scores[seat].cmp(&self.scores[1 - seat]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Player A's seat: 0 in even games, 1 in odd ones.
    pub fn seat_a(&self) -> usize {
        self.game % 2
    }

    /// Player A, as the results name it.
    pub fn player_a(&self) -> &str {
        &self.seats[self.seat_a()]
    }

    /// Player A's opponent, as the results name it.
    pub fn opponent(&self) -> &str {
        &self.seats[1 - self.seat_a()]
    }

    /// Player A's points.
    pub fn points_a(&self) -> Points {
        self.points(self.seat_a())
    }

    /// How the game ended for player A, as an index into a W-D-L count: 0 won, 1 drew, 2 lost.
    pub(crate) fn outcome_a(&self) -> usize {
        match self.points_a() {
            p if p > 0.5 => 0,
            p if p < 0.5 => 2,
            _ => 1,
        }
    }
}

/// Why a player lost a game before its end: the referee refused its output, or it broke a limit
/// the arena keeps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StoredElimination")]
pub struct Elimination {
    /// The player's seat.
    pub seat: usize,
    /// The turn it happened on, from 0.
    pub turn: u32,
    /// What kind of fault it was.
    pub cause: Cause,
    /// What happened, in words.
    pub detail: String,
}

/// The kinds of [`Elimination`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cause {
    /// A line the referee refused, or too few lines.
    Output,
    /// No answer in time, or over the CPU limit.
    Time,
    /// Over the memory limit.
    Memory,
    /// The program ended during the game.
    Exited,
}

impl std::fmt::Display for Elimination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {} turn {}: {}", self.seat, self.turn, self.detail)
    }
}

/// An elimination as results files hold it: the fields, or in files written before they were
/// kept, the text `seat S turn T: detail`.
#[derive(Deserialize)]
#[serde(untagged)]
enum StoredElimination {
    Fields {
        seat: usize,
        turn: u32,
        cause: Cause,
        detail: String,
    },
    Text(String),
}

impl TryFrom<StoredElimination> for Elimination {
    type Error = String;

    fn try_from(stored: StoredElimination) -> Result<Elimination, String> {
        match stored {
            StoredElimination::Fields {
                seat,
                turn,
                cause,
                detail,
            } => Ok(Elimination {
                seat,
                turn,
                cause,
                detail,
            }),
            StoredElimination::Text(text) => {
                let parsed = text.strip_prefix("seat ").and_then(|rest| {
                    let (seat, rest) = rest.split_once(" turn ")?;
                    let (turn, detail) = rest.split_once(": ")?;
                    Some((seat.parse().ok()?, turn.parse().ok()?, detail))
                });
                let (seat, turn, detail) =
                    parsed.ok_or_else(|| format!("'{text}' is not 'seat S turn T: why'"))?;
                // The older texts said what the newer fields say.
                let cause = if detail == "no answer" || detail.starts_with("out of time") {
                    Cause::Time
                } else if detail.starts_with("memory:") {
                    Cause::Memory
                } else {
                    Cause::Output
                };
                Ok(Elimination {
                    seat,
                    turn,
                    cause,
                    detail: detail.to_string(),
                })
            }
        }
    }
}

/// Reads a results file (missing: none). A line cut short by an interruption is skipped.
pub fn read(path: &Path) -> Result<Vec<GameResult>, crate::jsonl::JsonlError> {
    crate::jsonl::read(path, "an arena result")
}

/// The results in the text of a results file; `origin` names it in errors. The last line may
/// have been cut short by an interruption, and is then skipped.
pub fn parse(text: &str, origin: &str) -> Result<Vec<GameResult>, crate::jsonl::JsonlError> {
    crate::jsonl::parse(text, origin, "an arena result")
}

/// Each game of `results` once, by its index (a game recorded twice, as a resumed run may, is
/// one game).
pub(crate) fn by_game(results: &[GameResult]) -> BTreeMap<usize, &GameResult> {
    results.iter().map(|r| (r.game, r)).collect()
}

/// The statistics of a set of results: player A is the one in seat 0 of even games.
pub fn summarize(results: &[GameResult]) -> Summary {
    let by_game = by_game(results);
    let games: Vec<Points> = by_game.values().map(|r| r.points_a()).collect();
    let pairs: Vec<(Points, Points)> = by_game
        .iter()
        .filter(|(g, _)| *g % 2 == 0)
        .filter_map(|(g, r)| by_game.get(&(g + 1)).map(|o| (r.points_a(), o.points_a())))
        .collect();
    Summary::new(&games, &pairs)
}

/// How player A's games ended, by the referee's reason for the end: its wins, draws and
/// losses, each with its count per reason, most frequent first (a game recorded twice counts
/// once).
pub fn ends(results: &[GameResult]) -> [(usize, Vec<(String, usize)>); 3] {
    let mut counts: [BTreeMap<&str, usize>; 3] = Default::default();
    for r in by_game(results).values() {
        *counts[r.outcome_a()].entry(r.reason.as_str()).or_default() += 1;
    }
    counts.map(|c| {
        let mut reasons: Vec<(String, usize)> =
            c.into_iter().map(|(k, n)| (k.to_string(), n)).collect();
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        (reasons.iter().map(|r| r.1).sum(), reasons)
    })
}

/// Counts by the referee's reason as the reports print them, `timeout 9, endReached 12` (`?`
/// for a result without a reason).
pub(crate) fn reasons_text(reasons: &[(String, usize)]) -> String {
    let each: Vec<String> = reasons
        .iter()
        .map(|(reason, k)| format!("{} {k}", if reason.is_empty() { "?" } else { reason }))
        .collect();
    each.join(", ")
}

/// The line of the report that says how player A's games ended ([`ends`]): in CSB, for
/// example, how many it lost by the race (`endReached`) and how many by the checkpoint timeout
/// (`timeout`). Empty without results.
pub fn ends_report(results: &[GameResult]) -> String {
    if results.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = ["won", "drew", "lost"]
        .iter()
        .zip(ends(results))
        .filter(|(_, (n, _))| *n > 0)
        .map(|(what, (n, reasons))| format!("{what} {n} ({})", reasons_text(&reasons)))
        .collect();
    format!(
        "ends of A's games, by the referee's reason: {}\n",
        parts.join("; ")
    )
}

/// How many of the worst positions [`positions_report`] names.
const WORST_POSITIONS: usize = 8;

/// How player A did from each recorded position of a run (`arena --positions`): the number of
/// positions, and those from which it scored under half, worst first (up to eight), each with
/// A's W-D-L from it, so that they can be played again or looked at. Empty when no game
/// started from a recorded position.
pub fn positions_report(results: &[GameResult]) -> String {
    // Per position: A's wins, draws and losses from it.
    let mut by_position: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    for r in by_game(results).values() {
        let Some(position) = r.position.as_deref() else {
            continue;
        };
        by_position.entry(position).or_default()[r.outcome_a()] += 1;
    }
    if by_position.is_empty() {
        return String::new();
    }
    let score = |[w, d, l]: [usize; 3]| (2 * w + d) as f64 / (2 * (w + d + l)) as f64;
    let mut under: Vec<(&str, [usize; 3])> = by_position
        .iter()
        .filter(|(_, &wdl)| score(wdl) < 0.5)
        .map(|(&p, &wdl)| (p, wdl))
        .collect();
    // Worst first; ties by name, as the map gave them.
    under.sort_by(|a, b| score(a.1).total_cmp(&score(b.1)));
    let n = match by_position.len() {
        1 => "1 position".to_string(),
        n => format!("{n} positions"),
    };
    if under.is_empty() {
        return format!("from {n}: A scored at least half from every one\n");
    }
    let named: Vec<String> = under
        .iter()
        .take(WORST_POSITIONS)
        .map(|(p, [w, d, l])| format!("{p} ({w}-{d}-{l})"))
        .collect();
    let more = under.len().saturating_sub(WORST_POSITIONS);
    format!(
        "from {n}: A scored under half from {}, worst first: {}{}\n",
        under.len(),
        named.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
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
    let timed = results.iter().filter(|r| r.times.len() == 2);
    // Per player: its later turns' times, its first turn's longest, its games lost on time.
    let players = per_player(timed, |p: &mut (Vec<u32>, u32, usize), r, seat| {
        if let Some((&first, later)) = r.times[seat].split_first() {
            p.1 = p.1.max(first);
            p.0.extend_from_slice(later);
        }
        p.2 += r.elimination(seat).is_some_and(|e| e.cause == Cause::Time) as usize;
    });
    players
        .into_iter()
        .map(|(player, (mut later, first, timeouts))| {
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

/// A player's search over a set of games: its own reports, and the time the arena measured
/// for the same turns, on its clock (`--clock`: the CPU time the program's processes used, or
/// the wall time from the turn's input to its answer). The bot's clock runs while it waits for
/// a core; the CPU clock does not, so with more searches than cores at once the two rates
/// differ, and the CPU's is the one that says how fast the code is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchRate {
    /// The bot's reports, added up.
    pub reported: SearchUse,
    /// Milliseconds the arena timed over the reported turns (the turns after the first, as
    /// many as each game reported); 0 where the results have no times.
    pub timed_ms: f64,
}

impl SearchRate {
    /// Rollouts per millisecond the arena timed; `None` without times.
    pub fn per_timed_ms(&self) -> Option<f64> {
        (self.timed_ms > 0.0).then(|| self.reported.rollouts as f64 / self.timed_ms)
    }
}

/// Each player's search over `results`, from its own reports and the arena's times of the
/// same turns, players in order of first appearance; players without reports are left out.
pub fn search_use(results: &[GameResult]) -> Vec<(String, SearchRate)> {
    let reported = results.iter().filter(|r| r.search.len() == 2);
    let mut players = per_player(reported, |u: &mut SearchRate, r, seat| {
        let search = &r.search[seat];
        u.reported.add(search);
        let turns = search.turns as usize;
        let tenths: u64 = r.times.get(seat).map_or(0, |t| {
            t.iter().skip(1).take(turns).map(|&x| u64::from(x)).sum()
        });
        u.timed_ms += tenths as f64 / 10.0;
    });
    players.retain(|(_, u)| u.reported.turns > 0);
    players
}

/// A value per player gathered over `results`, players in order of first appearance: each
/// result's two seats are added to their player's value (from its default) by `add`.
fn per_player<'a, T: Default>(
    results: impl Iterator<Item = &'a GameResult>,
    mut add: impl FnMut(&mut T, &GameResult, usize),
) -> Vec<(String, T)> {
    let mut players: Vec<(String, T)> = Vec::new();
    for r in results {
        for (seat, name) in r.seats.iter().enumerate() {
            let k = match players.iter().position(|p| &p.0 == name) {
                Some(k) => k,
                None => {
                    players.push((name.clone(), T::default()));
                    players.len() - 1
                }
            };
            add(&mut players[k].1, r, seat);
        }
    }
    players
}

/// The search lines of the report: each program player's rollouts a turn and per millisecond
/// in real games, on its clock and on the arena's, to set beside `botsim bench --search`'s
/// (none if no result has reports).
pub fn search_report(results: &[GameResult]) -> String {
    search_use(results)
        .iter()
        .map(|(player, u)| {
            let timed = u
                .per_timed_ms()
                .map_or(String::new(), |r| format!(", {r:.0} per ms the arena timed"));
            format!(
                "search {player}: {:.0} rollouts a turn, {:.0} per ms of its clock{timed}, over {} turns (its reports)\n",
                u.reported.per_turn(),
                u.reported.per_ms(),
                u.reported.turns
            )
        })
        .collect()
}

/// One line of a round robin's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub player: String,
    /// Its wins, draws and losses (no pairs: the pentanomial stays empty).
    pub record: Summary,
    /// Elo on a scale whose mean over the players is 0 (Bradley-Terry fit).
    pub elo: f64,
}

/// The ratings of every player in a set of results, best first: the Bradley-Terry fit
/// ([`bradley_terry`]) of all their games, whatever the seats.
pub fn ratings(results: &[GameResult]) -> Vec<Rating> {
    let mut names: Vec<&str> = results
        .iter()
        .flat_map(|r| r.seats.iter().map(String::as_str))
        .collect();
    names.sort_unstable();
    names.dedup();
    let index = |s: &str| names.binary_search(&s).expect("listed");
    let mut records = vec![Summary::default(); names.len()];
    let games: Vec<(usize, usize, Points)> = results
        .iter()
        .map(|r| {
            let (a, b, pa) = (index(&r.seats[0]), index(&r.seats[1]), r.points(0));
            records[a].count(pa);
            records[b].count(1.0 - pa);
            (a, b, pa)
        })
        .collect();
    let elo = bradley_terry(names.len(), &games);
    let mut table: Vec<Rating> = names
        .iter()
        .zip(records)
        .zip(elo)
        .map(|((player, record), elo)| Rating {
            player: player.to_string(),
            record,
            elo,
        })
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;

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
            search: Vec::new(),
            position: None,
        }
    }

    /// Game `game` of players "a" and "b" with A ("a") in seat 0 of even games, seat 1 of odd.
    fn seated(game: usize, scores: [i32; 2]) -> GameResult {
        let (first, second) = if game.is_multiple_of(2) {
            ("a", "b")
        } else {
            ("b", "a")
        };
        result(game, first, second, scores)
    }

    #[test]
    fn ends_count_a_s_games_by_reason_whatever_the_seat() {
        let ended = |game, scores, reason: &str| GameResult {
            reason: reason.to_string(),
            ..seated(game, scores)
        };
        let results = [
            ended(0, [2, 0], "endReached"),
            ended(1, [2, 0], "timeout"),
            ended(2, [0, 2], "timeout"),
            ended(3, [0, 2], "endReached"),
            ended(4, [1, 1], "maxRounds"),
            ended(5, [1, 2], "timeout"),
            // Game 0 again (a resumed run): counted once.
            ended(0, [2, 0], "endReached"),
        ];
        let [won, drew, lost] = ends(&results);
        // A is seat 0 in even games, seat 1 in odd ones.
        let named = |v: &[(&str, usize)]| {
            v.iter()
                .map(|&(r, n)| (r.to_string(), n))
                .collect::<Vec<_>>()
        };
        assert_eq!(won, (3, named(&[("endReached", 2), ("timeout", 1)])));
        assert_eq!(drew, (1, named(&[("maxRounds", 1)])));
        assert_eq!(lost, (2, named(&[("timeout", 2)])));
        assert_eq!(
            ends_report(&results),
            "ends of A's games, by the referee's reason: won 3 (endReached 2, timeout 1); \
             drew 1 (maxRounds 1); lost 2 (timeout 2)\n"
        );
        assert_eq!(ends_report(&[]), "");
    }

    #[test]
    fn positions_report_names_where_a_scored_under_half_worst_first() {
        let from = |game, scores, position: &str| GameResult {
            position: Some(position.to_string()),
            ..seated(game, scores)
        };
        // A is seat 0 in even games. p1: lost both; p2: won one, lost one; p3: drew one and
        // lost one; p4: won both (a resumed run recorded game 6 twice: counted once).
        let results = [
            from(0, [0, 2], "p1 70"),
            from(1, [2, 0], "p1 70"),
            from(2, [2, 0], "p2 70"),
            from(3, [2, 0], "p2 70"),
            from(4, [1, 1], "p3 70"),
            from(5, [2, 1], "p3 70"),
            from(6, [2, 1], "p4 70"),
            from(7, [1, 2], "p4 70"),
            from(6, [2, 1], "p4 70"),
        ];
        assert_eq!(
            positions_report(&results),
            "from 4 positions: A scored under half from 2, worst first: p1 70 (0-0-2), \
             p3 70 (0-1-1)\n"
        );
        assert_eq!(
            positions_report(&results[6..]),
            "from 1 position: A scored at least half from every one\n"
        );
        assert_eq!(positions_report(&[result(0, "a", "b", [1, 0])]), "");
        // Past eight, the rest are counted.
        let many: Vec<GameResult> = (0..10)
            .map(|k| from(2 * k, [0, 1], &format!("q{k} 5")))
            .collect();
        assert!(
            positions_report(&many).ends_with("q7 5 (0-0-1) and 2 more\n"),
            "{}",
            positions_report(&many)
        );
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
        b.errors = vec![Elimination {
            seat: 0,
            turn: 2,
            cause: Cause::Time,
            detail: "no answer".to_string(),
        }];
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

    #[test]
    fn search_rates_add_each_player_s_reports_and_the_arena_s_times_of_those_turns() {
        let used = |turns, rollouts, ms| SearchUse {
            turns,
            rollouts,
            ms,
        };
        // "p" reports 2 turns after the first in game 0 (seat 0) and 1 in game 1 (seat 1):
        // the arena's times of those turns are 30 + 50 and 20 ms; its first turn and a last
        // turn it did not report are not counted. "q" reports nothing.
        let mut games = [result(0, "p", "q", [2, 1]), result(1, "q", "p", [2, 1])];
        games[0].times = vec![vec![9_000, 300, 500, 700], vec![100, 100, 100, 100]];
        games[0].search = vec![used(2, 1_000, 60.0), SearchUse::default()];
        games[1].times = vec![vec![100, 100], vec![8_000, 200]];
        games[1].search = vec![SearchUse::default(), used(1, 800, 40.0)];
        let rates = search_use(&games);
        assert_eq!(rates.len(), 1, "{rates:?}");
        let (player, p) = &rates[0];
        assert_eq!(player, "p");
        assert_eq!(p.reported, used(3, 1_800, 100.0));
        assert_eq!(p.timed_ms, 100.0);
        assert_eq!(p.per_timed_ms(), Some(18.0));
        assert_eq!(
            search_report(&games),
            "search p: 600 rollouts a turn, 18 per ms of its clock, 18 per ms the arena timed, over 3 turns (its reports)\n"
        );
        // Without times (results written before they were kept) no rate the arena timed.
        for g in &mut games {
            g.times.clear();
        }
        assert_eq!(search_use(&games)[0].1.per_timed_ms(), None);
        assert_eq!(
            search_report(&games),
            "search p: 600 rollouts a turn, 18 per ms of its clock, over 3 turns (its reports)\n"
        );
    }

    #[test]
    fn eliminations_read_back_from_both_forms() {
        let e = Elimination {
            seat: 1,
            turn: 7,
            cause: Cause::Exited,
            detail: "exited (exit status 3)".to_string(),
        };
        let line = serde_json::to_string(&e).unwrap();
        assert_eq!(serde_json::from_str::<Elimination>(&line).unwrap(), e);
        assert_eq!(e.to_string(), "seat 1 turn 7: exited (exit status 3)");
        let old = |text: &str| serde_json::from_str::<Elimination>(&format!("{text:?}"));
        let timeout =
            old("seat 0 turn 12: out of time on turn 12: 101.2 ms of CPU, over the 100 ms limit");
        assert_eq!(timeout.unwrap().cause, Cause::Time);
        let late = old("seat 1 turn 3: no answer").unwrap();
        assert_eq!((late.seat, late.turn, late.cause), (1, 3, Cause::Time));
        assert_eq!(
            old("seat 0 turn 1: memory: 900 MB").unwrap().cause,
            Cause::Memory
        );
        assert_eq!(
            old("seat 0 turn 1: bad line 'x'").unwrap().cause,
            Cause::Output
        );
        assert!(old("turn 1: what").is_err());
    }
}

//! Two runs of player A against the same opponent on the same games, compared game by game
//! (`botsim arena compare`).
//!
//! A change that acts in a few games in a hundred (a rule for a runner pinned at its
//! checkpoint, say) barely moves either run's W-D-L, and an Elo interval over hundreds of games
//! cannot see it. Played on the same seeds or positions with fixed budgets, the old and the new
//! version play alike every game the change does not touch: what the change did is in the games
//! whose result differs, and whether it helped is a sign test on those.

use super::results::{by_game, ends, reasons_text, GameResult};
use crate::stats;

/// Why two runs cannot be compared game by game.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum CompareError {
    /// The runs played game `game` on different seeds.
    #[error("game {game} has seed {before} in the first run and {after} in the second: compare runs made with the same --seed or --positions")]
    OtherSeed {
        /// The game.
        game: usize,
        /// Its seed in the first run.
        before: i64,
        /// Its seed in the second.
        after: i64,
    },
    /// The runs started game `game` from different recorded positions.
    #[error("game {game} was played from {before} in the first run and from {after} in the second: compare runs made with the same --positions file")]
    OtherPosition {
        /// The game.
        game: usize,
        /// Its position in the first run.
        before: String,
        /// Its position in the second.
        after: String,
    },
    /// Player A met another opponent in game `game` of one run than in the other.
    #[error("game {game}: A's opponent is {before} in the first run and {after} in the second: compare two versions of A against the same opponent")]
    OtherOpponent {
        /// The game.
        game: usize,
        /// A's opponent in the first run.
        before: String,
        /// A's opponent in the second.
        after: String,
    },
    /// No game is in both runs.
    #[error("no game is in both runs (the first has {before} games, the second {after})")]
    NoneInBoth {
        /// Games in the first run.
        before: usize,
        /// Games in the second.
        after: usize,
    },
}

/// What changed between two runs of player A against the same opponent, game by game.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Player A in the first run and in the second (as their first common game names them).
    pub players: [String; 2],
    /// A's opponent.
    pub opponent: String,
    /// Games in both runs (a game recorded twice in one run counts once).
    pub games: usize,
    /// Games in one run only: the first's, the second's.
    pub only: [usize; 2],
    /// Games with the same result in both (scores, turns, the referee's reason, eliminations).
    pub alike: usize,
    /// Games A did better in the second run (a loss became a draw or a win, a draw a win).
    pub better: Vec<usize>,
    /// Games A did worse in the second run.
    pub worse: Vec<usize>,
    /// Games with another result but the same outcome for A (won both times, say, by other
    /// means or in another number of turns).
    pub same_outcome: usize,
    /// A's losses in the games in both runs, in the first run and in the second: how many, and
    /// how many by each of the referee's reasons, most frequent first.
    pub losses: [(usize, Vec<(String, usize)>); 2],
}

/// Compares two runs of player A against the same opponent (results files of `arena` runs
/// with the same seed or positions); an error if a game of both was played otherwise (another
/// seed, position or opponent), or no game is in both.
pub fn compare(before: &[GameResult], after: &[GameResult]) -> Result<Comparison, CompareError> {
    let (first, second) = (by_game(before), by_game(after));
    let mut both: Vec<(&GameResult, &GameResult)> = Vec::new();
    for (game, &old) in &first {
        let Some(&new) = second.get(game) else {
            continue;
        };
        let game = *game;
        if old.seed != new.seed {
            return Err(CompareError::OtherSeed {
                game,
                before: old.seed,
                after: new.seed,
            });
        }
        // Results written before positions were named say nothing of theirs.
        if let (Some(p_old), Some(p_new)) = (&old.position, &new.position) {
            if p_old != p_new {
                return Err(CompareError::OtherPosition {
                    game,
                    before: p_old.clone(),
                    after: p_new.clone(),
                });
            }
        }
        if old.opponent() != new.opponent() {
            return Err(CompareError::OtherOpponent {
                game,
                before: old.opponent().to_string(),
                after: new.opponent().to_string(),
            });
        }
        both.push((old, new));
    }
    let Some(&(old0, new0)) = both.first() else {
        return Err(CompareError::NoneInBoth {
            before: first.len(),
            after: second.len(),
        });
    };
    let mut c = Comparison {
        players: [old0.player_a().to_string(), new0.player_a().to_string()],
        opponent: old0.opponent().to_string(),
        games: both.len(),
        only: [first.len() - both.len(), second.len() - both.len()],
        alike: 0,
        better: Vec::new(),
        worse: Vec::new(),
        same_outcome: 0,
        losses: Default::default(),
    };
    for &(old, new) in &both {
        let same = old.scores == new.scores
            && old.turns == new.turns
            && old.reason == new.reason
            && old.errors == new.errors;
        // Outcomes index a W-D-L count: lower is better for A.
        match new.outcome_a().cmp(&old.outcome_a()) {
            _ if same => c.alike += 1,
            std::cmp::Ordering::Less => c.better.push(old.game),
            std::cmp::Ordering::Greater => c.worse.push(old.game),
            std::cmp::Ordering::Equal => c.same_outcome += 1,
        }
    }
    let lost = |run: Vec<GameResult>| {
        let [_, _, lost] = ends(&run);
        lost
    };
    c.losses = [
        lost(both.iter().map(|&(old, _)| old.clone()).collect()),
        lost(both.iter().map(|&(_, new)| new.clone()).collect()),
    ];
    Ok(c)
}

/// How many games a list of the report names before it says how many more there are.
const NAMED: usize = 10;

impl Comparison {
    /// The two-sided p-value of the sign test on the games where A's outcome changed
    /// ([`stats::sign_test`]): how likely so uneven a split is if the change made no
    /// difference.
    pub fn p_value(&self) -> f64 {
        stats::sign_test(self.better.len(), self.worse.len())
    }

    /// The comparison as `arena compare` prints it.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let [before, after] = &self.players;
        out.push_str(&format!(
            "A: {before} (first run), {after} (second run); against {}\n",
            self.opponent
        ));
        let only = match self.only {
            [0, 0] => String::new(),
            [b, a] => format!(" ({b} in the first run only, {a} in the second only)"),
        };
        out.push_str(&format!("games in both runs: {}{only}\n", self.games));
        let changed = self.games - self.alike;
        out.push_str(&format!(
            "the same result in {}, another in {changed}: A did better in {}, worse in {}, as well by other means in {}\n",
            self.alike,
            self.better.len(),
            self.worse.len(),
            self.same_outcome
        ));
        let decided = self.better.len() + self.worse.len();
        if decided > 0 {
            let p = self.p_value();
            let verdict = if p >= 0.05 {
                "as likely chance as not at the 5% level"
            } else if self.better.len() > self.worse.len() {
                "the second run is better, unlikely by chance"
            } else {
                "the second run is worse, unlikely by chance"
            };
            let games = if decided == 1 { "game" } else { "games" };
            out.push_str(&format!(
                "sign test on the {decided} {games} whose outcome for A changed: p = {p:.3} (two-sided): {verdict}\n"
            ));
        }
        let losses = |(n, reasons): &(usize, Vec<(String, usize)>)| {
            if *n == 0 {
                return "0".to_string();
            }
            format!("{n} ({})", reasons_text(reasons))
        };
        out.push_str(&format!(
            "A's losses by the referee's reason: first run {}; second run {}\n",
            losses(&self.losses[0]),
            losses(&self.losses[1])
        ));
        for (what, games) in [("better", &self.better), ("worse", &self.worse)] {
            if games.is_empty() {
                continue;
            }
            let named: Vec<String> = games.iter().take(NAMED).map(|g| g.to_string()).collect();
            let more = match games.len().saturating_sub(NAMED) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            out.push_str(&format!(
                "games A did {what} in: {}{more}\n",
                named.join(", ")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `game` on seed `seed` between `a` (seat `game % 2`) and `b`, ended for A as
    /// `outcome` (`"W"`, `"D"` or `"L"`) after `turns` turns for `reason`.
    fn game(
        game: usize,
        seed: i64,
        a: &str,
        b: &str,
        outcome: &str,
        turns: u32,
        reason: &str,
    ) -> GameResult {
        let (mine, theirs) = match outcome {
            "W" => (2, 1),
            "D" => (2, 2),
            _ => (1, 2),
        };
        let seat = game % 2;
        let mut seats = [b.to_string(), b.to_string()];
        seats[seat] = a.to_string();
        let mut scores = [theirs; 2];
        scores[seat] = mine;
        GameResult {
            game,
            seed,
            seats,
            scores,
            turns,
            reason: reason.to_string(),
            errors: Vec::new(),
            times: Vec::new(),
            search: Vec::new(),
            position: None,
        }
    }

    fn run(a: &str, games: &[(&str, u32, &str)]) -> Vec<GameResult> {
        games
            .iter()
            .enumerate()
            .map(|(k, &(outcome, turns, reason))| {
                game(k, 100 + (k / 2) as i64, a, "racer", outcome, turns, reason)
            })
            .collect()
    }

    #[test]
    fn games_are_sorted_into_alike_better_worse_and_the_same_outcome() {
        let before = run(
            "old",
            &[
                ("W", 90, "endReached"),
                ("L", 100, "timeout"),
                ("L", 120, "timeout"),
                ("D", 500, "maxRounds"),
                ("W", 80, "endReached"),
                ("W", 95, "endReached"),
            ],
        );
        let after = run(
            "new",
            &[
                ("W", 90, "endReached"),  // alike
                ("W", 130, "endReached"), // better: a loss became a win
                ("L", 140, "endReached"), // the same outcome by another end
                ("W", 300, "endReached"), // better: a draw became a win
                ("L", 85, "endReached"),  // worse
                ("W", 95, "endReached"),  // alike
            ],
        );
        let c = compare(&before, &after).unwrap();
        assert_eq!(c.players, ["old".to_string(), "new".to_string()]);
        assert_eq!(c.opponent, "racer");
        assert_eq!((c.games, c.only, c.alike), (6, [0, 0], 2));
        assert_eq!((c.better.clone(), c.worse.clone()), (vec![1, 3], vec![4]));
        assert_eq!(c.same_outcome, 1);
        assert_eq!(c.losses[0], (2, vec![("timeout".to_string(), 2)]));
        assert_eq!(c.losses[1], (2, vec![("endReached".to_string(), 2)]));
        assert_eq!(c.p_value(), stats::sign_test(2, 1));
        let report = c.report();
        for line in [
            "A: old (first run), new (second run); against racer",
            "games in both runs: 6\n",
            "the same result in 2, another in 4: A did better in 2, worse in 1, as well by other means in 1",
            "sign test on the 3 games whose outcome for A changed: p = 1.000",
            "first run 2 (timeout 2); second run 2 (endReached 2)",
            "games A did better in: 1, 3\n",
            "games A did worse in: 4\n",
        ] {
            assert!(report.contains(line), "{line:?} in:\n{report}");
        }
    }

    #[test]
    fn a_run_against_itself_changes_nothing_and_games_of_one_run_only_are_counted_apart() {
        let before = run("old", &[("W", 90, "endReached"), ("L", 100, "timeout")]);
        let mut after = before.clone();
        // A game recorded twice counts once; a game the first run lacks is counted apart.
        after.push(before[1].clone());
        after.push(game(2, 101, "old", "racer", "W", 70, "endReached"));
        let c = compare(&before, &after).unwrap();
        assert_eq!((c.games, c.only, c.alike), (2, [0, 1], 2));
        assert!(c.better.is_empty() && c.worse.is_empty());
        assert_eq!(c.p_value(), 1.0);
        let report = c.report();
        assert!(
            report.contains("(0 in the first run only, 1 in the second only)"),
            "{report}"
        );
        assert!(!report.contains("sign test"), "{report}");
    }

    #[test]
    fn runs_of_other_seeds_positions_or_opponents_are_refused() {
        let before = run("old", &[("W", 90, "endReached"), ("L", 100, "timeout")]);
        let mut after = run("new", &[("W", 90, "endReached"), ("L", 100, "timeout")]);
        after[1].seed = 7;
        assert_eq!(
            compare(&before, &after),
            Err(CompareError::OtherSeed {
                game: 1,
                before: 100,
                after: 7
            })
        );
        after[1].seed = 100;
        let mut positioned = before.clone();
        positioned[0].position = Some("g.jsonl.gz 70".into());
        after[0].position = Some("g.jsonl.gz 71".into());
        let err = compare(&positioned, &after).unwrap_err();
        assert_eq!(
            err.to_string(),
            "game 0 was played from g.jsonl.gz 70 in the first run and from g.jsonl.gz 71 in the second: compare runs made with the same --positions file"
        );
        // A position named on one side only (results written before positions were named)
        // is no difference.
        assert!(compare(&before, &after).is_ok());
        after[0].seats[1] = "brawler".into();
        assert_eq!(
            compare(&before, &after),
            Err(CompareError::OtherOpponent {
                game: 0,
                before: "racer".into(),
                after: "brawler".into()
            })
        );
        let later: Vec<GameResult> = run("new", &[("W", 1, "x"), ("W", 1, "x"), ("W", 1, "x")])
            .into_iter()
            .skip(2)
            .collect();
        assert_eq!(
            compare(&before, &later),
            Err(CompareError::NoneInBoth {
                before: 2,
                after: 1
            })
        );
    }
}

//! The statistics that decide whether a change is stronger: wins, draws and losses, the score,
//! an Elo difference with its 95% interval, pentanomial counts over seat-swapped pairs, a
//! sequential probability ratio test (the normal approximation fishtest uses, on pairs), and
//! Bradley-Terry ratings for a round robin ([`ratings`]). Pure arithmetic on points: the arena
//! counts the games, this module says what they mean.

pub mod ratings;

use std::str::FromStr;

/// The samples added at each extreme of a record before its mean and variance are taken (half
/// a pair lost twice and half a pair won twice): the interval and the LLR never rest on a
/// variance of zero, which a handful of one-sided games would give.
const PRIOR: f64 = 0.5;

/// One game from the first player's side: 1 win, 0.5 draw, 0 loss.
pub type Points = f64;

/// The summary of a match of player A against player B.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Pairs by A's points over the pair: 0, 0.5, 1, 1.5, 2.
    pub pentanomial: [u64; 5],
}

impl Summary {
    /// Builds the summary from games (A's points) and pairs (A's points in both games of a
    /// pair, in any order).
    pub fn new(games: &[Points], pairs: &[(Points, Points)]) -> Summary {
        let mut s = Summary::default();
        for &p in games {
            s.count(p);
        }
        for &(a, b) in pairs {
            s.pentanomial[((a + b) * 2.0).round() as usize] += 1;
        }
        s
    }

    /// Counts one game by the player's points in it: a win, a draw or a loss.
    pub fn count(&mut self, p: Points) {
        if p > 0.5 {
            self.wins += 1;
        } else if p < 0.5 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's mean points per game.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The Elo difference the score stands for, and its 95% interval.
    ///
    /// The interval comes from the variance of the pair results (of the games, when there are
    /// no pairs) with a prior of half a sample at each extreme, as [`Summary::llr`] has: on few
    /// games, or a one-sided record, the variance never vanishes, so the interval is never of
    /// zero width. Where it reaches a score of 0 or 1 it has no bound on that side (an infinite
    /// `lo` or `hi`): 20 wins out of 20 say "at least +X", not "+2400 exactly".
    pub fn elo(&self) -> EloEstimate {
        let (mean, var, n) = self.mean_var();
        let se = (var / n).sqrt();
        let (lo, hi) = (mean - 1.96 * se, mean + 1.96 * se);
        let score = self.score();
        EloEstimate {
            elo: if score >= 1.0 {
                f64::INFINITY
            } else if score <= 0.0 && self.games() > 0 {
                f64::NEG_INFINITY
            } else {
                // + 0.0: an even score is +0.0, not -0.0.
                elo_of(score) + 0.0
            },
            lo: if lo <= 0.0 {
                f64::NEG_INFINITY
            } else {
                elo_of(lo)
            },
            hi: if hi >= 1.0 { f64::INFINITY } else { elo_of(hi) },
        }
    }

    /// Mean score per sample, its variance, and the number of samples: pairs when there are
    /// any (each pair's mean), else games; with [`PRIOR`] samples added at each extreme (a pair
    /// lost twice and one won twice, or a lost and a won game).
    fn mean_var(&self) -> (f64, f64, f64) {
        let pairs: u64 = self.pentanomial.iter().sum();
        let (values, mut counts): (&[f64], Vec<f64>) = if pairs > 0 {
            (
                &[0.0, 0.25, 0.5, 0.75, 1.0],
                self.pentanomial.iter().map(|&c| c as f64).collect(),
            )
        } else {
            (
                &[0.0, 0.5, 1.0],
                [self.losses, self.draws, self.wins]
                    .iter()
                    .map(|&c| c as f64)
                    .collect(),
            )
        };
        let last = counts.len() - 1;
        counts[0] += PRIOR;
        counts[last] += PRIOR;
        // At least the prior's two halves: never zero.
        let n: f64 = counts.iter().sum();
        let mean = values.iter().zip(&counts).map(|(v, c)| v * c).sum::<f64>() / n;
        let var = values
            .iter()
            .zip(&counts)
            .map(|(v, c)| (v - mean).powi(2) * c)
            .sum::<f64>()
            / n;
        (mean, var, n)
    }

    /// The log-likelihood ratio of H1 (Elo difference `elo1`) against H0 (`elo0`), with the
    /// normal approximation on the pair means.
    ///
    /// Only complete pairs count. The mean and variance include a prior of one pair, half lost
    /// and half won: it leaves the mean of a balanced record alone and keeps the variance of a
    /// one-sided record (all wins) from vanishing, which would make a handful of games look
    /// decisive.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let pairs: u64 = self.pentanomial.iter().sum();
        if pairs == 0 {
            return 0.0;
        }
        let (mean, var, _) = self.mean_var();
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        pairs as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

/// An Elo difference and its 95% interval; a bound the games do not give is infinite, and so
/// is the difference itself when one side won every game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference the score stands for.
    pub elo: f64,
    /// The interval's lower bound (`-inf`: none).
    pub lo: f64,
    /// The interval's upper bound (`+inf`: none).
    pub hi: f64,
}

impl std::fmt::Display for EloEstimate {
    /// `+52.3 [+8.1, +99.0]`; with a bound missing, `+612.0, at least +290.5` (or `at least
    /// +290.5` when every game was won); with both missing, `unknown: too few games`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.lo.is_finite() && !self.hi.is_finite() {
            return write!(f, "unknown: too few games");
        }
        if self.lo.is_finite() && self.hi.is_finite() {
            return write!(f, "{:+.1} [{:+.1}, {:+.1}]", self.elo, self.lo, self.hi);
        }
        if self.elo.is_finite() {
            write!(f, "{:+.1}, ", self.elo)?;
        }
        if self.lo.is_finite() {
            write!(f, "at least {:+.1}", self.lo)
        } else {
            write!(f, "at most {:+.1}", self.hi)
        }
    }
}

/// The expected score of a player `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score stands for (clamped away from 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The two-sided p-value of the exact sign test: of `up + down` games that a change turned one
/// way or the other, `up` went one way; if the change made no difference each was as likely to
/// go either way, and this is how likely a split at least as uneven is (1 when none changed).
pub fn sign_test(up: usize, down: usize) -> f64 {
    let n = up + down;
    // P(X <= k) for X ~ Binomial(n, 1/2), each term from the last in logs (2^-n underflows
    // beyond a thousand games where the terms that matter do not).
    let mut log_term = -(n as f64) * std::f64::consts::LN_2;
    let mut tail = 0.0;
    for i in 0..=up.min(down) {
        if i > 0 {
            log_term += ((n - i + 1) as f64 / i as f64).ln();
        }
        tail += log_term.exp();
    }
    (2.0 * tail).min(1.0)
}

/// A sequential test of H0 (`elo0`) against H1 (`elo1`) with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// H1 accepted: the change gains at least about `elo1`.
    H1,
    /// H0 accepted: it does not gain `elo1` (it is at most about `elo0`).
    H0,
    Continue,
}

impl Sprt {
    /// The LLR bounds: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of `summary` and what it decides.
    pub fn verdict(&self, summary: &Summary) -> (f64, Verdict) {
        let llr = summary.llr(self.elo0, self.elo1);
        let (lo, hi) = self.bounds();
        let v = if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        };
        (llr, v)
    }
}

/// What is wrong with an SPRT's text (`--sprt`).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A part that is not `key=value`.
    #[error("--sprt: '{0}' is not key=value")]
    NotKeyValue(String),
    /// A value that is not a number.
    #[error("--sprt: {key}={value} is not a number")]
    NotANumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A key the test does not have.
    #[error("--sprt: unknown key '{0}' (elo0, elo1, alpha, beta)")]
    UnknownKey(String),
    /// elo0 and elo1 missing, or not elo0 < elo1.
    #[error("--sprt needs elo0 < elo1")]
    Hypotheses,
    /// An error rate outside (0, 0.5).
    #[error("--sprt: alpha and beta must be between 0 and 0.5")]
    ErrorRates,
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05` (every key optional but elo0 and elo1).
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for kv in text.split(',').filter(|t| !t.trim().is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(kv.to_string()))?;
            let number = v.trim().parse().map_err(|_| SprtError::NotANumber {
                key: k.to_string(),
                value: v.to_string(),
            })?;
            match k.trim() {
                "elo0" => s.elo0 = number,
                "elo1" => s.elo1 = number,
                "alpha" => s.alpha = number,
                "beta" => s.beta = number,
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() || s.elo1 <= s.elo0 {
            return Err(SprtError::Hypotheses);
        }
        if !(0.0 < s.alpha && s.alpha < 0.5 && 0.0 < s.beta && s.beta < 0.5) {
            return Err(SprtError::ErrorRates);
        }
        Ok(s)
    }
}

/// What an SPRT verdict means, in words.
pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::H1 => "H1 accepted: A is stronger (elo1)",
        Verdict::H0 => "H0 accepted: A is not stronger (elo0)",
        Verdict::Continue => "continue: not decided yet",
    }
}

/// The lines a match's summary prints as: W-D-L, score, Elo with its interval, the
/// pentanomial, and with `sprt` the LLR against its bounds and the decision.
pub fn report(summary: &Summary, sprt: Option<&Sprt>) -> String {
    let mut out = format!(
        "games {}  W-D-L {}-{}-{}  score {:.1}%  Elo {} (95%)\npentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): {:?}",
        summary.games(),
        summary.wins,
        summary.draws,
        summary.losses,
        100.0 * summary.score(),
        summary.elo(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_elo() {
        let games = [1.0, 0.0, 1.0, 0.5, 1.0, 1.0];
        let pairs = [(1.0, 0.0), (1.0, 0.5), (1.0, 1.0)];
        let s = Summary::new(&games, &pairs);
        assert_eq!((s.wins, s.draws, s.losses), (4, 1, 1));
        assert_eq!(s.pentanomial, [0, 0, 1, 1, 1]);
        assert!((s.score() - 0.75).abs() < 1e-12);
        let EloEstimate { elo: e, lo, hi } = s.elo();
        assert!((e - 190.848).abs() < 0.01, "{e}");
        assert!(lo < e && e < hi);
        assert!((elo_of(score_of(37.0)) - 37.0).abs() < 1e-9);
    }

    /// The LLR against the formula: n (s1 - s0) (2 m - s0 - s1) / (2 v), worked by hand.
    #[test]
    fn llr_matches_the_formula() {
        // 100 pairs: 10 at 0, 20 at 0.25, 40 at 0.5, 20 at 0.75, 10 at 1 -> mean 0.5.
        let s = Summary {
            wins: 0,
            draws: 0,
            losses: 0,
            pentanomial: [10, 20, 40, 20, 10],
        };
        // With the prior pair (half at 0, half at 1): counts 10.5, 20, 40, 20, 10.5 of 101.
        let var = (10.5 * 0.25 + 20.0 * 0.0625 + 20.0 * 0.0625 + 10.5 * 0.25) / 101.0;
        let (s0, s1) = (score_of(0.0), score_of(10.0));
        let want = 100.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 * var);
        assert!((s.llr(0.0, 10.0) - want).abs() < 1e-12);
        assert!(s.llr(0.0, 10.0) < 0.0, "a 50% score favours H0");
    }

    #[test]
    fn sprt_stops_where_the_bounds_say() {
        let t = "elo0=0,elo1=10,alpha=0.05,beta=0.05"
            .parse::<Sprt>()
            .unwrap();
        let (lo, hi) = t.bounds();
        assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12 && (lo + hi).abs() < 1e-12);
        // A 60% pair score with some spread: accepted H1 after enough pairs, not before.
        let at = |n: u64| Summary {
            wins: 0,
            draws: 0,
            losses: 0,
            pentanomial: [0, n, n, 2 * n, n],
        };
        let first_h1 = (1..1000)
            .find(|&n| t.verdict(&at(n)).1 == Verdict::H1)
            .unwrap();
        assert!(t.verdict(&at(first_h1 - 1)).1 == Verdict::Continue);
        assert!(t.verdict(&at(first_h1)).0 >= hi);
        // A perfect record is decided, but not by a handful of pairs, and never by games
        // that do not make a pair yet.
        let perfect = |n| Summary {
            pentanomial: [0, 0, 0, 0, n],
            ..Summary::default()
        };
        assert_eq!(t.verdict(&perfect(30)).1, Verdict::H1);
        assert_eq!(t.verdict(&perfect(5)).1, Verdict::Continue);
        let one_game = Summary {
            wins: 1,
            ..Summary::default()
        };
        assert_eq!(t.verdict(&one_game), (0.0, Verdict::Continue));
        // A losing record is rejected.
        let bad = Summary {
            pentanomial: [40, 40, 20, 0, 0],
            ..Summary::default()
        };
        assert_eq!(t.verdict(&bad).1, Verdict::H0);
        let parse = |text: &str| text.parse::<Sprt>();
        assert_eq!(parse("elo0=5,elo1=0"), Err(SprtError::Hypotheses));
        assert_eq!(
            parse("elo0=0,elo1=5,x=1"),
            Err(SprtError::UnknownKey("x".to_string()))
        );
        assert_eq!(parse("elo0=0,elo1=5,alpha=0.6"), Err(SprtError::ErrorRates));
        assert_eq!(
            parse("elo0=0,elo1").unwrap_err().to_string(),
            "--sprt: 'elo1' is not key=value"
        );
        assert_eq!(
            parse("elo0=0,elo1=x").unwrap_err().to_string(),
            "--sprt: elo1=x is not a number"
        );
    }

    /// The summary of `pairs` pairs drawn with game score `p` (no draws), from `rng`.
    fn simulated(pairs: usize, p: f64, rng: &mut impl rand::Rng) -> Summary {
        let mut s = Summary::default();
        for _ in 0..pairs {
            let (a, b) = (rng.random_bool(p), rng.random_bool(p));
            s.count(if a { 1.0 } else { 0.0 });
            s.count(if b { 1.0 } else { 0.0 });
            s.pentanomial[2 * (a as usize + b as usize)] += 1;
        }
        s
    }

    /// On simulated matches of known Elo, the 95% interval holds the true difference about 95%
    /// of the time.
    #[test]
    fn the_interval_covers_the_true_elo_about_95_percent_of_the_time() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for (elo, pairs) in [(0.0, 50), (100.0, 100), (-200.0, 200), (300.0, 100)] {
            let runs = 2000;
            let covered = (0..runs)
                .filter(|_| {
                    let e = simulated(pairs, score_of(elo), &mut rng).elo();
                    e.lo <= elo && elo <= e.hi
                })
                .count();
            let share = covered as f64 / runs as f64;
            assert!(
                (0.93..=0.975).contains(&share),
                "Elo {elo}, {pairs} pairs: {share}"
            );
        }
    }

    /// A one-sided record gives a one-sided bound, said as such; two games say almost nothing.
    #[test]
    fn extreme_and_tiny_records_read_honestly() {
        let all = Summary {
            wins: 20,
            pentanomial: [0, 0, 0, 0, 10],
            ..Summary::default()
        };
        let e = all.elo();
        assert!(
            e.elo.is_infinite() && e.hi.is_infinite() && e.lo.is_finite(),
            "{e:?}"
        );
        assert!(e.lo > 100.0 && e.lo < 500.0, "{e:?}");
        assert_eq!(e.to_string(), format!("at least {:+.1}", e.lo));
        let none = Summary {
            losses: 20,
            pentanomial: [10, 0, 0, 0, 0],
            ..Summary::default()
        };
        assert!(
            none.elo().to_string().starts_with("at most -"),
            "{}",
            none.elo()
        );
        let two = Summary {
            wins: 1,
            losses: 1,
            pentanomial: [0, 0, 1, 0, 0],
            ..Summary::default()
        };
        let e = two.elo();
        assert_eq!(e.elo.to_bits(), 0.0f64.to_bits());
        assert!(e.lo < -500.0 && e.hi > 500.0, "{e:?}");
        assert!(report(&all, None).contains("Elo at least +"));
        let nineteen = Summary {
            wins: 19,
            losses: 1,
            pentanomial: [0, 0, 1, 0, 9],
            ..Summary::default()
        };
        assert!(
            nineteen.elo().to_string().contains(", at least +"),
            "{}",
            nineteen.elo()
        );
    }

    #[test]
    fn the_sign_test_counts_the_splits_at_least_as_uneven() {
        // The oracle: every way n changed games could have gone, counted.
        for n in 0..=14usize {
            for up in 0..=n {
                let uneven = |k: usize| k.abs_diff(n - k) >= up.abs_diff(n - up);
                let ways = (0u32..1 << n)
                    .filter(|w| uneven(w.count_ones() as usize))
                    .count();
                let p = ways as f64 / f64::from(1u32 << n);
                let got = sign_test(up, n - up);
                assert!((got - p).abs() < 1e-12, "{up} of {n}: {got} against {p}");
            }
        }
        // Beyond where 2^-n underflows: symmetric, even splits 1, lopsided ones tiny but not 0.
        assert_eq!(sign_test(1500, 1500), 1.0);
        assert_eq!(sign_test(900, 1100), sign_test(1100, 900));
        let p = sign_test(900, 1100);
        assert!(p > 1e-7 && p < 1e-5, "{p}");
    }

    proptest::proptest! {
        /// Under 200 games the interval is never of zero width, whatever the record.
        #[test]
        fn the_interval_never_has_zero_width_on_few_games(
            pent in proptest::array::uniform5(0u64..20),
            trinomial in proptest::array::uniform3(0u64..60),
            paired in proptest::bool::ANY,
        ) {
            let s = if paired {
                let pairs: u64 = pent.iter().sum();
                proptest::prop_assume!(pairs > 0 && pairs < 100);
                // Games consistent with the pairs: half points as draws.
                let wins = pent[3] + 2 * pent[4];
                let losses = pent[1] + 2 * pent[0];
                let draws = 2 * pairs - wins - losses;
                Summary { wins, draws, losses, pentanomial: pent }
            } else {
                let [losses, draws, wins] = trinomial;
                proptest::prop_assume!(losses + draws + wins > 0);
                Summary { wins, draws, losses, pentanomial: [0; 5] }
            };
            let e = s.elo();
            proptest::prop_assert!(e.lo < e.hi, "{:?} {:?}", s, e);
            proptest::prop_assert!(e.hi - e.lo > 1.0, "{:?} {:?}", s, e);
            proptest::prop_assert!(!e.lo.is_nan() && !e.hi.is_nan());
        }
    }
}

//! Ratings for a round robin: the Bradley-Terry strengths that best explain the games, on the
//! Elo scale with mean 0.

use super::Points;

/// The Elo of each of `players` players from `games` (player a, player b, a's points; a draw
/// counts half a win each): the Bradley-Terry fit by the MM iteration, with half a point of
/// prior so that an unbeaten player's rating stays finite. The ratings average 0; a player who
/// played no game gets 0.
pub fn bradley_terry(players: usize, games: &[(usize, usize, Points)]) -> Vec<f64> {
    let n = players;
    let mut wins = vec![0.0; n];
    let mut met = vec![vec![0.0; n]; n];
    for &(a, b, pa) in games {
        wins[a] += pa;
        wins[b] += 1.0 - pa;
        met[a][b] += 1.0;
        met[b][a] += 1.0;
    }
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
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_players_rate_higher_and_the_mean_is_zero() {
        let mut games = Vec::new();
        for (a, b, a_wins, b_wins) in [(0, 1, 6, 2), (1, 2, 6, 2), (0, 2, 7, 1)] {
            games.extend(std::iter::repeat_n((a, b, 1.0), a_wins));
            games.extend(std::iter::repeat_n((a, b, 0.0), b_wins));
        }
        let elo = bradley_terry(3, &games);
        assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
        assert!(elo.iter().sum::<f64>().abs() < 1e-6);
        // Symmetric records, symmetric ratings; draws count half each way.
        let even = bradley_terry(2, &[(0, 1, 1.0), (1, 0, 1.0), (0, 1, 0.5)]);
        assert!(even[0].abs() < 1e-6 && even[1].abs() < 1e-6, "{even:?}");
        // An unbeaten player is finite.
        let one_sided = bradley_terry(2, &[(0, 1, 1.0); 10]);
        assert!(
            one_sided[0].is_finite() && one_sided[0] > 200.0,
            "{one_sided:?}"
        );
    }
}

//! The genetic-search bots: reproducible under a fixed budget, and stronger than the built-in
//! heuristics (a small, deterministic version of the strength match; the full one is in the
//! issue notes).

use botsim::games::csb::referee::{play, GameSpec};
use botsim_core::csb::ga::{GaBot, Params, Think};
use botsim_core::csb::racer::Racer;

fn ga(rollouts: u64, seed: u64) -> GaBot {
    GaBot::new(Params::default(), Think::Rollouts(rollouts), seed)
}

#[test]
fn fixed_budget_play_is_reproducible() {
    let game = |seed| {
        let (mut a, mut b) = (ga(1500, seed), Racer::default());
        play(&GameSpec::Seed(9), [&mut a, &mut b], true)
            .unwrap()
            .trace
            .unwrap()
    };
    let (x, y) = (game(5), game(5));
    assert!(x.turns.len() > 50);
    for (t, (a, b)) in x.turns.iter().zip(&y.turns).enumerate() {
        assert_eq!(a.output, b.output, "turn {t}");
    }
    assert_eq!(x.result, y.result);
    let z = game(6);
    assert!(
        x.turns
            .iter()
            .zip(&z.turns)
            .any(|(a, b)| a.output != b.output),
        "another seed searches differently"
    );
}

/// With `answer_share` the opponent's answer is searched and our plans are hedged between it
/// and the models: the games replay on a fixed budget, differ from the models' alone, and a
/// turn spends its budget of rollouts, both rollouts of a hedged plan counted.
#[test]
fn a_searched_answer_replays_and_keeps_to_the_budget() {
    let game = |share: f64| {
        let params: Params = Params {
            answer_share: share,
            ..Params::default()
        };
        let mut a = GaBot::new(params, Think::Rollouts(1500), 5);
        let mut b = Racer::default();
        let record = play(&GameSpec::Seed(9), [&mut a, &mut b], true).unwrap();
        (record.trace.unwrap(), a.last)
    };
    let ((x, last), (y, _), (z, _)) = (game(0.25), game(0.25), game(0.0));
    assert!(x.turns.len() > 50);
    for (t, (a, b)) in x.turns.iter().zip(&y.turns).enumerate() {
        assert_eq!(a.output, b.output, "turn {t}");
    }
    assert!(
        x.turns
            .iter()
            .zip(&z.turns)
            .any(|(a, b)| a.output != b.output),
        "the answer changes the search"
    );
    // 375 rollouts for the answer (24 plans scored, then 22 a generation: 16 generations),
    // 1,125 for ours at two a plan (48, then 44 a generation: 25), each phase at most a
    // generation over. Were a hedged plan counted as one rollout, ours would breed 50.
    assert!(
        (1500..1500 + 22 + 2 * 22).contains(&last.rollouts),
        "{last:?}"
    );
    assert_eq!(last.generations, 16 + 25, "{last:?}");
}

#[test]
fn csb_ga_beats_the_racer() {
    let mut wins = 0;
    let mut games = 0;
    for seed in 1..=4 {
        for ga_seat in 0..2 {
            let (mut g, mut r) = (ga(2000, seed as u64), Racer::default());
            let rec = if ga_seat == 0 {
                play(&GameSpec::Seed(seed), [&mut g, &mut r], false)
            } else {
                play(&GameSpec::Seed(seed), [&mut r, &mut g], false)
            }
            .unwrap();
            let s = rec.scores;
            games += 1;
            if s[ga_seat] > s[1 - ga_seat] {
                wins += 1;
            }
        }
    }
    assert!(wins >= 7, "the GA won {wins} of {games}");
}

mod fb_bots {
    use botsim::games::fb::referee::play;
    use botsim_core::fb::chaser::Chaser;
    use botsim_core::fb::ga::{GaBot, Params, Think};

    fn ga(rollouts: u64, seed: u64) -> GaBot {
        GaBot::new(Params::default(), Think::Rollouts(rollouts), seed)
    }

    #[test]
    fn fixed_budget_play_is_reproducible() {
        let game = |seed| {
            let (mut a, mut b) = (Chaser::default(), ga(1000, seed));
            play(4, [&mut a, &mut b], true).unwrap().trace.unwrap()
        };
        let (x, y) = (game(2), game(2));
        for (t, (a, b)) in x.turns.iter().zip(&y.turns).enumerate() {
            assert_eq!(a.output, b.output, "turn {t}");
        }
        assert_eq!(x.result, y.result);
    }

    #[test]
    fn fb_ga_beats_the_chaser() {
        let mut wins = 0;
        for seed in 1..=4 {
            for ga_team in 0..2 {
                let (mut g, mut c) = (ga(1500, seed as u64), Chaser::default());
                let rec = if ga_team == 0 {
                    play(seed, [&mut g, &mut c], false)
                } else {
                    play(seed, [&mut c, &mut g], false)
                }
                .unwrap();
                let s = rec.scores;
                assert!(
                    rec.errors.is_empty(),
                    "the GA's orders are always valid: {:?}",
                    rec.errors
                );
                if s[ga_team] > s[1 - ga_team] {
                    wins += 1;
                }
            }
        }
        assert!(wins >= 7, "the GA won {wins} of 8");
    }
}

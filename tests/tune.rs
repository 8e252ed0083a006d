//! `botsim tune` on real games: an interrupted run resumes exactly where it stopped, its files
//! are complete, and the result is a parameter file the bot and the bundler take.

use botsim::games::GameKind;
use botsim::tune::{self, spsa::Param, spsa::Schedule, Files, Run};
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-tune-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run() -> Run {
    let param = |name: &str, start, min, max, c_end| Param {
        name: name.to_string(),
        start,
        min,
        max,
        c_end,
        r_end: 0.05,
    };
    Run {
        game: GameKind::Csb,
        bot: "builtin:ga".to_string(),
        params: vec![
            param("weights.runner", 1.0, 0.5, 2.0, 0.2),
            param("weights.blocker_runner", 0.15, 0.0, 1.0, 0.1),
        ],
        schedule: Schedule::new(5),
        pairs: 1,
        rollouts: 60,
        seed: 4,
        opponents: Vec::new(),
    }
}

#[test]
fn an_interrupted_tuning_run_resumes_exactly() {
    let r = run();
    let whole = Files::in_dir(&dir("whole"));
    let done = tune::tune(&r, &whole, false, 2, |_| true).unwrap();
    assert_eq!(done.iteration, 5);

    let cut = Files::in_dir(&dir("cut"));
    let half = tune::tune(&r, &cut, false, 2, |s| s.iteration < 1).unwrap();
    assert_eq!(
        half.iteration, 2,
        "stopped after two iterations, both saved"
    );
    // A second fresh start over the same directory is refused.
    assert!(tune::tune(&r, &cut, false, 2, |_| true).is_err());
    let resumed = tune::tune(&r, &cut, true, 2, |_| true).unwrap();
    assert_eq!(resumed, done);
    let (h1, h2) = (
        tune::read_history(&whole.history).unwrap(),
        tune::read_history(&cut.history).unwrap(),
    );
    assert_eq!(h1, h2, "each iteration once, the same");
    assert_eq!(
        std::fs::read_to_string(&whole.tuned).unwrap(),
        std::fs::read_to_string(&cut.tuned).unwrap()
    );
    for s in &h1 {
        for (v, p) in s
            .theta
            .iter()
            .chain(&s.plus)
            .chain(&s.minus)
            .zip(r.params.iter().cycle())
        {
            assert!(*v >= p.min && *v <= p.max, "{v} outside {}", p.name);
        }
    }
    // Other settings cannot resume this run.
    let mut other = run();
    other.pairs = 2;
    assert!(tune::tune(&other, &cut, true, 2, |_| true).is_err());
    // The result is a parameter file the search bot takes.
    let spec = format!("builtin:ga:rollouts=50,params={}", whole.tuned.display());
    let spec = botsim::builtin::Spec::parse(&spec).unwrap().unwrap();
    assert!(botsim::games::csb::builtin::build(&spec, 1).is_ok());
    let (table, svg) = tune::report(&r.params, &h1);
    assert!(
        table.contains("weights.runner") && svg.starts_with("<svg") && svg.contains("polyline")
    );
}

#[test]
fn iterations_played_in_shards_match_the_local_run() {
    let r = run();
    let whole = Files::in_dir(&dir("whole-for-shards"));
    let done = tune::tune(&r, &whole, false, 2, |_| true).unwrap();
    let sharded = Files::in_dir(&dir("sharded"));
    let mut state = tune::start(&r, &sharded).unwrap();
    for _ in 0..r.schedule.iterations {
        let first = r
            .play_games(&state, Some("0/2".parse().unwrap()), 1)
            .unwrap();
        let second = r
            .play_games(&state, Some("1/2".parse().unwrap()), 1)
            .unwrap();
        // Half an iteration is refused, and changes nothing.
        assert!(tune::apply(&r, &sharded, &mut state.clone(), &first).is_err());
        let all: Vec<_> = first.into_iter().chain(second).collect();
        tune::apply(&r, &sharded, &mut state, &all).unwrap();
    }
    assert_eq!(state, done);
    assert_eq!(
        tune::read_history(&sharded.history).unwrap(),
        tune::read_history(&whole.history).unwrap()
    );
    // A finished run takes no more.
    assert!(tune::apply(&r, &sharded, &mut state, &[]).is_err());
}

/// Against opponents, an iteration plays theta+ and theta- against each other and each
/// opponent on the same seeds, never two opponents against each other, and its result is
/// theta+'s points less theta-'s over all of those games, whichever shard played them.
#[test]
fn opponents_count_as_the_other_side_does() {
    let mut r = run();
    r.opponents = vec![
        "builtin:racer".to_string(),
        "builtin:brawler:depth=1".to_string(),
    ];
    let files = Files::in_dir(&dir("opponents"));
    let state = tune::start(&r, &files).unwrap();
    let games: Vec<_> = ["0/2", "1/2"]
        .iter()
        .flat_map(|s| r.play_games(&state, Some(s.parse().unwrap()), 2).unwrap())
        .collect();
    assert_eq!(
        games.len(),
        10,
        "5 matchups of theta+ or theta-, 2 games each"
    );
    let cfg = r.iteration_games(&state).unwrap();
    let [plus, minus] = [0, 1].map(|k| cfg.players[k].to_string());
    let (mut plus_points, mut minus_points, mut seeds) =
        (0.0, 0.0, std::collections::BTreeSet::new());
    for g in &games {
        assert!(
            g.seats.contains(&plus) || g.seats.contains(&minus),
            "two opponents played: {:?}",
            g.seats
        );
        for seat in 0..2 {
            if g.seats[seat] == plus {
                plus_points += g.points(seat);
            }
            if g.seats[seat] == minus {
                minus_points += g.points(seat);
            }
        }
        seeds.insert(g.seed);
    }
    assert_eq!(seeds.len(), 1, "one pair a matchup, all on the same seed");
    assert_eq!(
        r.iteration_result(&state, &games).unwrap(),
        plus_points - minus_points
    );
    // Every game counts: one missing is refused.
    assert!(r.iteration_result(&state, &games[1..]).is_err());
    let mut next = state.clone();
    let step = tune::apply(&r, &files, &mut next, &games).unwrap();
    assert_eq!(step.result, plus_points - minus_points);
    assert_eq!(next.iteration, 1);
}

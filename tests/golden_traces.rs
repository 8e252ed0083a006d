//! The golden traces: games recorded from the official referees. Every input line, every state
//! (CSB angles bit for bit) and every result must be reproduced.

use botsim::games::csb::referee::verify;
use botsim::trace::{self, Trace};
use botsim_core::rules::Rules;
use std::path::PathBuf;

fn data_files() -> Vec<PathBuf> {
    game_files("csb")
}

fn game_files(game: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(game);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".jsonl.gz"))
        .collect();
    files.sort();
    files
}

fn all_games() -> Vec<Trace> {
    data_files()
        .iter()
        .flat_map(|f| trace::read_file(f).unwrap())
        .collect()
}

#[test]
fn every_golden_game_replays_exactly() {
    let files = data_files();
    assert_eq!(
        files.len(),
        7,
        "expected the 6 public files and the rare-case file"
    );
    let (mut games, mut turns) = (0, 0);
    for f in &files {
        for (k, game) in trace::read_file(f).unwrap().iter().enumerate() {
            match verify(game) {
                Ok(n) => turns += n,
                Err((_, m)) => panic!("{} game {}: {m}", f.display(), k + 1),
            }
            games += 1;
        }
    }
    assert_eq!((games, turns), (270, 54_754));
}

/// A verifier that accepts anything would pass the test above; these changes must each be
/// caught.
#[test]
fn tampered_games_are_rejected() {
    let games = all_games();
    let base = games
        .iter()
        .find(|g| g.turns.len() > 100 && g.result.scores[0] != g.result.scores[1])
        .unwrap()
        .clone();

    let mut g = base.clone();
    let angle = g.turns[50].state["pods"][1]["angle"].as_f64().unwrap();
    g.turns[50].state["pods"][1]["angle"] = f64::from_bits(angle.to_bits() + 1).into();
    let (t, m) = verify(&g).unwrap_err();
    assert_eq!((t, m.turn), (50, Some(50)), "{m}");
    assert!(m.what.contains("angle"), "{m}");

    let mut g = base.clone();
    g.turns[10].output[1][0] = "0 0 17".to_string();
    assert_eq!(verify(&g).unwrap_err().1.turn, Some(10));

    let mut g = base.clone();
    g.result.scores.reverse();
    assert_eq!(verify(&g).unwrap_err().1.what, "result");

    let mut g = base.clone();
    g.turns[3].input[1][2].push('0');
    let m = verify(&g).unwrap_err().1;
    assert_eq!((m.turn, m.player), (Some(3), Some(1)));

    let mut g = base.clone();
    g.turns.pop();
    assert!(verify(&g).is_err());

    let mut g = base.clone();
    g.setup["checkpoints"][0][0] = (g.setup["checkpoints"][0][0].as_i64().unwrap() + 1).into();
    assert_eq!(verify(&g).unwrap_err().1.what, "setup");
}

/// The rare cases and the end reasons are all present, so the test above covers them.
#[test]
fn golden_set_covers_every_end_reason() {
    let games = all_games();
    for reason in [
        "endReached",
        "timeout",
        "maxRounds",
        "invalidInput",
        "playerTimeout",
    ] {
        assert!(games.iter().any(|g| g.result.reason == reason), "{reason}");
    }
    assert!(games.iter().any(|g| g.result.scores == [2, 2]));
    assert!(games.iter().any(|g| g.result.scores == [0, 0]));
}

#[test]
fn every_golden_fb_game_replays_exactly() {
    let files = game_files("fb");
    assert_eq!(files.len(), 5);
    let (mut games, mut turns) = (0, 0);
    for f in &files {
        for (k, game) in trace::read_file(f).unwrap().iter().enumerate() {
            match botsim::games::fb::referee::verify(game) {
                Ok(n) => turns += n,
                Err((_, m)) => panic!("{} game {}: {m}", f.display(), k + 1),
            }
            games += 1;
        }
    }
    assert_eq!((games, turns), (250, 27_696));
}

#[test]
fn tampered_fb_games_are_rejected() {
    let games = trace::read_file(&game_files("fb")[0]).unwrap();
    let base = games.iter().find(|g| g.turns.len() > 100).unwrap().clone();
    let verify = botsim::games::fb::referee::verify;

    let mut g = base.clone();
    g.turns[40].state["bludgers"][0]["lastVictim"] = 77.into();
    assert_eq!(verify(&g).unwrap_err().1.turn, Some(40));

    let mut g = base.clone();
    g.turns[20].output[0][0] = "MOVE 0 0 1".into();
    assert_eq!(verify(&g).unwrap_err().1.turn, Some(20));

    let mut g = base.clone();
    g.turns[5].input[1][1] = "9 9".into();
    let m = verify(&g).unwrap_err().1;
    assert_eq!((m.turn, m.player), (Some(5), Some(1)));

    let mut g = base.clone();
    g.result.scores[0] += 1;
    assert_eq!(verify(&g).unwrap_err().1.what, "result");

    let mut g = base.clone();
    g.setup["snaffles"][0][1] = 1.into();
    assert!(verify(&g).unwrap_err().1.what.starts_with("setup"));
}

/// The search's fast physics may differ from the exact step only in the last bits of a
/// thrust: over every golden turn it must change an integer in at most 0.1% of turns.
#[test]
fn fast_physics_rarely_disagrees() {
    let games = all_games();
    let (turns, differ, faced) = botsim::games::csb::bench::csb_fast_disagreement(&games).unwrap();
    assert_eq!(turns, 54_754);
    eprintln!(
        "fast physics: {differ} (orders as printed) and {faced} (as the search gives them) of \
         {turns} golden turns differ in an integer"
    );
    assert!(differ * 1000 <= turns, "{differ} of {turns} turns differ");
    assert!(faced * 1000 <= turns, "{faced} of {turns} turns differ");
}

/// The search plays its pods against the opponent's turn worked out once without ours
/// (`step::solo`); `step::step_against` must then give the very state `step_fast` gives, bit
/// for bit, on every golden turn and for either player, whether pods touch or not. The
/// search's test for a game's end (`step::is_over`) must agree with the referee's after each,
/// and every golden game ends on a step.
#[test]
fn a_turn_against_a_solo_turn_is_the_fast_step() {
    use botsim::games::csb::referee::{GameSpec, Match};
    use botsim_core::csb::step::{is_over, outcome, solo, step_against, step_fast};
    let (mut turns, mut apart, mut ends) = (0, 0, 0);
    let games = all_games();
    for t in &games {
        let spec = GameSpec::of_trace(t).unwrap();
        let mut game = Match::new(spec.setup().unwrap());
        for turn in &t.turns {
            let replies = botsim::referee::recorded_replies(turn);
            let mut fast = game.clone();
            fast.play_turn_with(replies, |track, state, commands| {
                let start = *state;
                step_fast(track, state, commands);
                let over = outcome(track, state).is_some();
                assert_eq!(is_over(track, state), over, "seed {:?}", t.seed);
                ends += over as u32;
                for me in 0..2 {
                    let them = 1 - me;
                    let theirs = [commands[them * 2], commands[them * 2 + 1]];
                    let theirs = solo(track, &mut start.clone(), them, &theirs);
                    let mut against = start;
                    let ours = [commands[me * 2], commands[me * 2 + 1]];
                    apart += step_against(track, &mut against, me, &ours, &theirs) as u32;
                    assert_eq!(
                        against, *state,
                        "seed {:?} turn {}, player {me} against a solo turn",
                        t.seed, start.round
                    );
                }
                turns += 1;
            });
            if game.play_turn(replies) {
                break;
            }
        }
    }
    eprintln!("{apart} of {} player-turns played apart", turns * 2);
    assert_eq!(turns, 54_754);
    assert_eq!(ends as usize, games.len(), "games that a step ended");
    assert!(
        apart > turns / 2 && apart < turns * 2,
        "{apart} of {}",
        turns * 2
    );
}

/// The search bot infers the opponent's BOOST from the speeds the lines show. On every golden
/// turn it must never see a BOOST that did not happen, and must see most of those that did.
#[test]
fn boosts_are_inferred_from_speeds_without_false_alarms() {
    use botsim::games::csb::referee::{GameSpec, Match};
    use botsim_core::csb::ga::infer_boosts;
    let (mut boosts, mut seen) = (0, 0);
    for t in all_games() {
        let spec = GameSpec::of_trace(&t).unwrap();
        let mut game = Match::new(spec.setup().unwrap());
        let mut known = [false; 4];
        for turn in &t.turns {
            let mut before = game.state;
            let over = game.play_turn(botsim::referee::recorded_replies(turn));
            let mut now = game.state;
            for (pod, &k) in before.pods.iter_mut().zip(&known) {
                pod.boost_used = k;
            }
            for (pod, &k) in now.pods.iter_mut().zip(&known) {
                pod.boost_used = k;
            }
            infer_boosts(&before, &mut now, 0);
            infer_boosts(&before, &mut now, 1);
            for (i, k) in known.iter_mut().enumerate() {
                let truth = game.state.pods[i].boost_used;
                assert!(
                    !now.pods[i].boost_used || truth,
                    "seed {:?} turn {}: pod {i} seen boosting, but has its boost: {:?} -> {:?}; {:?}",
                    t.seed,
                    game.state.round,
                    before.pods[i],
                    game.state.pods[i],
                    turn.output
                );
                if truth && !*k {
                    boosts += 1;
                    seen += now.pods[i].boost_used as u32;
                }
                *k = truth;
            }
            if over {
                break;
            }
        }
    }
    eprintln!("boosts inferred: {seen} of {boosts}");
    assert!(boosts > 100, "the golden games boost: {boosts}");
    assert!(seen * 10 >= boosts * 8, "{seen} of {boosts} boosts seen");
}

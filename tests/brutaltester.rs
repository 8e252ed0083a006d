//! `botsim referee` speaks both of cg-brutaltester's referee protocols. For the old one (`-o`)
//! these tests play the tester's part with two search bots; for the new one they start the
//! referee as the tester does, with the contest bots as programs. Either way the result must be
//! the same game's as played in process.
//!
//! The real tester is not used: cg-brutaltester is not packaged (not on Debian, PyPI or Maven
//! Central), so it cannot be built offline. What the tester does is written out in
//! `botsim::referee::brutaltester` and followed here to the letter: the arguments it appends to
//! the referee's command, scores read as integers in player order, stderr taken as errors.

use botsim::referee::Player;
use botsim_core::contest::ContestBot;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

/// A bot as the tester sees it: the lines of a turn in, the answer out.
type Answerer = Box<dyn FnMut(&[String]) -> Vec<String>>;

/// The referee process, killed and reaped however the test ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Plays one game through `botsim referee`; returns the `###End` line.
fn through_the_protocol(game: &str, seed: i64, bots: &mut [Answerer; 2]) -> String {
    let mut child = Reaped(
        Command::new(env!("CARGO_BIN_EXE_botsim"))
            .args(["referee", "--game", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut to = child.0.stdin.take().unwrap();
    let mut from = BufReader::new(child.0.stdout.take().unwrap());
    writeln!(to, "###Seed {seed}\n###Start 2").unwrap();
    to.flush().unwrap();
    let mut pending: [Vec<String>; 2] = Default::default();
    let mut target = 0;
    loop {
        let mut line = String::new();
        assert!(
            from.read_line(&mut line).unwrap() > 0,
            "the referee stopped early"
        );
        let line = line.trim_end().to_string();
        if let Some(p) = line.strip_prefix("###Input ") {
            target = p.parse().unwrap();
            pending[target].clear();
        } else if let Some(rest) = line.strip_prefix("###Output ") {
            let (p, n): (usize, usize) = {
                let v: Vec<usize> = rest.split(' ').map(|t| t.parse().unwrap()).collect();
                (v[0], v[1])
            };
            let answer = bots[p](&pending[p]);
            assert_eq!(answer.len(), n);
            for a in answer {
                writeln!(to, "{a}").unwrap();
            }
            to.flush().unwrap();
        } else if line.starts_with("###End") {
            drop(to);
            assert!(child.0.wait().unwrap().success());
            return line;
        } else {
            pending[target].push(line);
        }
    }
}

fn ranking(scores: [i32; 2]) -> &'static str {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => "###End 0 1",
        std::cmp::Ordering::Less => "###End 1 0",
        std::cmp::Ordering::Equal => "###End 01",
    }
}

#[test]
fn csb_through_the_tester_protocol() {
    use botsim_core::csb::ga::{GaBot, Params, Think};
    let mk = |s| <GaBot>::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(1), mk(2));
    let mut bots: [Answerer; 2] = [
        Box::new(move |l: &[String]| a.turn(l, std::time::Instant::now()).unwrap().to_vec()),
        Box::new(move |l: &[String]| b.turn(l, std::time::Instant::now()).unwrap().to_vec()),
    ];
    let end = through_the_protocol("csb", 12, &mut bots);
    let (mut a, mut b) = (mk(1), mk(2));
    let (x, y): (&mut dyn Player<_>, &mut dyn Player<_>) = (&mut a, &mut b);
    let rec = botsim::games::csb::referee::play(
        &botsim::games::csb::referee::GameSpec::Seed(12),
        [x, y],
        false,
    )
    .unwrap();
    assert_eq!(end, ranking(rec.scores));
}

#[test]
fn fb_through_the_tester_protocol() {
    use botsim_core::fb::ga::{GaBot, Params, Think};
    let mk = |s| <GaBot>::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(1), mk(2));
    let mut bots: [Answerer; 2] = [
        Box::new(move |l: &[String]| a.turn(l, std::time::Instant::now()).unwrap().to_vec()),
        Box::new(move |l: &[String]| b.turn(l, std::time::Instant::now()).unwrap().to_vec()),
    ];
    let end = through_the_protocol("fb", 12, &mut bots);
    let (mut a, mut b) = (mk(1), mk(2));
    let (x, y): (&mut dyn Player<_>, &mut dyn Player<_>) = (&mut a, &mut b);
    let rec = botsim::games::fb::referee::play(12, [x, y], false).unwrap();
    assert_eq!(end, ranking(rec.scores));
}

/// What cg-brutaltester's new protocol gets from a referee: its stdout and stderr.
fn through_the_new_protocol(game: &str, players: [&str; 2], extra: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_botsim"))
        .args(["referee", "--game", game, "--turn-ms", "1000"])
        .args(["-p1", players[0], "-p2", players[1]])
        .args(extra)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "referee failed: {stderr}");
    (stdout, stderr)
}

/// The scores the tester reads: the first two lines, as integers.
fn scores_read(stdout: &str) -> [i32; 2] {
    let lines: Vec<&str> = stdout.lines().collect();
    [0, 1].map(|i| lines[i].parse().unwrap())
}

#[test]
fn csb_through_the_new_protocol_plays_the_game_in_process() {
    use botsim_core::csb::ga::{GaBot, Params, Think};
    let dir = tempfile_dir("csb-new");
    let log = dir.join("game1.json");
    let bot = env!("CARGO_BIN_EXE_csb_bot");
    let p1 = format!("{bot} --rollouts 300 --seed 1");
    let p2 = format!("{bot} --rollouts 300 --seed 2");
    let (stdout, stderr) = through_the_new_protocol(
        "csb",
        [&p1, &p2],
        &["-d", "seed=12", "-l", log.to_str().unwrap()],
    );
    assert_eq!(stderr, "", "no player was eliminated");
    assert_eq!(stdout.lines().nth(2), Some("seed=12"));
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    let mk = |s| <GaBot>::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(1), mk(2));
    let (x, y): (&mut dyn Player<_>, &mut dyn Player<_>) = (&mut a, &mut b);
    let rec = botsim::games::csb::referee::play(
        &botsim::games::csb::referee::GameSpec::Seed(12),
        [x, y],
        true,
    )
    .unwrap();
    assert_eq!(scores_read(&stdout), rec.scores);
    // The log is the game's trace: the same game, turn for turn, with what each program wrote
    // on stderr in the turn it wrote it (the contest bots' report of that turn).
    let logged = botsim::trace::read_file(&log).unwrap();
    assert_eq!(logged.len(), 1);
    let played = rec.trace.unwrap().turns;
    assert_eq!(logged[0].turns.len(), played.len());
    for (t, (turn, want)) in logged[0].turns.iter().zip(&played).enumerate() {
        assert_eq!((&turn.input, &turn.output), (&want.input, &want.output));
        assert_eq!(turn.state, want.state);
        for said in &turn.stderr {
            assert_eq!(said.len(), 1, "turn {t}: {said:?}");
            assert!(
                said[0].starts_with(&format!("turn {t}: ")),
                "turn {t}: {said:?}"
            );
        }
    }
}

#[test]
fn fb_through_the_new_protocol_plays_the_game_in_process() {
    use botsim_core::fb::ga::{GaBot, Params, Think};
    let bot = env!("CARGO_BIN_EXE_fb_bot");
    let p1 = format!("{bot} --rollouts 300 --seed 3");
    let p2 = format!("{bot} --rollouts 300 --seed 4");
    let (stdout, _) = through_the_new_protocol("fb", [&p1, &p2], &["-d", "seed=21"]);
    assert_eq!(stdout.lines().nth(2), Some("seed=21"));
    let mk = |s| <GaBot>::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(3), mk(4));
    let (x, y): (&mut dyn Player<_>, &mut dyn Player<_>) = (&mut a, &mut b);
    let rec = botsim::games::fb::referee::play(21, [x, y], false).unwrap();
    assert_eq!(scores_read(&stdout), rec.scores);
}

#[test]
fn the_new_protocol_scores_an_eliminated_player_minus_one_and_says_why() {
    let bot = format!("{} --rollouts 100", env!("CARGO_BIN_EXE_csb_bot"));
    // A bot that reads its first turn and exits.
    let (stdout, stderr) =
        through_the_new_protocol("csb", ["sh -c 'read x; exit 3'", &bot], &["-d", "seed=5"]);
    let scores = scores_read(&stdout);
    assert_eq!(scores[0], -1, "{stdout}");
    assert!(scores[1] >= 0, "{stdout}");
    assert!(stderr.starts_with("eliminated: seat 0 turn 0"), "{stderr}");
    // Without -d, the referee draws a seed and says which, so that the game can be replayed.
    let (stdout, _) = through_the_new_protocol("csb", [&bot, &bot], &[]);
    let seed = stdout.lines().nth(2).unwrap();
    assert!(
        seed.strip_prefix("seed=").unwrap().parse::<i64>().is_ok(),
        "{stdout}"
    );
}

#[test]
fn bad_new_protocol_arguments_are_errors_that_name_them() {
    for (args, says) in [
        (&["-p1", "a"][..], "needs both -p1 CMD and -p2 CMD"),
        (&["-p1", "a", "-p2", "b", "-x"], "unknown argument '-x'"),
        (&["-p1", "a", "-p2", "b", "-d", "seed=z"], "bad seed 'z'"),
        (&["-p1", "a", "-p2", "b", "-p3", "c"], "for 2 players"),
        (&["-p1", "a", "-p2"], "-p2 needs a value"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_botsim"))
            .args(["referee", "--game", "csb"])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// A fresh directory under the target directory.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

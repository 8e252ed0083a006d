//! `botsim referee` speaks cg-brutaltester's old referee protocol: this test plays the tester's
//! part with two search bots and checks the ranking against the same game played in process.

use botsim::bot::Bot;
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
    use botsim::csb::ga::{GaBot, Params, Think};
    let mk = |s| GaBot::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(1), mk(2));
    let mut bots: [Answerer; 2] = [
        Box::new(move |l: &[String]| a.turn(l, std::time::Instant::now()).unwrap().to_vec()),
        Box::new(move |l: &[String]| b.turn(l, std::time::Instant::now()).unwrap().to_vec()),
    ];
    let end = through_the_protocol("csb", 12, &mut bots);
    let (mut a, mut b) = (mk(1), mk(2));
    let (x, y): (&mut dyn Bot<_>, &mut dyn Bot<_>) = (&mut a, &mut b);
    let rec = botsim::referee::csb::play(&botsim::referee::csb::GameSpec::Seed(12), [x, y], false)
        .unwrap();
    assert_eq!(end, ranking(rec.outcome.scores.map(i32::from)));
}

#[test]
fn fb_through_the_tester_protocol() {
    use botsim::fb::ga::{GaBot, Params, Think};
    let mk = |s| GaBot::new(Params::default(), Think::Rollouts(300), s);
    let (mut a, mut b) = (mk(1), mk(2));
    let mut bots: [Answerer; 2] = [
        Box::new(move |l: &[String]| a.turn(l, std::time::Instant::now()).unwrap().to_vec()),
        Box::new(move |l: &[String]| b.turn(l, std::time::Instant::now()).unwrap().to_vec()),
    ];
    let end = through_the_protocol("fb", 12, &mut bots);
    let (mut a, mut b) = (mk(1), mk(2));
    let (x, y): (&mut dyn Bot<_>, &mut dyn Bot<_>) = (&mut a, &mut b);
    let rec = botsim::referee::fb::play(12, [x, y], false).unwrap();
    assert_eq!(end, ranking(rec.outcome.scores));
}

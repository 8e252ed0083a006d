//! The arena: bots that break the rules lose and never hang it; shards merge into the whole;
//! an interrupted run resumes without losing or repeating a game; results do not depend on the
//! thread count; replays verify; the SPRT stops a decided run.

use botsim::arena::{self, Cause, Config, GameResult, Limits};
use botsim::games::GameKind;
use botsim::player::PlayerSpec;
use botsim::stats;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn tmp(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    let _ = std::fs::remove_dir_all(&p);
    p
}

fn specs(texts: &[&str]) -> Vec<PlayerSpec> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn config(p1: &str, p2: &str, games: usize) -> Config {
    let mut c = Config::new(GameKind::Csb, specs(&[p1, p2]), games, 5);
    c.threads = 2;
    c
}

const GA: &str = "builtin:ga:rollouts=300";
const RACER: &str = "builtin:racer";

#[test]
fn broken_bots_lose_and_never_hang_the_arena() {
    let bots = [
        ("sleep 30", Cause::Time, "no answer"),
        // Crashes once its first turn begins (a bot that cannot start at all is an error
        // before the run: see a_missing_bot_stops_the_run_before_its_first_game).
        ("read line; exit 3", Cause::Exited, "exited (exit status 3)"),
        ("yes garbage", Cause::Output, "expected 'x y power'"),
        // One endless line: cut while it is read, then no answer in time.
        (
            "head -c 300000000 /dev/zero | tr '\\0' x; sleep 30",
            Cause::Time,
            "no answer",
        ),
        // Half an answer: the referee waits for the rest, as the contest's does, in vain; the
        // bot used no time, so it lost by what it printed, not by its clock.
        (
            "echo '8000 4500 100'; sleep 30",
            Cause::Output,
            "answered 1 line(s), expected 2",
        ),
    ];
    for (command, cause, why) in bots {
        let mut c = config(command, RACER, 2);
        c.limits = Limits {
            first_turn: Duration::from_millis(300),
            later_turns: Duration::from_millis(100),
            clock: arena::Clock::Cpu,
            memory_mb: None,
        };
        let started = Instant::now();
        let path = tmp("broken.jsonl");
        let out = arena::run(&c, &path, false, |_| {}).unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{command}: took {:?}",
            started.elapsed()
        );
        assert_eq!(out.results.len(), 2);
        for r in &out.results {
            let bad = if r.seats[0] == command { 0 } else { 1 };
            assert_eq!(r.scores[bad], 0, "{command}: {r:?}");
            assert_eq!(r.scores[1 - bad], 2, "{command}: {r:?}");
            let e = r.elimination(bad).expect("eliminated");
            assert!(e.detail.contains(why), "{command}: {e:?}");
            assert_eq!(e.cause, cause, "{command}: {e:?}");
        }
    }
}

#[test]
fn a_missing_bot_stops_the_run_before_its_first_game() {
    let path = tmp("missing.jsonl");
    let c = config(RACER, "./no-such-bot", 2);
    let Err(err) = arena::run(&c, &path, false, |_| {}) else {
        panic!("a run with a missing bot started");
    };
    let err = err.to_string();
    assert!(err.contains("'./no-such-bot'"), "{err}");
    assert!(err.contains("command not found"), "{err}");
    assert!(arena::results::read(&path).unwrap().is_empty());
    // A bot that waits for its input passes the check and plays.
    let c = config(RACER, "sleep 30", 2);
    let out = arena::run(&c, &tmp("sleeper.jsonl"), false, |_| {}).unwrap();
    assert_eq!(out.results.len(), 2);
}

/// The two players of a game get each turn's input at the same time, as on the contest server:
/// each of these bots, on its first line, marks that it has its input and waits (3 s at most)
/// until the other has too, then plays as csb_bot. Asked one after the other, the first would
/// wait out its 1 s first turn for the second and lose on time.
#[test]
fn both_players_of_a_game_think_at_the_same_time() {
    let dir = tmp("rendezvous");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("bot.sh");
    std::fs::write(
        &script,
        format!(
            "me=$1; other=$2; dir={dir}\n\
             IFS= read -r first\n\
             touch $dir/$me\n\
             for i in $(seq 1 300); do [ -e $dir/$other ] && break; sleep 0.01; done\n\
             rm -f $dir/$other\n\
             {{ printf '%s\\n' \"$first\"; cat; }} | {bot} --rollouts 50\n",
            dir = dir.display(),
            bot = env!("CARGO_BIN_EXE_csb_bot"),
        ),
    )
    .unwrap();
    let [a, b] =
        [("a", "b"), ("b", "a")].map(|(me, other)| format!("sh {} {me} {other}", script.display()));
    let mut c = config(&a, &b, 2);
    c.threads = 1;
    let out = arena::run(&c, &tmp("rendezvous.jsonl"), false, |_| {}).unwrap();
    assert_eq!(out.results.len(), 2);
    for r in &out.results {
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert!(r.turns > 20, "{r:?}");
    }
}

/// A player's answer is timed by when it arrived, not by when the referee read it: against a
/// player that never answers, whose answer the referee waits out first, the other's answer is
/// on time and its recorded time is its own.
#[test]
fn an_answer_is_timed_when_it_arrives() {
    let bot = format!("{} --rollouts 50", env!("CARGO_BIN_EXE_csb_bot"));
    let mut c = config("sleep 30", &bot, 2);
    c.threads = 1;
    let out = arena::run(&c, &tmp("arrival.jsonl"), false, |_| {}).unwrap();
    for r in &out.results {
        let (mute, bot) = if r.seats[0] == "sleep 30" {
            (0, 1)
        } else {
            (1, 0)
        };
        assert!(r.scores[bot] > r.scores[mute], "{r:?}");
        assert!(r.elimination(bot).is_none(), "{r:?}");
        // Its first turn (limit 1 s) took a small part of the time the mute player was given.
        assert!(r.times[bot][0] < 9_000, "{:?}", r.times[bot]);
        assert!(r.times[mute][0] >= 10_000, "{:?}", r.times[mute]);
    }
}

/// The arena counts a contest bot's search from the report it writes on stderr after each
/// turn: at a fixed budget, the same rollouts every turn after the first, over the game's turns.
#[test]
fn a_bots_search_is_counted_from_its_reports() {
    let bot = format!("{} --rollouts 300", env!("CARGO_BIN_EXE_csb_bot"));
    let c = config(&bot, RACER, 2);
    let out = arena::run(&c, &tmp("search.jsonl"), false, |_| {}).unwrap();
    for r in &out.results {
        let seat = r.seats.iter().position(|s| *s == bot).unwrap();
        let used = r.search[seat];
        assert_eq!(r.search[1 - seat], arena::SearchUse::default(), "{r:?}");
        // Every turn after the first, but perhaps the last (read after the game only when
        // the game is recorded).
        assert!(r.turns - 2 <= used.turns && used.turns < r.turns, "{r:?}");
        let per_turn = used.rollouts / used.turns as u64;
        assert!(
            per_turn >= 300 && used.rollouts == per_turn * used.turns as u64,
            "{used:?}"
        );
        assert!(used.ms > 0.0, "{used:?}");
    }
    // The arena timed the same turns: its rate is there beside the bot's.
    let rates = arena::search_use(&out.results);
    assert_eq!(rates.len(), 1, "{rates:?}");
    assert!(rates[0].1.timed_ms > 0.0, "{rates:?}");
    let report = arena::search_report(&out.results);
    assert!(
        report.starts_with(&format!("search {bot}: "))
            && report.contains(" per ms the arena timed, ")
            && report.lines().count() == 1,
        "{report}"
    );
}

/// What eliminated the seat that `command` sat in, in each of the games.
fn first_errors(c: &Config, command: &str, name: &str) -> Vec<arena::Elimination> {
    let out = arena::run(c, &tmp(name), false, |_| {}).unwrap();
    out.results
        .iter()
        .map(|r| {
            let seat = r.seats.iter().position(|s| s == command).unwrap();
            r.elimination(seat).expect("eliminated").clone()
        })
        .collect()
}

/// On the CPU clock a turn's limit (200 ms) is on the CPU time the program used: one that waits
/// 300 ms without computing answers its first turn in time (and, having exited, not the
/// second, which says so), while on the wall clock the same wait is late; one that computes for
/// 300 ms is out of time on the CPU clock, and the error says how much it used.
#[test]
fn the_cpu_clock_counts_computing_not_waiting() {
    let sleeper = "read l; sleep 0.3; echo '8000 4500 100'; echo '8000 4500 100'";
    let limits = |clock| Limits {
        first_turn: Duration::from_millis(200),
        later_turns: Duration::from_millis(200),
        clock,
        memory_mb: None,
    };
    let mut c = config(sleeper, RACER, 2);
    c.limits = limits(arena::Clock::Cpu);
    for e in first_errors(&c, sleeper, "sleeper-cpu.jsonl") {
        assert_eq!((e.turn, e.cause), (1, Cause::Exited), "{e:?}");
        assert_eq!(
            e.detail,
            "exited (exit status 0); it wrote nothing on stderr"
        );
    }
    c.limits = limits(arena::Clock::Wall);
    for e in first_errors(&c, sleeper, "sleeper-wall.jsonl") {
        assert_eq!((e.turn, e.cause), (0, Cause::Time), "{e:?}");
        assert_eq!(e.detail, "no answer");
    }
    let busy = "python3 -c \"import sys, time\n\
                sys.stdin.readline(); t = time.process_time()\n\
                while time.process_time() - t < 0.3: pass\n\
                print('8000 4500 100'); print('8000 4500 100')\"";
    let mut c = config(busy, RACER, 2);
    c.limits = limits(arena::Clock::Cpu);
    for e in first_errors(&c, busy, "busy-cpu.jsonl") {
        assert_eq!((e.turn, e.cause), (0, Cause::Time), "{e:?}");
        assert!(
            e.detail.starts_with("out of time on turn 0: ")
                && e.detail.ends_with(" ms of CPU, over the 200 ms limit"),
            "{e:?}"
        );
    }
    // The time report counts CPU timeouts as timeouts.
    let out = arena::run(&c, &tmp("busy-cpu-2.jsonl"), false, |_| {}).unwrap();
    let report = arena::time_report(&out.results);
    assert!(report.contains("timeouts in 2 games"), "{report}");
}

/// The default number of games at once leaves a core to each player of a game that has a
/// program in it.
#[test]
fn programs_get_a_core_each_by_default() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let builtin = arena::default_threads(&specs(&[GA, RACER]));
    let program = arena::default_threads(&specs(&[GA, "./bot"]));
    assert_eq!(builtin, cores);
    assert_eq!(program, (cores / 2).max(1));
    assert_eq!(
        Config::new(GameKind::Fb, specs(&["./a", "./b"]), 2, 1).threads,
        program
    );
}

/// Results without their times, which differ from run to run.
fn untimed(results: &[GameResult]) -> Vec<GameResult> {
    results.iter().map(GameResult::untimed).collect()
}

#[test]
fn shards_merge_into_the_whole_and_threads_do_not_matter() {
    let whole_path = tmp("whole.jsonl");
    let mut c = config(GA, RACER, 12);
    c.threads = 1;
    let whole = arena::run(&c, &whole_path, false, |_| {}).unwrap().results;
    let mut merged: Vec<GameResult> = Vec::new();
    for i in 0..3 {
        let mut s = config(GA, RACER, 12);
        s.shard = Some(arena::Shard { index: i, count: 3 });
        let path = tmp(&format!("shard{i}.jsonl"));
        arena::run(&s, &path, false, |_| {}).unwrap();
        merged.extend(arena::results::read(&path).unwrap());
    }
    merged.sort_by_key(|r| r.game);
    assert!(merged
        .iter()
        .all(|r| r.times.len() == 2 && r.times[0].len() == r.turns as usize));
    assert_eq!(
        untimed(&merged),
        untimed(&whole),
        "two threads in shards, one thread whole: the same games"
    );
    assert_eq!(
        stats::report(&arena::summarize(&merged), None),
        stats::report(&arena::summarize(&whole), None)
    );
}

#[test]
fn an_interrupted_run_resumes_without_loss_or_repeat() {
    let path = tmp("resume.jsonl");
    let c = config(GA, RACER, 8);
    let full = arena::run(&c, &path, false, |_| {}).unwrap().results;
    // As if killed after three games, in the middle of writing the fourth line.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&path, cut).unwrap();
    // A fresh run refuses to overwrite; --resume completes it.
    assert!(arena::run(&c, &path, false, |_| {}).is_err());
    let resumed = arena::run(&c, &path, true, |_| {}).unwrap();
    assert_eq!(resumed.played, 5);
    assert_eq!(untimed(&resumed.results), untimed(&full));
    let mut on_disk = arena::results::read(&path).unwrap();
    on_disk.sort_by_key(|r| r.game);
    assert_eq!(
        untimed(&on_disk),
        untimed(&full),
        "each game once in the file"
    );
    // Resuming with other settings is refused.
    let other = config(RACER, GA, 8);
    assert!(arena::run(&other, &path, true, |_| {}).is_err());
}

#[test]
fn replays_verify() {
    let dir = tmp("replays");
    let mut c = config(GA, RACER, 2);
    c.replays = Some(dir.clone());
    c.html = Some(arena::HtmlGames::Wins);
    let out = arena::run(&c, &tmp("replays.jsonl"), false, |_| {}).unwrap();
    for g in 0..2 {
        let games = botsim::trace::read_file(&dir.join(format!("game{g:06}.jsonl.gz"))).unwrap();
        assert_eq!(
            botsim::games::csb::referee::verify(&games[0]).map(|_| ()),
            Ok(())
        );
        // HTML pages for the games A won, and only those.
        let page = dir.join(format!("game{g:06}.html"));
        assert_eq!(page.exists(), out.results[g].points_a() == 1.0, "game {g}");
    }
}

#[test]
fn a_decided_sprt_stops_the_run() {
    let mut c = config(GA, RACER, 200);
    c.sprt = Some("elo0=0,elo1=100".parse().unwrap());
    let out = arena::run(&c, &tmp("sprt.jsonl"), false, |_| {}).unwrap();
    let stop = out.sprt_stop.expect("the SPRT stops the run");
    assert!(out.results.len() < 200, "{} games", out.results.len());
    assert_eq!(stop.verdict, stats::Verdict::H1);
    // The decision is the one the games recorded by then give.
    let sprt = c.sprt.unwrap();
    assert!(stop.llr >= sprt.bounds().1, "{stop:?}");
    assert!(
        stop.games >= 2 && stop.games <= out.results.len(),
        "{stop:?}"
    );
}

#[test]
fn a_round_robin_rates_every_player() {
    let players = specs(&[RACER, GA, "builtin:racer:lead=1"]);
    let mut c = Config::new(GameKind::Csb, players, 4, 3);
    c.threads = 2;
    let out = arena::run(&c, &tmp("rr.jsonl"), false, |_| {}).unwrap();
    assert_eq!(out.results.len(), 12);
    let table = arena::ratings(&out.results);
    assert_eq!(table.len(), 3);
    assert_eq!(table[0].player, GA, "the search bot rates first");
    assert!(table.iter().all(|r| r.record.games() == 8));
}

/// The pool outside our lineage plays by name: whole games against the racer, which each bot
/// of the pool wins, and the same games again at a fixed budget.
#[test]
fn the_pool_plays_by_name_and_beats_the_racer() {
    for bot in [
        "builtin:annealer:rollouts=300",
        "builtin:brawler:depth=2",
        "builtin:duelist:rollouts=300",
    ] {
        let c = config(bot, RACER, 2);
        let name = bot.replace(':', "_");
        let once = arena::run(&c, &tmp(&format!("{name}.jsonl")), false, |_| {}).unwrap();
        let again = arena::run(&c, &tmp(&format!("{name}-2.jsonl")), false, |_| {}).unwrap();
        assert_eq!(once.results.len(), 2, "{bot}");
        for r in &once.results {
            assert!(r.errors.is_empty(), "{bot}: {r:?}");
            let seat = if r.seats[0] == bot { 0 } else { 1 };
            assert_eq!(r.points(seat), 1.0, "{bot} against the racer: {r:?}");
        }
        assert_eq!(untimed(&once.results), untimed(&again.results), "{bot}");
    }
}

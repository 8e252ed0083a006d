//! The `botsim` binary as a user runs it: the README's commands work, and bad input gets a
//! clear message naming what was wrong, never a panic.

mod common;

use botsim::arena::{Cause, Elimination};
use common::{botsim, text};
use std::path::PathBuf;
use std::process::{Command, Output};

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/csb")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A path in cargo's scratch directory for integration tests, named for this run (the process
/// id) and `name`.
fn scratch(name: &str) -> PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-cli-{}-{name}", std::process::id()))
}

#[test]
fn play_prints_the_result_and_writes_a_trace_that_verifies() {
    let trace = scratch("play.jsonl.gz");
    let trace = trace.to_string_lossy().into_owned();
    let o = botsim(&[
        "play",
        "--game",
        "csb",
        "--seed",
        "7",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
        "--trace",
        &trace,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("endReached"), "{out}");
    assert!(out.contains(" - "), "{out}");
    let v = botsim(&["verify", &trace]);
    std::fs::remove_file(&trace).ok();
    assert!(v.status.success(), "{}", text(&v));
    assert!(text(&v).contains("verified 1/1 games"), "{}", text(&v));
}

/// `bench --search-rollouts N --repeat K` runs the same search K times: the median and best
/// time, and the one fingerprint every run gave, the one a single run gives.
#[test]
fn bench_repeats_a_fixed_search_with_one_fingerprint() {
    let fingerprint = |out: &str| {
        out.split("fingerprint ")
            .nth(1)
            .map(|f| f.trim().to_string())
            .unwrap_or_default()
    };
    let once = botsim(&["bench", "--search-rollouts", "60"]);
    assert!(once.status.success(), "{}", text(&once));
    let thrice = botsim(&["bench", "--search-rollouts", "60", "--repeat", "3"]);
    assert!(thrice.status.success(), "{}", text(&thrice));
    let (once, thrice) = (text(&once), text(&thrice));
    assert!(thrice.contains(": 3 runs, median "), "{thrice}");
    assert!(thrice.contains(" per ms), best "), "{thrice}");
    assert_eq!(fingerprint(&once).len(), 16, "{once}");
    assert_eq!(fingerprint(&once), fingerprint(&thrice), "{once}\n{thrice}");
}

/// `bench --against` times this build against another in turn: against itself, round by round
/// with the medians and the same fingerprint; against a build that searches otherwise (here a
/// script answering as such a build's bench would), its best rate read and the fingerprints
/// said to differ; a missing file, a file that does not run and a program that is no bench
/// are named, without a panic.
#[test]
fn bench_times_this_build_against_another() {
    use std::os::unix::fs::PermissionsExt;
    let me = env!("CARGO_BIN_EXE_botsim");
    let bench = |other: &str, rounds: &str| {
        botsim(&[
            "bench",
            "--search-rollouts",
            "60",
            "--repeat",
            "2",
            "--against",
            other,
            "--rounds",
            rounds,
        ])
    };
    let o = bench(me, "3");
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    for round in 1..=3 {
        assert!(out.contains(&format!("round {round}: this ")), "{out}");
    }
    assert!(
        out.contains("median ratio x") && out.contains(" over 3 rounds"),
        "{out}"
    );
    assert!(out.contains("the same fingerprint, "), "{out}");

    let script = |name: &str, body: &str| {
        let path = scratch(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    };
    let other = script(
        "other-build.sh",
        "echo 'csb search: 60 rollouts a turn, 30 turns: 2 runs, median 10 ms (100 rollouts per \
         ms), best 5 ms (200 per ms), fingerprint 0123456789abcdef'",
    );
    let o = bench(&other, "2");
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert_eq!(out.matches(", other 200: x").count(), 2, "{out}");
    assert!(
        out.contains("fingerprints differ: this ") && out.contains("other 0123456789abcdef"),
        "{out}"
    );

    let missing = scratch("no-such-build").to_string_lossy().into_owned();
    let not_a_bench = script("not-a-bench.sh", "echo hello");
    let not_runnable = data("csb-edge-public-000.jsonl.gz");
    for (other, says) in [
        (&missing, "no such file"),
        (&not_a_bench, "not a botsim bench's answer"),
        (&not_runnable, "cannot run"),
    ] {
        let o = bench(other, "1");
        assert!(!o.status.success(), "{other}");
        assert!(text(&o).contains(says), "{other}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{}", text(&o));
    }
    for path in [other, not_a_bench] {
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn verify_reports_counts_and_exit_status() {
    let o = botsim(&["verify", &data("csb-edge-public-000.jsonl.gz")]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("verified 14/14 games, 2831/2831 turns"),
        "{}",
        text(&o)
    );
}

#[test]
fn bad_input_is_reported_without_a_panic() {
    // In a folder that exists: the missing bot, not the results path, is what stops the run.
    let missing_bot_results = scratch("missing-bot.jsonl");
    let missing_bot_results = missing_bot_results.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["verify", "/no/such/file.jsonl.gz"],
            "/no/such/file.jsonl.gz",
        ),
        (
            &["play", "--p1", "builtin:nope", "--p2", "builtin:racer"],
            "builtin:nope",
        ),
        (
            &[
                "play",
                "--p1",
                "builtin:racer",
                "--p2",
                "builtin:racer",
                "--map",
                "1 2 3",
            ],
            "odd",
        ),
        (
            &[
                "play",
                "--seed",
                "x",
                "--p1",
                "builtin:racer",
                "--p2",
                "builtin:racer",
            ],
            "--seed",
        ),
        (
            &[
                "play",
                "--game",
                "fb",
                "--p1",
                "builtin:racer",
                "--p2",
                "builtin:chaser",
            ],
            "builtin:racer",
        ),
        (
            &[
                "play",
                "--game",
                "fb",
                "--map",
                "1 2 3 4",
                "--p1",
                "builtin:chaser",
                "--p2",
                "builtin:chaser",
            ],
            "--map",
        ),
        (&["bench", "--game", "chess"], "chess"),
        (&["bench", "--search-rollouts", "50", "--repeat", "0"], "--repeat"),
        // No search is timed at no rollouts (the first population alone would be) or no time.
        (&["bench", "--search-rollouts", "0"], "--search-rollouts"),
        (&["bench", "--search", "0"], "--search"),
        (&["bench", "--repeat", "2"], "--search-rollouts"),
        // A player program that is missing stops the run before its first game.
        (
            &[
                "arena",
                "--p1",
                "./no-such-bot --fast",
                "--p2",
                "builtin:racer",
                "--games",
                "2",
                "--results",
                missing_bot_results,
            ],
            "'./no-such-bot --fast' exited before its first turn: exit status 127, command not found",
        ),
        (
            &[
                "arena",
                "--p1",
                "builtin:racer",
                "--p2",
                "sh /no/such/bot.sh",
                "--games",
                "2",
                "--results",
                missing_bot_results,
            ],
            "/no/such/bot.sh",
        ),
    ];
    for (args, needle) in cases {
        let o = botsim(args);
        let out = text(&o);
        assert!(!o.status.success(), "{args:?} should fail: {out}");
        assert!(
            out.contains(needle),
            "{args:?}: message should name {needle:?}: {out}"
        );
        assert!(!out.contains("panicked"), "{args:?}: {out}");
    }
}

#[test]
fn verify_rejects_a_file_that_is_not_a_trace() {
    let path = scratch("not-trace.jsonl");
    std::fs::write(&path, "{\"hello\": 1}\n").unwrap();
    let o = botsim(&["verify", &path.to_string_lossy()]);
    std::fs::remove_file(&path).ok();
    assert!(!o.status.success());
    assert!(text(&o).contains(":1: not a trace/1 game"), "{}", text(&o));
}

/// An FB game on seed 3 between two chasers, recorded at `trace` by `botsim play`.
fn play_fb_chasers(trace: &str) -> Output {
    let o = botsim(&[
        "play",
        "--game",
        "fb",
        "--seed",
        "3",
        "--p1",
        "builtin:chaser",
        "--p2",
        "builtin:chaser",
        "--trace",
        trace,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    o
}

#[test]
fn fb_play_and_verify() {
    let trace = scratch("fb.jsonl.gz");
    let trace = trace.to_string_lossy().into_owned();
    let o = play_fb_chasers(&trace);
    assert!(text(&o).contains("fb seed 3:"), "{}", text(&o));
    // The referee's seed 3, as the contest server plays it: its snaffles in the trace.
    let game = &botsim::trace::read_file(std::path::Path::new(&trace)).unwrap()[0];
    assert_eq!(game.seed, Some(3));
    let first = botsim_core::fb::setup::snaffles_from_seed(3)[0];
    let snaffle = &game.setup["initial_state"]["snaffles"][0]["pos"];
    assert_eq!(
        snaffle,
        &serde_json::json!([first.0, first.1]),
        "{}",
        game.setup
    );
    let v = botsim(&["verify", &trace, &data("csb-edge-public-000.jsonl.gz")]);
    std::fs::remove_file(&trace).ok();
    assert!(v.status.success(), "{}", text(&v));
    assert!(text(&v).contains("verified 15/15 games"), "{}", text(&v));
}

/// The processes whose command line is exactly `words`.
fn running(words: &[&str]) -> Vec<String> {
    let want: Vec<u8> = words
        .iter()
        .flat_map(|w| [w.as_bytes(), b"\0"].concat())
        .collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c == want))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn processes_a_bot_detaches_end_with_its_game() {
    // A duration no other test uses, to find this test's processes.
    let secs = format!("{}", 310_000 + std::process::id() % 10_000);
    // Three ways out of the process group: a new session, a new session under a shell, and a
    // new session without the environment that marks a bot's processes.
    let bot = format!(
        "setsid sleep {secs} & (setsid sh -c 'sleep {secs}' &); \
         env -u BOTSIM_PLAYER setsid sleep {secs} & sleep 1; echo garbage; sleep 30"
    );
    let results = scratch("escape.jsonl");
    let o = botsim(&[
        "arena",
        "--p1",
        &bot,
        "--p2",
        "builtin:racer",
        "--games",
        "2",
        "--first-turn-ms",
        "1500",
        "--results",
        &results.to_string_lossy(),
    ]);
    std::fs::remove_file(&results).ok();
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
    let mut left = running(&["sleep", &secs]);
    left.extend(running(&["sh", "-c", &format!("sleep {secs}")]));
    assert!(left.is_empty(), "processes left running: {left:?}");
}

#[test]
fn an_ended_bot_leaves_no_zombie_behind() {
    // A bot whose shell keeps a child: when the game ends, the child is orphaned to botsim (the
    // subreaper), which must reap it then, not at exit. At each start the bot writes how many
    // unreaped (zombie) children the arena has.
    let log = scratch("zombies.txt");
    std::fs::remove_file(&log).ok();
    let bot = format!(
        "awk -v arena=\"${{BOTSIM_PLAYER%-*}}\" '$3 == \"Z\" && $4 == arena {{ n++ }} \
         END {{ print n + 0 }}' /proc/[0-9]*/stat >> {log}; sleep 20 & read line; echo garbage; wait",
        log = log.display()
    );
    let results = scratch("zombies.jsonl");
    let o = botsim(&[
        "arena",
        "--p1",
        &bot,
        "--p2",
        "builtin:racer",
        "--games",
        "6",
        "--threads",
        "1",
        "--results",
        &results.to_string_lossy(),
    ]);
    std::fs::remove_file(&results).ok();
    let counts = std::fs::read_to_string(&log).unwrap_or_default();
    std::fs::remove_file(&log).ok();
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-6"), "{}", text(&o));
    // The summary says how the games were lost: the referee refused the garbage line.
    assert!(
        text(&o).contains("ends of A's games, by the referee's reason: lost 6 (invalidInput 6)"),
        "{}",
        text(&o)
    );
    let counts: Vec<&str> = counts.lines().collect();
    // The check before the first game, then six games (on a loaded machine the check may end a
    // start before it writes).
    assert!(counts.len() >= 6, "{counts:?}");
    assert!(
        counts.iter().all(|&c| c == "0"),
        "zombies at each start: {counts:?}"
    );
}

#[test]
fn play_json_is_what_psyleague_reads() {
    // No --seed: a random one, on stderr and in the JSON. A bot that crashes loses the game;
    // the command still succeeds, so that a league goes on.
    let o = botsim(&[
        "play",
        "--json",
        "--p1",
        "read line; exit 3",
        "--p2",
        "builtin:racer",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["ranks"], serde_json::json!([1, 0]), "{v}");
    assert_eq!(v["errors"], serde_json::json!([1, 0]), "{v}");
    let seed = v["test_data"]["seed"].as_i64().expect("a seed");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains(&format!("botsim: seed {seed}")), "{stderr}");
    let players = v["player_data"].as_array().expect("player_data");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["errors"], 1);
    assert_eq!(players[1]["errors"], 0);
    assert_eq!(players[0]["score"].as_i64(), Some(0), "{v}");
    assert_eq!(players[1]["score"].as_i64(), Some(2), "{v}");
    // The printed seed plays the same game again.
    let again = botsim(&[
        "play",
        "--json",
        "--seed",
        &seed.to_string(),
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
    ]);
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(w["test_data"]["seed"].as_i64(), Some(seed));
    assert!(!String::from_utf8_lossy(&again.stderr).contains("botsim: seed"));
}

/// A run whose stderr is no terminal (a log file, as here) still says how far it is: a line at
/// each tenth of the run, with the score so far, the last one the summary's.
#[test]
fn an_arena_writing_to_a_log_reports_its_progress_in_lines() {
    let dir = scratch("progress-lines");
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("r.jsonl");
    std::fs::remove_file(&results).ok();
    let o = botsim(&[
        "arena",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:interceptor",
        "--games",
        "4",
        "--results",
        &results.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains(" games  ")).collect();
    let counts: Vec<(u32, [u32; 3])> = lines
        .iter()
        .map(|l| {
            let (done, rest) = l.split_once("/4 games  A: W-D-L ").expect(l);
            let wdl = rest.split_whitespace().next().unwrap();
            let wdl: Vec<u32> = wdl.split('-').map(|n| n.parse().unwrap()).collect();
            (done.parse().unwrap(), [wdl[0], wdl[1], wdl[2]])
        })
        .collect();
    assert_eq!(
        counts.iter().map(|c| c.0).collect::<Vec<_>>(),
        [1, 2, 3, 4],
        "a line for each game of four (each a new tenth): {stderr}"
    );
    for (done, wdl) in &counts {
        assert_eq!(wdl.iter().sum::<u32>(), *done, "{stderr}");
    }
    let [w, d, l] = counts[3].1;
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&format!("W-D-L {w}-{d}-{l} ")),
        "the last line's score is the summary's: {}",
        text(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    // `botsim ... | head -0`: the reader closes the pipe before botsim prints.
    let (_, dir) = arena_against_racer("builtin:racer", "reader-gone", &[]);
    let results = dir.join("results.jsonl").to_string_lossy().into_owned();
    let commands: [&[&str]; 2] = [
        &[
            "play",
            "--game",
            "fb",
            "--seed",
            "3",
            "--p1",
            "builtin:chaser",
            "--p2",
            "builtin:chaser",
        ],
        // Its summary, then the time report printed as one text.
        &["arena", "merge", &results],
    ];
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_botsim"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("botsim runs");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("botsim ends");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(o.status.success(), "{args:?}: {:?} {stderr}", o.status);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs an arena of two games of `bot` against the racer, with `--logs` in a fresh directory
/// and `extra` arguments; the output and the directory (results in `results.jsonl`).
fn arena_against_racer(bot: &str, name: &str, extra: &[&str]) -> (Output, PathBuf) {
    let dir = scratch(name);
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    let (results, logs) = (results.to_string_lossy(), logs.to_string_lossy());
    let mut args = vec![
        "arena",
        "--p1",
        bot,
        "--p2",
        "builtin:racer",
        "--games",
        "2",
        "--results",
        &results,
        "--logs",
        &logs,
    ];
    args.extend_from_slice(extra);
    (botsim(&args), dir)
}

/// On a loaded machine (`arena --load`) the contest loop reports each turn's margin: none on
/// the first turn, never more than a quarter of the turn's budget after it.
#[test]
fn a_contest_bot_reports_its_clock_margin_under_load() {
    let bot = format!("{} --ms 10", env!("CARGO_BIN_EXE_csb_bot"));
    let (out, dir) = arena_against_racer(&bot, "load", &["--load", "1", "--clock", "wall"]);
    assert!(out.status.success(), "{}", text(&out));
    let log = std::fs::read_to_string(dir.join("logs/game000000-seat0.stderr")).unwrap();
    let margins: Vec<f64> = log
        .lines()
        .map(|line| {
            let (_, margin) = line.split_once(" ms, margin ").expect(line);
            margin.strip_suffix(" ms").expect(line).parse().expect(line)
        })
        .collect();
    assert!(margins.len() > 10, "{log}");
    assert_eq!(margins[0], 0.0);
    assert!(
        margins
            .iter()
            .all(|&m| (0.0..=10.0 * botsim_core::contest::Lateness::MOST + 0.05).contains(&m)),
        "{margins:?}"
    );
}

#[test]
fn a_bot_that_floods_its_stderr_gets_a_capped_log() {
    // 50 MB on stderr before its first answer: the game goes on, each log keeps about 1 MB.
    let (o, dir) = arena_against_racer(
        "head -c 50000000 /dev/zero | tr '\\0' x >&2; read line; echo garbage",
        "flood",
        &[],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
    let mut logs = 0;
    for entry in std::fs::read_dir(dir.join("logs")).unwrap() {
        let path = entry.unwrap().path();
        let size = std::fs::metadata(&path).unwrap().len() as usize;
        if path.to_string_lossy().contains("seat0") || size > 0 {
            logs += 1;
            assert!(
                size <= botsim::referee::process::LOG_CAP + 100,
                "{}: {size} bytes",
                path.display()
            );
        }
    }
    assert!(logs >= 2, "one log per game of the flooding bot");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bot_that_starts_200_children_leaves_none() {
    let secs = format!("{}", 320_000 + std::process::id() % 10_000);
    let (o, dir) = arena_against_racer(
        &format!("for i in $(seq 200); do sleep {secs} & done; read line; echo garbage"),
        "children",
        &[],
    );
    std::fs::remove_dir_all(&dir).ok();
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
    let left = running(&["sleep", &secs]);
    assert!(left.is_empty(), "{} children left running", left.len());
}

#[test]
fn a_bot_that_closes_its_stdin_loses_and_the_run_goes_on() {
    let (o, dir) = arena_against_racer("exec 0<&-; sleep 0.7; echo 1 2 3; sleep 1", "stdin", &[]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
}

/// Runs two games of `bot` against the racer with `--memory-mb mb`; the errors of the results.
fn errors_under_memory_limit(bot: &str, mb: &str, name: &str) -> (Output, Vec<Elimination>) {
    let extra = ["--first-turn-ms", "10000", "--memory-mb", mb];
    let (o, dir) = arena_against_racer(bot, name, &extra);
    let games = botsim::arena::results::read(&dir.join("results.jsonl")).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    (o, games.into_iter().flat_map(|g| g.errors).collect())
}

#[test]
fn a_bot_over_its_memory_limit_is_stopped_and_loses_saying_why() {
    // 150 MB held in a shell variable, then a wrong answer: over a 50 MB limit the arena stops
    // it and says so; under a 2000 MB limit it loses for its answer instead.
    let hog = "x=$(head -c 150000000 /dev/zero | tr '\\0' a); read line; echo garbage; echo garbage; sleep 5";
    let (o, errors) = errors_under_memory_limit(hog, "50", "memory-over");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
    assert_eq!(errors.len(), 2, "{errors:?}");
    for e in &errors {
        assert_eq!(e.cause, Cause::Memory, "{e:?}");
        assert!(
            e.detail
                .ends_with("over the 50 MB limit (--memory-mb); stopped"),
            "{e:?}"
        );
        let mb: u64 = e
            .detail
            .strip_prefix("memory: ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("memory: N MB");
        assert!(mb >= 150, "the peak counts the variable: {e:?}");
    }
    let (o, errors) = errors_under_memory_limit(hog, "2000", "memory-under");
    assert!(text(&o).contains("W-D-L 0-0-2"), "{}", text(&o));
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors.iter().all(|e| e.cause == Cause::Output),
        "{errors:?}"
    );
}

/// The part of a report that play alone decides: the summary, the curves and the games (the
/// time table differs from run to run).
fn played_part(page: &str) -> String {
    let start = page.find("<table id=\"summary\"").expect("a summary");
    let time = page.find("<h2>Time use</h2>").expect("a time table");
    let games = page.find("<table id=\"games\"").expect("a games table");
    format!("{}{}", &page[start..time], &page[games..])
}

#[test]
fn the_arena_report_links_every_game_and_merged_shards_give_the_same_page() {
    let dir = scratch("report");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().to_string();
    let arena = |extra: &[&str]| {
        let mut args = vec![
            "arena",
            "--p1",
            "builtin:ga:rollouts=300",
            "--p2",
            "builtin:racer",
            "--games",
            "6",
            "--seed",
            "5",
            "--threads",
            "2",
        ];
        args.extend_from_slice(extra);
        let o = botsim(&args);
        assert!(o.status.success(), "{}", text(&o));
        o
    };
    let (whole, replays) = (path("whole.html"), path("replays"));
    let o = arena(&[
        "--results",
        &path("whole.jsonl"),
        "--replays",
        &replays,
        "--html",
        "all",
        "--report",
        &whole,
        "--sprt",
        "elo0=0,elo1=50",
    ]);
    let page = std::fs::read_to_string(&whole).unwrap();
    let summary = text(&o);
    let wdl = summary
        .split("W-D-L ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(page.contains(&format!("<td>{wdl}</td>")), "{wdl} {page}");
    assert!(page.contains("id=\"sprt\""));
    assert_eq!(page.matches("<tr class=").count(), 6);
    for g in 0..6 {
        let link = format!("{replays}/game{g:06}.html");
        assert!(page.contains(&format!("href=\"{link}\"")), "{link}");
        assert!(std::path::Path::new(&link).exists(), "{link}");
    }
    // The same games in two shards, merged: the same summary, curves and games.
    for shard in ["0/2", "1/2"] {
        let results = path(&format!("shard{}.jsonl", &shard[..1]));
        arena(&["--results", &results, "--shard", shard]);
    }
    let merged = path("merged.html");
    let o = botsim(&[
        "arena",
        "merge",
        &path("shard0.jsonl"),
        &path("shard1.jsonl"),
        "--sprt",
        "elo0=0,elo1=50",
        "--report",
        &merged,
        "--replays",
        &replays,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let merged = std::fs::read_to_string(&merged).unwrap();
    assert_eq!(played_part(&merged), played_part(&page));
    std::fs::remove_dir_all(&dir).ok();
}

/// A contest bot given input it cannot read says which line was wrong and how, on stderr, and
/// stops without a panic; a bad flag is named too.
#[test]
fn contest_bots_name_the_line_they_cannot_read() {
    let run = |bot: &str, args: &[&str], input: &str| -> (String, Option<i32>) {
        use std::io::Write;
        let mut child = Command::new(bot)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the bot starts");
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(input.as_bytes())
            .expect("the bot reads its input");
        let o = child.wait_with_output().expect("the bot ends");
        (text(&o), o.status.code())
    };
    let fb = env!("CARGO_BIN_EXE_fb_bot");
    let csb = env!("CARGO_BIN_EXE_csb_bot");
    let (said, _) = run(fb, &["--rollouts", "10"], "0\n0 0\n0 0\nx\n");
    assert!(
        said.contains("turn 0: bad input: line 3: expected the number of entities, found 'x'"),
        "{said}"
    );
    let entities = "0 WIZARD 1000 3750 0 0 0\n1 WIZARD 1000 5250 0 0 0\n\
                    2 OPPONENT_WIZARD 15000 3750 0 0 0\n3 OPPONENT_WIZARD 15000 5250 0 0 0\n\
                    4 SNAFFLE 8000 3750 0 0 0\n5 BLUDGER 7450 3750 0 0 0\n";
    let (said, _) = run(fb, &["--rollouts", "10"], "0\n0 0\n0 0\n6\n0 WIZARD\n");
    assert!(
        said.contains("turn 0: bad input: it ended after 5 lines of the turn"),
        "{said}"
    );
    let (said, _) = run(
        fb,
        &["--rollouts", "10"],
        &format!("2\n0 0\n0 0\n6\n{entities}"),
    );
    assert!(
        said.contains("bad input: init line 1: expected the team id, 0 or 1, found '2'"),
        "{said}"
    );
    let pods = "1 2 3 4 5 6\n1 2 3\n1 2 3 4 5 6\n1 2 3 4 5 6\n";
    let (said, _) = run(
        csb,
        &["--rollouts", "10"],
        &format!("3\n3\n1 2\n3 4\n5 6\n{pods}"),
    );
    assert!(
        said.contains("bad input: pod line 2: expected 'x y vx vy angle next', found '1 2 3'"),
        "{said}"
    );
    let (said, code) = run(fb, &["--ms", "x"], "");
    assert!(said.contains("--ms: 'x' is not a whole number"), "{said}");
    assert_eq!(code, Some(2));
}

/// An arena's interval is never of zero width: a one-sided record reads "at least", and two
/// games give a wide interval, not a point.
#[test]
fn arena_intervals_are_honest_on_one_sided_and_tiny_runs() {
    let results = scratch("honest.jsonl");
    let results = results.to_string_lossy().into_owned();
    let run = |p2: &str, games: &str| {
        let _ = std::fs::remove_file(&results);
        let o = botsim(&[
            "arena",
            "--game",
            "csb",
            "--p1",
            "builtin:ga:rollouts=300",
            "--p2",
            p2,
            "--games",
            games,
            "--seed",
            "3",
            "--results",
            &results,
        ]);
        assert!(o.status.success(), "{}", text(&o));
        text(&o)
    };
    let all = run("builtin:racer", "20");
    assert!(all.contains("W-D-L 20-0-0"), "{all}");
    assert!(all.contains("Elo at least +"), "{all}");
    assert!(!all.contains("2400"), "{all}");
    let two = run("builtin:ga:rollouts=300", "2");
    let line = two
        .lines()
        .find(|l| l.starts_with("games 2 "))
        .unwrap_or_default();
    let bounds: Vec<f64> = line
        .split(['[', ']'])
        .nth(1)
        .map(|b| b.split(", ").map(|x| x.parse().unwrap()).collect())
        .unwrap_or_default();
    assert_eq!(bounds.len(), 2, "{two}");
    assert!(bounds[1] - bounds[0] > 500.0, "{two}");
    std::fs::remove_file(&results).ok();
}

/// A check that passes on nothing is no check: `verify` of a file with no game fails and says
/// why.
#[test]
fn verify_of_no_game_is_an_error() {
    let empty = scratch("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let o = botsim(&["verify", &empty.to_string_lossy()]);
    let out = text(&o);
    std::fs::remove_file(&empty).ok();
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("holds no game: nothing to verify"), "{out}");
    assert!(!out.contains("verified 0/0"), "{out}");
}

/// `replay` of a trace whose orders do not give its states still writes the page, warns, and
/// the page says so.
#[test]
fn a_replay_of_a_trace_that_does_not_reproduce_is_marked() {
    let trace = scratch("tampered.jsonl");
    let trace_text = trace.to_string_lossy().into_owned();
    let o = botsim(&[
        "play",
        "--game",
        "csb",
        "--seed",
        "4",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
        "--trace",
        &trace_text,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let page = scratch("tampered.html");
    let page_text = page.to_string_lossy().into_owned();
    let clean = botsim(&["replay", &trace_text, "-o", &page_text]);
    assert!(clean.status.success(), "{}", text(&clean));
    assert!(!text(&clean).contains("warning"), "{}", text(&clean));
    // The first turn's first order changed: the recorded states no longer follow.
    let mut game: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&trace).unwrap().trim()).unwrap();
    game["turns"][0]["output"][0][0] = serde_json::json!("0 0 0");
    std::fs::write(&trace, format!("{game}\n")).unwrap();
    let o = botsim(&["replay", &trace_text, "-o", &page_text]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("warning: game 1 of") && out.contains("does not reproduce"),
        "{out}"
    );
    assert!(out.contains("turn 0"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("\"mismatch\":\"turn 0"),
        "the page's notes carry it"
    );
    std::fs::remove_file(&trace).ok();
    std::fs::remove_file(&page).ok();
}

/// A bot that does not use botsim's library cannot be told apart by its source: `bundle
/// --check` asks for `--game`, and with it compiles and plays the bot.
#[test]
fn a_standalone_bot_bundles_and_checks_with_game() {
    let bot = scratch("standalone.rs");
    std::fs::write(
        &bot,
        r#"use std::io::BufRead;
fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap());
    let _laps = lines.next();
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let cps: Vec<String> = (0..n).map(|_| lines.next().unwrap()).collect();
    loop {
        let pods: Vec<String> = (0..4).filter_map(|_| lines.next()).collect();
        if pods.len() < 4 {
            return;
        }
        for pod in &pods[..2] {
            let next: usize = pod.split_whitespace().nth(5).unwrap().parse().unwrap();
            println!("{} 100", cps[next]);
        }
    }
}
"#,
    )
    .unwrap();
    let out = scratch("standalone-bundle.rs");
    let (bot, out) = (bot.to_string_lossy(), out.to_string_lossy());
    let o = botsim(&["bundle", &bot, "-o", &out, "--check"]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("name it with --game csb|fb"), "{said}");
    assert!(
        !said.contains("compiled alone") && !std::path::Path::new(&*out).exists(),
        "the game is asked for before any work: {said}"
    );
    let o = botsim(&["bundle", &bot, "-o", &out, "--check", "--game", "csb"]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    assert!(
        said.contains("played a csb game against the built-in bot"),
        "{said}"
    );
    std::fs::remove_file(&*bot).ok();
    std::fs::remove_file(&*out).ok();
}

/// Bad output paths and files are errors before any game, naming the flag or file and what is
/// wrong with it; hints name only options that exist.
#[test]
fn errors_come_before_the_work_and_name_what_is_wrong() {
    let results = scratch("before.jsonl");
    let results_text = results.to_string_lossy().into_owned();
    let o = botsim(&[
        "arena",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
        "--games",
        "2",
        "--results",
        &results_text,
        "--report",
        "/no/such/folder/report.html",
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains(
            "--report /no/such/folder/report.html: the folder /no/such/folder does not exist"
        ),
        "{out}"
    );
    assert!(!results.exists(), "no game was played");

    let o = botsim(&[
        "arena",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
        "--games",
        "-2",
    ]);
    assert!(
        text(&o).contains("invalid value '-2' for '--games"),
        "{}",
        text(&o)
    );

    let missing = scratch("missing.jsonl");
    let o = botsim(&["arena", "merge", &missing.to_string_lossy()]);
    assert!(
        text(&o).contains("cannot read the results file"),
        "{}",
        text(&o)
    );
    let not_json = scratch("not-json.jsonl");
    std::fs::write(&not_json, "this is not json\n").unwrap();
    let o = botsim(&["arena", "merge", &not_json.to_string_lossy()]);
    assert!(
        text(&o).contains("not a results file (no line is an arena result)"),
        "{}",
        text(&o)
    );
    std::fs::remove_file(&not_json).ok();

    let params = scratch("verify-params.toml");
    std::fs::write(&params, "weights.runner = 1.0\n").unwrap();
    std::fs::write(&results, "{}\n").unwrap();
    let o = botsim(&[
        "tune",
        "verify",
        "--params",
        &params.to_string_lossy(),
        "--games",
        "2",
        "--results",
        &results_text,
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("already holds results: choose another file"),
        "{out}"
    );
    assert!(
        !out.contains("--resume"),
        "tune verify has no --resume: {out}"
    );
    std::fs::remove_file(&params).ok();
    std::fs::remove_file(&results).ok();
}

/// A bot's failure explains itself: a crash quotes the end of its stderr (a Python traceback's
/// last line), a bot that prints one line of two is eliminated for its output, not its clock,
/// and `play` keeps a program's stderr with `--logs` and fails when a program cannot start.
#[test]
fn a_failing_bot_says_why() {
    let crash = scratch("crash.py");
    std::fs::write(
        &crash,
        "input()\nraise ValueError('my bot is broken here')\n",
    )
    .unwrap();
    let crash_cmd = format!("python3 {}", crash.display());
    let logs = scratch("logs");
    let logs_text = logs.to_string_lossy().into_owned();
    let o = botsim(&[
        "play",
        "--game",
        "csb",
        "--seed",
        "1",
        "--p1",
        &crash_cmd,
        "--p2",
        "builtin:racer",
        "--logs",
        &logs_text,
    ]);
    let out = text(&o);
    assert!(o.status.success(), "a crash is a lost game: {out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("eliminated:"))
        .unwrap_or_default();
    assert!(line.contains("exited (exit status 1)"), "{out}");
    assert!(line.ends_with("ValueError: my bot is broken here"), "{out}");
    let log = std::fs::read_to_string(logs.join("game000000-seat0.stderr")).unwrap();
    assert!(log.starts_with("Traceback"), "{log}");

    let short = scratch("oneline.py");
    std::fs::write(
        &short,
        "input()\nn = int(input())\nfor _ in range(n): input()\n\
         while True:\n    for _ in range(4): input()\n    print('8000 4500 100', flush=True)\n",
    )
    .unwrap();
    let results = scratch("short.jsonl");
    let o = botsim(&[
        "arena",
        "--game",
        "csb",
        "--p1",
        &format!("python3 {}", short.display()),
        "--p2",
        "builtin:racer",
        "--games",
        "2",
        "--results",
        &results.to_string_lossy(),
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("answered 1 line(s), expected 2"), "{out}");
    assert!(!out.contains("timed out in"), "not a timeout: {out}");
    let stored = std::fs::read_to_string(&results).unwrap();
    assert!(stored.contains("\"cause\":\"output\""), "{stored}");

    let o = botsim(&[
        "play",
        "--game",
        "csb",
        "--seed",
        "1",
        "--p1",
        "./no_such_bot_here",
        "--p2",
        "builtin:racer",
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("could not start: exited (exit status 127, command not found)"),
        "{out}"
    );
    for f in [&crash, &short, &results] {
        std::fs::remove_file(f).ok();
    }
    std::fs::remove_dir_all(&logs).ok();
}

/// Ctrl-C (SIGINT) stops an arena run cleanly: the games under way are finished and kept, the
/// exit status is 130, and the command printed continues the run to its end without a game
/// played twice.
#[test]
fn an_interrupted_arena_keeps_its_games_and_says_how_to_continue() {
    let results = scratch("interrupted.jsonl");
    let results_text = results.to_string_lossy().into_owned();
    let args = [
        "arena",
        "--game",
        "fb",
        "--p1",
        "builtin:ga:rollouts=1500",
        "--p2",
        "builtin:chaser",
        "--games",
        "16",
        "--threads",
        "2",
        "--seed",
        "5",
        "--results",
        &results_text,
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_botsim"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&results).map_or(0, |t| t.lines().count()) == 0 {
        assert!(started.elapsed().as_secs() < 60, "no game ended");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(130), "{out}");
    assert!(out.contains("interrupted: "), "{out}");
    let kept = std::fs::read_to_string(&results).unwrap().lines().count();
    assert!((1..16).contains(&kept), "{kept} games: {out}");
    let resume = out
        .lines()
        .skip_while(|l| !l.starts_with("interrupted: "))
        .nth(1)
        .unwrap_or_default()
        .trim()
        .to_string();
    assert!(resume.ends_with(" --resume"), "{out}");
    assert!(resume.contains(&results_text), "{resume}");
    let o = botsim(&[&args[..], &["--resume"]].concat());
    assert!(o.status.success(), "{}", text(&o));
    let lines = std::fs::read_to_string(&results).unwrap();
    let mut games: Vec<u64> = lines
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["game"]
                .as_u64()
                .unwrap()
        })
        .collect();
    games.sort_unstable();
    assert_eq!(games, (0..16).collect::<Vec<u64>>(), "every game once");
    std::fs::remove_file(&results).ok();
}

/// `tune --opponent` refuses an opponent that cannot play, before the run's folder is made or
/// any game is played: a built-in bot's bad parameter, and a program that does not start.
#[test]
fn a_tuning_opponent_that_cannot_play_is_refused_first() {
    for (opponent, says) in [
        (
            "builtin:duelist:depth=3",
            "builtin:duelist: unknown parameter 'depth'",
        ),
        (
            "/no/such/bot",
            "bot '/no/such/bot' exited before its first turn",
        ),
    ] {
        let dir = scratch("tune-opponent");
        let dir_text = dir.to_string_lossy().into_owned();
        let o = botsim(&[
            "tune",
            "--params",
            "examples/tune-csb.toml",
            "--iterations",
            "1",
            "--opponent",
            opponent,
            "--dir",
            &dir_text,
        ]);
        let out = text(&o);
        assert!(!o.status.success(), "{out}");
        assert!(out.contains(says), "{opponent}: {out}");
        assert!(!dir.exists(), "{opponent}: the run was started");
    }
}

/// The one game in the trace file `path`.
fn read(path: impl AsRef<std::path::Path>) -> botsim::trace::Trace {
    let path = path.as_ref();
    let mut games = botsim::trace::read_file(path).unwrap();
    assert_eq!(games.len(), 1, "{}", path.display());
    games.remove(0)
}

/// A race on `seed` between the annealer and the racer, recorded at `path` by `botsim play`.
fn record_race(path: &std::path::Path, seed: &str) -> botsim::trace::Trace {
    let o = botsim(&[
        "play",
        "--seed",
        seed,
        "--p1",
        "builtin:annealer:rollouts=200,seed=3",
        "--p2",
        "builtin:racer",
        "--trace",
        &path.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    read(path)
}

/// What each player printed, turn by turn.
fn outputs(t: &botsim::trace::Trace) -> Vec<Vec<Vec<String>>> {
    t.turns.iter().map(|turn| turn.output.clone()).collect()
}

/// `play --from TRACE --from-turn T` plays a recorded game on from its turn T: the first T turns
/// are the recorded ones whoever plays, the players (programs too) are asked on them (the same
/// players and search seeds play the whole recorded game again, turn for turn), and other
/// players play on their own way. A trace that cannot be played on is refused, naming why.
#[test]
fn play_from_plays_a_recorded_game_on_from_a_turn() {
    // A program on the contest loop, as a user plays on with their own bot, and a built-in.
    let program = format!("{} --rollouts 300 --seed 5", env!("CARGO_BIN_EXE_csb_bot"));
    let games: [(&str, &str, [&str; 2]); 2] = [
        (
            "csb",
            "11",
            [&program, "builtin:annealer:rollouts=300,seed=6"],
        ),
        (
            "fb",
            "4",
            ["builtin:ga:rollouts=200,seed=5", "builtin:chaser"],
        ),
    ];
    for (game, seed, [p1, p2]) in games {
        let path = |name: &str| {
            scratch(&format!("from-{game}-{name}.jsonl"))
                .to_string_lossy()
                .into_owned()
        };
        let (whole, again, other) = (path("whole"), path("again"), path("other"));
        let o = botsim(&[
            "play", "--game", game, "--seed", seed, "--p1", p1, "--p2", p2, "--trace", &whole,
        ]);
        assert!(o.status.success(), "{}", text(&o));
        let recorded = read(&whole);
        assert!(
            recorded.turns.len() > 30,
            "{game}: {}",
            recorded.turns.len()
        );
        let from = |p1: &str, p2: &str, to: &str| {
            botsim(&[
                "play",
                "--game",
                game,
                "--from",
                &whole,
                "--from-turn",
                "20",
                "--p1",
                p1,
                "--p2",
                p2,
                "--trace",
                to,
            ])
        };
        let o = from(p1, p2, &again);
        assert!(o.status.success(), "{}", text(&o));
        assert_eq!(
            outputs(&read(&again)),
            outputs(&recorded),
            "{game}: the same players play the same game"
        );
        let chaser = if game == "csb" {
            "builtin:racer"
        } else {
            "builtin:chaser"
        };
        let o = from(chaser, chaser, &other);
        assert!(o.status.success(), "{}", text(&o));
        let played = read(&other);
        assert_eq!(played.seed, recorded.seed);
        assert_eq!(played.setup, recorded.setup);
        assert_eq!(
            outputs(&played)[..20],
            outputs(&recorded)[..20],
            "{game}: the recorded turns"
        );
        assert_ne!(
            played.turns[20].output[0], recorded.turns[20].output[0],
            "{game}: player 0 plays on its own way"
        );
        let v = botsim(&["verify", &other]);
        assert!(v.status.success(), "{game}: {}", text(&v));

        let other_game = if game == "csb" { "fb" } else { "csb" };
        let last = recorded.turns.len().to_string();
        let refused: [(&[&str], String); 3] = [
            (
                &["--game", game, "--from", &whole, "--from-turn", &last],
                format!("--from {whole}: turn {last}: the game ended after {last} turns"),
            ),
            (
                &["--game", other_game, "--from", &whole, "--from-turn", "3"],
                format!("a {game} game, not {other_game} (add --game {game})"),
            ),
            (
                &[
                    "--game",
                    game,
                    "--from",
                    &whole,
                    "--from-turn",
                    "3",
                    "--seed",
                    "2",
                ],
                "'--from <FROM>' cannot be used with '--seed <SEED>'".to_string(),
            ),
        ];
        for (args, needle) in refused {
            let mut words = vec!["play", "--p1", chaser, "--p2", chaser];
            words.extend(args);
            let o = botsim(&words);
            let out = text(&o);
            assert!(!o.status.success(), "{args:?}: {out}");
            assert!(out.contains(&needle), "{args:?}: {out}");
            assert!(!out.contains("panicked"), "{args:?}: {out}");
        }
        // A recorded state the engine does not reach: the turns cannot be played on.
        let mut tampered = recorded.clone();
        tampered.turns[5].input[0][0].push('0');
        let bad = path("bad");
        botsim::trace::write_file(std::path::Path::new(&bad), &[tampered]).unwrap();
        let o = botsim(&[
            "play",
            "--game",
            game,
            "--from",
            &bad,
            "--from-turn",
            "9",
            "--p1",
            chaser,
            "--p2",
            chaser,
        ]);
        let out = text(&o);
        assert!(!o.status.success(), "{out}");
        assert!(
            out.contains("does not replay on this engine") && out.contains("turn 5"),
            "{game}: {out}"
        );
        for p in [whole, again, other, bad] {
            std::fs::remove_file(p).ok();
        }
    }
    // A file of many games.
    let many = data("csb-edge-public-000.jsonl.gz");
    let o = botsim(&[
        "play",
        "--from",
        &many,
        "--from-turn",
        "3",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:racer",
    ]);
    assert!(
        text(&o).contains("holds 14 games; a position is taken from a file of one game"),
        "{}",
        text(&o)
    );
}

/// `arena --positions FILE` starts its pairs from recorded positions: pair k from the file's
/// position k (modulo their number), on that game's seed and map, its recorded turns played as
/// recorded, then each bot from each seat. A malformed line or a bad trace is refused, naming
/// the file and line.
#[test]
fn arena_plays_its_pairs_from_recorded_positions() {
    let dir = scratch("positions");
    std::fs::create_dir_all(&dir).unwrap();
    let recorded: Vec<botsim::trace::Trace> = ["21", "22"]
        .iter()
        .map(|seed| record_race(&dir.join(format!("game-{seed}.jsonl.gz")), seed))
        .collect();
    let list = dir.join("positions.txt");
    std::fs::write(
        &list,
        "# two positions\ngame-21.jsonl.gz 15\n\n  game-22.jsonl.gz   30  # the second\n",
    )
    .unwrap();
    let (results, replays) = (dir.join("r.jsonl"), dir.join("rep"));
    let run = |games: &str, list: &std::path::Path, results: &std::path::Path, extra: &[&str]| {
        let (list, results, replays) = (
            list.to_string_lossy(),
            results.to_string_lossy(),
            replays.to_string_lossy(),
        );
        let mut args = vec![
            "arena",
            "--p1",
            "builtin:racer",
            "--p2",
            "builtin:ga:rollouts=100",
            "--games",
            games,
            "--positions",
            &list,
            "--results",
            &results,
            "--replays",
            &replays,
        ];
        args.extend_from_slice(extra);
        botsim(&args)
    };
    let o = run("6", &list, &results, &[]);
    assert!(o.status.success(), "{}", text(&o));
    let lines = std::fs::read_to_string(&results).unwrap();
    let rows: Vec<(i64, String)> = lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|r| {
            let position = r["position"].as_str().unwrap_or("none").to_string();
            (
                r["game"].as_u64().unwrap(),
                (r["seed"].as_i64().unwrap(), position),
            )
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_values()
        .collect();
    let [s21, s22] = [&recorded[0], &recorded[1]].map(|t| t.seed.unwrap());
    let (p21, p22) = ("game-21.jsonl.gz 15", "game-22.jsonl.gz 30");
    assert_eq!(
        rows,
        [
            (s21, p21),
            (s21, p21),
            (s22, p22),
            (s22, p22),
            (s21, p21),
            (s21, p21)
        ]
        .map(|(s, p)| (s, p.to_string())),
        "pair k plays position k mod 2, and its results name it as the file does"
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("from 2 positions: A scored "),
        "the summary speaks of the positions: {}",
        text(&o)
    );
    // Resumed with another list whose first position is another turn of the same game (so the
    // same seed): refused, naming both positions; with the same list it goes on.
    let resume = |list: &std::path::Path| run("8", list, &results, &["--resume"]);
    let other = dir.join("other.txt");
    std::fs::write(&other, "game-21.jsonl.gz 16\ngame-22.jsonl.gz 30\n").unwrap();
    let refused = resume(&other);
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(
        text(&refused).contains(
            "game 0 was played from game-21.jsonl.gz 15, not from game-21.jsonl.gz 16; \
             resume with the same --positions file"
        ),
        "{}",
        text(&refused)
    );
    assert!(!text(&refused).contains("panicked"));
    let resumed = resume(&list);
    assert!(resumed.status.success(), "{}", text(&resumed));
    assert!(
        String::from_utf8_lossy(&resumed.stdout).contains("8 games (2 played now)"),
        "{}",
        text(&resumed)
    );
    for (game, (t, turns)) in [
        (0, (&recorded[0], 15)),
        (1, (&recorded[0], 15)),
        (3, (&recorded[1], 30)),
    ] {
        let played = read(replays.join(format!("game{game:06}.jsonl.gz")));
        assert_eq!(played.setup, t.setup, "game {game}");
        assert_eq!(
            outputs(&played)[..turns],
            outputs(t)[..turns],
            "game {game}: the recorded turns"
        );
        assert_ne!(
            outputs(&played)[turns..],
            outputs(t)[turns..],
            "game {game}: the players play on their own way"
        );
        let v = botsim(&[
            "verify",
            &replays
                .join(format!("game{game:06}.jsonl.gz"))
                .to_string_lossy(),
        ]);
        assert!(v.status.success(), "game {game}: {}", text(&v));
    }
    // Refused, naming the file and the line.
    let bad = |content: &str| {
        let list = dir.join("bad.txt");
        std::fs::write(&list, content).unwrap();
        let results = dir.join("bad.jsonl");
        std::fs::remove_file(&results).ok();
        let o = run("2", &list, &results, &[]);
        assert!(!o.status.success(), "{content}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{}", text(&o));
        text(&o)
    };
    let out = bad("game-21.jsonl.gz 15\ngame-21.jsonl.gz\n");
    assert!(
        out.contains("bad.txt line 2: expected 'TRACE TURN'"),
        "{out}"
    );
    let out = bad("game-21.jsonl.gz fifteen\n");
    assert!(
        out.contains("bad.txt line 1: the turn 'fifteen' is not a whole number"),
        "{out}"
    );
    let out = bad("\ngame-99.jsonl.gz 15\n");
    assert!(
        out.contains("bad.txt line 2: ") && out.contains("game-99.jsonl.gz"),
        "{out}"
    );
    let last = recorded[0].turns.len();
    let out = bad(&format!("game-21.jsonl.gz {last}\n"));
    assert!(
        out.contains(&format!("turn {last}: the game ended after {last} turns")),
        "{out}"
    );
    let out = bad("# nothing\n");
    assert!(out.contains("no positions in the file"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The first turn at which each player of a recorded CSB game had gone `k` turns without a
/// checkpoint pass, read from the trace's own states (each pod's count of passes), with a turn
/// left to play, with the other player's count then: what `botsim positions --stalled` must
/// find.
fn stalls_in_states(t: &botsim::trace::Trace, k: usize) -> Vec<(usize, usize, usize)> {
    let (mut last, mut before, mut found) =
        ([0; 2], [0u64; 4], Vec::<(usize, usize, usize)>::new());
    for (played, turn) in (1..t.turns.len()).zip(&t.turns) {
        for (pod, was) in before.iter_mut().enumerate() {
            let passed = turn.state["pods"][pod]["passed"].as_u64().unwrap();
            if passed != *was {
                last[pod / 2] = played;
                *was = passed;
            }
        }
        for (p, &at) in last.iter().enumerate() {
            if played - at == k && found.iter().all(|&(_, q, _)| q != p) {
                found.push((played, p, played - last[1 - p]));
            }
        }
    }
    found
}

/// `botsim positions` finds in recorded games the first position where each player had gone K
/// turns without a pass (as the traces' own states count them), names the player's bot, keeps
/// one bot's with --player, lists a fixed turn with --turn, lists a game recorded twice once,
/// writes paths that `arena --positions` reads, and refuses bad input naming it, without a
/// panic.
#[test]
fn positions_are_found_where_a_player_nears_the_timeout() {
    let dir = scratch("find-positions");
    let rec = dir.join("rec");
    std::fs::create_dir_all(&rec).unwrap();
    for seed in ["21", "22", "23"] {
        record_race(&rec.join(format!("game-{seed}.jsonl.gz")), seed);
    }
    // The same game under another name, as a seat-swapped pair of one bot's copies records it.
    std::fs::copy(rec.join("game-21.jsonl.gz"), rec.join("game-29.jsonl.gz")).unwrap();
    let (mut expected, mut others) = (std::collections::BTreeSet::new(), Vec::new());
    for seed in ["21", "22", "23"] {
        let name = format!("game-{seed}.jsonl.gz");
        let t = read(rec.join(&name));
        for (turn, p, other) in stalls_in_states(&t, 12) {
            expected.insert((name.clone(), turn, t.bots[p].clone()));
            others.push((format!("rec/{name}"), turn, other));
        }
    }
    others.sort();
    let players: std::collections::BTreeSet<_> = expected.iter().map(|e| &e.2).collect();
    assert_eq!(
        players.len(),
        2,
        "both players stall somewhere: {expected:?}"
    );
    // A line: `PATH TURN  # player P (BOT): K turns without a pass`.
    let parse = |out: &str| -> std::collections::BTreeSet<(String, usize, String)> {
        out.lines()
            .map(|l| {
                let (fields, what) = l.split_once('#').unwrap();
                let mut fields = fields.split_whitespace();
                let path = fields.next().unwrap().to_string();
                let turn = fields.next().unwrap().parse().unwrap();
                let bot = what.split_once('(').unwrap().1.rsplit_once("):").unwrap().0;
                (path, turn, bot.to_string())
            })
            .collect()
    };

    let list = dir.join("late.txt");
    let o = botsim(&[
        "positions",
        "--stalled",
        "12",
        &rec.to_string_lossy(),
        "-o",
        &list.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let written = std::fs::read_to_string(&list).unwrap();
    let in_rec: std::collections::BTreeSet<_> = expected
        .iter()
        .map(|(name, turn, bot)| (format!("rec/{name}"), *turn, bot.clone()))
        .collect();
    assert_eq!(parse(&written), in_rec, "{written}");
    // Each line says the other player's count then, and who times out first.
    let mut said: Vec<(String, usize, usize)> = written
        .lines()
        .map(|l| {
            let mut fields = l.split_whitespace();
            let (path, turn) = (fields.next().unwrap(), fields.next().unwrap());
            let other = l.split_once("(the other player ").unwrap().1;
            let (count, who) = other.split_once(": ").unwrap();
            let count: usize = count.parse().unwrap();
            let says_who = match count.cmp(&12) {
                std::cmp::Ordering::Less => {
                    who.starts_with("player ") && who.ends_with(" times out first)")
                }
                std::cmp::Ordering::Equal => who == "both at once)",
                std::cmp::Ordering::Greater => who == "the other times out first)",
            };
            assert!(says_who, "{l}");
            (path.to_string(), turn.parse().unwrap(), count)
        })
        .collect();
    said.sort();
    assert_eq!(said, others, "{written}");
    assert!(
        text(&o).contains(&format!(
            "{} positions from 3 games (1 left out: the same game as another file's)",
            expected.len()
        )),
        "{}",
        text(&o)
    );

    // One bot's stalls, to standard output with absolute paths.
    let o = botsim(&[
        "positions",
        "--stalled",
        "12",
        "--player",
        "racer",
        &rec.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let racer: std::collections::BTreeSet<_> = expected
        .iter()
        .filter(|e| e.2.starts_with("racer"))
        .map(|(name, turn, bot)| {
            let path = rec.join(name).canonicalize().unwrap();
            (path.to_string_lossy().into_owned(), *turn, bot.clone())
        })
        .collect();
    assert!(!racer.is_empty());
    assert_eq!(parse(&String::from_utf8_lossy(&o.stdout)), racer);

    // A fixed turn of every game that lasts longer.
    let o = botsim(&["positions", "--turn", "20", &rec.to_string_lossy()]);
    assert!(o.status.success(), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let turns: Vec<&str> = stdout
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(turns, ["20", "20", "20"], "{stdout}");

    // The list is one `arena --positions` plays from.
    let results = dir.join("r.jsonl");
    let o = botsim(&[
        "arena",
        "--p1",
        "builtin:racer",
        "--p2",
        "builtin:interceptor",
        "--games",
        "2",
        "--positions",
        &list.to_string_lossy(),
        "--results",
        &results.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));

    // Bad input, named.
    let fb = dir.join("fb.jsonl.gz").to_string_lossy().into_owned();
    play_fb_chasers(&fb);
    let missing = dir.join("nope.jsonl.gz").to_string_lossy().into_owned();
    let many = data("csb-edge-public-000.jsonl.gz");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    for (args, says) in [
        (
            vec!["--stalled", "12", &missing],
            "nope.jsonl.gz: no such file or folder",
        ),
        (
            vec!["--stalled", "12", &fb],
            "--stalled counts checkpoint passes, which only csb has",
        ),
        (vec!["--stalled", "12", &many], "holds 14 games"),
        (
            vec!["--stalled", "12", &empty.to_string_lossy()],
            "no trace files",
        ),
        (vec![&many], "--stalled"),
        (vec!["--stalled", "100", &fb], "100 is not in 1..100"),
        (
            vec!["--turn", "5", "--player", "ga", &fb],
            "cannot be used with",
        ),
    ] {
        let o = botsim(&[&["positions"][..], &args].concat());
        assert!(!o.status.success(), "{args:?}");
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{args:?}: {}", text(&o));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// More games at once than one per two cores while a program plays puts more players thinking
/// than there are cores: the arena says so, and not at one game at a time.
#[test]
fn arena_notes_when_its_games_share_cores_with_a_program() {
    let results = scratch("crowded.jsonl");
    let results_text = results.to_string_lossy().into_owned();
    for (threads, noted) in [("64", true), ("1", false)] {
        std::fs::remove_file(&results).ok();
        let o = botsim(&[
            "arena",
            "--p1",
            "read line; echo garbage",
            "--p2",
            "builtin:racer",
            "--games",
            "2",
            "--threads",
            threads,
            "--results",
            &results_text,
        ]);
        assert!(o.status.success(), "{}", text(&o));
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            stderr.contains(&format!(
                "note: --threads {threads} plays more games at once"
            )),
            noted,
            "--threads {threads}: {stderr}"
        );
    }
    std::fs::remove_file(&results).ok();
}

/// `arena compare`: two versions of A against one opponent on the same seed, game by game. The
/// oracle reads both results files itself: the games whose outcome for A went up or down.
#[test]
fn arena_compare_names_the_games_a_change_won_and_lost() {
    let dir = scratch("compare");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, bot: &str, seed: &str| {
        let results = dir.join(name).to_string_lossy().into_owned();
        let o = botsim(&[
            "arena",
            "--p1",
            bot,
            "--p2",
            "builtin:brawler:depth=1",
            "--games",
            "12",
            "--seed",
            seed,
            "--results",
            &results,
        ]);
        assert!(o.status.success(), "{}", text(&o));
        results
    };
    // A blocker that races from 30 turns without a pass instead of 80: it plays some games
    // otherwise.
    let before = run("before.jsonl", "builtin:ga:rollouts=300", "5");
    let after = run(
        "after.jsonl",
        "builtin:ga:rollouts=300,weights.both_race_after=30",
        "5",
    );
    // A's points in each game, from the files' own lines.
    let points = |path: &str| -> Vec<(u64, i64)> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                let game = v["game"].as_u64().unwrap();
                let a = (game % 2) as usize;
                let scores = &v["scores"];
                (
                    game,
                    scores[a].as_i64().unwrap() - scores[1 - a].as_i64().unwrap(),
                )
            })
            .collect()
    };
    let (mut b, mut a) = (points(&before), points(&after));
    b.sort();
    a.sort();
    let (mut better, mut worse) = (Vec::new(), Vec::new());
    for ((game, old), (_, new)) in b.iter().zip(&a) {
        match new.signum().cmp(&old.signum()) {
            std::cmp::Ordering::Greater => better.push(game.to_string()),
            std::cmp::Ordering::Less => worse.push(game.to_string()),
            std::cmp::Ordering::Equal => {}
        }
    }
    assert!(
        !better.is_empty() || !worse.is_empty(),
        "the change should turn a game on these seeds"
    );
    let o = botsim(&["arena", "compare", &before, &after]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("games in both runs: 12\n"), "{out}");
    assert!(
        out.contains(&format!(
            "A did better in {}, worse in {},",
            better.len(),
            worse.len()
        )),
        "{out}"
    );
    for (what, games) in [("better", &better), ("worse", &worse)] {
        if !games.is_empty() {
            assert!(
                out.contains(&format!("games A did {what} in: {}\n", games.join(", "))),
                "{out}"
            );
        }
    }
    // A run on another seed is refused, naming the game and both seeds.
    let other = run("other.jsonl", "builtin:ga:rollouts=300", "6");
    let o = botsim(&["arena", "compare", &before, &other]);
    let err = text(&o);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("game 0 has seed") && err.contains("compare runs made with the same --seed"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

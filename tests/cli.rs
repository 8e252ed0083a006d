//! The `botsim` binary as a user runs it: the README's commands work, and bad input gets a
//! clear message naming what was wrong, never a panic.

use std::path::PathBuf;
use std::process::{Command, Output};

fn botsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botsim"))
        .args(args)
        .output()
        .expect("botsim runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/csb")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn play_prints_the_result_and_writes_a_trace_that_verifies() {
    let trace = std::env::temp_dir().join(format!("botsim-cli-{}.jsonl.gz", std::process::id()));
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
    let path = std::env::temp_dir().join(format!("botsim-not-trace-{}.jsonl", std::process::id()));
    std::fs::write(&path, "{\"hello\": 1}\n").unwrap();
    let o = botsim(&["verify", &path.to_string_lossy()]);
    std::fs::remove_file(&path).ok();
    assert!(!o.status.success());
    assert!(text(&o).contains(":1: not a trace/1 game"), "{}", text(&o));
}

#[test]
fn fb_play_and_verify() {
    let trace = std::env::temp_dir().join(format!("botsim-cli-fb-{}.jsonl.gz", std::process::id()));
    let trace = trace.to_string_lossy().into_owned();
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
        &trace,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("fb seed 3:"), "{}", text(&o));
    let v = botsim(&["verify", &trace, &data("csb-edge-public-000.jsonl.gz")]);
    std::fs::remove_file(&trace).ok();
    assert!(v.status.success(), "{}", text(&v));
    assert!(text(&v).contains("verified 15/15 games"), "{}", text(&v));
}

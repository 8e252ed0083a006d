//! The ladder as a user runs it: versions rebuilt from their commits play exactly as
//! ladder.toml records, `ladder:NAME` plays in the arena and in `play`, and a clone without the
//! history says how to fetch it.

mod common;

use common::{botsim_in, text};
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-ladder-{}-{name}", std::process::id()))
}

#[test]
fn every_version_rebuilt_from_its_commit_in_a_fresh_clone_plays_as_recorded() {
    let clone = scratch("full");
    let url = format!("file://{}", repo().display());
    let o = Command::new("git")
        .args(["clone", "-q", &url])
        .arg(&clone)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let o = botsim_in(&clone, &["ladder", "check"]);
    let out = text(&o);
    let list = text(&botsim_in(&clone, &["ladder", "list"]));
    std::fs::remove_dir_all(&clone).ok();
    assert!(o.status.success(), "{out}");
    let names: Vec<&str> = list
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| n.starts_with("csb_v") || n.starts_with("fb_v"))
        .collect();
    for name in ["csb_v1", "csb_v3", "fb_v1", "fb_v9"] {
        assert!(names.contains(&name), "{list}");
    }
    for name in &names {
        assert!(out.contains(&format!("{name}: built from ")), "{out}");
        assert!(out.contains(&format!("{name}: plays as recorded")), "{out}");
    }
    assert_eq!(
        list.lines().filter(|l| l.contains(" yes ")).count(),
        names.len(),
        "{list}"
    );
}

#[test]
fn a_binary_that_plays_otherwise_fails_the_check() {
    // fb_v8 is not fb_v9: checking its build against fb_v9's record must fail, and say both.
    let built = botsim_in(&repo(), &["ladder", "build", "fb_v8"]);
    assert!(built.status.success(), "{}", text(&built));
    let v8 = repo().join("target/ladder");
    let v8 = std::fs::read_dir(&v8)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("fb_v8-")
        })
        .unwrap()
        .join("fb_v8");
    let o = botsim_in(
        &repo(),
        &[
            "ladder",
            "check",
            "fb_v9",
            "--binary",
            &v8.to_string_lossy(),
        ],
    );
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("fb_v9: plays differently: fingerprint "),
        "{out}"
    );
    assert!(
        out.contains("fb_v9 played differently from the record"),
        "{out}"
    );
}

#[test]
fn ladder_versions_play_in_the_arena_and_in_play() {
    let results = scratch("arena.jsonl");
    let o = botsim_in(
        &repo(),
        &[
            "arena",
            "--game",
            "csb",
            "--p1",
            "ladder:csb_v1 --rollouts 300",
            "--p2",
            "builtin:racer",
            "--games",
            "2",
            "--seed",
            "3",
            "--results",
            &results.to_string_lossy(),
        ],
    );
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("W-D-L"), "{out}");
    let lines = std::fs::read_to_string(&results).unwrap();
    assert_eq!(lines.lines().count(), 2, "{lines}");
    assert!(
        lines.contains("\"ladder:csb_v1 --rollouts 300\""),
        "{lines}"
    );
    assert!(!lines.contains("\"errors\":[{"), "{lines}");
    std::fs::remove_file(&results).ok();

    let o = botsim_in(
        &repo(),
        &[
            "play",
            "--game",
            "fb",
            "--seed",
            "5",
            "--p1",
            "ladder:fb_v9 --rollouts 200",
            "--p2",
            "builtin:chaser",
        ],
    );
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("fb seed 5: ladder:fb_v9 --rollouts 200 "),
        "{out}"
    );
    assert!(!out.contains("eliminated"), "{out}");

    for (args, says) in [
        (
            [
                "play",
                "--game",
                "fb",
                "--p1",
                "ladder:csb_v1",
                "--p2",
                "builtin:chaser",
            ],
            "ladder:csb_v1 plays csb, not fb (--game)",
        ),
        (
            [
                "play",
                "--game",
                "csb",
                "--p1",
                "ladder:csb_v0",
                "--p2",
                "builtin:racer",
            ],
            "no version 'csb_v0'",
        ),
    ] {
        let o = botsim_in(&repo(), &args);
        let out = text(&o);
        assert!(!o.status.success(), "{out}");
        assert!(out.contains(says), "{out}");
        assert!(!out.contains("panicked"), "{out}");
    }
}

#[test]
fn a_shallow_clone_says_how_to_fetch_a_version_it_lacks() {
    let clone = scratch("shallow");
    let url = format!("file://{}", repo().display());
    let o = Command::new("git")
        .args(["clone", "-q", "--depth", "1", &url])
        .arg(&clone)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let o = botsim_in(&clone, &["ladder", "build", "csb_v1"]);
    let out = text(&o);
    std::fs::remove_dir_all(&clone).ok();
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("is not in this clone"), "{out}");
    assert!(out.contains("fetch --unshallow"), "{out}");
}

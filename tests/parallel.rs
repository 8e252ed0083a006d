//! The distributed path of docs/arena.md, run for real: GNU parallel plays an arena's shards as
//! separate botsim runs, and `arena merge` of their results prints exactly the summary that one
//! unsharded run of the same games prints. `./test` installs Debian's `parallel`.

mod common;

use common::text;
use std::path::Path;
use std::process::Command;

/// The lines of a summary that speak of the games (not of their timing): the counts, Elo,
/// pentanomial and SPRT.
fn verdict(summary: &str) -> Vec<String> {
    summary
        .lines()
        .filter(|l| {
            l.starts_with("games ") || l.starts_with("pentanomial") || l.starts_with("SPRT")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn shards_played_by_gnu_parallel_merge_into_the_unsharded_summary() {
    let present = common::runs("parallel");
    let test = "shards_played_by_gnu_parallel_merge_into_the_unsharded_summary";
    if !common::tool_present(
        test,
        present,
        "GNU parallel not found: ./test installs Debian's parallel",
    ) {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-parallel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let botsim = env!("CARGO_BIN_EXE_botsim");
    let game = "--game fb --p1 builtin:ga:rollouts=150 --p2 builtin:chaser:keeper=1 --games 12 \
                --seed 77 --sprt elo0=0,elo1=25";
    let o = Command::new("parallel")
        .current_dir(&dir)
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(format!(
            "{botsim} arena {game} --threads 1 --shard {{}}/3 --results shard{{}}.jsonl"
        ))
        .args([":::", "0", "1", "2"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let shards: Vec<String> = (0..3).map(|i| format!("shard{i}.jsonl")).collect();
    for s in &shards {
        let lines = std::fs::read_to_string(dir.join(s)).unwrap();
        assert_eq!(lines.lines().count(), 4, "{s}: {lines}");
    }
    let merged = Command::new(botsim)
        .current_dir(&dir)
        .args(["arena", "merge", "--sprt", "elo0=0,elo1=25"])
        .args(&shards)
        .output()
        .unwrap();
    assert!(merged.status.success(), "{}", text(&merged));
    let whole = Command::new(botsim)
        .current_dir(&dir)
        .args(["arena"])
        .args(game.split_whitespace())
        .args(["--results", "whole.jsonl"])
        .output()
        .unwrap();
    assert!(whole.status.success(), "{}", text(&whole));
    let (merged, whole) = (text(&merged), text(&whole));
    let expected = verdict(&whole);
    assert!(
        expected.iter().any(|l| l.starts_with("games 12 ")),
        "{whole}"
    );
    assert_eq!(
        verdict(&merged),
        expected,
        "merged:\n{merged}\nwhole:\n{whole}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

//! HTML replays in a real browser: headless Chromium opens a generated page at a turn with a
//! collision, and the page must show that turn, draw pod (or wizard) 0 where the trace has it,
//! mark every collision the engine resolved in that turn, and raise no error. Screenshots are kept in target/replay-artifacts/. `.ci/run` installs Debian's
//! chromium when it is missing; `BOTSIM_CHROMIUM` names another browser binary.

use std::path::{Path, PathBuf};
use std::process::Command;

fn browser() -> String {
    std::env::var("BOTSIM_CHROMIUM").unwrap_or_else(|_| "chromium".to_string())
}

/// Chromium's flags for a closed network, as root, without a GPU.
fn headless(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--virtual-time-budget=3000",
        "--window-size=1000,700",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

fn attr(dom: &str, name: &str) -> String {
    let probe = &dom[dom
        .find("<div id=\"probe\"")
        .expect("the page has its probe")..];
    let key = format!("{name}=\"");
    let at = probe
        .find(&key)
        .unwrap_or_else(|| panic!("probe has no {name}: {probe:.200}"))
        + key.len();
    probe[at..at + probe[at..].find('"').unwrap()].to_string()
}

/// Opens the first turn from 40 on that had a collision, so that its marks are checked too.
fn check(game: &str, file: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let games = botsim::trace::read_file(&root.join(file)).unwrap();
    let contacts = botsim::replay::contacts(&games[0]);
    let turn = 1 + contacts
        .iter()
        .map(|c| c.0)
        .find(|&t| t >= 40)
        .expect("a collision after turn 40");
    let artifacts = root.join("target/replay-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let page = artifacts.join(format!("{game}.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_botsim"))
        .args([
            "replay",
            &root.join(file).to_string_lossy(),
            "-o",
            &page.to_string_lossy(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let url = format!("file://{}#turn={turn}", page.display());
    let profile =
        std::env::temp_dir().join(format!("botsim-chromium-{}-{game}", std::process::id()));
    let run = |extra: &[String]| {
        Command::new(browser())
            .args(headless(&profile))
            .args(extra)
            .arg(&url)
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run {} ({e}): install chromium (.ci/run does)",
                    browser()
                )
            })
    };
    let dom = run(&["--dump-dom".to_string()]);
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let dom = String::from_utf8_lossy(&dom.stdout).into_owned();
    let stderr_errors = String::from_utf8_lossy(&run(&["--dump-dom".to_string()]).stderr)
        .lines()
        .filter(|l| l.contains("Uncaught") || l.contains("CONSOLE"))
        .map(str::to_string)
        .collect::<Vec<_>>();
    assert!(stderr_errors.is_empty(), "console: {stderr_errors:?}");
    assert_eq!(attr(&dom, "data-errors"), "0", "page errors");
    assert_eq!(attr(&dom, "data-turn"), turn.to_string());
    assert!(
        dom.contains(&format!("<span id=\"turn\">{turn}</span>")),
        "the turn counter shows {turn}"
    );
    // The trace's position of pod / wizard 0 after turn `turn - 1`.
    let state = &games[0].turns[turn - 1].state;
    let (x, y) = if game == "csb" {
        (
            state["pods"][0]["x"].as_i64().unwrap(),
            state["pods"][0]["y"].as_i64().unwrap(),
        )
    } else {
        (
            state["wizards"][0]["pos"][0].as_i64().unwrap(),
            state["wizards"][0]["pos"][1].as_i64().unwrap(),
        )
    };
    let drawn: (i64, i64) = (
        attr(&dom, "data-x").parse().unwrap(),
        attr(&dom, "data-y").parse().unwrap(),
    );
    assert!(
        (drawn.0 - x).abs() <= 1 && (drawn.1 - y).abs() <= 1,
        "drawn at {drawn:?}, the trace has ({x}, {y})"
    );
    // The turn's collisions, as the engine resolved them, are all marked.
    let want = contacts.iter().filter(|c| c.0 == turn - 1).count();
    assert!(want > 0);
    assert_eq!(
        attr(&dom, "data-contacts"),
        want.to_string(),
        "collision marks of turn {}",
        turn - 1
    );
    let shot = artifacts.join(format!("{game}.png"));
    let s = run(&[format!("--screenshot={}", shot.display())]);
    assert!(
        s.status.success() && shot.metadata().map(|m| m.len() > 10_000).unwrap_or(false),
        "screenshot {}",
        shot.display()
    );
    let _ = std::fs::remove_dir_all(&profile);
}

#[test]
fn csb_replay_shows_the_trace_in_a_browser() {
    check("csb", "tests/data/csb/csb-public-000.jsonl.gz");
}

#[test]
fn fb_replay_shows_the_trace_in_a_browser() {
    check("fb", "tests/data/fb/fb-public-000.jsonl.gz");
}

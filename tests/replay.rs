//! HTML replays in a real browser. Each test plays a game with the real CLI between a program
//! bot that prints messages after its orders and writes on stderr, and a built-in bot; writes
//! its replay page; and opens it in headless Chromium at a turn with a collision, stepping to it
//! with the keyboard. The page must show that turn, draw unit 0 where the trace has it (checked
//! in the screenshot's pixels too), show the legend, counters (CSB: turns left before the
//! checkpoint timeout; FB: magic), stderr and message of the turn, list the timeline's events,
//! mark every collision the engine resolved in the turn, jump to the next event on `n`, and
//! raise no error. Screenshots are kept in target/replay-artifacts/. `./test` installs Debian's
//! chromium when it is missing; `BOTSIM_CHROMIUM` names another browser binary.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn browser() -> String {
    std::env::var("BOTSIM_CHROMIUM").unwrap_or_else(|_| "chromium".to_string())
}

/// Whether the browser runs here; if not, `test` is skipped (see `common::tool_present`).
fn browser_present(test: &str) -> bool {
    let runs = common::runs(&browser());
    let install = format!(
        "{} not found: ./test installs Debian's chromium (or set BOTSIM_CHROMIUM)",
        browser()
    );
    common::tool_present(test, runs, &install)
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
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--virtual-time-budget=3000",
        "--window-size=1400,900",
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

fn pair(text: &str) -> (i64, i64) {
    let (a, b) = text.split_once(',').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

/// A program bot for `game` that orders every unit to the centre with a message, and writes a
/// line on stderr each turn.
fn chatty_bot(dir: &Path, game: &str) -> String {
    let script = match game {
        "csb" => {
            "read laps; read n; i=0; while [ $i -lt $n ]; do read cp; i=$((i+1)); done\n\
             t=0\n\
             while read a && read b && read c && read d; do\n\
             echo \"thinking about turn $t\" >&2\n\
             echo \"8000 4500 100 go $t\"; echo \"8000 4500 BOOST boost!\"\n\
             t=$((t+1))\n\
             done\n"
        }
        _ => {
            "read team\n\
             t=0\n\
             while read a && read b && read n; do\n\
             i=0; while [ $i -lt $n ]; do read e; i=$((i+1)); done\n\
             echo \"thinking about turn $t\" >&2\n\
             echo \"MOVE 8000 3750 150 go $t\"; echo \"MOVE 8000 3750 100 yo\"\n\
             t=$((t+1))\n\
             done\n"
        }
    };
    let path = dir.join(format!("chatty-{game}.sh"));
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

/// The page's DOM after it loaded `url`, and the browser's complaints.
fn open(url: &str, profile: &Path, extra: &[String]) -> (String, Vec<String>) {
    let out = Command::new(browser())
        .args(headless(profile))
        .args(extra)
        .arg(url)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {} ({e}): install chromium (./test does)",
                browser()
            )
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let complaints = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains("Uncaught") || l.contains("CONSOLE"))
        .map(str::to_string)
        .collect();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        complaints,
    )
}

/// An RGB image from a PNG file.
struct Shot {
    width: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn read(path: &Path) -> Shot {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            width: info.width as usize,
            rgb,
        }
    }

    fn at(&self, x: i64, y: i64) -> [u8; 3] {
        self.rgb[y as usize * self.width + x as usize]
    }
}

/// Whether a pixel is near a colour (#rrggbb).
fn near(px: [u8; 3], hex: &str) -> bool {
    let want: Vec<i32> = (0..3)
        .map(|i| i32::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap())
        .collect();
    px.iter()
        .zip(&want)
        .all(|(&p, &w)| (i32::from(p) - w).abs() <= 12)
}

/// Runs a command that must succeed.
fn succeeds(cmd: &mut Command) {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

const PLAYER_COLOURS: [&str; 2] = ["#d62728", "#1f77b4"];

fn check(game: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let artifacts = root.join("target/replay-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let botsim = env!("CARGO_BIN_EXE_botsim");
    // A game through the real CLI: the chatty program against a built-in bot.
    let trace_file = artifacts.join(format!("{game}.jsonl.gz"));
    let opponent = if game == "csb" {
        "builtin:racer"
    } else {
        "builtin:chaser"
    };
    succeeds(
        Command::new(botsim)
            .args(["play", "--game", game, "--seed", "11"])
            .args(["--p1", &chatty_bot(&artifacts, game), "--p2", opponent])
            .args(["--turn-ms", "1000", "--trace"])
            .arg(&trace_file),
    );
    let games = botsim::trace::read_file(&trace_file).unwrap();
    let trace = &games[0];
    let notes = botsim::replay::notes(trace);
    // The first turn from 20 on with a collision, so that its marks are checked too. Turns are
    // numbered from 0 as in the trace; the page shows the state after the turn.
    let turn = notes
        .contacts
        .iter()
        .map(|c| c.0)
        .find(|&t| t >= 20)
        .expect("a collision after turn 20");
    let page = artifacts.join(format!("{game}.html"));
    succeeds(
        Command::new(botsim)
            .arg("replay")
            .arg(&trace_file)
            .arg("-o")
            .arg(&page),
    );
    let profile = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-chromium-{}-{game}", std::process::id()));
    // Opened a turn early, then one step with the keyboard.
    let url = format!(
        "file://{}#turn={}&keys=ArrowRight",
        page.display(),
        turn - 1
    );
    let (dom, complaints) = open(&url, &profile, &["--dump-dom".to_string()]);
    assert!(complaints.is_empty(), "console: {complaints:?}");
    assert_eq!(attr(&dom, "data-errors"), "0", "page errors");
    assert_eq!(
        attr(&dom, "data-turn"),
        turn.to_string(),
        "the arrow key steps"
    );
    assert!(
        dom.contains(&format!("<span id=\"turn\">{turn}</span>")),
        "the turn counter shows {turn}"
    );
    assert!(
        dom.contains(&format!(
            "(turns 0 to <span id=\"last\">{}</span>)",
            trace.turns.len() - 1
        )),
        "the counter names the last turn"
    );
    // Unit 0 where the trace has it after turn `turn`.
    let state = &trace.turns[turn].state;
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
    let drawn = (attr(&dom, "data-x"), attr(&dom, "data-y"));
    let drawn: (i64, i64) = (drawn.0.parse().unwrap(), drawn.1.parse().unwrap());
    assert!(
        (drawn.0 - x).abs() <= 1 && (drawn.1 - y).abs() <= 1,
        "drawn at {drawn:?}, the trace has ({x}, {y})"
    );
    // The turn's collisions, as the engine resolved them, are all marked.
    let want = notes.contacts.iter().filter(|c| c.0 == turn).count();
    assert!(want > 0);
    assert_eq!(attr(&dom, "data-contacts"), want.to_string());
    // The legend names both bots; the counters are the trace's.
    for bot in &trace.bots {
        let shown = bot
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(dom.contains(&shown), "the legend names {bot}");
    }
    let counters: Vec<i64> = if game == "csb" {
        // Turns left before the timeout: 100 less the turns played since the player's last pass.
        (0..2)
            .map(|p| {
                let passes = |t: usize| -> i64 {
                    let pods = &trace.turns[t].state["pods"];
                    pods[2 * p]["passed"].as_i64().unwrap()
                        + pods[2 * p + 1]["passed"].as_i64().unwrap()
                };
                let last = (0..=turn)
                    .rev()
                    .find(|&t| passes(t) > if t == 0 { 0 } else { passes(t - 1) });
                100 - (turn as i64 - last.map_or(-1, |t| t as i64))
            })
            .collect()
    } else {
        (0..2)
            .map(|p| state["players"][p]["magic"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(
        attr(&dom, "data-counters"),
        format!("{},{}", counters[0], counters[1]),
        "counters after turn {turn}"
    );
    // This turn's stderr and message of player 0's first unit.
    let said = &trace.turns[turn].stderr[0];
    assert_eq!(said, &vec![format!("thinking about turn {turn}")]);
    assert!(dom.contains(&said[0]), "the page shows the turn's stderr");
    assert!(
        dom.contains(&format!("player 0 ({}), turn {turn}:", trace.bots[0])),
        "the orders are headed by the turn's number"
    );
    assert_eq!(attr(&dom, "data-message0"), format!("go {turn}"));
    // The timeline lists every event but the collisions (hidden at first), the turn's marked.
    let listed: Vec<_> = notes
        .events
        .iter()
        .filter(|e| e.kind != "collision")
        .collect();
    assert!(listed.len() > 3, "{:?}", notes.events);
    assert_eq!(attr(&dom, "data-events"), listed.len().to_string());
    let now = listed.iter().filter(|e| e.turn == turn).count();
    assert_eq!(attr(&dom, "data-now"), now.to_string());
    // `n` jumps to the next turn with an event.
    let next = listed
        .iter()
        .map(|e| e.turn)
        .find(|&t| t > turn)
        .unwrap_or(turn);
    let url_n = format!("file://{}#turn={turn}&keys=n", page.display());
    let (dom_n, _) = open(&url_n, &profile, &["--dump-dom".to_string()]);
    assert_eq!(
        attr(&dom_n, "data-turn"),
        next.to_string(),
        "n goes to the next event"
    );
    // Home goes to the start, before any order.
    let url_home = format!("file://{}#turn={turn}&keys=Home", page.display());
    let (dom_home, _) = open(&url_home, &profile, &["--dump-dom".to_string()]);
    assert_eq!(
        attr(&dom_home, "data-turn"),
        "start",
        "Home shows the start"
    );
    // The screenshot: unit 0 drawn in its player's colour where the page says, and the legend's
    // swatches in the players' colours.
    let shot = artifacts.join(format!("{game}.png"));
    let _ = std::fs::remove_file(&shot);
    open(
        &url,
        &profile,
        &[format!("--screenshot={}", shot.display())],
    );
    let image = Shot::read(&shot);
    let (cx, cy) = pair(&attr(&dom, "data-canvas"));
    let (px, py) = (
        cx + attr(&dom, "data-px").parse::<i64>().unwrap(),
        cy + attr(&dom, "data-py").parse::<i64>().unwrap(),
    );
    // Points inside the unit, clear of its label at the centre; an arrow may cross one or two.
    let inside = [
        (-11, -5),
        (11, -5),
        (-11, 6),
        (11, 6),
        (-5, -12),
        (5, 12),
        (-12, 0),
        (12, 0),
    ];
    let coloured = inside
        .iter()
        .filter(|(dx, dy)| near(image.at(px + dx, py + dy), PLAYER_COLOURS[0]))
        .count();
    assert!(
        coloured >= 5,
        "unit 0 at ({px}, {py}) in the screenshot: {coloured} of 8 points red"
    );
    for (p, at) in attr(&dom, "data-swatches").split(' ').enumerate() {
        let (sx, sy) = pair(at);
        assert!(
            near(image.at(sx, sy), PLAYER_COLOURS[p]),
            "swatch {p} at ({sx}, {sy}) is {:?}",
            image.at(sx, sy)
        );
    }
    let _ = std::fs::remove_dir_all(&profile);
}

#[test]
fn csb_replay_shows_the_game_in_a_browser() {
    if browser_present("csb_replay_shows_the_game_in_a_browser") {
        check("csb");
    }
}

#[test]
fn fb_replay_shows_the_game_in_a_browser() {
    if browser_present("fb_replay_shows_the_game_in_a_browser") {
        check("fb");
    }
}

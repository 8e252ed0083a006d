//! botsim as psyleague's game command, with the real psyleague (PyPI 0.4.1, installed by
//! `./test` in a virtual environment): a short league of program bots plays every game, a bot
//! that crashes loses without stopping the league, and `psyleague show` ranks them.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The psyleague program: `BOTSIM_PSYLEAGUE`, else the one `./test` installs; `None` (the test
/// skipped) when it is not there.
fn psyleague(test: &str) -> Option<PathBuf> {
    let path = std::env::var_os("BOTSIM_PSYLEAGUE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("target/psyleague-venv/bin/psyleague")
        });
    let install = format!(
        "{} not found: ./test installs psyleague 0.4.1 there (or set BOTSIM_PSYLEAGUE)",
        path.display()
    );
    common::tool_present(test, path.exists(), &install).then_some(path)
}

fn run(dir: &Path, program: &Path, args: &[&str]) -> String {
    let o = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("psyleague runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.status.success(), "psyleague {args:?}: {text}");
    text
}

#[test]
fn a_psyleague_league_plays_every_game_with_botsim() {
    let Some(psyleague) = psyleague("a_psyleague_league_plays_every_game_with_botsim") else {
        return;
    };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-psyleague-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    run(&dir, &psyleague, &["config"]);

    // The bots are programs: two strengths of the search bot, and one that crashes.
    let bot = env!("CARGO_BIN_EXE_csb_bot");
    let sources = [
        ("strong", format!("exec {bot} --rollouts 3000 --seed 1")),
        ("weak", format!("exec {bot} --rollouts 30 --seed 1")),
        ("crasher", "read line; exit 3".to_string()),
    ];
    for (name, body) in &sources {
        std::fs::write(
            dir.join(format!("{name}.sh")),
            format!("#!/bin/sh\n{body}\n"),
        )
        .unwrap();
    }
    // docs/arena.md's recipe: the setup copies the program; the game command is botsim play --json.
    let botsim = env!("CARGO_BIN_EXE_botsim");
    let cfg_path = dir.join("psyleague.cfg");
    let cfg = std::fs::read_to_string(&cfg_path).unwrap();
    let cfg: String = cfg
        .lines()
        .map(|line| {
            if line.starts_with("cmd_bot_setup") {
                "cmd_bot_setup = \"cp %SRC% %DIR%/%NAME% && chmod +x %DIR%/%NAME%\"".to_string()
            } else if line.starts_with("cmd_play_game") {
                format!(
                    "cmd_play_game = \"{botsim} play --game csb --p1 %DIR%/%P1% --p2 %DIR%/%P2% --json\""
                )
            } else if line.starts_with("n_workers") {
                "n_workers = 2".to_string()
            } else {
                line.to_string()
            }
        })
        .map(|line| line + "\n")
        .collect();
    std::fs::write(&cfg_path, cfg).unwrap();
    std::fs::create_dir_all(dir.join("bots")).unwrap();
    for (name, _) in &sources {
        run(
            &dir,
            &psyleague,
            &["bot", "add", name, "--src", &format!("{name}.sh")],
        );
    }

    let games = 12;
    run(
        &dir,
        &psyleague,
        &["run", "--games", &games.to_string(), "--silent"],
    );

    // Every game is in the games file, each a botsim result with its seed.
    let played = std::fs::read_to_string(dir.join("psyleague.games")).unwrap();
    let played: Vec<serde_json::Value> = played
        .lines()
        .map(|l| serde_json::from_str(l).expect("a game line"))
        .collect();
    assert!(played.len() >= games, "{} games: {played:?}", played.len());
    for g in &played {
        assert!(g["test_data"]["seed"].is_number(), "{g}");
        let players = g["players"].as_array().unwrap();
        for (seat, p) in players.iter().enumerate() {
            let crashed = g["errors"][seat] == 1;
            assert_eq!(crashed, p == "crasher", "{g}");
        }
    }

    // The leaderboard: every bot, the crasher last, the stronger search above the weaker.
    let show = run(&dir, &psyleague, &["show"]);
    let position = |name: &str| {
        show.lines()
            .position(|l| l.split_whitespace().any(|w| w == name))
            .unwrap_or_else(|| panic!("{name} not in the leaderboard:\n{show}"))
    };
    assert!(position("crasher") > position("weak"), "{show}");
    assert!(position("crasher") > position("strong"), "{show}");
    std::fs::remove_dir_all(&dir).ok();
}

//! A bot of one's own, as docs/your-bot.md builds it: the Rust examples (our search, their own
//! evaluation) beat the built-in heuristic bots at 2,000 rollouts and bundle into a standalone
//! file under the contest's limit; the Python and C++ examples play whole games in the arena.
//! `cargo test` builds the examples before it runs any test, next to the `botsim` binary.

mod common;

use common::{botsim, runs, text, tool_present};
use std::path::{Path, PathBuf};

/// A built example program: target/<profile>/examples/NAME.
fn example(name: &str) -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_botsim"));
    let path = bin.parent().unwrap().join("examples").join(name);
    assert!(path.exists(), "{} is not built", path.display());
    path
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("your-bot");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Plays `games` arena games of `p1` against `p2`; the results, checked to hold every game and
/// no player error.
fn arena(
    game: &str,
    p1: &str,
    p2: &str,
    games: usize,
    name: &str,
) -> Vec<botsim::arena::GameResult> {
    let results = scratch(&format!("{name}.jsonl"));
    let games_text = games.to_string();
    // A generous clock: these games test play at a fixed budget, not speed.
    let o = botsim(&[
        "arena",
        "--game",
        game,
        "--p1",
        p1,
        "--p2",
        p2,
        "--games",
        &games_text,
        "--seed",
        "7",
        "--turn-ms",
        "1000",
        "--results",
        &results.to_string_lossy(),
    ]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    let played = botsim::arena::results::read(&results).unwrap();
    assert_eq!(played.len(), games, "{said}");
    for r in &played {
        assert!(
            r.errors.is_empty(),
            "game {}: {:?}\n{said}",
            r.game,
            r.errors
        );
    }
    played
}

/// Player A's wins.
fn wins(results: &[botsim::arena::GameResult]) -> usize {
    results.iter().filter(|r| r.points_a() == 1.0).count()
}

/// Each Rust example, at 2,000 rollouts a turn, wins at least 90% of its games against its
/// game's built-in heuristic bot.
#[test]
fn rust_examples_beat_the_builtin_bots() {
    for (game, bot, opponent, games) in [
        ("csb", "csb_my_bot", "builtin:racer", 40),
        ("fb", "fb_my_bot", "builtin:chaser", 20),
    ] {
        let p1 = format!("{} --rollouts 2000", example(bot).display());
        let results = arena(game, &p1, opponent, games, bot);
        let won = wins(&results);
        assert!(
            won * 10 >= games * 9,
            "{bot} won {won} of {games} against {opponent}"
        );
    }
}

/// `botsim bundle EXAMPLE --check` makes a file under 100,000 characters that compiles alone
/// and plays a game.
#[test]
fn rust_examples_bundle_standalone() {
    for (game, bot) in [("csb", "csb_my_bot"), ("fb", "fb_my_bot")] {
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(format!("{bot}.rs"));
        let out = scratch(&format!("{bot}-bundled.rs"));
        let o = botsim(&[
            "bundle",
            &source.to_string_lossy(),
            "-o",
            &out.to_string_lossy(),
            "--check",
        ]);
        let said = text(&o);
        assert!(o.status.success(), "{said}");
        assert!(
            said.contains(&format!("played a {game} game against the built-in bot")),
            "{said}"
        );
        let chars = std::fs::read_to_string(&out).unwrap().chars().count();
        assert!(chars < 100_000, "{bot}: {chars} characters");
    }
}

/// The Python example (CSB) and the C++ example (FB) play whole games in the arena, and what
/// they write on stderr each turn is in the game's trace, turn by turn, as the replay shows it.
#[test]
fn python_and_cpp_examples_play_whole_games() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    if tool_present(
        "python_and_cpp_examples_play_whole_games (Python)",
        runs("python3"),
        "install python3",
    ) {
        let bot = format!("python3 {}", examples.join("python/csb_bot.py").display());
        let results = arena("csb", &bot, "builtin:racer", 2, "python-csb");
        for r in &results {
            assert!(r.turns > 50, "a whole game: {} turns", r.turns);
        }
        stderr_in_trace("csb", &bot, "python-csb");
    }
    if tool_present(
        "python_and_cpp_examples_play_whole_games (C++)",
        runs("g++"),
        "install g++ (apt-get install g++)",
    ) {
        let binary = scratch("fb_cpp_bot");
        let o = std::process::Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&binary)
            .arg(examples.join("cpp/fb_bot.cpp"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        let results = arena(
            "fb",
            &binary.to_string_lossy(),
            "builtin:chaser",
            2,
            "cpp-fb",
        );
        for r in &results {
            assert!(r.turns > 20, "a whole game: {} turns", r.turns);
        }
        stderr_in_trace("fb", &binary.to_string_lossy(), "cpp-fb");
    }
}

/// One game of `bot` (seat 0) with a trace: its stderr of turn t starts `turn t:`.
fn stderr_in_trace(game: &str, bot: &str, name: &str) {
    let trace = scratch(&format!("{name}.trace.jsonl"));
    let opponent = if game == "csb" {
        "builtin:racer"
    } else {
        "builtin:chaser"
    };
    let o = botsim(&[
        "play",
        "--game",
        game,
        "--seed",
        "3",
        "--p1",
        bot,
        "--p2",
        opponent,
        "--turn-ms",
        "1000",
        "--trace",
        &trace.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let games = botsim::trace::read_file(&trace).unwrap();
    let turns = &games[0].turns;
    assert!(turns.len() > 10);
    for (t, turn) in turns.iter().enumerate() {
        let said = &turn.stderr[0];
        assert_eq!(said.len(), 1, "turn {t}: {said:?}");
        assert!(
            said[0].starts_with(&format!("turn {t}:")),
            "turn {t}: {said:?}"
        );
    }
}

/// The example's own weights are tuned by `botsim tune` (the program gets `--rollouts` and
/// `--param NAME=X`), checked by `tune verify`, and bundled with `--params`; a name the bot
/// does not have is refused before any game, naming it.
#[test]
fn an_example_is_tuned_verified_and_bundled_with_its_weights() {
    let bot = example("csb_my_bot");
    // --help lists the parameters that can be tuned: the evaluation's weights and the search's.
    let help = std::process::Command::new(&bot)
        .arg("--help")
        .output()
        .unwrap();
    let help = text(&help);
    for line in [
        "  facing = 300\n",
        "  pass = 20000\n",
        "  search.population = ",
    ] {
        assert!(help.contains(line), "{help}");
    }
    let bot = bot.to_string_lossy();
    let file = scratch("tune-my.toml");
    std::fs::write(
        &file,
        "[[param]]\nname = \"facing\"\nstart = 300.0\nmin = 0.0\nmax = 2000.0\nc_end = 80.0\nr_end = 0.03\n",
    )
    .unwrap();
    let dir = scratch("tune-my");
    let _ = std::fs::remove_dir_all(&dir);
    let o = botsim(&[
        "tune",
        "--game",
        "csb",
        "--bot",
        &bot,
        "--params",
        &file.to_string_lossy(),
        // A pair that splits its two games moves nothing, and in self-play about half of
        // them do: four iterations, not two, so that some pair is decided.
        "--iterations",
        "4",
        "--pairs",
        "1",
        "--rollouts",
        "300",
        "--dir",
        &dir.to_string_lossy(),
    ]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    let tuned = dir.join("tuned.toml");
    let values = botsim_core::params::parse(&std::fs::read_to_string(&tuned).unwrap()).unwrap();
    assert_eq!(values.len(), 1);
    assert_eq!(values[0].0, "facing");
    assert!(values[0].1 != 300.0, "four iterations move it: {said}");

    let results = scratch("verify-my.jsonl");
    let o = botsim(&[
        "tune",
        "verify",
        "--game",
        "csb",
        "--bot",
        &bot,
        "--params",
        &tuned.to_string_lossy(),
        "--games",
        "2",
        "--rollouts",
        "300",
        "--results",
        &results.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let played = botsim::arena::results::read(&results).unwrap();
    assert_eq!(played.len(), 2);
    assert!(played[0]
        .seats
        .iter()
        .any(|s| s.contains("--param facing=")));

    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/csb_my_bot.rs");
    let out = scratch("csb_my_bot-tuned.rs");
    let o = botsim(&[
        "bundle",
        &source.to_string_lossy(),
        "-o",
        &out.to_string_lossy(),
        "--params",
        &tuned.to_string_lossy(),
        "--check",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let bundled = std::fs::read_to_string(&out).unwrap();
    assert!(bundled.contains(&format!("(\"facing\", {:?})", values[0].1)));

    let bad = scratch("tune-bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(&file)
            .unwrap()
            .replace("facing", "fasing"),
    )
    .unwrap();
    let o = botsim(&[
        "tune",
        "--game",
        "csb",
        "--bot",
        &bot,
        "--params",
        &bad.to_string_lossy(),
        "--iterations",
        "2",
        "--dir",
        &scratch("tune-bad").to_string_lossy(),
    ]);
    let said = text(&o);
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("no parameter 'fasing'"), "{said}");
    assert!(
        !scratch("tune-bad").exists(),
        "refused before the run was written: {said}"
    );
}

/// Every command block of docs/your-bot.md, run as written with `bash -e` in a folder of its own
/// (the examples and the built programs linked in), `botsim` on the PATH: the guide's bot is made
/// by `botsim new`, built by cargo, played, tuned and bundled.
#[test]
fn the_guide_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("docs/your-bot.md")).unwrap();
    let blocks: Vec<&str> = guide
        .split("```sh\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap())
        .collect();
    assert!(blocks.len() >= 6, "{} blocks", blocks.len());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("guide");
    let _ = std::fs::remove_dir_all(&dir);
    let built = Path::new(env!("CARGO_BIN_EXE_botsim")).parent().unwrap();
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    let link = |from: &Path, to: &Path| std::os::unix::fs::symlink(from, to).unwrap();
    link(&root.join("examples"), &dir.join("examples"));
    for bin in ["botsim", "csb_bot", "fb_bot"] {
        link(&built.join(bin), &dir.join("target/release").join(bin));
    }
    let path = format!(
        "{}:{}",
        built.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (k, block) in blocks.iter().enumerate() {
        let o = std::process::Command::new("bash")
            .args(["-euo", "pipefail", "-c", block])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "block {k} of docs/your-bot.md failed:\n{block}\n{}",
            text(&o)
        );
    }
    // What the guide promises each step leaves behind.
    assert!(dir.join("my_bot/target/release/my_bot").exists());
    for results in [
        "vs-racer.jsonl",
        "vs-csb_v1.jsonl",
        "vs-ours.jsonl",
        "watch.jsonl",
    ] {
        assert!(!botsim::arena::results::read(&dir.join(results))
            .unwrap()
            .is_empty());
    }
    assert!(dir.join("my-tune/tuned.toml").exists());
    let submission = std::fs::read_to_string(dir.join("submission.rs")).unwrap();
    assert!(
        submission.contains("(\"facing\", "),
        "the tuned weight is compiled in"
    );
    assert!(submission.chars().count() < 100_000);
}

/// `botsim new` writes a crate of the game's example (the guide's test builds, plays and bundles
/// one), refuses a folder that exists and a name cargo would refuse, naming them.
#[test]
fn new_writes_the_examples_crate_and_refuses_what_it_cannot_make() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-bots");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (game, example, eval) in [
        ("csb", "csb_my_bot.rs", "impl Evaluation for TwoRacers"),
        ("fb", "fb_my_bot.rs", "impl Evaluation for Forward"),
    ] {
        let dir = base.join(format!("{game}_bot"));
        let o = botsim(&["new", &dir.to_string_lossy(), "--game", game]);
        let said = text(&o);
        assert!(o.status.success(), "{said}");
        assert!(
            said.contains("cargo build --release --manifest-path"),
            "{said}"
        );
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("name = \"{game}_bot\"")),
            "{manifest}"
        );
        let core = root.join("crates/core");
        assert!(
            manifest.contains(&format!("path = \"{}\"", core.display())),
            "{manifest}"
        );
        assert!(
            manifest.contains("[workspace]"),
            "a crate of its own: {manifest}"
        );
        let main = std::fs::read_to_string(dir.join("src/main.rs")).unwrap();
        assert!(main.contains(eval), "{main}");
        // The example's code, under a header of the crate's own.
        let code = |text: &str| -> String {
            let lines: Vec<&str> = text.lines().skip_while(|l| l.starts_with("//!")).collect();
            lines.join("\n")
        };
        let example = std::fs::read_to_string(root.join("examples").join(example)).unwrap();
        assert_eq!(code(&main).trim(), code(&example).trim());
        assert!(main.starts_with(&format!("//! {game}_bot: a ")), "{main}");
        // Again: the folder exists.
        let o = botsim(&["new", &dir.to_string_lossy(), "--game", game]);
        let said = text(&o);
        assert!(!o.status.success());
        assert!(said.contains("already exists"), "{said}");
    }
    let o = botsim(&[
        "new",
        &base.join("9lives").to_string_lossy(),
        "--game",
        "csb",
    ]);
    let said = text(&o);
    assert!(!o.status.success());
    assert!(said.contains("'9lives' is not a bot name"), "{said}");
    assert!(!base.join("9lives").exists());
    let o = botsim(&["new", "x"]);
    assert!(text(&o).contains("--game"), "{}", text(&o));
}

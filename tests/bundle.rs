//! `botsim bundle`: both contest bots become one file that compiles alone with plain rustc and
//! plays exactly the moves of the cargo-built bot; bundles the server could not build are
//! refused with a message that says why.

use botsim::bundle::{self, Profile, MAX_CHARS};
use botsim::referee::process::Process;
use std::path::{Path, PathBuf};

/// Bundling options: this header, nothing else.
fn with_header(header: &str) -> bundle::Options<'_> {
    bundle::Options {
        header,
        ..bundle::Options::default()
    }
}

/// Bundling options: these tuned parameters.
fn with_tuned(tuned: &[(String, f64)]) -> bundle::Options<'_> {
    bundle::Options {
        header: "test",
        tuned,
        ..bundle::Options::default()
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("botsim-bundle-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Bundles and compiles a bot (release); returns the binary.
fn build(bot: &str) -> PathBuf {
    let bot = root().join(bot);
    let lib = root().join("crates/core/src");
    let b = bundle::bundle(&bot, &lib, &with_header(&bundle::header(&bot, &lib))).unwrap();
    let chars = b.text.chars().count();
    assert!(chars < MAX_CHARS && b.text.is_ascii(), "{chars} characters");
    assert!(b.text.starts_with("// Bundled by botsim"));
    assert!(!b.text.contains("#[cfg(test)]") && !b.text.contains("proptest"));
    let name = Path::new(&bot)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let src = tmp(&format!("{name}.rs"));
    std::fs::write(&src, &b.text).unwrap();
    bundle::compile(&src, Profile::Debug, &tmp(&format!("{name}-debug"))).unwrap();
    let bin = tmp(&format!("{name}-release"));
    bundle::compile(&src, Profile::Server, &bin).unwrap();
    bin
}

/// The outputs of a whole game of `command` (fixed budget and seed) against the built-in bot.
fn outputs(game: &str, command: &str) -> Vec<Vec<String>> {
    let env = [("BOTSIM_ROLLOUTS", "400"), ("BOTSIM_SEED", "7")];
    let mut bot = Process::spawn(command, &env).unwrap();
    bot.later_turns = std::time::Duration::from_secs(5);
    bot.first_turn = std::time::Duration::from_secs(5);
    let trace = match game {
        "csb" => {
            let mut racer = botsim_core::csb::racer::Racer::default();
            botsim::games::csb::referee::play(
                &botsim::games::csb::referee::GameSpec::Seed(4),
                [&mut bot, &mut racer],
                true,
            )
            .unwrap()
            .trace
        }
        _ => {
            let mut chaser = botsim_core::fb::chaser::Chaser::default();
            botsim::games::fb::referee::play(4, [&mut chaser, &mut bot], true)
                .unwrap()
                .trace
        }
    }
    .unwrap();
    let seat = usize::from(game == "fb");
    trace.turns.iter().map(|t| t.output[seat].clone()).collect()
}

#[test]
fn bundled_bots_play_exactly_like_the_library_build() {
    for (game, bot, cargo_bin) in [
        ("csb", "bots/csb.rs", env!("CARGO_BIN_EXE_csb_bot")),
        ("fb", "bots/fb.rs", env!("CARGO_BIN_EXE_fb_bot")),
    ] {
        let bin = build(bot);
        let bundled = outputs(game, &format!("'{}'", bin.display()));
        let library = outputs(game, &format!("'{cargo_bin}'"));
        assert!(bundled.len() > 20, "{game}: a whole game");
        assert!(
            bundled.iter().all(|o| o.len() == 2),
            "{game}: the bundle answered every turn"
        );
        assert_eq!(
            bundled, library,
            "{game}: the bundle plays as the library build"
        );
    }
}

fn bundle_error(source: &str) -> String {
    let bot = tmp("bad_bot.rs");
    std::fs::write(&bot, source).unwrap();
    let lib = root().join("crates/core/src");
    match bundle::bundle(&bot, &lib, &with_header("test")) {
        Ok(_) => panic!("bundling should fail:\n{source}"),
        Err(e) => botsim::error::chain(&e),
    }
}

#[test]
fn bundles_the_server_cannot_build_are_refused() {
    let e = bundle_error("use serde_json::Value;\nuse botsim::csb;\nfn main() {}\n");
    assert!(
        e.contains("serde_json") && e.contains("does not have"),
        "{e}"
    );
    // The tool side is out of the core's reach: it is no module of the library bundled.
    let e = bundle_error("use botsim::trace::Trace;\nfn main() {}\n");
    assert!(
        e.contains("botsim_core::trace") && e.contains("not a module"),
        "{e}"
    );
    // A library module that uses a crate the server lacks is named.
    let lib = tmp("lib_with_anyhow");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(lib.join("lib.rs"), "pub mod helper;\n").unwrap();
    std::fs::write(
        lib.join("helper.rs"),
        "pub fn f() -> anyhow::Result<()> { Ok(()) }\n",
    )
    .unwrap();
    let bot = tmp("helper_bot.rs");
    std::fs::write(&bot, "use botsim_core::helper;\nfn main() {}\n").unwrap();
    let e = botsim::error::chain(
        &bundle::bundle(&bot, &lib, &with_header("test"))
            .err()
            .unwrap(),
    );
    assert!(e.contains("module 'helper'") && e.contains("anyhow"), "{e}");
    let e = bundle_error("use botsim::geom::Vec2;\nfn main() { let s = \"caf\u{e9}\"; }\n");
    assert!(e.contains("ASCII") && e.contains("line"), "{e}");
    let big = format!(
        "use botsim::geom::Vec2;\nfn main() {{ let s = \"{}\"; }}\n",
        "x".repeat(MAX_CHARS)
    );
    let e = bundle_error(&big);
    assert!(
        e.contains("over the contest's 100000") && e.contains("bad_bot.rs"),
        "{e}"
    );
    let e = bundle_error("use botsim::nothing_here::X;\nfn main() {}\n");
    assert!(e.contains("nothing_here"), "{e}");
}

#[test]
fn tuned_parameters_become_constants() {
    let bot = root().join("bots/csb.rs");
    let lib = root().join("crates/core/src");
    let tuned = vec![
        ("weights.runner".to_string(), 1.25),
        ("search.population".to_string(), 30.0),
    ];
    let b = bundle::bundle(&bot, &lib, &with_tuned(&tuned)).unwrap();
    assert!(b.text.contains(
        r#"const TUNED: &[(&str, f64)] = &[("weights.runner", 1.25), ("search.population", 30.0)];"#
    ));
    let src = tmp("tuned.rs");
    std::fs::write(&src, &b.text).unwrap();
    bundle::compile(&src, Profile::Debug, &tmp("tuned-debug")).unwrap();
    let bad = vec![("weights.nonsense".to_string(), 1.0)];
    let e = botsim::error::chain(&bundle::bundle(&bot, &lib, &with_tuned(&bad)).err().unwrap());
    assert!(e.contains("weights.nonsense"), "{e}");
}

/// A library module goes in only when the bot reaches it: the contest bots leave out the
/// referees and the other built-in bots; a bot that names a submodule (or reaches one through a
/// `use` of its parent's, a glob or `super::`) gets it, and the bundle still compiles.
#[test]
fn only_the_modules_a_bot_reaches_go_in() {
    let lib = root().join("crates/core/src");
    let modules = |bot: &Path| -> Vec<String> {
        let b = bundle::bundle(bot, &lib, &with_header("test")).unwrap();
        b.text
            .lines()
            .filter_map(|l| {
                l.strip_prefix("mod ")
                    .or_else(|| l.strip_prefix("pub mod "))
            })
            .filter_map(|l| l.strip_suffix(" {"))
            .map(str::to_string)
            .collect()
    };
    let fb = modules(&root().join("bots/fb.rs"));
    for name in ["fb", "ga", "step", "collide", "search", "rng"] {
        assert!(
            fb.iter().any(|m| m == name),
            "fb bundle lacks {name}: {fb:?}"
        );
    }
    for name in ["referee", "rules", "chaser", "csb"] {
        assert!(
            !fb.iter().any(|m| m == name),
            "fb bundle has {name}: {fb:?}"
        );
    }
    let csb = modules(&root().join("bots/csb.rs"));
    for name in ["racer", "interceptor", "referee", "rules", "fb"] {
        assert!(
            !csb.iter().any(|m| m == name),
            "csb bundle has {name}: {csb:?}"
        );
    }
    // A bot that plays the chaser: the chaser goes in, the rest of fb that it needs too.
    let bot = tmp("chaser_bot.rs");
    std::fs::write(
        &bot,
        "use botsim_core::fb::chaser::Chaser;\nfn main() { let _ = Chaser::default(); }\n",
    )
    .unwrap();
    let chaser = modules(&bot);
    assert!(chaser.iter().any(|m| m == "chaser"), "{chaser:?}");
    assert!(
        !chaser.iter().any(|m| m == "ga" || m == "referee"),
        "{chaser:?}"
    );
    let text = bundle::bundle(&bot, &lib, &with_header("test"))
        .unwrap()
        .text;
    let src = tmp("chaser_bot_bundle.rs");
    std::fs::write(&src, text).unwrap();
    bundle::compile(&src, Profile::Debug, &tmp("chaser_bot_bundle")).unwrap();
}

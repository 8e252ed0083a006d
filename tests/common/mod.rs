//! What the integration tests share: the `botsim` binary run as a user runs it, and a test that
//! needs a tool from outside Rust (a browser, psyleague, GNU parallel) skipping itself, saying
//! so, when the tool is missing, unless `BOTSIM_REQUIRE_TOOLS` is set, as `./test` and CI set
//! it: there a missing tool fails the test.

// Each test file uses what it needs of this.
#![allow(dead_code)]

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output};

/// The `botsim` binary run with `args` in this folder.
pub fn botsim(args: &[&str]) -> Output {
    botsim_in(Path::new("."), args)
}

/// The `botsim` binary run with `args` in `dir`.
pub fn botsim_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botsim"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("botsim runs")
}

/// What a command wrote, stdout then stderr.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Whether `program --version` runs here and succeeds: the tool is installed.
pub fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether `test` may run: `found` says whether its tool is here. When it is not, the test is
/// skipped with a line on the terminal naming it and `install` (how to get the tool), or, with
/// `BOTSIM_REQUIRE_TOOLS` set, fails.
pub fn tool_present(test: &str, found: bool, install: &str) -> bool {
    if found {
        return true;
    }
    assert!(
        std::env::var_os("BOTSIM_REQUIRE_TOOLS").is_none(),
        "{test}: {install} (BOTSIM_REQUIRE_TOOLS is set, so this test may not skip)"
    );
    // Straight to the terminal: the test harness captures only print! and eprint!.
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {install}");
    false
}

//! What the integration tests share: a test that needs a tool from outside Rust (a browser,
//! psyleague) skips itself, saying so, when the tool is missing, unless `BOTSIM_REQUIRE_TOOLS` is
//! set, as `./test` and CI set it: there a missing tool fails the test.

use std::io::Write as _;

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

//! `botsim`: the command line over the library. Each subcommand is a thin layer: parse the
//! flags, call the library, print.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Processes a bot starts and detaches (setsid) stay ours, to be ended with its game.
    botsim::referee::process::adopt_orphans();
    let code = match cli::run(cli::Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("botsim: error: {e:#}");
            ExitCode::from(2)
        }
    };
    botsim::referee::process::end_orphans();
    code
}

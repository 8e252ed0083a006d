//! `botsim play` (one game, as text or as psyleague's JSON) and `botsim referee` (the
//! cg-brutaltester protocols).

use super::LimitArgs;
use anyhow::{bail, Context, Result};
use botsim::arena;
use botsim::games::GameKind;
use botsim::player::PlayerSpec;
use botsim::trace;
use botsim_core::csb;
use std::path::PathBuf;
use std::process::ExitCode;

/// `botsim play`'s arguments.
#[derive(clap::Args)]
pub(super) struct PlayArgs {
    /// The game: csb (Coders Strike Back) or fb (Fantastic Bits).
    #[arg(long, value_enum, default_value = "csb")]
    game: GameKind,
    /// The referee's seed: picks the map as the contest server does. Without it, a random
    /// seed, printed on stderr (and in the JSON) so that the game can be played again.
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<i64>,
    /// An explicit map instead of the seed's: "x0 y0 x1 y1 ...".
    #[arg(long)]
    map: Option<String>,
    /// Player 0: builtin:NAME[:key=value,...], ladder:NAME [ARGS], or a command line that runs
    /// a bot speaking the contest protocol (the built-in bots and their settings are listed
    /// below).
    #[arg(long)]
    p1: PlayerSpec,
    /// Player 1.
    #[arg(long)]
    p2: PlayerSpec,
    /// Write the game to this file in the trace/1 format (gzip if it ends in .gz).
    #[arg(long)]
    trace: Option<PathBuf>,
    /// Print one JSON object, as psyleague's game command must: "ranks" (0 best), "errors"
    /// (1 for a player eliminated by its output or its clock), "test_data" (seed, turns) and
    /// "player_data" (each seat's score, errors and turn times).
    #[arg(long)]
    json: bool,
    /// Write each program player's stderr into this directory (game000000-seat0.stderr, ...).
    #[arg(long)]
    logs: Option<PathBuf>,
    /// Play on from a recorded game: a trace file of one game (as --trace or the arena's
    /// --replays write it), whose seed and map this game takes. Its first --from-turn turns are
    /// played as recorded, then the players play on; they are asked on the recorded turns too
    /// (their answers dropped), so that what they remember of the game is what they would.
    #[arg(long, requires = "from_turn", conflicts_with_all = ["seed", "map"])]
    from: Option<PathBuf>,
    /// With --from: how many of the recorded turns to play before the players take over.
    #[arg(long, requires = "from")]
    from_turn: Option<usize>,
    #[command(flatten)]
    limits: LimitArgs,
}

pub(super) fn play(args: PlayArgs) -> Result<ExitCode> {
    let PlayArgs {
        game,
        seed,
        map,
        p1,
        p2,
        trace: trace_path,
        json,
        logs,
        from,
        from_turn,
        limits,
    } = args;
    let recorded = match (&from, from_turn) {
        (Some(path), Some(turn)) => Some(position_of(path, turn, game, "--from")?),
        _ => None,
    };
    let seed = recorded
        .as_ref()
        .map(|p| p.seed)
        .or(seed)
        .unwrap_or_else(|| {
            let seed = i64::from(rand::random::<u32>());
            eprintln!("botsim: seed {seed}");
            seed
        });
    let position = match (recorded, map) {
        (Some(position), _) => Some(position),
        (None, Some(text)) => {
            if game != GameKind::Csb {
                bail!("--map is for csb; fb games are set up from --seed");
            }
            Some(arena::Position {
                seed,
                map: Some(csb::Setup::parse_map(&text).map_err(anyhow::Error::msg)?),
                opening: Vec::new(),
                name: None,
            })
        }
        (None, None) => None,
    };
    if let Some(path) = &trace_path {
        super::writable("--trace", path)?;
    }
    if let Some(dir) = &logs {
        std::fs::create_dir_all(dir).with_context(|| format!("--logs {}", dir.display()))?;
    }
    let setup = Setup {
        position,
        record: trace_path.is_some(),
        logs,
    };
    let (r, t) = one_game(game, seed, setup, [p1, p2], limits)?;
    if json {
        let ranks: Vec<u8> = (0..2)
            .map(|i| u8::from(r.scores[i] < r.scores[1 - i]))
            .collect();
        let seat_errors = |i: usize| usize::from(r.elimination(i).is_some());
        let errors: Vec<u8> = (0..2).map(|i| u8::from(seat_errors(i) > 0)).collect();
        let player_data: Vec<_> = (0..2)
            .map(|i| {
                let mut times = r.times.get(i).cloned().unwrap_or_default();
                times.sort_unstable();
                let ms = |t: Option<&u32>| t.map_or(0.0, |&t| f64::from(t) / 10.0);
                serde_json::json!({
                    "score": r.scores[i],
                    "errors": seat_errors(i),
                    "median_ms": ms(times.get(times.len() / 2)),
                    "max_ms": ms(times.last()),
                })
            })
            .collect();
        say!(
            "{}",
            serde_json::json!({
                "ranks": ranks,
                "errors": errors,
                "test_data": { "seed": seed, "turns": r.turns },
                "player_data": player_data,
            })
        );
    } else {
        say!(
            "{} seed {seed}: {} {} - {} {} after {} turns ({})",
            game.name(),
            r.seats[0],
            r.scores[0],
            r.scores[1],
            r.seats[1],
            r.turns,
            r.reason
        );
        for e in &r.errors {
            say!("eliminated: {e}");
        }
    }
    if let (Some(path), Some(t)) = (trace_path, t) {
        trace::write_file(&path, &[t])?;
        if !json {
            say!("trace written to {}", path.display());
        }
    }
    // A program that could not even start is no player's loss but a mistake in the command.
    if let Some(e) = r.errors.iter().find(|e| {
        e.cause == arena::Cause::Exited
            && e.turn == 0
            && botsim::referee::process::NOT_STARTED
                .iter()
                .any(|s| e.detail.contains(s))
    }) {
        bail!(
            "seat {}'s program '{}' could not start: {}",
            e.seat,
            r.seats[e.seat],
            e.detail
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// How one game is played besides its players: where it starts (a map of its own, a recorded
/// position), whether to record it, where program players' stderr goes.
#[derive(Default)]
pub(super) struct Setup {
    pub position: Option<arena::Position>,
    pub record: bool,
    pub logs: Option<PathBuf>,
}

/// The position after the first `turn` turns of the one game in the trace file `path`,
/// checked: a game of `game` that replays exactly on this engine and has a turn left after
/// them. Errors begin with `what` (the flag, or the file and line that named the trace).
pub(super) fn position_of(
    path: &std::path::Path,
    turn: usize,
    game: GameKind,
    what: &str,
) -> Result<arena::Position> {
    let shown = path.display();
    let recorded = recorded_game(path, &format!("{what} {shown}"))?;
    if recorded.game != game.name() {
        bail!(
            "{what} {shown}: a {} game, not {} (add --game {})",
            recorded.game,
            game.name(),
            recorded.game
        );
    }
    if let Err((_, m)) = game.tools().verify(&recorded) {
        bail!("{what} {shown}: the game does not replay on this engine, so it cannot be played on: {m}");
    }
    let total = recorded.turns.len();
    if turn >= total {
        bail!(
            "{what} {shown}: turn {turn}: the game ended after {total} turns; play on from turn {} at most",
            total.saturating_sub(1)
        );
    }
    let map = match recorded.props.get("map") {
        Some(text) => Some(
            csb::Setup::parse_map(text)
                .map_err(|m| anyhow::anyhow!("{what} {shown}: its map: {m}"))?,
        ),
        None => None,
    };
    Ok(arena::Position {
        // A trace on a map of its own may name no seed; the map alone sets the game up then.
        seed: botsim::games::seed_of(&recorded).unwrap_or(0),
        map,
        opening: recorded.turns[..turn].to_vec(),
        name: None,
    })
}

/// The one game of the trace file `path`; errors begin with `named` (the file, and the flag or
/// line that named it): a position is taken from a file of one game.
pub(super) fn recorded_game(path: &std::path::Path, named: &str) -> Result<trace::Trace> {
    let mut games = trace::read_file(path).with_context(|| named.to_string())?;
    if games.len() != 1 {
        bail!(
            "{named}: the file holds {} games; a position is taken from a file of one game",
            games.len()
        );
    }
    Ok(games.remove(0))
}

/// Plays one game, players in seat order.
pub(super) fn one_game(
    game: GameKind,
    seed: i64,
    setup: Setup,
    players: [PlayerSpec; 2],
    limits: LimitArgs,
) -> Result<(arena::GameResult, Option<trace::Trace>)> {
    let Setup {
        position,
        record,
        logs,
    } = setup;
    let mut players = players.to_vec();
    super::ladder::resolve(&mut players, game)?;
    let mut cfg = arena::Config::new(game, players, 1, seed);
    cfg.seeds = arena::Seeds::Given;
    cfg.limits = limits.limits(game);
    cfg.positions = position.into_iter().collect();
    if record {
        // play_game records when replays are asked for; the directory itself is unused here.
        cfg.replays = Some(PathBuf::new());
    }
    cfg.logs = logs;
    Ok(arena::play_game(&cfg, 0)?)
}

/// cg-brutaltester's new referee protocol: one game between the programs of `-p1` and `-p2`,
/// then their scores and the seed on stdout (see `botsim::referee::brutaltester`).
pub(super) fn brutal_referee_new(
    game: GameKind,
    args: &[String],
    limits: LimitArgs,
) -> Result<ExitCode> {
    use botsim::referee::brutaltester::{report, Invocation};
    let inv = Invocation::parse(args)?;
    // Without a seed from the tester, a random one; it is printed with the scores. Only a
    // player's elimination goes to stderr: the tester logs the referee's stderr as the game's
    // errors, with the command that replays it.
    let seed = inv.seed.unwrap_or_else(|| i64::from(rand::random::<u32>()));
    let [a, b] = &inv.players;
    let players = [a.parse()?, b.parse()?];
    let setup = Setup {
        record: inv.log.is_some(),
        ..Setup::default()
    };
    let (r, t) = one_game(game, seed, setup, players, limits)?;
    if let (Some(path), Some(t)) = (&inv.log, t) {
        trace::write_file(path, &[t])?;
    }
    for e in &r.errors {
        eprintln!("eliminated: {e}");
    }
    let eliminated = [0, 1].map(|seat| r.elimination(seat).is_some());
    say!(text: report(r.scores, eliminated, seed));
    Ok(ExitCode::SUCCESS)
}

pub(super) fn brutal_referee(game: GameKind) -> Result<ExitCode> {
    use botsim::referee::brutaltester::opening;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    // Without a seed from the tester, one from the clock, as the contest server draws one.
    let seed = opening(&mut input)?.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as i64)
    });
    game.tools()
        .serve_brutaltester(seed, &mut input, &mut output)?;
    Ok(ExitCode::SUCCESS)
}

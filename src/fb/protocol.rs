//! The contest's text protocol for Fantastic Bits: the lines a team reads (its id on the first
//! turn, scores and magic, then the entities it can see) and the order lines it prints, parsed
//! exactly as the referee's patterns accept them. Parsing never panics and never allocates.

use super::state::{Spell, State, FIRST_BLUDGER, WIZARDS};
use super::step::{Action, ActionError};
use crate::text::{digits, optional_message, signed, spaces};
use std::fmt::{self, Write};

/// Parses an order line: `MOVE x y thrust`, `THROW x y power` (numbers of at most 8 digits) or
/// `ACCIO|OBLIVIATE|FLIPENDO|PETRIFICUS id` (at most 3 digits), one space after the keyword,
/// and an optional message after a blank. Ranges and targets are checked when the order is
/// applied; this only decides the syntax. Returns the action and the message.
pub fn parse_action(line: &str) -> Result<(Action, Option<&str>), ActionError> {
    let b = line.as_bytes();
    for (keyword, throw) in [("MOVE ", false), ("THROW ", true)] {
        if line.starts_with(keyword) {
            let i = keyword.len();
            let (x, i) = signed(b, i, 8).ok_or(ActionError::Syntax)?;
            let i = spaces(b, i).ok_or(ActionError::Syntax)?;
            let (y, i) = signed(b, i, 8).ok_or(ActionError::Syntax)?;
            let i = spaces(b, i).ok_or(ActionError::Syntax)?;
            let (p, i) = digits(b, i, 8).ok_or(ActionError::Syntax)?;
            let msg = optional_message(&line[i..]).map_err(|()| ActionError::Syntax)?;
            let action = if throw {
                Action::Throw { x, y, power: p }
            } else {
                Action::Move { x, y, thrust: p }
            };
            return Ok((action, msg));
        }
    }
    for spell in Spell::ALL {
        let keyword = spell.keyword();
        if line.starts_with(keyword) && b.get(keyword.len()) == Some(&b' ') {
            let (target, i) = signed(b, keyword.len() + 1, 3).ok_or(ActionError::Syntax)?;
            let msg = optional_message(&line[i..]).map_err(|()| ActionError::Syntax)?;
            return Ok((Action::Cast { spell, target }, msg));
        }
    }
    Err(ActionError::Syntax)
}

/// An action as the line a bot would print.
pub fn format_action(action: &Action) -> String {
    match *action {
        Action::Move { x, y, thrust } => format!("MOVE {x} {y} {thrust}"),
        Action::Throw { x, y, power } => format!("THROW {x} {y} {power}"),
        Action::Cast { spell, target } => format!("{} {target}", spell.keyword()),
    }
}

/// The lines `team` reads at the start of a turn (its id first on turn 0).
pub fn write_turn(state: &State, team: usize, out: &mut impl Write) -> fmt::Result {
    if state.round == 0 {
        writeln!(out, "{team}")?;
    }
    for t in [team, 1 - team] {
        writeln!(out, "{} {}", state.players[t].score, state.players[t].magic)?;
    }
    let alive: Vec<usize> = state
        .snaffle_slots()
        .filter(|&s| state.snaffles[s - WIZARDS].alive)
        .collect();
    writeln!(out, "{}", WIZARDS + alive.len() + 2)?;
    let entity = |out: &mut dyn Write, slot: usize, kind: &str, extra: i32| {
        let b = &state.bodies[slot];
        writeln!(
            out,
            "{} {kind} {} {} {} {} {extra}",
            state.id_of(slot),
            b.pos.x as i32,
            b.pos.y as i32,
            b.vel.x as i32,
            b.vel.y as i32
        )
    };
    for (t, kind) in [(team, "WIZARD"), (1 - team, "OPPONENT_WIZARD")] {
        for w in t * 2..t * 2 + 2 {
            entity(out, w, kind, state.wizards[w].holding.is_some() as i32)?;
        }
    }
    for s in alive {
        entity(
            out,
            s,
            "SNAFFLE",
            state.snaffles[s - WIZARDS].captured as i32,
        )?;
    }
    for k in 0..2 {
        let victim = state.bludgers[k].last_victim.map_or(-1, |v| v as i32);
        entity(out, FIRST_BLUDGER + k, "BLUDGER", victim)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_parse_as_the_referee_patterns_say() {
        fn ok(l: &str) -> (Action, Option<&str>) {
            parse_action(l).unwrap_or_else(|e| panic!("{l:?}: {e}"))
        }
        assert_eq!(
            ok("MOVE 1 -2 150").0,
            Action::Move {
                x: 1,
                y: -2,
                thrust: 150
            }
        );
        assert_eq!(
            ok("MOVE 0013845 4853 102 gg wp"),
            (
                Action::Move {
                    x: 13845,
                    y: 4853,
                    thrust: 102
                },
                Some("gg wp")
            )
        );
        assert_eq!(
            ok("THROW 16000 3750 500").0,
            Action::Throw {
                x: 16000,
                y: 3750,
                power: 500
            }
        );
        assert_eq!(
            ok("ACCIO 09").0,
            Action::Cast {
                spell: Spell::Accio,
                target: 9
            }
        );
        assert_eq!(
            ok("PETRIFICUS -0").0,
            Action::Cast {
                spell: Spell::Petrificus,
                target: 0
            }
        );
        assert_eq!(
            ok("MOVE 1 2\t3").0,
            Action::Move {
                x: 1,
                y: 2,
                thrust: 3
            }
        );
        assert_eq!(ok("MOVE 1 2 3   ").1, Some(" "), "a message of blanks");
        assert_eq!(
            ok("MOVE 1 2 151").0,
            Action::Move {
                x: 1,
                y: 2,
                thrust: 151
            },
            "range is checked on apply"
        );
        for bad in [
            "MOVE 1 2 3 ",
            "MOVE  1 2 3",
            "MOVE 1 2",
            "move 1 2 3",
            "MOVE 123456789 2 3",
            "ACCIO 1234",
            "ACCIO  5",
            "ACCIO 5 ",
            "OBLIVIATE",
            "THROW 1 2 -3",
            "",
            "WAIT",
        ] {
            assert_eq!(parse_action(bad), Err(ActionError::Syntax), "{bad:?}");
        }
    }
}

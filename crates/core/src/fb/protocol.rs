//! The contest's text protocol for Fantastic Bits: the lines a team reads (its id on the first
//! turn, scores and magic, then the entities it can see) and the order lines it prints, parsed
//! exactly as the referee's patterns accept them. Parsing never panics and never allocates.

use super::state::{Spell, State, FIRST_BLUDGER, WIZARDS};
use super::step::{Action, ActionError};
use crate::input::{InputError, Line};
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

/// How many more lines a team's input for a turn has, given the lines read so far (at least
/// one): the team id on the first turn, the two score lines, the entity count, the entities.
/// An unreadable count counts as 0 (the turn's parse then says what is wrong).
pub fn lines_missing(first: bool, lines: &[String]) -> usize {
    let head = if first { 4 } else { 3 };
    let whole = match lines.get(head - 1) {
        None => head,
        Some(count) => head + count.trim().parse::<usize>().unwrap_or(0),
    };
    whole.saturating_sub(lines.len())
}

/// What a bot reads in a turn (after the team id line of the first turn), decoded into the
/// referee's state: scores, magic, and every entity it is shown. What the lines do not say is
/// carried over from `prev` (the bot's state after its last turn, with its own bookkeeping of
/// grab cooldowns and spells); scored snaffles, which are not shown, are parked far off the
/// field. On the first turn `prev` is `None` and the snaffle count comes from the entities.
pub fn parse_turn(
    lines: &[String],
    team: usize,
    prev: Option<&State>,
) -> Result<State, InputError> {
    let ints = |k: usize, n: usize, expected: &'static str| -> Result<Vec<i32>, InputError> {
        let line = lines.get(k).ok_or(InputError::Missing(Line::Turn(k + 1)))?;
        let v: Vec<i32> = line
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        if v.len() != n || line.split_whitespace().count() != n {
            return Err(InputError::malformed(Line::Turn(k + 1), expected, line));
        }
        Ok(v)
    };
    let mine = ints(0, 2, "'score magic'")?;
    let theirs = ints(1, 2, "'score magic'")?;
    let count = ints(2, 1, "the number of entities")?[0];
    if !(6..=13).contains(&count) || lines.len() < 3 + count as usize {
        return Err(InputError::invalid(
            Line::Turn(3),
            format!(
                "{count} entities, {} lines follow",
                lines.len().saturating_sub(3)
            ),
        ));
    }
    let entity = |k: usize| -> Result<(i32, &str, [i32; 5]), InputError> {
        let line = &lines[3 + k];
        let t: Vec<&str> = line.split_whitespace().collect();
        let bad = || InputError::malformed(Line::Entity(k + 1), "'id TYPE x y vx vy state'", line);
        if t.len() != 7 {
            return Err(bad());
        }
        let num = |i: usize| t[i].parse::<i32>().map_err(|_| bad());
        Ok((num(0)?, t[1], [num(2)?, num(3)?, num(4)?, num(5)?, num(6)?]))
    };
    let mut state = match prev {
        Some(p) => {
            let mut s = *p;
            s.round += 1;
            s
        }
        None => {
            let mut snaffles = Vec::new();
            for k in 0..count as usize {
                let (_, kind, v) = entity(k)?;
                if kind == "SNAFFLE" {
                    snaffles.push((v[0], v[1]));
                }
            }
            super::setup::initial_state(&snaffles)
                .map_err(|e| InputError::invalid(Line::Turn(3), e))?
        }
    };
    for p in 0..2 {
        let v = if p == team { &mine } else { &theirs };
        state.players[p].score = v[0];
        state.players[p].magic = v[1];
    }
    for sn in state.snaffles.iter_mut().take(state.snaffle_count as usize) {
        sn.alive = false;
        sn.captured = false;
    }
    let mut holders = [false; WIZARDS];
    for k in 0..count as usize {
        let (id, kind, v) = entity(k)?;
        let slot = state.slot_of(id).ok_or_else(|| {
            InputError::invalid(Line::Entity(k + 1), format!("no entity has id {id}"))
        })?;
        state.bodies[slot].pos = crate::geom::Vec2::new(v[0] as f64, v[1] as f64);
        state.bodies[slot].vel = crate::geom::Vec2::new(v[2] as f64, v[3] as f64);
        match kind {
            "WIZARD" | "OPPONENT_WIZARD" if slot < WIZARDS => holders[slot] = v[4] == 1,
            "SNAFFLE" if (super::state::FIRST_SNAFFLE..FIRST_BLUDGER).contains(&slot) => {
                let sn = &mut state.snaffles[slot - super::state::FIRST_SNAFFLE];
                sn.alive = true;
                sn.captured = v[4] == 1;
            }
            "BLUDGER" if slot >= FIRST_BLUDGER => {
                state.bludgers[slot - FIRST_BLUDGER].last_victim =
                    u8::try_from(v[4]).ok().filter(|&w| w < 4);
            }
            _ => {
                return Err(InputError::invalid(
                    Line::Entity(k + 1),
                    format!("id {id} is not a {kind}"),
                ))
            }
        }
    }
    for slot in state.snaffle_slots() {
        if !state.snaffles[slot - super::state::FIRST_SNAFFLE].alive {
            state.bodies[slot].pos =
                crate::geom::Vec2::new(-100_000.0, -100_000.0 - 1000.0 * slot as f64);
            state.bodies[slot].vel = crate::geom::Vec2::ZERO;
        }
    }
    for (w, &holds) in holders.iter().enumerate() {
        let at = state.bodies[w].pos;
        state.wizards[w].holding = if holds {
            state
                .snaffle_slots()
                .find(|&s| {
                    state.snaffles[s - super::state::FIRST_SNAFFLE].captured
                        && state.bodies[s].pos == at
                })
                .map(|s| s as u8)
        } else {
            None
        };
    }
    Ok(state)
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

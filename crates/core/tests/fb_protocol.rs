//! The FB order parser against an oracle: the referee's regular expressions, with Java's `\s`
//! and `.` spelled out for Rust's regex engine.

use botsim_core::fb::state::Spell;
use botsim_core::fb::{parse_action, Action, ActionError};
use proptest::prelude::*;
use regex::Regex;

fn oracles() -> (Regex, Regex) {
    let ws = r"[ \t\n\x0B\x0C\r]";
    let dot = r"[^\n\r\x{85}\x{2028}\x{2029}]";
    let msg = format!(r"(?:{ws}+({dot}+))?");
    let motion = Regex::new(&format!(
        r"^(MOVE|THROW) (-?[0-9]{{1,8}}){ws}+(-?[0-9]{{1,8}}){ws}+([0-9]{{1,8}}){msg}$"
    ))
    .unwrap();
    let spell = Regex::new(&format!(
        r"^(ACCIO|OBLIVIATE|FLIPENDO|PETRIFICUS) (-?[0-9]{{1,3}}){msg}$"
    ))
    .unwrap();
    (motion, spell)
}

fn expected(re: &(Regex, Regex), line: &str) -> Result<(Action, Option<String>), ActionError> {
    if let Some(c) = re.0.captures(line) {
        let (x, y, p) = (
            c[2].parse().unwrap(),
            c[3].parse().unwrap(),
            c[4].parse().unwrap(),
        );
        let a = if &c[1] == "MOVE" {
            Action::Move { x, y, thrust: p }
        } else {
            Action::Throw { x, y, power: p }
        };
        return Ok((a, c.get(5).map(|m| m.as_str().to_string())));
    }
    if let Some(c) = re.1.captures(line) {
        let spell = Spell::ALL
            .into_iter()
            .find(|s| s.keyword() == &c[1])
            .unwrap();
        let a = Action::Cast {
            spell,
            target: c[2].parse().unwrap(),
        };
        return Ok((a, c.get(3).map(|m| m.as_str().to_string())));
    }
    Err(ActionError::Syntax)
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..2000).prop_map(|n| n.to_string()),
        (0u64..10_000_000_000).prop_map(|n| n.to_string()),
        Just("-".to_string()),
        Just(" ".to_string()),
        Just("  ".to_string()),
        Just("\t".to_string()),
        Just("\r".to_string()),
        Just("MOVE".to_string()),
        Just("MOVE ".to_string()),
        Just("THROW ".to_string()),
        Just("ACCIO ".to_string()),
        Just("OBLIVIATE ".to_string()),
        Just("PETRIFICUS".to_string()),
        Just("x".to_string()),
        Just("é".to_string()),
        Just("\u{2029}".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50_000))]

    #[test]
    fn agrees_with_the_referee_regexes(parts in prop::collection::vec(piece(), 0..9)) {
        let re = oracles();
        let line = parts.concat();
        let actual = parse_action(&line).map(|(a, m)| (a, m.map(str::to_string)));
        prop_assert_eq!(actual, expected(&re, &line), "line {:?}", line);
    }

    #[test]
    fn orders_with_tails(kind in 0..3usize, x in -20000i32..20000, y in -20000i32..20000, p in 0u32..700,
                         tail in prop::collection::vec(piece(), 0..4)) {
        let re = oracles();
        let head = match kind {
            0 => format!("MOVE {x} {y} {p}"),
            1 => format!("THROW {x} {y} {p}"),
            _ => format!("ACCIO {}", p % 1200),
        };
        let line = head + &tail.concat();
        let actual = parse_action(&line).map(|(a, m)| (a, m.map(str::to_string)));
        prop_assert_eq!(actual, expected(&re, &line), "line {:?}", line);
    }

    #[test]
    fn never_panics(line in "\\PC{0,40}") {
        let re = oracles();
        let actual = parse_action(&line).map(|(a, m)| (a, m.map(str::to_string)));
        prop_assert_eq!(actual, expected(&re, &line), "line {:?}", line);
    }
}

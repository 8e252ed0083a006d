//! The order-line parser against an oracle: the referee's own regular expression, with Java's
//! meaning of `\s` and `.` spelled out for Rust's regex engine (which, like Java's, reports
//! the leftmost-first captures).

use botsim_core::csb::{parse_order, OrderError, Thrust};
use proptest::prelude::*;
use regex::Regex;

fn oracle() -> Regex {
    let ws = r"[ \t\n\x0B\x0C\r]";
    let dot = r"[^\n\r\x{85}\x{2028}\x{2029}]";
    Regex::new(&format!(
        r"^(-?[0-9]{{1,9}}){ws}+(-?[0-9]{{1,9}}){ws}+([0-9]{{1,9}}|SHIELD|BOOST)?(?:{ws}+({dot}+))?$"
    ))
    .unwrap()
}

/// What the oracle makes of a line: None if it does not match, else x, y, thrust, message.
fn expected(re: &Regex, line: &str) -> Result<(i32, i32, Thrust, Option<String>), OrderError> {
    let c = re.captures(line).ok_or(OrderError::Syntax)?;
    let x = c[1].parse().unwrap();
    let y = c[2].parse().unwrap();
    let thrust = match c.get(3).map(|m| m.as_str()) {
        None => Thrust::Power(200),
        Some("SHIELD") => Thrust::Shield,
        Some("BOOST") => Thrust::Boost,
        Some(n) => {
            let p: u32 = n.parse().unwrap();
            if p > 200 {
                return Err(OrderError::Power(p));
            }
            Thrust::Power(p as u16)
        }
    };
    Ok((x, y, thrust, c.get(4).map(|m| m.as_str().to_string())))
}

fn actual(line: &str) -> Result<(i32, i32, Thrust, Option<String>), OrderError> {
    parse_order(line).map(|o| (o.x, o.y, o.thrust, o.message.map(str::to_string)))
}

/// Pieces that make the parser's decisions interesting.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..1000).prop_map(|n| n.to_string()),
        (0u64..100_000_000_000).prop_map(|n| n.to_string()),
        Just("0".to_string()),
        Just("-".to_string()),
        Just(" ".to_string()),
        Just("  ".to_string()),
        Just("\t".to_string()),
        Just("\r".to_string()),
        Just("\n".to_string()),
        Just("\x0b".to_string()),
        Just("SHIELD".to_string()),
        Just("BOOST".to_string()),
        Just("boost".to_string()),
        Just("x".to_string()),
        Just(".5".to_string()),
        Just("é".to_string()),
        Just("\u{85}".to_string()),
        Just("\u{2028}".to_string()),
        Just("200".to_string()),
        Just("201".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(50_000))]

    /// Lines that start like an order and end in anything.
    #[test]
    fn agrees_with_the_referee_regex(x in -1000i32..20000, y in -1000i32..20000,
                                     tail in prop::collection::vec(piece(), 0..7)) {
        let re = oracle();
        let line = format!("{x} {y}{}", tail.concat());
        prop_assert_eq!(actual(&line), expected(&re, &line), "line {:?}", line);
    }

    /// Lines made of pieces alone, including ones that do not start with a number.
    #[test]
    fn agrees_on_arbitrary_pieces(parts in prop::collection::vec(piece(), 0..10)) {
        let re = oracle();
        let line = parts.concat();
        prop_assert_eq!(actual(&line), expected(&re, &line), "line {:?}", line);
    }

    /// Any string at all: never a panic, and the oracle's verdict.
    #[test]
    fn never_panics(line in "\\PC{0,40}") {
        let re = oracle();
        prop_assert_eq!(actual(&line), expected(&re, &line), "line {:?}", line);
    }
}

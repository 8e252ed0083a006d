//! Pieces of the contest referees' Java regular expressions, matched without a regex engine:
//! the order lines of both games are `matches()`-anchored patterns built from digit runs,
//! `\s+` and an optional `\s+(.+)` message, and these functions decide them exactly as Java's
//! backtracking matcher would, without allocating. Bundle-safe: std only.

/// Java's `\s`: space, tab, newline, vertical tab, form feed, carriage return.
#[inline]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Whether Java's `.` refuses this character (a line terminator).
#[inline]
pub fn is_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// `[0-9]{1,max}` at `i`, where the pattern needs a non-digit (a blank or the end) after it:
/// the run of digits must be maximal and at most `max` long, since backtracking to fewer digits
/// leaves a digit where a blank must follow. Returns the value and the end.
pub fn digits(b: &[u8], i: usize, max: usize) -> Option<(u32, usize)> {
    let len = b[i.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if !(1..=max).contains(&len) {
        return None;
    }
    let v = b[i..i + len]
        .iter()
        .fold(0u32, |v, &c| v * 10 + (c - b'0') as u32);
    Some((v, i + len))
}

/// `-?[0-9]{1,max}` at `i`, followed by a blank or the end. Returns the value and the end.
pub fn signed(b: &[u8], mut i: usize, max: usize) -> Option<(i32, usize)> {
    let neg = b.get(i) == Some(&b'-');
    if neg {
        i += 1;
    }
    let (v, end) = digits(b, i, max)?;
    let v = v as i32;
    Some((if neg { -v } else { v }, end))
}

/// `\s+` at `i`, maximal. Returns the end.
pub fn spaces(b: &[u8], i: usize) -> Option<usize> {
    let len = b[i.min(b.len())..]
        .iter()
        .take_while(|&&c| is_space(c))
        .count();
    (len > 0).then_some(i + len)
}

/// `\s+(.+)` matching the whole of `s`, as the regex would capture it: the blanks taken as
/// greedily as the message still allows. `None` if there is no such split.
pub fn message(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let blanks = b.iter().take_while(|&&c| is_space(c)).count();
    if blanks == 0 {
        return None;
    }
    // The message may not contain a line terminator, so it must start after the last one.
    let after_terminator = s
        .char_indices()
        .rfind(|&(_, c)| is_terminator(c))
        .map_or(0, |(k, c)| k + c.len_utf8());
    // The blanks are ASCII, so every index up to `blanks` is a char boundary.
    let start = blanks.min(s.len() - 1);
    (start >= 1 && start >= after_terminator && start < s.len()).then(|| &s[start..])
}

/// `(?:\s+(.+))?$` on what follows the last number of a line: nothing, or a message.
/// `Err(())` if neither matches.
#[allow(clippy::result_unit_err)]
pub fn optional_message(rest: &str) -> Result<Option<&str>, ()> {
    if rest.is_empty() {
        Ok(None)
    } else {
        message(rest).map(Some).ok_or(())
    }
}

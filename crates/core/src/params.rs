//! Named parameters: the file format tuned values travel in (`name = number` lines, `#`
//! comments; a subset of TOML), shared by the bots, `builtin:ga`, the bundler and the tuner.
//! Bundle-safe: std only.

/// Parses `name = number` lines. Errors name the line.
pub fn parse(text: &str) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (name, value) = line.split_once('=').ok_or(format!(
            "line {}: expected 'name = number', found '{raw}'",
            k + 1
        ))?;
        let name = name.trim().trim_matches('"');
        let value: f64 = value
            .trim()
            .parse()
            .map_err(|_| format!("line {}: '{}' is not a number", k + 1, value.trim()))?;
        if name.is_empty() || !value.is_finite() {
            return Err(format!(
                "line {}: expected 'name = number', found '{raw}'",
                k + 1
            ));
        }
        out.push((name.to_string(), value));
    }
    Ok(out)
}

/// Writes parameters as `name = number` lines.
pub fn format(params: &[(String, f64)]) -> String {
    params.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
}

/// Parameters a bot can be given by name.
pub trait Named {
    /// Every parameter's name and current value.
    fn values(&self) -> Vec<(&'static str, f64)>;
    /// Sets one parameter; an error names the unknown parameter or the bad value.
    fn set(&mut self, name: &str, value: f64) -> Result<(), String>;

    /// Sets several.
    fn set_all(&mut self, params: &[(&str, f64)]) -> Result<(), String> {
        params.iter().try_for_each(|(n, v)| self.set(n, *v))
    }
}

/// A count from a parameter value: a whole number at least `min`.
pub fn count(name: &str, value: f64, min: usize) -> Result<usize, String> {
    if value.fract() != 0.0 || value < min as f64 {
        return Err(format!(
            "{name} must be a whole number of at least {min}, got {value}"
        ));
    }
    Ok(value as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_reports_lines() {
        let p =
            parse("# tuned\nweights.runner = 1.5\n\n\"opponent_share\"=0.3 # comment\n").unwrap();
        assert_eq!(
            p,
            [
                ("weights.runner".to_string(), 1.5),
                ("opponent_share".to_string(), 0.3)
            ]
        );
        assert_eq!(parse(&format(&p)).unwrap(), p);
        assert!(parse("a = b").unwrap_err().contains("line 1"));
        assert!(parse("x\n").unwrap_err().contains("line 1"));
        assert!(parse("a = 1\nb = nan").unwrap_err().contains("line 2"));
    }
}

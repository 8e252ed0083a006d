//! Both library crates are layered: no top-level module names one that names it back, directly
//! or through others. A module's references are the `crate::NAME` paths in its files (and, in a
//! top-level file, `super::NAME`), comments and the unit tests (from `#[cfg(test)]` on) left
//! out; a cycle fails the test and is printed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of the crate at `src` and the top-level modules its files name.
fn references(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![src.to_path_buf()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(src).unwrap();
        let mut parts = rel.components();
        let first = parts
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .into_owned();
        let top_level_file = parts.next().is_none();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let names = graph.entry(module.clone()).or_default();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            let mut prefixes = vec!["crate::"];
            if top_level_file {
                prefixes.push("super::");
            }
            for prefix in prefixes {
                for (at, _) in code.match_indices(prefix) {
                    let before = code[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    let rest = &code[at + prefix.len()..];
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module {
                        names.insert(name);
                    }
                }
            }
        }
    }
    // Only the crate's own modules count (not items of lib.rs).
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for names in graph.values_mut() {
        names.retain(|n| modules.contains(n));
    }
    graph
}

/// A cycle of the graph, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(k) = path.iter().position(|n| n == node) {
            let mut c = path[k..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
            .into_iter()
            .map(|(x, y)| (x.to_string(), BTreeSet::from([y.to_string()])))
            .collect();
    assert_eq!(
        cycle(&graph),
        Some(
            vec!["a", "b", "c", "a"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    let mut acyclic = graph.clone();
    acyclic.get_mut("c").unwrap().clear();
    assert_eq!(cycle(&acyclic), None);
}

#[test]
fn the_library_crates_have_no_module_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in ["crates/core/src", "crates/botsim/src"] {
        let graph = references(&root.join(krate));
        assert!(graph.len() > 5, "{krate}: {graph:?}");
        if let Some(c) = cycle(&graph) {
            panic!(
                "{krate}: modules in a cycle: {}\n{graph:#?}",
                c.join(" -> ")
            );
        }
    }
    // The tools' layering, as its docs draw it: the games sit below the tools that use them.
    let tools = references(&root.join("crates/botsim/src"));
    for above in ["arena", "bench", "replay", "tune", "bundle", "ladder"] {
        assert!(!tools["games"].contains(above), "games names {above}");
    }
    assert!(tools["arena"].contains("games"));
}

//! What the bundler reads in Rust sources, read with Rust's own tokenizer (`proc-macro2`) and
//! grammar (`syn`) rather than by hand. Token spans say where the code is, so the gaps between
//! tokens are exactly the whitespace and the comments; a doc comment is a token (an attribute)
//! whose text starts with `//` or `/*`. syn's items say what to drop (`#[cfg(test)]`), which
//! files to inline (`mod name;`) and what `use` brings into scope.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::ops::Range;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// A token of a source, with groups flattened: their delimiters are tokens of their own.
#[derive(Clone, Debug, PartialEq)]
struct Token {
    range: Range<usize>,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Ident(String),
    Punct(char, Spacing),
    Open(Delimiter),
    Close(Delimiter),
    Literal,
    /// A doc comment (`///`, `//!`, `/** */`, `/*! */`), one token for the whole comment.
    Doc,
}

/// A source that Rust's tokenizer or grammar does not take, and where.
#[derive(Debug, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct SourceError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What the tokenizer or parser said.
    pub message: String,
}

impl SourceError {
    fn at(span: proc_macro2::Span, message: impl std::fmt::Display) -> SourceError {
        let start = span.start();
        SourceError {
            line: start.line,
            column: start.column + 1,
            message: message.to_string(),
        }
    }
}

type Result<T> = std::result::Result<T, SourceError>;

fn parse_file(src: &str) -> Result<syn::File> {
    syn::parse_file(src).map_err(|e| SourceError::at(e.span(), e))
}

/// Every token of `src`, in order.
fn tokens(src: &str) -> Result<Vec<Token>> {
    let stream: TokenStream = src
        .parse()
        .map_err(|e: proc_macro2::LexError| SourceError::at(e.span(), e))?;
    let mut out = Vec::new();
    flatten(stream, src, &mut out);
    Ok(out)
}

fn flatten(stream: TokenStream, src: &str, out: &mut Vec<Token>) {
    for tree in stream {
        let range = tree.span().byte_range();
        // A doc comment lexes as `#`, maybe `!`, and a bracketed `doc = "..."`, every one of
        // them spanning the comment.
        let text = &src[range.clone()];
        if text.starts_with("//") || text.starts_with("/*") {
            if out.last().is_none_or(|t: &Token| t.range != range) {
                out.push(Token {
                    range,
                    kind: Kind::Doc,
                });
            }
            continue;
        }
        match tree {
            TokenTree::Group(g) => {
                out.push(Token {
                    range: g.span_open().byte_range(),
                    kind: Kind::Open(g.delimiter()),
                });
                flatten(g.stream(), src, out);
                out.push(Token {
                    range: g.span_close().byte_range(),
                    kind: Kind::Close(g.delimiter()),
                });
            }
            TokenTree::Ident(i) => out.push(Token {
                range,
                kind: Kind::Ident(i.to_string()),
            }),
            TokenTree::Punct(p) => out.push(Token {
                range,
                kind: Kind::Punct(p.as_char(), p.spacing()),
            }),
            TokenTree::Literal(_) => out.push(Token {
                range,
                kind: Kind::Literal,
            }),
        }
    }
}

/// Whether attributes include `#[cfg(test)]`.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string() == "test")
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

fn impl_item_attrs(item: &syn::ImplItem) -> &[syn::Attribute] {
    use syn::ImplItem::*;
    match item {
        Const(i) => &i.attrs,
        Fn(i) => &i.attrs,
        Type(i) => &i.attrs,
        Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// The byte ranges of the `#[cfg(test)]` items, at any depth.
#[derive(Default)]
struct TestItems(Vec<Range<usize>>);

impl<'ast> Visit<'ast> for TestItems {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if is_test_only(item_attrs(item)) {
            self.0.push(item.span().byte_range());
        } else {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        if is_test_only(impl_item_attrs(item)) {
            self.0.push(item.span().byte_range());
        } else {
            syn::visit::visit_impl_item(self, item);
        }
    }
}

/// The source with `#[cfg(test)]` items removed, and unless `keep_docs` its comments too, doc
/// comments included, with each line of code left without its indentation and no blank lines
/// (a string literal keeps its own lines as they are). With `keep_docs`, only the test items
/// go, with the lines they leave empty.
pub fn strip(src: &str, keep_docs: bool) -> Result<String> {
    let mut tests = TestItems::default();
    tests.visit_file(&parse_file(src)?);
    let dropped = tests.0;
    if keep_docs {
        return Ok(cut(src, &dropped));
    }
    let inside = |r: &Range<usize>| dropped.iter().any(|d| d.start <= r.start && r.end <= d.end);
    let mut out = String::with_capacity(src.len());
    let mut last = 0;
    for t in tokens(src)? {
        if t.kind == Kind::Doc || inside(&t.range) {
            continue;
        }
        let gap = &src[last..t.range.start];
        if !out.is_empty() {
            if gap.contains('\n') {
                out.push('\n');
            } else if !gap.is_empty() {
                out.push(' ');
            }
        }
        out.push_str(&src[t.range.clone()]);
        last = t.range.end;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    Ok(out)
}

/// `src` without the `ranges`; a line left blank by a cut goes whole.
fn cut(src: &str, ranges: &[Range<usize>]) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut last = 0;
    for r in ranges {
        let mut start = r.start;
        while start > 0 && matches!(b[start - 1], b' ' | b'\t') {
            start -= 1;
        }
        let mut end = r.end;
        while end < b.len() && matches!(b[end], b' ' | b'\t') {
            end += 1;
        }
        let whole_line = (start == 0 || b[start - 1] == b'\n') && b.get(end) == Some(&b'\n');
        let (start, end) = if whole_line {
            (start, end + 1)
        } else {
            (r.start, r.end)
        };
        out.push_str(&src[last..start]);
        last = end;
    }
    out.push_str(&src[last..]);
    out
}

/// A `mod name;` declaration at the top level of a source.
#[derive(Clone, Debug, PartialEq)]
pub struct ModDeclaration {
    /// The whole item, attributes and visibility included.
    pub item: Range<usize>,
    /// Where its `mod` keyword starts: what comes before stays with the inlined module.
    pub keyword: usize,
    pub name: String,
}

/// The `mod name;` declarations at the top level of `src`, in order.
pub fn mod_declarations(src: &str) -> Result<Vec<ModDeclaration>> {
    Ok(parse_file(src)?
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) if m.content.is_none() => Some(ModDeclaration {
                item: m.span().byte_range(),
                keyword: m.mod_token.span.byte_range().start,
                name: m.ident.to_string(),
            }),
            _ => None,
        })
        .collect())
}

/// Whether tokens `i` and `i + 1` are a `::`.
fn path_separator(tokens: &[Token], i: usize) -> bool {
    matches!(
        (
            tokens.get(i).map(|t| &t.kind),
            tokens.get(i + 1).map(|t| &t.kind)
        ),
        (
            Some(Kind::Punct(':', Spacing::Joint)),
            Some(Kind::Punct(':', _))
        )
    )
}

/// The identifiers of `tokens` that start a path (`name::` not after another `::`), each with
/// its index, for the paths that go on with a name, a group or a glob (not `::<`, a turbofish).
fn path_starts(tokens: &[Token]) -> impl Iterator<Item = (usize, &str)> {
    (0..tokens.len()).filter_map(move |i| {
        let Kind::Ident(name) = &tokens[i].kind else {
            return None;
        };
        let continues = i >= 1 && matches!(tokens[i - 1].kind, Kind::Punct(':', _));
        let goes_on = matches!(
            tokens.get(i + 3).map(|t| &t.kind),
            Some(Kind::Ident(_) | Kind::Open(Delimiter::Brace) | Kind::Punct('*', _))
        );
        (!continues && path_separator(tokens, i + 1) && goes_on).then_some((i, name.as_str()))
    })
}

/// The first segments of the paths in `src`'s code (`name::...`), which name crates and
/// modules; macro arguments included.
pub fn path_roots(src: &str) -> Result<BTreeSet<String>> {
    let tokens = tokens(src)?;
    Ok(path_starts(&tokens).map(|(_, n)| n.to_string()).collect())
}

/// The top-level library modules `src` names through `crate::` paths or the library's own
/// ([`super::LIBRARY_NAMES`]), grouped imports such as `crate::{geom, java::Random}` included.
pub fn referenced_modules(src: &str) -> Result<BTreeSet<String>> {
    let tokens = tokens(src)?;
    let mut out = BTreeSet::new();
    for (i, root) in path_starts(&tokens) {
        if root != "crate" && !super::LIBRARY_NAMES.contains(&root) {
            continue;
        }
        match &tokens[i + 3].kind {
            Kind::Ident(name) => {
                out.insert(name.clone());
            }
            Kind::Open(Delimiter::Brace) => {
                // The first name of each comma-separated part of the group.
                let mut depth = 0;
                let mut part_start = true;
                for t in &tokens[i + 3..] {
                    match &t.kind {
                        Kind::Open(_) => depth += 1,
                        Kind::Close(_) => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Kind::Punct(',', _) if depth == 1 => part_start = true,
                        Kind::Ident(name) if depth == 1 && part_start => {
                            out.insert(name.clone());
                            part_start = false;
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Every path of two or more segments in `src`'s code (`a::b::c`), macro arguments included,
/// with groups expanded (`a::{b, c::d}` is `a::b` and `a::c::d`) and a glob as the segment `*`.
/// Generic arguments end a path (`Vec::<u8>::new` is not one).
pub fn module_paths(src: &str) -> Result<Vec<Vec<String>>> {
    let tokens = tokens(src)?;
    let mut out = Vec::new();
    let mut read_to = 0;
    for (i, _) in path_starts(&tokens) {
        // A path inside a group was read with its group.
        if i >= read_to {
            read_to = expand_path(&tokens, i, &mut Vec::new(), &mut out);
        }
    }
    Ok(out)
}

/// Reads the path at `tokens[i..]`, after the segments already in `prefix`, into `out` (each
/// member of a group a path of its own); returns the index after it.
fn expand_path(
    tokens: &[Token],
    mut i: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let base = prefix.len();
    loop {
        match tokens.get(i).map(|t| &t.kind) {
            Some(Kind::Ident(name)) => prefix.push(name.clone()),
            Some(Kind::Punct('*', _)) => {
                prefix.push("*".to_string());
                i += 1;
                break;
            }
            Some(Kind::Open(Delimiter::Brace)) => {
                i += 1;
                loop {
                    match tokens.get(i).map(|t| &t.kind) {
                        Some(Kind::Close(Delimiter::Brace)) | None => break,
                        Some(
                            Kind::Ident(_) | Kind::Punct('*', _) | Kind::Open(Delimiter::Brace),
                        ) => {
                            i = expand_path(tokens, i, prefix, out);
                            // `name as other`: the other name is no path.
                            if matches!(tokens.get(i).map(|t| &t.kind), Some(Kind::Ident(k)) if k == "as")
                            {
                                i += 2;
                            }
                        }
                        Some(_) => i += 1,
                    }
                }
                prefix.truncate(base);
                return i + 1;
            }
            _ => break,
        }
        i += 1;
        if path_separator(tokens, i) {
            i += 2;
        } else {
            break;
        }
    }
    if prefix.len() > 1 {
        out.push(prefix.clone());
    }
    prefix.truncate(base);
    i
}

/// `src` with every path that starts with `from::` starting with `to::` instead.
pub fn rename_path_root(src: &str, from: &str, to: &str) -> Result<String> {
    let tokens = tokens(src)?;
    let mut out = String::with_capacity(src.len());
    let mut last = 0;
    for (i, root) in path_starts(&tokens) {
        if root == from {
            let r = &tokens[i].range;
            out.push_str(&src[last..r.start]);
            out.push_str(to);
            last = r.end;
        }
    }
    out.push_str(&src[last..]);
    Ok(out)
}

/// A `use` declaration: its root (first segment) and every other name in it (the names it
/// brings into scope, and their parents, which `self` may import).
#[derive(Clone, Debug, PartialEq)]
pub struct UseDeclaration {
    pub root: String,
    pub names: Vec<String>,
}

#[derive(Default)]
struct Uses(Vec<UseDeclaration>);

impl<'ast> Visit<'ast> for Uses {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut roots = vec![&item.tree];
        // `use {a::b, c};`: each part has a root of its own.
        while let Some(tree) = roots.pop() {
            match tree {
                syn::UseTree::Group(g) => roots.extend(g.items.iter()),
                syn::UseTree::Path(p) => {
                    let mut names = Vec::new();
                    names_in(&p.tree, &mut names);
                    self.0.push(UseDeclaration {
                        root: p.ident.to_string(),
                        names,
                    });
                }
                syn::UseTree::Name(n) => self.0.push(UseDeclaration {
                    root: n.ident.to_string(),
                    names: Vec::new(),
                }),
                syn::UseTree::Rename(r) => self.0.push(UseDeclaration {
                    root: r.ident.to_string(),
                    names: vec![r.rename.to_string()],
                }),
                syn::UseTree::Glob(_) => {}
            }
        }
    }
}

fn names_in(tree: &syn::UseTree, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => {
            out.push(p.ident.to_string());
            names_in(&p.tree, out);
        }
        syn::UseTree::Name(n) => out.push(n.ident.to_string()),
        syn::UseTree::Rename(r) => out.extend([r.ident.to_string(), r.rename.to_string()]),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| names_in(t, out)),
        syn::UseTree::Glob(_) => {}
    }
}

/// The `use` declarations of `src`, at any depth.
pub fn use_declarations(src: &str) -> Result<Vec<UseDeclaration>> {
    let mut uses = Uses::default();
    uses.visit_file(&parse_file(src)?);
    Ok(uses.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_tests_and_docs_but_not_strings() {
        let src = "//! crate doc\nuse std::fmt; // gone\n/// doc\nfn a() { let s = \"#[cfg(test)] /// no // no\"; let c = '}'; }\n#[cfg(test)]\nmod tests {\n    fn t() { let x = \"}\"; }\n}\n    // gone too\nfn b<'a>(x: &'a str) {}\n";
        assert_eq!(
            strip(src, false).unwrap(),
            "use std::fmt;\nfn a() { let s = \"#[cfg(test)] /// no // no\"; let c = '}'; }\nfn b<'a>(x: &'a str) {}\n"
        );
        let kept = strip(src, true).unwrap();
        assert!(kept.contains("// gone too") && kept.contains("/// doc"));
        assert!(!kept.contains("mod tests") && !kept.contains("let x"));
        let indented = "fn c() {\n    let s = \"one\n    two\";\n    let t = 1;\n}\n";
        assert_eq!(
            strip(indented, false).unwrap(),
            "fn c() {\nlet s = \"one\n    two\";\nlet t = 1;\n}\n",
            "code lines lose their indentation, a string's own lines keep it"
        );
        assert_eq!(strip(indented, true).unwrap(), indented);
    }

    #[test]
    fn char_literals_that_fooled_the_old_lexer_are_tokens() {
        // A hand-written lexer once read '\'' followed by '"' as the start of a string.
        let src = "fn q() -> [char; 2] { ['\\'', '\"'] } // gone\nfn r() {}\n";
        assert_eq!(
            strip(src, false).unwrap(),
            "fn q() -> [char; 2] { ['\\'', '\"'] }\nfn r() {}\n"
        );
        let test_impl =
            "impl A {\n    #[cfg(test)]\n    fn t() { let _ = '\"'; }\n    fn u() {}\n}\n";
        assert_eq!(strip(test_impl, false).unwrap(), "impl A {\nfn u() {}\n}\n");
        assert_eq!(
            strip(test_impl, true).unwrap(),
            "impl A {\n    fn u() {}\n}\n"
        );
    }

    #[test]
    fn finds_modules_roots_and_uses() {
        let src = "#[allow(dead_code)]\npub mod a;\nmod b_c;\nmod inline { }\nconst S: &str = \"mod x; crate::no\";\nuse crate::{geom, java::Random};\nuse serde_json::Value as V;\nfn f() { g::<u8>(); println!(\"{}\", regex::escape(\"\")); }\n";
        let mods = mod_declarations(src).unwrap();
        let names: Vec<&str> = mods.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["a", "b_c"]);
        assert_eq!(
            &src[mods[0].item.clone()],
            "#[allow(dead_code)]\npub mod a;"
        );
        assert_eq!(&src[mods[0].keyword..mods[0].item.end], "mod a;");
        let refs: Vec<String> = referenced_modules(src).unwrap().into_iter().collect();
        assert_eq!(refs, ["geom", "java"]);
        let paths = module_paths(
            "use super::{a::{self, B as C}, *};\nfn f() { x::y::z(Vec::<u8>::new()); m!(p::q); }",
        )
        .unwrap();
        let paths: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
        assert_eq!(
            paths,
            [
                "super::a::self",
                "super::a::B",
                "super::*",
                "x::y::z",
                "p::q"
            ]
        );
        let roots = path_roots(src).unwrap();
        assert!(
            roots.contains("serde_json") && roots.contains("regex"),
            "{roots:?}"
        );
        assert!(!roots.contains("g"), "a turbofish is not a path");
        let uses = use_declarations(src).unwrap();
        assert_eq!(uses[0].root, "crate");
        assert_eq!(uses[0].names, ["geom", "java", "Random"]);
        assert_eq!(uses[1].names, ["Value", "V"]);
        assert_eq!(
            rename_path_root(
                "use botsim::x; const B: &str = \"botsim::y\";",
                "botsim",
                "crate"
            )
            .unwrap(),
            "use crate::x; const B: &str = \"botsim::y\";"
        );
    }

    #[test]
    fn unreadable_sources_say_where() {
        let e = strip("fn a() {\n    let s = \"open;\n}\n", false).unwrap_err();
        assert!(e.to_string().starts_with("line 2, column 13"), "{e}");
        let e = mod_declarations("fn a( {}\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1"), "{e}");
    }
}

//! Pass 2: zones → square sets per side. White's set is written; Black's is White's mirrored or rotated by the
//! board's orientation unless given separately. A zone may use zones defined before it.
use crate::compile::Diags;
use crate::diag::{suggest, Span};
use crate::dsl::ast::{self, Name, StatementKind, ZoneExpr, ZoneTerm};
use crate::rules::{Geometry, Side, Square, SquareSet, Symmetry, Zone, ZoneId};
use std::collections::{HashMap, HashSet};

pub struct ZoneTable {
    zones: Vec<Zone>,
    pub spans: Vec<Span>,
    used: Vec<bool>,
    /// A zone whose expression had an error: checks that depend on its squares stay quiet.
    pub broken: Vec<bool>,
    by_name: HashMap<String, ZoneId>,
    /// Names declared anywhere (to tell "used before defined" from "unknown").
    declared: HashMap<String, Span>,
    /// Names used before their definition: reported then, so not "never used".
    used_early: HashSet<String>,
    /// Names of zone statements that had a syntax error: not "unknown", their error is reported.
    unread: HashSet<String>,
}

/// The square a White-side square corresponds to for `side`.
pub fn orient(g: Geometry, o: Symmetry, side: Side, sq: Square) -> Square {
    if side == Side::White {
        return sq;
    }
    let (f, r) = (g.file(sq), g.rank(sq));
    let r2 = g.ranks as i32 - 1 - r;
    let f2 = match o {
        Symmetry::Mirror => f,
        Symmetry::Rotate => g.files as i32 - 1 - f,
    };
    g.square(f2, r2)
        .expect("orientation keeps squares on the board")
}

impl ZoneTable {
    pub fn get(&self, id: ZoneId) -> &Zone {
        &self.zones[id.0 as usize]
    }

    /// Looks a zone up by name, marking it used; reports an unknown name with a suggestion.
    pub fn resolve(&mut self, name: &Name, d: &mut Diags) -> Option<ZoneId> {
        if let Some(&id) = self.by_name.get(&name.value) {
            self.used[id.0 as usize] = true;
            return Some(id);
        }
        if let Some(&at) = self.declared.get(&name.value) {
            self.used_early.insert(name.value.clone());
            d.error(
                name.span,
                format!("zone `{}` is used before it is defined", name.value),
            )
            .label(at, "defined here");
            return None;
        }
        if self.unread.contains(&name.value) {
            return None;
        }
        let diag = d.error(name.span, format!("unknown zone `{}`", name.value));
        if let Some(s) = suggest(&name.value, self.by_name.keys().map(String::as_str)) {
            diag.note(format!("did you mean `{s}`?"));
            // The zone meant is not also "never used".
            let id = self.by_name[s];
            self.used[id.0 as usize] = true;
        }
        None
    }

    /// Marks a zone named by a rule that was rejected for another reason (a second `promote`), so that it is not
    /// also called unused.
    pub fn mention(&mut self, name: Option<&Name>) {
        if let Some(&id) = name.and_then(|n| self.by_name.get(&n.value)) {
            self.used[id.0 as usize] = true;
        }
    }

    pub fn warn_unused(&self, d: &mut Diags) {
        for (i, zone) in self.zones.iter().enumerate() {
            if !self.used[i] && !self.used_early.contains(&zone.name) {
                d.warning(self.spans[i], format!("zone `{}` is never used", zone.name));
            }
        }
    }

    pub fn into_zones(self) -> Vec<Zone> {
        self.zones
    }
}

pub fn resolve_zones(file: &ast::File, g: Geometry, o: Symmetry, d: &mut Diags) -> ZoneTable {
    let mut t = ZoneTable {
        zones: Vec::new(),
        spans: Vec::new(),
        used: Vec::new(),
        broken: Vec::new(),
        by_name: HashMap::new(),
        declared: HashMap::new(),
        used_early: HashSet::new(),
        unread: file.unread_names("zone"),
    };
    for st in &file.statements {
        if let StatementKind::Zone(z) = &st.kind {
            t.declared
                .entry(z.name.value.clone())
                .or_insert(z.name.span);
        }
    }
    for st in &file.statements {
        let StatementKind::Zone(z) = &st.kind else {
            continue;
        };
        let errors_before = d.error_count();
        let white = eval(&z.white, Side::White, Side::White, g, o, &mut t, d);
        let black = match &z.black {
            Some(b) => eval(b, Side::White, Side::Black, g, o, &mut t, d),
            None => eval(&z.white, Side::Black, Side::Black, g, o, &mut t, d),
        };
        if let Some(&first) = t.by_name.get(&z.name.value) {
            d.error(
                z.name.span,
                format!("zone `{}` is defined twice", z.name.value),
            )
            .label(t.spans[first.0 as usize], "first defined here");
            continue;
        }
        let id = ZoneId(t.zones.len() as u16);
        t.by_name.insert(z.name.value.clone(), id);
        t.zones.push(Zone {
            name: z.name.value.clone(),
            squares: [white, black],
        });
        t.spans.push(z.name.span);
        t.used.push(false);
        t.broken.push(d.error_count() > errors_before);
    }
    t
}

/// Evaluates a zone expression: geometric terms are oriented for `side`, zone references take `refs`' set.
fn eval(
    e: &ZoneExpr,
    side: Side,
    refs: Side,
    g: Geometry,
    o: Symmetry,
    t: &mut ZoneTable,
    d: &mut Diags,
) -> SquareSet {
    let mut set = SquareSet::new();
    // Report geometric errors only once (while evaluating for White).
    let report = side == Side::White;
    let mut quiet = Diags::new("");
    for term in &e.terms {
        let sink: &mut Diags = if report { d } else { &mut quiet };
        match &term.value {
            ZoneTerm::Ranks(a, b) => {
                let mut ok = true;
                for n in [a, b] {
                    if n.value == 0 || n.value > g.ranks as u32 {
                        sink.error(
                            n.span,
                            format!("rank {} is off the board (ranks 1 to {})", n.value, g.ranks),
                        );
                        ok = false;
                    }
                }
                if ok && a.value > b.value {
                    sink.error(
                        term.span,
                        format!("empty rank range {}..{}", a.value, b.value),
                    )
                    .note(format!(
                        "write the lower rank first: {}..{}",
                        b.value, a.value
                    ));
                }
                if ok {
                    for r in a.value..=b.value {
                        for f in 0..g.files as i32 {
                            if let Some(sq) = g.square(f, r as i32 - 1) {
                                set.insert(orient(g, o, side, sq));
                            }
                        }
                    }
                }
            }
            ZoneTerm::Files(a, b) => {
                let fa = file_index(g, a, sink);
                let fb = file_index(g, b, sink);
                if let (Some(fa), Some(fb)) = (fa, fb) {
                    for f in fa.min(fb)..=fa.max(fb) {
                        for r in 0..g.ranks as i32 {
                            if let Some(sq) = g.square(f, r) {
                                set.insert(orient(g, o, side, sq));
                            }
                        }
                    }
                }
            }
            ZoneTerm::All => {
                for sq in g.all() {
                    set.insert(sq);
                }
            }
            ZoneTerm::Squares(list) => {
                for s in list {
                    if let Some(sq) = square_index(g, s, sink) {
                        set.insert(orient(g, o, side, sq));
                    }
                }
            }
            ZoneTerm::MisspeltRange(word) => {
                let diag = sink.error(
                    word.span,
                    format!("`{}` does not begin a zone range", word.value),
                );
                match suggest(&word.value, ["rank", "ranks"]) {
                    Some(s) => diag.note(format!("did you mean `{s}`?")),
                    None => diag.note("a range of ranks is written `rank 1` or `ranks 1..3`"),
                };
            }
            ZoneTerm::Zone(name) => {
                let id = if report {
                    t.resolve(name, d)
                } else {
                    t.by_name.get(&name.value).copied()
                };
                if let Some(id) = id {
                    set.union_with(&t.zones[id.0 as usize].squares[refs.index()]);
                }
            }
        }
    }
    set
}

/// The square `name` names (White's view), or an error at it.
pub(in crate::compile) fn square_index(g: Geometry, name: &Name, d: &mut Diags) -> Option<Square> {
    let square = g.parse_square(&name.value);
    if square.is_none() {
        d.error(
            name.span,
            format!(
                "`{}` is not a square of the {}x{} board",
                name.value, g.files, g.ranks
            ),
        );
    }
    square
}

/// The file `name` names (as a file letter), or an error at it.
pub(in crate::compile) fn file_index(g: Geometry, name: &Name, d: &mut Diags) -> Option<i32> {
    match g.parse_square(&format!("{}1", name.value)) {
        Some(sq) => Some(g.file(sq)),
        None => {
            d.error(
                name.span,
                format!(
                    "`{}` is not a file of the {}x{} board",
                    name.value, g.files, g.ranks
                ),
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl;

    /// The zones of `text` (a variant file's zone statements) on a 9x9 board, and the diagnostics they gave.
    fn zones(text: &str, o: Symmetry) -> (ZoneTable, Diags) {
        let (file, syntax_errors) = dsl::parse("t.tatsu", text);
        assert!(syntax_errors.is_empty(), "{syntax_errors:?}");
        let g = Geometry { files: 9, ranks: 9 };
        let mut d = Diags::new("t.tatsu");
        let table = resolve_zones(&file, g, o, &mut d);
        (table, d)
    }

    /// The names of a zone's squares for `side`, sorted.
    fn names(table: &ZoneTable, name: &str, side: Side) -> Vec<String> {
        let g = Geometry { files: 9, ranks: 9 };
        let id = table.by_name[name];
        let mut out: Vec<String> = table.get(id).squares[side.index()]
            .iter()
            .map(|s| g.name(s))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn black_copy_of_a_rank_zone_is_the_far_ranks_in_either_symmetry() {
        for o in [Symmetry::Mirror, Symmetry::Rotate] {
            let (t, d) = zones("zone camp = rank 1\n", o);
            assert!(!d.has_errors());
            assert_eq!(names(&t, "camp", Side::Black).len(), 9);
            assert!(names(&t, "camp", Side::Black)
                .iter()
                .all(|s| s.ends_with('9')));
        }
    }

    #[test]
    fn rotation_swaps_files_for_black_and_mirroring_keeps_them() {
        let (t, _) = zones("zone corner = a1 b1\n", Symmetry::Rotate);
        assert_eq!(names(&t, "corner", Side::Black), ["h9", "i9"]);
        let (t, _) = zones("zone corner = a1 b1\n", Symmetry::Mirror);
        assert_eq!(names(&t, "corner", Side::Black), ["a9", "b9"]);
    }

    #[test]
    fn union_of_file_ranges_and_earlier_zones() {
        let text = "zone wings = files a..a | files i..i\nzone home = wings | rank 1\n";
        let (t, d) = zones(text, Symmetry::Mirror);
        assert!(!d.has_errors());
        assert_eq!(names(&t, "wings", Side::White).len(), 18);
        // 18 wing squares and rank 1's 9, of which a1 and i1 are already wings.
        assert_eq!(names(&t, "home", Side::White).len(), 25);
    }

    #[test]
    fn explicit_sides_are_taken_literally() {
        let (t, _) = zones(
            "zone odd { white = rank 1 black = rank 7 }\n",
            Symmetry::Rotate,
        );
        assert!(names(&t, "odd", Side::Black)
            .iter()
            .all(|s| s.ends_with('7')));
        assert!(names(&t, "odd", Side::White)
            .iter()
            .all(|s| s.ends_with('1')));
    }

    #[test]
    fn a_zone_used_before_its_definition_is_an_error() {
        let (_, d) = zones("zone a2z = later\nzone later = rank 2\n", Symmetry::Mirror);
        assert_eq!(d.error_count(), 1);
    }
}

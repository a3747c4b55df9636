//! Pass 2: zones → square sets per side. White's set is written; Black's is White's mirrored or rotated by the
//! board's orientation unless given separately. A zone may use zones defined before it.
use super::Diags;
use crate::diag::{suggest, Span};
use crate::dsl::ast::{self, Name, StatementKind, ZoneExpr, ZoneTerm};
use crate::rules::{Geometry, Side, Square, SquareSet, Symmetry, Zone, ZoneId};
use std::collections::HashMap;

pub struct ZoneTable {
    zones: Vec<Zone>,
    pub spans: Vec<Span>,
    used: Vec<bool>,
    /// A zone whose expression had an error: checks that depend on its squares stay quiet.
    pub broken: Vec<bool>,
    by_name: HashMap<String, ZoneId>,
    /// Names declared anywhere (to tell "used before defined" from "unknown").
    declared: HashMap<String, Span>,
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
            d.error(
                name.span,
                format!("zone `{}` is used before it is defined", name.value),
            )
            .label(at, "defined here");
            return None;
        }
        let diag = d.error(name.span, format!("unknown zone `{}`", name.value));
        if let Some(s) = suggest(&name.value, self.by_name.keys().map(String::as_str)) {
            diag.note(format!("did you mean `{s}`?"));
        }
        None
    }

    pub fn warn_unused(&self, d: &mut Diags) {
        for (i, zone) in self.zones.iter().enumerate() {
            if !self.used[i] {
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
                    match g.parse_square(&s.value) {
                        Some(sq) => set.insert(orient(g, o, side, sq)),
                        None => {
                            sink.error(
                                s.span,
                                format!(
                                    "`{}` is not a square of the {}x{} board",
                                    s.value, g.files, g.ranks
                                ),
                            );
                        }
                    }
                }
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

fn file_index(g: Geometry, name: &Name, d: &mut Diags) -> Option<i32> {
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

//! Is a square attacked? Answered from the reverse tables of [`Engine`]: for each enemy piece type present, one
//! bit-set intersection rejects it at once, and only real candidates have their ray checked for blockers.
//!
//! [`Position::threats`] walks the same tables once per node to find both the checks against a royal piece and the
//! pieces pinned to it, so that legality needs make/test/unmake only for the few moves that could matter.
use super::tables::{AttackEntry, PieceTraits};
use super::{Cell, Position};
use crate::rules::{
    step, PieceId, Ray, RayFlags, RayKind, Side, Square, SquareSet, StepOutcome, StepRule,
};

/// More checking lines than this and legality falls back to testing every move in full.
pub(crate) const MAX_CHECKS: usize = 8;

/// One line along which an enemy piece attacks the royal piece: the attacker's square and the squares between.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Check {
    pub from: Square,
    /// The squares strictly between attacker and royal piece: `ray_squares[first..first + len]`.
    pub first: u32,
    pub len: u16,
}

/// Checks against one side's royal piece and the pieces of that side pinned to it (only valid without hoppers).
pub(crate) struct Threats {
    /// Squares of the royal side's pieces that are the only piece between an enemy attacker and the royal piece.
    pub pinned: SquareSet,
    pub checks: [Check; MAX_CHECKS],
    /// The number of checking lines (may exceed [`MAX_CHECKS`]; then only the first ones are recorded).
    pub count: usize,
}

/// [`Position::candidate_types`]: the types a bit set lists, or every type `next..end`. Written out rather than a
/// chain of two iterators: the chain cost `perft chess --depth 4` 0.2 % more instructions in [`Position::threats`].
struct CandidateTypes {
    listed: u64,
    next: usize,
    end: usize,
}

impl Iterator for CandidateTypes {
    type Item = PieceId;

    #[inline(always)]
    fn next(&mut self) -> Option<PieceId> {
        if self.listed != 0 {
            let p = self.listed.trailing_zeros() as u16;
            self.listed &= self.listed - 1;
            Some(PieceId(p))
        } else if self.next < self.end {
            self.next += 1;
            Some(PieceId(self.next as u16 - 1))
        } else {
            None
        }
    }
}

impl Position<'_> {
    /// Could a piece of `attacker` capture on `target` if it were its move (zone-dependent moves included)?
    pub fn is_attacked(&self, target: Square, attacker: Side) -> bool {
        self.is_attacked_vacating(target, attacker, target)
    }

    /// [`Position::is_attacked`] as if the square `vacated` were empty (a royal piece moving away from it).
    pub(crate) fn is_attacked_vacating(
        &self,
        target: Square,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        // The types of [`Position::candidate_types`], iterated here without it: through it (`any` on the iterator),
        // `perft --depth 4 --threads 1` took 0.6 % more instructions on shogi, 0.9 % on janggi (cachegrind).
        match self
            .engine
            .attacker_types(attacker, target, self.present[attacker.index()])
        {
            Some(mut types) => {
                while types != 0 {
                    let piece = PieceId(types.trailing_zeros() as u16);
                    types &= types - 1;
                    if self.attacked_by(piece, target, attacker, vacated) {
                        return true;
                    }
                }
                false
            }
            // Without a complete table (many piece types, or borrowers): every type, then the borrowers.
            None => {
                (0..self.engine.game.pieces.len())
                    .any(|p| self.attacked_by(PieceId(p as u16), target, attacker, vacated))
                    || (self.engine.flags.has_borrowers
                        && self.attacked_by_borrower(target, attacker, vacated))
            }
        }
    }

    /// Could a `piece` of `attacker` capture on `target` (`vacated` counting as empty)?
    #[inline(always)]
    pub(in crate::engine) fn attacked_by(
        &self,
        piece: PieceId,
        target: Square,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        let engine = self.engine;
        let Some((occ, entries)) = self.manned_slot(target, attacker, piece) else {
            return false;
        };
        entries.iter().any(|entry| {
            let from = entry.from.index();
            if occ[from / 64] >> (from % 64) & 1 == 0 || entry.from == target {
                return false;
            }
            let ray = &engine.game.rays[entry.ray as usize];
            if ray.kind == RayKind::Chain {
                return self.chain_reaches(entry.from, ray, entry.pos as usize, attacker, vacated);
            }
            let path = &engine.game.ray_squares(ray)[..entry.pos as usize];
            self.ray_reaches((piece, attacker), ray, (path, target), vacated)
        })
    }

    /// Could the piece on `origin`, of `attacker`, capture on `target` if it were its move (as check detection
    /// sees it)? The reverse tables' entries from that one square (a standing promotion's `not-attacking`).
    pub(crate) fn attacks_from(&self, origin: Square, target: Square, attacker: Side) -> bool {
        let piece = self.board[origin.index()].piece();
        self.reaches_from(piece, piece, origin, target, attacker, target)
    }

    /// Does an entry of `table_piece`'s reverse table for `target` start on `origin` and reach `target`, the move
    /// made by `piece` (`vacated` counting as empty)? `table_piece` is the piece itself, or the friend a borrower
    /// takes its moves from.
    fn reaches_from(
        &self,
        table_piece: PieceId,
        piece: PieceId,
        origin: Square,
        target: Square,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        let engine = self.engine;
        if !engine.captures_on_empty_board(attacker, target, table_piece, origin) {
            return false;
        }
        let tables = engine.attack();
        let slot = tables.slot(engine.squares(), attacker, target, table_piece);
        let (start, end) = tables.entry_ranges[slot];
        tables.entries[start as usize..end as usize]
            .iter()
            .any(|e| e.from == origin && self.entry_reaches(piece, e, attacker, vacated))
    }

    /// Can a `piece` on `entry.from` capture along `entry.ray` at square number `entry.pos` (`vacated` empty)?
    fn entry_reaches(
        &self,
        piece: PieceId,
        entry: &AttackEntry,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        let game = &self.engine.game;
        let ray = &game.rays[entry.ray as usize];
        if ray.kind == RayKind::Chain {
            return self.chain_reaches(entry.from, ray, entry.pos as usize, attacker, vacated);
        }
        let squares = game.ray_squares(ray);
        let (path, target) = (&squares[..entry.pos as usize], squares[entry.pos as usize]);
        self.ray_reaches((piece, attacker), ray, (path, target), vacated)
    }

    /// Could a borrower of `attacker` (`x` on its last leg) capture on `target` with the moves a friend
    /// lends it (`vacated` counting as empty)? The reverse tables know the lender's captures from any square: look
    /// up those that start on the borrower's square. One level: borrowed rays do not borrow.
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn attacked_by_borrower(
        &self,
        target: Square,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        let engine = self.engine;
        let game = &engine.game;
        let squares = engine.squares();
        self.lists[attacker.index()].iter().any(|&from| {
            let piece = self.board[from.index()].piece();
            if !engine.traits[piece.index()].contains(PieceTraits::BORROWS) || from == target {
                return false;
            }
            let slice = game.pieces[piece.index()].rays(attacker, squares, from);
            game.rays[slice.range()]
                .iter()
                .filter(|ray| ray.flags.has(RayFlags::BORROW))
                .any(|ray| {
                    self.lender_vacating(from, ray, attacker, vacated)
                        .is_some_and(|lender| {
                            self.reaches_from(lender, piece, from, target, attacker, vacated)
                        })
                })
        })
    }

    /// The type of the friendly piece a borrowing ray (single-leg, so a chain of destinations, with the lame
    /// squares or must-jump squares of its steps) of a piece on `from` ends on, if any: its first occupied
    /// destination, as `walk_chain` finds it.
    pub(crate) fn lender(&self, from: Square, ray: &Ray, side: Side) -> Option<PieceId> {
        self.lender_vacating(from, ray, side, from)
    }

    /// [`Position::lender`] as if the square `vacated` were empty.
    fn lender_vacating(
        &self,
        from: Square,
        ray: &Ray,
        attacker: Side,
        vacated: Square,
    ) -> Option<PieceId> {
        let game = &self.engine.game;
        for (&sq, &rule) in game.ray_squares(ray).iter().zip(game.ray_rules(ray)) {
            let cell = if sq == from || sq == vacated {
                Cell::EMPTY
            } else {
                self.board[sq.index()]
            };
            if rule.contains(StepRule::DEST) && cell.is(attacker) && !cell.is_wall() {
                return Some(cell.piece());
            }
            match step(rule, cell.occupant_for(attacker), || self.is_royal(cell)) {
                StepOutcome::Cross | StepOutcome::Land => {}
                _ => return None,
            }
        }
        None
    }

    /// Given the squares a ray of a `piece` crosses before a destination `target`, may the piece arrive there
    /// (`vacated` counting as empty)?
    #[inline]
    fn ray_reaches(
        &self,
        (piece, attacker): (PieceId, Side),
        ray: &Ray,
        (path, target): (&[Square], Square),
        vacated: Square,
    ) -> bool {
        let occupied = |sq: &Square| !self.board[sq.index()].is_empty() && *sq != vacated;
        match ray.kind {
            // A range capturer passes pieces of lower rank, and one that takes what it passes
            // (`taking-passed`) never ends on a piece it could not pass: one flag test in other games.
            RayKind::Slide => {
                (!path.iter().any(occupied)
                    || self.engine.flags.range_jumps
                        && self.jumps_path((piece, attacker), ray, path, vacated))
                    && (!self.engine.flags.range_jumps || self.slide_lands(piece, ray, target))
            }
            RayKind::Lame => !path.iter().any(occupied),
            RayKind::Hop => {
                let mut hurdles = path.iter().filter(|s| occupied(s));
                match (hurdles.next(), hurdles.next()) {
                    (Some(&hurdle), None) => !self.may_not_hop(piece, hurdle),
                    _ => false,
                }
            }
            RayKind::Grasshop => match path.split_last() {
                Some((&hurdle, before)) => {
                    occupied(&hurdle)
                        && !before.iter().any(occupied)
                        && !self.may_not_hop(piece, hurdle)
                }
                None => false,
            },
            RayKind::Chain => unreachable!("chains are checked by chain_reaches"),
        }
    }

    /// May a multi-leg ray of an `attacker` piece on `from` capture on its square number `pos` (`vacated` counting
    /// as empty)? Every square before must let the move through, as [`step`] says; a capture on a turning square (a
    /// locust capture) also needs the rest of the move to have somewhere to end.
    fn chain_reaches(
        &self,
        from: Square,
        ray: &Ray,
        pos: usize,
        attacker: Side,
        vacated: Square,
    ) -> bool {
        let game = &self.engine.game;
        let mut victim: Option<Square> = None;
        // After an induction (`x`) the friendly piece there moves on: its square is empty, the mover's is not.
        let mut from = from;
        for (i, (&sq, &rule)) in game
            .ray_squares(ray)
            .iter()
            .zip(game.ray_rules(ray))
            .enumerate()
        {
            if i == pos {
                if rule.contains(StepRule::DEST) {
                    return true;
                }
                victim = Some(sq);
                continue;
            }
            let empty = sq == from || sq == vacated || Some(sq) == victim;
            let cell = if empty {
                Cell::EMPTY
            } else {
                self.board[sq.index()]
            };
            match step(rule, cell.occupant_for(attacker), || self.is_royal(cell)) {
                StepOutcome::Blocked => return false,
                StepOutcome::Cross => {}
                StepOutcome::Remove => victim = Some(sq),
                StepOutcome::Induce => from = sq,
                // A destination before `pos` is passed over; after it, the move ends there.
                StepOutcome::Land => {
                    if i > pos {
                        return true;
                    }
                }
                StepOutcome::Take => return i > pos,
            }
        }
        false
    }

    /// May a `piece` not hop over the piece on `hurdle` (`may-not-hop-over`)? A wall is no piece type: it is never
    /// listed.
    #[inline(always)]
    pub(crate) fn may_not_hop(&self, piece: PieceId, hurdle: Square) -> bool {
        let banned = &self.engine.game.pieces[piece.index()].may_not_hop_over;
        !banned.is_empty() && {
            let cell = self.board[hurdle.index()];
            !cell.is_wall() && banned.contains(&cell.piece())
        }
    }

    /// The checks against `side`'s royal piece on `royal` and the pieces pinned to it. Only meaningful when no
    /// piece hops (a hopper's line is opened or closed by any piece). It walks the entries
    /// [`Position::for_each_manned_entry`] visits, its inner loop written out over [`Position::manned_slot`]: through
    /// the visitor, `perft chess --depth 4 --threads 1` took 0.3 % more instructions (callgrind), this pass running
    /// at every fast-path node.
    pub(crate) fn threats(&self, royal: Square, side: Side) -> Threats {
        let game = &self.engine.game;
        let attacker = side.opponent();
        let mut threats = Threats {
            pinned: SquareSet::new(),
            checks: [Check::default(); MAX_CHECKS],
            count: 0,
        };
        for piece in self.candidate_types(royal, attacker) {
            let Some((occ, entries)) = self.manned_slot(royal, attacker, piece) else {
                continue;
            };
            for entry in entries {
                let from = entry.from.index();
                if occ[from / 64] >> (from % 64) & 1 == 0 {
                    continue;
                }
                let ray = &game.rays[entry.ray as usize];
                let path = &game.ray_squares(ray)[..entry.pos as usize];
                let mut blockers = path.iter().filter(|sq| !self.board[sq.index()].is_empty());
                match (blockers.next(), blockers.next()) {
                    (None, _) => {
                        if threats.count < MAX_CHECKS {
                            threats.checks[threats.count] = Check {
                                from: entry.from,
                                first: ray.first,
                                len: entry.pos,
                            };
                        }
                        threats.count += 1;
                    }
                    (Some(&blocker), None)
                        if self.board[blocker.index()].is(side)
                            && !self.board[blocker.index()].is_wall() =>
                    {
                        threats.pinned.insert(blocker);
                    }
                    _ => {}
                }
            }
        }
        threats
    }

    /// Adds to `out` the squares an attack test on `target` by `attacker` reads in this position, and answers it
    /// ([`Position::is_attacked`], for games without borrowers) in the same walk: the square of each `attacker` piece
    /// that a reverse-table entry into `target` starts from, and the squares the entry's ray crosses before the
    /// target (a chain's whole ray, which a locust capture reads past its victim). A move that brings no `attacker`
    /// piece anywhere and changes none of these squares leaves the answer as it was: the entries it could use are
    /// those it could use before, over the same squares.
    pub(crate) fn attack_lines(&self, target: Square, attacker: Side, out: &mut SquareSet) -> bool {
        debug_assert!(
            !self.engine.flags.has_borrowers,
            "a borrower's lines are not in the tables"
        );
        let game = &self.engine.game;
        let mut attacked = false;
        self.for_each_manned_entry(target, attacker, |piece, entry| {
            out.insert(entry.from);
            let ray = &game.rays[entry.ray as usize];
            let crossed = game.ray_squares(ray);
            let read = if ray.kind == RayKind::Chain {
                crossed
            } else {
                &crossed[..entry.pos as usize]
            };
            read.iter().for_each(|&sq| out.insert(sq));
            attacked = attacked
                || (entry.from != target && self.entry_reaches(piece, entry, attacker, target));
        });
        attacked
    }

    /// The piece types whose reverse tables a walk of the attacks by `attacker` on `target` reads: those the tables
    /// say can reach `target` and that `attacker` has, or every type without a complete table.
    #[inline(always)]
    fn candidate_types(&self, target: Square, attacker: Side) -> CandidateTypes {
        let engine = self.engine;
        match engine.attacker_types(attacker, target, self.present[attacker.index()]) {
            Some(listed) => CandidateTypes {
                listed,
                next: 0,
                end: 0,
            },
            None => CandidateTypes {
                listed: 0,
                next: 0,
                end: engine.game.pieces.len(),
            },
        }
    }

    /// Calls `visit` with each reverse-table entry into `target` whose origin holds a piece of `attacker` of the
    /// entry's type (and that type): the attacks on `target` this position could make, before their rays are looked
    /// at. A type whose pieces stand on none of its origins is skipped with one bit-set intersection.
    #[inline(always)]
    fn for_each_manned_entry(
        &self,
        target: Square,
        attacker: Side,
        mut visit: impl FnMut(PieceId, &AttackEntry),
    ) {
        for piece in self.candidate_types(target, attacker) {
            let Some((occ, entries)) = self.manned_slot(target, attacker, piece) else {
                continue;
            };
            for entry in entries {
                let from = entry.from.index();
                if occ[from / 64] >> (from % 64) & 1 != 0 {
                    visit(piece, entry);
                }
            }
        }
    }

    /// The reverse-table entries by which a `piece` of `attacker` could attack `target`, with the occupancy words
    /// of `attacker`'s pieces of that type, or `None` when none of them stands on any of the entries' origins.
    #[inline(always)]
    fn manned_slot(
        &self,
        target: Square,
        attacker: Side,
        piece: PieceId,
    ) -> Option<(&[u64], &[AttackEntry])> {
        let engine = self.engine;
        let words = engine.words;
        let tables = engine.attack();
        let slot = tables.slot(engine.squares(), attacker, target, piece);
        let occ = &self.occupancy[self.occupancy_slot(attacker, piece)..][..words];
        let origins = &tables.capture_origins[slot * words..][..words];
        if occ.iter().zip(origins).all(|(o, r)| o & r == 0) {
            return None;
        }
        let (start, end) = tables.entry_ranges[slot];
        Some((occ, &tables.entries[start as usize..end as usize]))
    }

    /// The types of `side`'s enemy pieces that attack its royal piece (one royal piece; shatar's mate rules ask who
    /// gives check). Not for the hot path.
    pub(crate) fn checking_types(&self, side: Side) -> Vec<PieceId> {
        let Some(royal) = self.royal[side.index()] else {
            return Vec::new();
        };
        let attacker = side.opponent();
        (0..self.engine.game.pieces.len())
            .map(|p| PieceId(p as u16))
            .filter(|&p| self.attacked_by(p, royal, attacker, royal))
            .collect()
    }

    /// Is the side to move checked by a piece of a type `checkmate-needs-check-by` lists (a shak)? False without
    /// the rule.
    pub(crate) fn is_shak(&self) -> bool {
        let listed = &self.engine.game.end.checkmate_needs_check_by;
        !listed.is_empty()
            && self
                .checking_types(self.side)
                .iter()
                .any(|t| listed.contains(t))
    }

    /// Is the side to move in check (its royal piece attacked; with several, as `royals` says)?
    pub fn in_check(&self) -> bool {
        self.side_in_check(self.side)
    }

    pub fn side_in_check(&self, side: Side) -> bool {
        match self.royal[side.index()] {
            Some(sq) => self.threatens(side.opponent(), sq),
            None if !self.engine.royal_types.is_empty() => self.royals_in_check(side),
            None => false,
        }
    }
}

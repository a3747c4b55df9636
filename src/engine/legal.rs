//! Legality: a pseudo-legal move is legal when it leaves the mover's royal piece unattacked, a castling king
//! crosses no attacked square, and a drop that the rules forbid to mate does not mate.
use super::attack::{Threats, MAX_CHECKS};
use super::moves::{Counter, Move, MoveKind, MoveList, Sink};
use super::rules::bystander::NodeLegality;
use super::tables::PieceTraits;
use super::Position;
use crate::rules::Square;

/// What [`Position::legal_moves_selected`] knows of the legal moves it did not select.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selected {
    /// The side to move has a legal move, selected or not.
    pub any: bool,
    /// Every legal move was selected, in a game whose rules judge the whole list (gating, compulsory capture or
    /// drops): under compulsion the side must make one of them (quiescence may not stand pat). False in other
    /// games.
    pub compelled: bool,
}

impl Position<'_> {
    /// The legal moves of the side to move, written into `out` (cleared first).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        out.clear();
        if self.is_decided() {
            return;
        }
        if !self.legal_fast(out) && !self.legal_without_royal(out) {
            self.pseudo_moves(out);
            self.keep_legal(out);
        }
        if self.engine.flags.judges_whole_list {
            self.judge_whole_list(out);
        }
    }

    /// The legal moves that `select` takes (written into `out`, cleared first), with what is known of the others
    /// ([`Selected`]): [`Position::legal_moves`] then `retain(select)`. Where legality costs a make/test/unmake
    /// per move, or walls multiply the moves, they are selected first and only those tested and walled.
    /// Quiescence takes the captures and promotions: a few of a position's moves, and of a walling game's
    /// thousands (duck chess: 58 % of a search's time went to walls of quiet moves that quiescence then
    /// dropped). Where the fast legality (`legal_fast`) applies, it is cheaper than the selection (chess, shogi).
    pub fn legal_moves_selected(
        &mut self,
        out: &mut MoveList,
        select: impl Fn(&Self, &Move) -> bool,
    ) -> Selected {
        // Gating, compulsory capture and compulsory drops judge the whole list.
        let judged = self.engine.flags.judges_whole_list;
        let whole = if judged {
            self.legal_moves(out);
            true
        } else {
            out.clear();
            if self.is_decided() {
                return Selected::default();
            }
            self.legal_fast(out)
        };
        if whole {
            let any = !out.is_empty();
            let before = out.len();
            out.retain(|mv| select(self, mv));
            return Selected {
                any,
                compelled: judged && any && out.len() == before,
            };
        }
        self.pseudo_moves_unwalled(out);
        out.retain(|mv| select(self, mv));
        // A wall takes an empty square: a move keeps what it captures or promotes to whatever wall it leaves.
        if self.engine.game.walls.is_some() {
            self.add_walls(out);
        }
        self.keep_legal(out);
        Selected {
            any: !out.is_empty() || self.has_reply(),
            compelled: false,
        }
    }

    /// Keeps the moves of `out` (pseudo-legal) that are legal.
    #[inline(always)]
    fn keep_legal(&mut self, out: &mut MoveList) {
        if self.engine.flags.bystanders {
            let node = self.node_legality();
            out.retain(|&mv| self.is_legal_given(mv, &node));
        } else {
            // Apart, so that games without the bystander shortcut pay nothing for it per move (measured: up to
            // 0.6 % more instructions in their perft through one shared closure: spartan, racingkings, atomic).
            out.retain(|&mv| self.is_legal_pseudo(mv));
        }
    }

    /// The rules that judge the legal moves as a whole: gating (each legal move that leaves a gating square is
    /// also made with each piece that may enter there, legal as the move itself is: the official rule of
    /// Seirawan chess, a gated piece does not make a move legal by blocking a check), then compulsory capture and
    /// compulsory drops.
    #[inline(never)]
    fn judge_whole_list(&mut self, out: &mut MoveList) {
        if self.engine.game.gating.is_some() {
            self.add_gates(out);
        }
        if self.engine.game.forced_capture.is_some() {
            self.keep_forced_captures(out);
        }
        if self.engine.game.must_drop {
            self.keep_drops(out);
        }
    }

    /// The number of legal moves (perft's last ply: nothing is stored for most moves).
    pub(crate) fn count_legal_moves(&mut self) -> u64 {
        if self.is_decided() {
            return 0;
        }
        let mut counter = Counter(0);
        // Compulsory capture judges the whole list, so it cannot be counted move by move.
        if !self.engine.flags.judges_whole_list && self.legal_fast(&mut counter) {
            return counter.0;
        }
        let mut list = std::mem::take(&mut self.scratch.piece);
        self.legal_moves(&mut list);
        let n = list.len() as u64;
        self.scratch.piece = list;
        n
    }

    /// Legal generation without make/unmake for most moves; returns false (having added nothing) where it does not
    /// apply: with hoppers (any piece may open or close a hopper's line), without a royal piece, or with too many
    /// checking lines.
    ///
    /// One pass over the reverse attack tables ([`Position::threats`]) finds the checks and the pinned pieces.
    /// Then a move that neither captures every checker nor blocks every checking line is illegal, a royal move is
    /// legal when its destination is not attacked with the royal piece gone from its square, and any other move
    /// is legal unless its piece is pinned. Moves of pinned pieces, en passant, castling and drops that may not
    /// mate but might check are tested in full (make, test, unmake) at the end. The moves of a piece that needs no
    /// filter go straight to `sink`.
    fn legal_fast<S: Sink>(&mut self, sink: &mut S) -> bool {
        let us = self.side;
        let engine = self.engine;
        let royal = match self.royal[us.index()] {
            Some(royal)
                if !engine.flags.pins_unreliable
                    && !engine.has_relays()
                    && !engine.flags.full_legality =>
            {
                royal
            }
            _ => return false,
        };
        let threats = self.threats(royal, us);
        if threats.count > MAX_CHECKS {
            return false;
        }
        let mut deferred = std::mem::take(&mut self.scratch.deferred);
        let mut scratch = std::mem::take(&mut self.scratch.piece);
        deferred.clear();
        self.generate_filtered(royal, &threats, sink, &mut deferred, &mut scratch);
        for &mv in &deferred {
            if self.is_legal_pseudo(mv) {
                sink.add(mv);
            }
        }
        self.scratch.deferred = deferred;
        self.scratch.piece = scratch;
        true
    }

    /// Legal generation for a side with no royal piece on the board (clobber, breakthrough, the antichess family,
    /// Horde's White, the walling games): nothing it does can leave a royal piece of its own attacked, so its
    /// pseudo-legal moves are legal but those whose legality is about something else, which are tested in full:
    /// castlings (their squares must not be attacked), drops that may not mate, drops of its royal piece from
    /// hand, and the moves of pieces that may not capture some types (or are under the trading rules). Returns
    /// false (having added nothing) where it does not apply: the side has a royal piece, or moves that give check
    /// are illegal (that is about the opponent's royal piece).
    fn legal_without_royal(&mut self, out: &mut MoveList) -> bool {
        let us = self.side;
        if self.engine.game.legality.giving_check_illegal || self.royals_on_board()[us.index()] > 0
        {
            return false;
        }
        self.pseudo_moves(out);
        let game = &self.engine.game;
        let trading = game.protected_capture.is_some() || game.counter_strike.is_some();
        out.retain(|&mv| {
            let piece = &game.pieces[mv.piece.index()];
            let tested = match mv.kind {
                MoveKind::Castle { .. } => true,
                // A royal piece dropped from hand (`drop allowed`) may not land attacked.
                MoveKind::Drop => {
                    piece.royal || piece.drop.as_ref().is_some_and(|d| d.no_drop_mate)
                }
                // The trading rules are about captures only.
                _ => {
                    !piece.may_not_capture.is_empty()
                        || (trading || piece.captures_unprotected_only) && self.is_capture(mv)
                }
            };
            !tested || self.is_legal_pseudo(mv)
        });
        if !self.engine.royal_types.is_empty() {
            // A promotion to a royal type gives the side a royal piece, which may not be left attacked (`royals
            // last-safe`: Sho Shogi's Crown Prince). A pass of its own, in games with royal types only: in the
            // filter above it cost antichess's perft 5.6 % more instructions.
            let game = &self.engine.game;
            out.retain(|&mv| {
                !mv.promotion.is_some_and(|p| game.pieces[p.index()].royal)
                    || self.is_legal_pseudo(mv)
            });
        }
        if self.engine.flags.promotes_standing {
            // A standing promotion's conditions are about the position after it: a pass of its own, so that the
            // filter above costs other games nothing.
            out.retain(|&mv| mv.promotion.is_none() || mv.is_drop() || self.is_legal_pseudo(mv));
        }
        true
    }

    /// The part of [`Position::legal_fast`] that needs no make/unmake.
    fn generate_filtered<S: Sink>(
        &self,
        royal: Square,
        threats: &Threats,
        sink: &mut S,
        deferred: &mut MoveList,
        scratch: &mut MoveList,
    ) {
        let us = self.side;
        let them = us.opponent();
        let engine = self.engine;
        let game = &engine.game;
        let checks = &threats.checks[..threats.count];
        let in_check = !checks.is_empty();
        let resolves_checks = |to: Square| {
            checks.iter().all(|check| {
                check.from == to
                    || game.ray_squares[check.first as usize..][..check.len as usize].contains(&to)
            })
        };
        // The traits whose pieces' moves always pass through the filters here.
        let filtered = PieceTraits::REPEATS_MOVES
            | PieceTraits::BECOMES_ROYAL
            | PieceTraits::CAPTURES_ASIDE
            | PieceTraits::FIRST_MOVES
            | if self.ep.is_some() {
                PieceTraits::EN_PASSANT
            } else {
                PieceTraits::empty()
            };
        for &from in &self.lists[us.index()] {
            let piece = self.board[from.index()].piece();
            let traits = engine.traits[piece.index()];
            let needs_filter = in_check
                || from == royal
                || traits.intersects(filtered)
                || threats.pinned.contains(from);
            if !needs_filter {
                self.piece_moves(from, sink);
                continue;
            }
            scratch.clear();
            self.piece_moves_unique(from, scratch);
            if from == royal {
                for &mv in scratch.iter() {
                    if mv.promotion.is_some()
                        || game.pieces[piece.index()].demote_in.is_some()
                        || !matches!(mv.kind, MoveKind::Normal | MoveKind::CreatesEp)
                    {
                        deferred.push(mv);
                    } else if !self.is_attacked_vacating(mv.to, them, royal) {
                        sink.add(mv);
                    }
                }
            } else {
                // A piece that may become royal moves the royal square: test its moves in full.
                let pinned =
                    threats.pinned.contains(from) || traits.contains(PieceTraits::BECOMES_ROYAL);
                for &mv in scratch.iter() {
                    // An en-passant or locust capture may remove a checker that does not stand on its
                    // destination.
                    // An unloading capture puts an enemy piece on the mover's square, which may check.
                    if matches!(
                        mv.kind,
                        MoveKind::EnPassant { .. }
                            | MoveKind::Locust { .. }
                            | MoveKind::Unload { .. }
                    ) {
                        deferred.push(mv);
                    } else if !resolves_checks(mv.to) {
                        continue;
                    } else if pinned {
                        deferred.push(mv);
                    } else {
                        sink.add(mv);
                    }
                }
            }
        }
        if engine.flags.promotes_standing {
            // Their conditions need the position after the move: tested in full.
            scratch.clear();
            self.standing_promotions(scratch);
            deferred.extend(
                scratch
                    .iter()
                    .filter(|mv| !in_check || resolves_checks(mv.to)),
            );
        }
        if game.drops_moves() {
            scratch.clear();
            self.drop_moves(scratch);
            let enemy_royal = self.royal[them.index()];
            for &mv in scratch.iter() {
                if in_check && !resolves_checks(mv.to) {
                    continue;
                }
                let forbids_mate = game.pieces[mv.piece.index()]
                    .drop
                    .as_ref()
                    .is_some_and(|d| d.no_drop_mate);
                // A drop can only mate if the dropped piece could attack the enemy royal piece from there.
                // A royal drop moves the royal square.
                if game.pieces[mv.piece.index()].royal
                    || engine.traits[mv.piece.index()].contains(PieceTraits::BECOMES_ROYAL)
                    || forbids_mate
                        && enemy_royal.is_some_and(|target| {
                            engine.captures_on_empty_board(us, target, mv.piece, mv.to)
                        })
                {
                    deferred.push(mv);
                } else {
                    sink.add(mv);
                }
            }
        }
        self.castling_moves(deferred);
        self.pass_move(sink);
    }

    /// The legal moves, in a new list.
    pub fn legal_move_list(&mut self) -> MoveList {
        let mut moves = MoveList::with_capacity(128);
        self.legal_moves(&mut moves);
        moves
    }

    /// Is `mv` a legal move here? Accepts any value, generated or not. Independent of [`Position::legal_moves`]'s
    /// shortcuts: the move must be one its piece can make, and it is always tested by make/test/unmake.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        if self.is_decided() {
            return false;
        }
        if self.board.get(mv.to.index()).is_some_and(|c| c.is_wall()) {
            return false;
        }
        // A gating move is legal when the move without its gate is, and the gate is one the rules offer.
        if mv.gate().is_some() {
            let base = Move { extra: None, ..mv };
            let mut gated = MoveList::with_capacity(8);
            gated.push(base);
            self.add_gates(&mut gated);
            return gated[1..].contains(&mv) && self.is_legal(base);
        }
        let mut candidates = MoveList::with_capacity(64);
        match mv.kind {
            MoveKind::Drop | MoveKind::Castle { .. } | MoveKind::Pass => {
                self.pseudo_moves(&mut candidates)
            }
            // An induced move is made by a piece that cannot make it by itself, and a walling move is one of
            // several made of the same piece move: look among every piece's moves.
            _ if self.engine.flags.has_induction || self.engine.flags.wall_placement.is_some() => {
                self.pseudo_moves(&mut candidates)
            }
            _ => {
                let mover = self.board.get(mv.from.index()).copied().unwrap_or_default();
                if !mover.is(self.side) || mover.is_wall() {
                    return false;
                }
                self.piece_moves_unique(mv.from, &mut candidates);
                if self.engine.flags.promotes_standing {
                    self.standing_promotions_from(mv.from, &mut candidates);
                }
            }
        }
        candidates.contains(&mv)
            && self.is_legal_pseudo(mv)
            && self.allowed_by_forced_capture(mv)
            && self.allowed_by_must_drop(mv)
    }

    /// Does the side to move have at least one legal move? Stops at the first one found, and allocates nothing
    /// once warm (it runs inside generation, for drops that may not mate: a list from
    /// `Position::spare_lists`, since generation holds the others).
    pub fn has_legal_move(&mut self) -> bool {
        !self.is_decided() && self.has_reply()
    }

    /// Does the side to move have a move the move rules allow, whatever the game-end rules say? (Mate is about
    /// moves: a drop that checks is no mate because a check limit, say, ends the game.)
    fn has_reply(&mut self) -> bool {
        let mut moves = self.take_list();
        self.pseudo_moves_unwalled(&mut moves);
        let any = if self.engine.game.walls.is_some() {
            // One piece move's walls at a time: the first legal one ends the search, where walling the whole
            // list makes thousands of moves.
            let mut walled = self.take_list();
            let mut any = false;
            for &mv in &moves {
                walled.clear();
                walled.push(mv);
                self.add_walls(&mut walled);
                if self.any_legal(&walled) {
                    any = true;
                    break;
                }
            }
            self.give_list(walled);
            any
        } else {
            self.any_legal(&moves)
        };
        self.give_list(moves);
        any
    }

    /// Is one of `moves` (pseudo-legal) legal?
    fn any_legal(&mut self, moves: &[Move]) -> bool {
        if self.engine.flags.bystanders {
            let node = self.node_legality();
            moves.iter().any(|&mv| self.is_legal_given(mv, &node))
        } else {
            moves.iter().any(|&mv| self.is_legal_pseudo(mv))
        }
    }

    /// Legality of a move produced by the pseudo-legal generator.
    pub(crate) fn is_legal_pseudo(&mut self, mv: Move) -> bool {
        let node = self.move_legality();
        self.is_legal_given(mv, &node)
    }

    /// [`Position::is_legal_pseudo`] with what is about the position, not the move, already answered: a loop over
    /// a node's moves asks it once ([`Position::node_legality`]), and a bystander move is judged without making it.
    #[inline(always)]
    fn is_legal_given(&mut self, mv: Move, node: &NodeLegality) -> bool {
        let game = &self.engine.game;
        // Janggi's bikjang: with the royal pieces facing, a move must break the line (a pass is always legal).
        let must_break = node.must_break;
        let us = self.side;
        match mv.kind {
            MoveKind::Pass => return true,
            MoveKind::Castle { index } => {
                let castling = &game.castlings[index as usize];
                if castling
                    .safe
                    .iter()
                    .any(|&sq| self.threatens(us.opponent(), sq))
                {
                    return false;
                }
            }
            _ => {}
        }
        let ty = &game.pieces[mv.piece.index()];
        if !ty.may_not_capture.is_empty() && mv.kind != MoveKind::Drop {
            let taken = |sq: Square| {
                let cell = self.board[sq.index()];
                !cell.is_empty() && cell.side() != us && ty.may_not_capture.contains(&cell.piece())
            };
            if taken(mv.to) || mv.kind.victim().is_some_and(taken) {
                return false;
            }
        }
        if game.legality.royal_frozen_in_check
            && !matches!(mv.kind, MoveKind::Drop | MoveKind::Pass)
            && game.pieces[mv.piece.index()].royal
            && self.in_check()
            && !self.takes_only_checker(mv.to)
        {
            return false;
        }
        if game
            .counter_strike
            .as_ref()
            .is_some_and(|rule| self.breaks_counter_strike(rule, mv))
        {
            return false;
        }
        // The rules above are about the move; those below about the position after it.
        if let Some(legal) = node.bystander_verdict(mv, game) {
            return legal;
        }
        // A protected piece of the set taken from afar: is its square attacked once the move is made?
        let protected = game
            .protected_capture
            .as_ref()
            .and_then(|rule| self.protected_target(rule, mv));
        let victims = self.unprotected_victims(mv);
        let royals_before = game.explosions.as_ref().map(|_| self.royals_on_board());
        self.make(mv);
        let mut legal = match royals_before {
            None => !self.side_in_check(us),
            // A move may not blow up its own royal piece; one that blows up the enemy's wins, whatever it leaves
            // attacked.
            Some(before) => {
                let after = self.royals_on_board();
                after[us.index()] == before[us.index()]
                    && (after[us.opponent().index()] < before[us.opponent().index()]
                        || !self.side_in_check(us))
            }
        };
        if legal && (game.legality.facing_royals_illegal || must_break) && self.royals_face() {
            legal = false;
        }
        if legal && protected.is_some_and(|sq| self.is_attacked(sq, us.opponent())) {
            legal = false;
        }
        if legal && victims.is_some_and(|v| self.took_protected(&v, us.opponent())) {
            legal = false;
        }
        if legal && game.legality.giving_check_illegal && self.side != us && self.in_check() {
            legal = false;
        }
        if legal && self.engine.flags.promotes_standing && self.breaks_standing_rules(mv, us) {
            legal = false;
        }
        if legal && mv.kind == MoveKind::Drop && self.side != us {
            let forbids_mate = game.pieces[mv.piece.index()]
                .drop
                .as_ref()
                .is_some_and(|d| d.no_drop_mate);
            if forbids_mate && self.in_check() && !self.has_reply() {
                legal = false;
            }
        }
        self.unmake();
        legal
    }
    /// Does a royal piece that moves to `to` take the only piece giving check? (Fairy-Stockfish's makpong rule
    /// lets a frozen king move for that.) The piece on `to` is lifted off and the check looked at again.
    fn takes_only_checker(&mut self, to: Square) -> bool {
        let cell = self.board[to.index()];
        if cell.is_empty() || cell.side() == self.side {
            return false;
        }
        self.take(to);
        let still_checked = self.in_check();
        self.put(to, cell.piece(), cell.side());
        !still_checked
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Engine, Move, MoveList, Position};
    use crate::rules::{PieceId, Square};

    /// The bundled variants and those of `tests/data/variants/`.
    fn every_variant() -> impl Iterator<Item = String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
        let mut test_variants: Vec<String> = std::fs::read_dir(dir)
            .expect("tests/data/variants exists")
            .map(|e| e.expect("readable entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "tatsu"))
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        test_variants.sort();
        crate::variants::bundled()
            .iter()
            .map(|&(name, _)| name.to_string())
            .chain(test_variants)
    }

    /// Plays `games` deterministic pseudo-random games of up to 120 plies of every variant, from `seed`, calling
    /// `visit` at each position with the variant's name and the ply. `visit` returns the position's legal moves;
    /// a game ends where there is none.
    fn random_games(
        games: usize,
        seed: u64,
        mut visit: impl FnMut(&str, &mut Position, usize) -> MoveList,
    ) {
        for name in every_variant() {
            let compiled = crate::variants::load(&name).expect("variant loads");
            let engine = Engine::new(compiled.game);
            let mut seed = seed;
            for _game in 0..games {
                let mut pos = Position::start(&engine);
                for ply in 0..120 {
                    let legal = visit(&name, &mut pos, ply);
                    if legal.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make(legal[(seed % legal.len() as u64) as usize]);
                }
            }
        }
    }

    /// The fast legality (checks and pins, per-piece filters, counting) agrees with make/test/unmake of every
    /// pseudo-legal move, along deterministic pseudo-random games of every bundled variant and of every test
    /// variant in `tests/data/variants/` (multi-leg pieces, friendly capture, last-leg hops, `U`, cylinders,
    /// must-jump, tame, unload, induction, borrowing: some keep the fast path on, some turn it off).
    #[test]
    fn fast_legality_agrees_with_make_test_unmake() {
        random_games(30, 0x9E37_79B9_7F4A_7C15, |name, pos, _ply| {
            let mut fast = MoveList::new();
            pos.legal_moves(&mut fast);
            if pos.decided().is_some() {
                assert!(fast.is_empty(), "{name}: a decided position has no moves");
                return fast;
            }
            let mut slow = MoveList::new();
            pos.pseudo_moves(&mut slow);
            slow.retain(|&mv| pos.is_legal_pseudo(mv));
            if pos.engine.game.gating.is_some() {
                pos.add_gates(&mut slow);
            }
            pos.keep_forced_captures(&mut slow);
            if pos.engine.game.must_drop {
                pos.keep_drops(&mut slow);
            }
            fast.sort_by_key(move_key);
            slow.sort_by_key(move_key);
            assert_eq!(fast, slow, "{name}: {}", pos.to_fen());
            assert_eq!(
                pos.count_legal_moves(),
                slow.len() as u64,
                "{name}: {}",
                pos.to_fen()
            );
            fast
        });
    }

    /// A total order of moves, to compare two lists as sets.
    fn move_key(m: &Move) -> (Square, Square, PieceId, Option<PieceId>, String) {
        let kind = format!("{:?} {:?}", m.kind, m.extra);
        (m.from, m.to, m.piece, m.promotion, kind)
    }

    type Selection<'a> = &'a dyn Fn(&Position, &Move) -> bool;

    /// Selecting before the legality test and the walls (quiescence's captures and promotions, or any other
    /// selection) gives the legal moves selected, says whether there is any legal move, and whether a whole-list
    /// rule compels the selected ones, along the same games.
    #[test]
    fn selected_legal_moves_are_the_legal_moves_selected() {
        random_games(10, 0x2545_F491_4F6C_DD1D, |name, pos, ply| {
            let mut all = MoveList::new();
            pos.legal_moves(&mut all);
            let selections: [Selection; 3] = [
                &|p, m| m.promotion.is_some() || p.is_capture(*m),
                &|_, _| false,
                &|_, m| (m.to.0 as usize + ply) % 3 == 0,
            ];
            for select in selections {
                let mut expected = all.clone();
                expected.retain(|m| select(pos, m));
                let mut selected = MoveList::new();
                let found = pos.legal_moves_selected(&mut selected, select);
                let compelled = pos.engine.flags.judges_whole_list
                    && !all.is_empty()
                    && expected.len() == all.len();
                expected.sort_by_key(move_key);
                selected.sort_by_key(move_key);
                assert_eq!(selected, expected, "{name}: {}", pos.to_fen());
                assert_eq!(found.any, !all.is_empty(), "{name}: {}", pos.to_fen());
                assert_eq!(found.compelled, compelled, "{name}: {}", pos.to_fen());
            }
            all
        });
    }
}

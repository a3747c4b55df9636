//! Make and unmake. `make` records what it changes in an undo entry; `unmake` restores it exactly, hash included.
use super::moves::{Move, MoveKind};
use super::position::{EnPassant, HistoryEntry, Undo};
use super::tables::PieceTraits;
use super::{Cell, Position};
use crate::rules::{PieceId, Side, Square, WallPlacement};

impl Position<'_> {
    /// Plays a pseudo-legal move without recording repetition history (the fast path for search and perft).
    pub(crate) fn make(&mut self, mv: Move) {
        let engine = self.engine;
        let game = &engine.game;
        let us = self.side;
        let mut undo = Undo {
            mv,
            captured: Cell::EMPTY,
            victim: Cell::EMPTY,
            blasted: 0,
            side: us,
            hash: self.hash,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            rules: self.rules,
        };
        let struck = game
            .counter_strike
            .as_ref()
            .and_then(|rule| self.strikes(rule, mv));
        let mut done = Done::default();
        match mv.kind {
            MoveKind::Normal
            | MoveKind::CreatesEp
            | MoveKind::EnPassant { .. }
            | MoveKind::Locust { .. } => done = self.make_board_move(mv, us, &mut undo),
            MoveKind::Drop => done = self.make_drop(mv, us),
            MoveKind::Castle { index } => self.make_castle(index as usize, us),
            MoveKind::Pass => {}
            MoveKind::Unload { square } => {
                undo.captured = self.make_unload(mv, square);
                done.resets_clock = true;
            }
        }
        if let Some(gate) = mv.gate() {
            self.make_gate(&mv, gate, us);
        }
        if let Some(wall) = mv.wall() {
            if engine.flags.wall_placement == Some(WallPlacement::Duck) {
                self.move_duck(wall);
            } else {
                self.put_wall(wall);
            }
        }
        self.set_ep(done.new_ep);
        if game.counter_strike.is_some() {
            self.set_struck(struck);
        }
        self.rules.passes = match mv.kind {
            MoveKind::Pass => self.rules.passes.saturating_add(1),
            _ => 0,
        };
        // Saturating: a FEN may give any clock up to u32::MAX.
        self.halfmove = if done.resets_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if done.bonus_granted {
            self.set_bonus(true);
        } else {
            self.hand_over_turn(mv, us, &undo);
        }
        self.undo.push(undo);
    }

    /// The board part of a move along a ray (a plain, e.p.-creating, e.p. or locust move): its captures, the
    /// piece's arrival, an explosion, petrification or burning, and the rights it loses.
    #[inline(always)]
    fn make_board_move(&mut self, mv: Move, us: Side, undo: &mut Undo) -> Done {
        let engine = self.engine;
        let game = &engine.game;
        let mut done = Done::default();
        if let Some(victim) = mv.kind.victim() {
            undo.victim = self.capture(victim, us);
            done.resets_clock = true;
        }
        let captures_on_to = !matches!(mv.kind, MoveKind::EnPassant { .. });
        if captures_on_to && mv.to != mv.from && !self.board[mv.to.index()].is_empty() {
            undo.captured = self.capture(mv.to, us);
            done.resets_clock = true;
        }
        if engine.flags.range_jumps {
            // A slide of a piece that takes what it passes (`taking-passed`) removes the pieces between.
            if let Some(step) = self.swept_line(&mv, us) {
                let swept = self.sweep(mv, step, us);
                undo.blasted += swept;
                done.resets_clock |= swept > 0;
            }
        }
        self.take(mv.from);
        self.put(mv.to, self.arriving(mv), us);
        let traits = engine.traits[mv.piece.index()];
        if traits.contains(PieceTraits::RESETS_CLOCK) {
            // Only an irreversible move resets it (Fairy-Stockfish): a sideways pawn step can be undone.
            done.resets_clock |= !traits.contains(PieceTraits::REVERSIBLE)
                || mv.promotion.is_some()
                || !engine.moves_back(us, mv.piece, mv.to, mv.from);
        }
        // `reset-by promotions`: read only on the rare promoting move, so other games do not pay for it.
        if mv.promotion.is_some() && game.end.promotion_resets_clock {
            done.resets_clock = true;
        }
        if mv.kind == MoveKind::CreatesEp {
            done.new_ep = self.passed_squares(mv.from, mv.to);
        }
        let captured = !undo.captured.is_empty() || !undo.victim.is_empty();
        if captured && game.explosions.is_some() {
            undo.blasted += self.explode(mv.to);
        }
        if captured && game.walls.as_ref().is_some_and(|w| w.petrifies(mv.piece)) {
            // Turned to stone where it took.
            self.take(mv.to);
            self.put_wall(mv.to);
        }
        if engine.flags.burning {
            let burned = self.burn(mv.to, us);
            undo.blasted += burned;
            done.resets_clock |= burned > 0;
        }
        if self.castling != 0 {
            let mut lost = engine.castle_mask[mv.from.index()]
                | engine.castle_mask[mv.to.index()]
                | engine.mover_castle_mask[self.mover_index(mv.piece)];
            if !engine.aligned_losses.is_empty() {
                lost |= self.aligned_losses(us, mv.piece, mv.to);
            }
            if self.castling & lost != 0 {
                self.set_castling(self.castling & !lost);
            }
        }
        done
    }

    /// A drop from `us`'s hand, with the castling right and the bonus turn it may gain.
    #[inline(always)]
    fn make_drop(&mut self, mv: Move, us: Side) -> Done {
        let game = &self.engine.game;
        let count = self.hands[us.index()][mv.piece.index()];
        self.set_hand(us, mv.piece, count - 1);
        // A drop `either-form` may bring the piece in as its promoted form.
        self.put(mv.to, mv.promotion.unwrap_or(mv.piece), us);
        if self.engine.flags.castling_by_drop {
            self.gain_castling_by_drop(us, mv.to);
        }
        Done {
            // A drop cannot be undone (the hand is smaller for good): it resets the move-limit counter, as
            // Fairy-Stockfish's irreversible drops reset its 50-move counter.
            resets_clock: true,
            new_ep: None,
            bonus_granted: !self.rules.bonus_pending
                && game
                    .bonus_turn
                    .as_ref()
                    .is_some_and(|bonus| game.zone(bonus.zone).contains(us, mv.to)),
        }
    }

    /// The castling numbered `index` in [`crate::rules::Game::castlings`], by `us`.
    #[inline(always)]
    fn make_castle(&mut self, index: usize, us: Side) {
        let engine = self.engine;
        let castling = &engine.game.castlings[index];
        let king = self.take(castling.king_from);
        let rook = self.take(castling.rook_from);
        self.put(castling.king_to, king.piece(), us);
        self.put(castling.rook_to, rook.piece(), us);
        // The partner's square too: its first-move or gating right goes with it.
        let lost = engine.castle_mask[castling.king_from.index()]
            | engine.castle_mask[castling.rook_from.index()]
            | engine.mover_castle_mask[self.mover_index(king.piece())];
        self.set_castling(self.castling & !lost);
    }

    /// The turn passes to the opponent after `us`'s move `mv`: the move number, the checks given (`check limit`)
    /// and the running count (`counting`).
    #[inline(always)]
    fn hand_over_turn(&mut self, mv: Move, us: Side, undo: &Undo) {
        let game = &self.engine.game;
        self.set_bonus(false);
        self.set_side(us.opponent());
        if us == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if game.end.check_limit.is_some() && self.in_check() {
            self.set_checks(us, self.rules.checks[us.index()].saturating_add(1));
        }
        if let Some(rule) = &game.end.counting {
            let captured = [undo.captured, undo.victim]
                .into_iter()
                .find(|cell| !cell.is_empty())
                .map(|cell| cell.piece());
            self.update_count(rule, us, captured, mv.promotion.is_some() && !mv.is_drop());
        }
    }

    /// Takes back the last move made with `make`.
    pub(crate) fn unmake(&mut self) {
        let undo = self.undo.pop().expect("unmake follows make");
        let game = &self.engine.game;
        let mv = undo.mv;
        let us = undo.side;
        if let Some(gate) = mv.gate() {
            self.unmake_gate(&mv, gate, us);
        }
        if let Some(wall) = mv.wall() {
            self.take_wall(wall);
            if self.engine.flags.wall_placement == Some(WallPlacement::Duck) {
                if let Some(old) = undo.rules.duck {
                    self.put_wall(old);
                }
            }
        }
        // The enemy pieces a `taking-passed` slide took went to the captor's hand, as any capture's does.
        let swept = if undo.blasted > 0 && self.engine.flags.range_jumps && game.drops {
            self.swept_line(&mv, us)
        } else {
            None
        };
        for _ in 0..undo.blasted {
            let (sq, cell) = self.blasts.pop().expect("a blasted piece is kept");
            match swept {
                Some(step) if self.between(mv.from, step, mv.to, sq) => {
                    self.uncapture(sq, cell, us)
                }
                _ => self.put(sq, cell.piece(), cell.side()),
            }
        }
        match mv.kind {
            MoveKind::Normal
            | MoveKind::CreatesEp
            | MoveKind::EnPassant { .. }
            | MoveKind::Locust { .. } => {
                let captured = !undo.captured.is_empty() || !undo.victim.is_empty();
                if captured && self.board[mv.to.index()].is_wall() {
                    // Petrified (`petrify`).
                    self.take_wall(mv.to);
                } else {
                    self.take(mv.to);
                }
                self.put(mv.from, mv.piece, us);
                if !undo.captured.is_empty() {
                    self.uncapture(mv.to, undo.captured, us);
                }
                if let Some(victim) = mv.kind.victim() {
                    self.uncapture(victim, undo.victim, us);
                }
            }
            MoveKind::Drop => {
                self.take(mv.to);
                let count = self.hands[us.index()][mv.piece.index()];
                self.set_hand(us, mv.piece, count + 1);
            }
            MoveKind::Castle { index } => {
                let castling = &game.castlings[index as usize];
                let king = self.take(castling.king_to);
                let rook = self.take(castling.rook_to);
                self.put(castling.king_from, king.piece(), us);
                self.put(castling.rook_from, rook.piece(), us);
            }
            MoveKind::Pass => {}
            MoveKind::Unload { square } => {
                self.take(square);
                self.take(mv.to);
                self.put(mv.from, mv.piece, us);
                self.put(mv.to, undo.captured.piece(), undo.captured.side());
            }
        }
        self.side = us;
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.rules = undo.rules;
        self.hash = undo.hash;
    }

    /// `castles with … after drop on …`: a drop on a right's castling-piece or partner square that leaves the
    /// castling piece and a partner on both gains the right (Fairy-Stockfish's `castlingDroppedPiece`: a king
    /// dropped on its square gains every partner standing on its own, a partner dropped beside a standing king
    /// its own).
    #[inline(never)]
    fn gain_castling_by_drop(&mut self, us: Side, to: Square) {
        let game = &self.engine.game;
        let mut gained = 0u32;
        for (i, right) in game.castling_rights.iter().enumerate() {
            let Some(king_from) = right.king_from else {
                continue;
            };
            if !right.by_drop || right.side != us || (to != king_from && to != right.rook_from) {
                continue;
            }
            let king = self.board[king_from.index()].occupant();
            let rook = self.board[right.rook_from.index()].occupant();
            if king == Some((right.king, us))
                && rook.is_some_and(|(piece, side)| side == us && right.rooks.contains(&piece))
            {
                gained |= 1 << i;
            }
        }
        if self.castling | gained != self.castling {
            self.set_castling(self.castling | gained);
        }
    }

    /// The piece that arrives on `mv.to`: the promoted one if the move promotes, demoted where its zone says so.
    #[inline]
    fn arriving(&self, mv: Move) -> PieceId {
        let game = &self.engine.game;
        let arriving = mv.promotion.unwrap_or(mv.piece);
        match game.pieces[arriving.index()].demote_in {
            Some((zone, base)) if game.zone(zone).contains(self.side, mv.to) => base,
            _ => arriving,
        }
    }

    /// The explosion of a capture on `to` (games with `explosions`): the capturer, now on `to`, and every piece on
    /// the squares around it but those of spared types leave the game (no hand receives them), and with them the
    /// castling rights of their squares. Returns how many were removed, kept on [`Position::blasts`] for `unmake`.
    #[inline(never)]
    fn explode(&mut self, to: Square) -> u8 {
        let engine = self.engine;
        let game = &engine.game;
        let g = game.geometry;
        let blast = game.explosions.as_ref().expect("explosions");
        let (spared, immune) = (&blast.spared, &blast.immune);
        let (file, rank) = (g.file(to), g.rank(to));
        let mut lost = 0;
        let mut count = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let Some(sq) = g.square(file + dx, rank + dy) else {
                    continue;
                };
                let cell = self.board[sq.index()];
                let centre = dx == 0 && dy == 0;
                if cell.is_empty()
                    || immune[cell.piece().index()]
                    || (!centre && spared[cell.piece().index()])
                {
                    continue;
                }
                self.take(sq);
                self.blasts.push((sq, cell));
                lost |= engine.castle_mask[sq.index()];
                count += 1;
            }
        }
        if self.castling & lost != 0 {
            self.set_castling(self.castling & !lost);
        }
        count
    }

    /// Removes the pieces a `taking-passed` slide passes, on the squares from `mv.from` (excluded) by `step` up to
    /// `mv.to` (excluded): an enemy piece goes to `us`'s hand if the game keeps captures, as any capture's does;
    /// the mover's own go nowhere. Each is kept on [`Position::blasts`] for `unmake`, with the castling rights of
    /// its square. Returns how many it removed (fewer than the board is long, so under 256).
    #[inline(never)]
    fn sweep(&mut self, mv: Move, (sx, sy): (i32, i32), us: Side) -> u8 {
        let engine = self.engine;
        let g = engine.game.geometry;
        let (mut file, mut rank) = (g.file(mv.from) + sx, g.rank(mv.from) + sy);
        let (mut lost, mut count) = (0, 0u8);
        while let Some(sq) = g.square(file, rank).filter(|&sq| sq != mv.to) {
            if !self.board[sq.index()].is_empty() {
                let cell = self.capture(sq, us);
                self.blasts.push((sq, cell));
                lost |= engine.castle_mask[sq.index()];
                count += 1;
            }
            (file, rank) = (file + sx, rank + sy);
        }
        if self.castling & lost != 0 {
            self.set_castling(self.castling & !lost);
        }
        count
    }

    /// Is `sq` strictly between `from` and `to` on the line from `from` by `step` (a swept square)?
    fn between(&self, from: Square, (sx, sy): (i32, i32), to: Square, sq: Square) -> bool {
        let g = self.engine.game.geometry;
        let (dx, dy) = (g.file(sq) - g.file(from), g.rank(sq) - g.rank(from));
        let k = if sx != 0 { dx / sx } else { dy / sy };
        let n = (g.file(to) - g.file(from))
            .abs()
            .max((g.rank(to) - g.rank(from)).abs());
        k > 0 && k < n && dx == k * sx && dy == k * sy
    }

    /// Moves the duck (`walls duck`) from where it stands, if it is on the board, to `to`.
    #[inline(never)]
    fn move_duck(&mut self, to: Square) {
        if let Some(old) = self.rules.duck {
            self.take_wall(old);
        }
        self.put_wall(to);
        self.rules.duck = Some(to);
    }

    /// The first-move rights of the opponent that a `piece` of `mover` arriving on `to` takes away by
    /// standing on their piece's rank or file (Cambodian's rook and king), whatever stands between.
    #[inline(never)]
    fn aligned_losses(&self, mover: Side, piece: PieceId, to: Square) -> u32 {
        let g = self.engine.game.geometry;
        let mut lost = 0;
        for &(bit, square, owner, by) in &self.engine.aligned_losses {
            if owner != mover
                && piece.index() < 64
                && by >> piece.index() & 1 != 0
                && square != to
                && (g.file(square) == g.file(to) || g.rank(square) == g.rank(to))
            {
                lost |= bit;
            }
        }
        lost
    }

    /// The index of the side to move's `piece` in [`super::Engine`]'s per-(side, piece) castling masks.
    #[inline]
    fn mover_index(&self, piece: PieceId) -> usize {
        self.side.index() * self.engine.game.pieces.len() + piece.index()
    }

    /// Plays an unloading capture (`u`): the piece on `mv.to` is not removed but moved to `square` once the mover
    /// has left its square (`square` is that square, or an empty square the move turned on). Returns the captured
    /// piece's cell, which `unmake` puts back on `mv.to`.
    fn make_unload(&mut self, mv: Move, square: Square) -> Cell {
        let engine = self.engine;
        let us = self.side;
        let captured = self.take(mv.to);
        self.take(mv.from);
        self.put(mv.to, self.arriving(mv), us);
        self.put(square, captured.piece(), captured.side());
        let lost = engine.castle_mask[mv.from.index()]
            | engine.castle_mask[mv.to.index()]
            | engine.castle_mask[square.index()]
            | engine.mover_castle_mask[self.mover_index(mv.piece)];
        if self.castling & lost != 0 {
            self.set_castling(self.castling & !lost);
        }
        captured
    }

    /// Removes the piece on `sq`. An enemy piece goes to `captor`'s hand, unpromoted, if the game keeps captures;
    /// a friendly piece removed by a `d` move goes nowhere (as in XBoard and the Interactive Diagram).
    fn capture(&mut self, sq: Square, captor: Side) -> Cell {
        let game = &self.engine.game;
        let captured = self.take(sq);
        if game.drops && captured.side() != captor {
            if let Some(held) = game.pieces[captured.piece().index()].in_hand {
                let count = self.hands[captor.index()][held.index()];
                self.set_hand(captor, held, count.saturating_add(1));
            }
        }
        captured
    }

    /// Undoes [`Position::capture`].
    fn uncapture(&mut self, sq: Square, captured: Cell, captor: Side) {
        let game = &self.engine.game;
        self.put(sq, captured.piece(), captured.side());
        if game.drops && captured.side() != captor {
            if let Some(held) = game.pieces[captured.piece().index()].in_hand {
                let count = self.hands[captor.index()][held.index()];
                self.set_hand(captor, held, count - 1);
            }
        }
    }

    /// The squares strictly between two squares on a straight line (the e.p. targets of a double step).
    fn passed_squares(&self, from: Square, to: Square) -> Option<EnPassant> {
        let g = self.engine.game.geometry;
        let (dx, dy) = (g.file(to) - g.file(from), g.rank(to) - g.rank(from));
        let steps = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
        if steps < 2 {
            return None;
        }
        let (sx, sy) = (dx / steps, dy / steps);
        let mut ep = EnPassant {
            targets: [to; 3],
            count: 0,
            victim: to,
        };
        for i in 1..steps.min(4) {
            if let Some(sq) = g.square(g.file(from) + sx * i, g.rank(from) + sy * i) {
                ep.targets[ep.count as usize] = sq;
                ep.count += 1;
            }
        }
        Some(ep)
    }

    /// Plays a move and records the position for repetition detection. The move must be legal.
    pub fn play(&mut self, mv: Move) {
        let mover = self.side;
        self.make(mv);
        let check = self.in_check();
        let turn_passed = self.side != mover;
        let shak = check && self.is_shak();
        self.history.push(HistoryEntry {
            hash: self.hash,
            mover,
            check,
            turn_passed,
            shak,
        });
    }

    /// Takes back the last move made with [`Position::play`].
    pub fn unplay(&mut self) {
        self.history.pop();
        self.unmake();
    }
}

/// What the board part of a move leaves for the rest of `make` to settle.
#[derive(Default)]
struct Done {
    /// The move-limit counter starts again (a capture, a drop, an irreversible pawn move).
    resets_clock: bool,
    /// The e.p. targets a double step creates.
    new_ep: Option<EnPassant>,
    /// A drop that grants a bonus turn: the side to move stays.
    bonus_granted: bool,
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

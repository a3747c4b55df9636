//! A compiled game together with the tables the executor derives from it once at load time.
use super::bystander;
use super::zobrist::Zobrist;
use crate::rules::{
    step, Game, Occupant, PieceId, PieceType, Ray, RayFlags, RayKind, Royalty, Side, Square,
    SquareSet, StepOutcome, StepRule, MAX_COLOUR_BOUND,
};
use betza::diagram::Kind;

/// One way a piece standing on `from` could attack a given square: along `ray`, whose square number `pos` it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttackEntry {
    pub from: Square,
    pub ray: u32,
    pub pos: u16,
}

/// A game ready to play: the rules plus derived lookup tables.
pub struct Engine {
    pub game: Game,
    pub(crate) zobrist: Zobrist,
    /// Words per square bit set on this board.
    pub(crate) words: usize,
    /// Per (attacking side, target square, piece type): the squares from which that piece could capture on the
    /// target on an empty board, as a bit set of `words` words.
    pub(crate) capture_origins: Vec<u64>,
    /// Per (attacking side, target square, piece type): a range of `entries`.
    pub(crate) entry_ranges: Vec<(u32, u32)>,
    pub(crate) entries: Vec<AttackEntry>,
    /// Per side: the indices of its castlings in [`Game::castlings`].
    pub(crate) castlings: [Vec<u16>; 2],
    /// Per square: the castling and first-move rights lost when a move starts or ends there.
    pub(crate) castle_mask: Vec<u32>,
    /// Per (side, piece type), at `side * pieces + piece`: the rights lost when that piece moves (under fixed-file
    /// castling the castling piece may start anywhere on its rank, so its rights follow the piece, not a square).
    pub(crate) mover_castle_mask: Vec<u32>,
    /// Some piece hops, or turns on an occupied square: then any piece that moves or arrives may open or close a
    /// line, and the legality shortcuts that rely on pins are off.
    pub(crate) pins_unreliable: bool,
    /// Per piece type: what move generation and legality must know of it beyond its rays, one byte so that the
    /// per-piece tests of every node are one load.
    pub(crate) traits: Vec<PieceTraits>,
    /// Per (attacking side, target square): bit `p` is set when a piece of type `p` could capture on the target from
    /// somewhere. With more than 64 piece types every bit is set and the attack test tries every type.
    pub(crate) reaching: Vec<u64>,
    /// Per square: the first-move right of the piece that starts there (no castling right's bit), or 0.
    pub(crate) first_move_mask: Vec<u32>,
    /// Per side and square (index `side * squares + square`): the bit of that side's gating right there, or 0
    /// (`gating`; empty in other games).
    pub(crate) gate_mask: Vec<u32>,
    /// Per side: the bits of all its gating rights.
    pub(crate) gate_rights: [u32; 2],
    /// `drops reserve` with `gating`: a side's gating rights lapse once its hand is empty, as hands never refill
    /// (Fairy-Stockfish stops writing them then).
    pub(crate) gates_lapse: bool,
    /// Per side and piece type (index `side * pieces + piece`), for the [`PieceTraits::REVERSIBLE`] types only:
    /// per square, the squares its non-capturing, non-initial moves reach on an empty board (Fairy-Stockfish's
    /// `PseudoMoves`, by which it judges a move reversible).
    quiet_reach: Vec<Vec<SquareSet>>,
    /// The first-move rights lost when an enemy piece of a listed type moves onto their piece's line:
    /// (the right's bit, its square, the owner, bit `p` for each such type `p`).
    pub(crate) aligned_losses: Vec<(u32, Square, Side, u64)>,
    /// Some piece induces (`x` before an `a`): its moves are generated as moves of the friendly piece it
    /// turns on, so identical moves may come from different pieces (the whole list is deduplicated), and legality
    /// uses the full test.
    pub(crate) has_induction: bool,
    /// Some piece borrows ([`PieceTraits::BORROWS`]).
    pub(crate) has_borrowers: bool,
    /// The game has rules that decide a position by what stands on it ([`crate::rules::EndRules::decides_positions`]).
    pub(crate) decides_positions: bool,
    /// Game-wide rules the checks-and-pins shortcut does not know (moves may not give check, a royal piece frozen
    /// in check, explosions, facing royals): legality uses the full test. One flag, so that other games pay one
    /// load per node for all of them.
    pub(crate) full_legality: bool,
    /// Legality judges bystander moves without make/unmake (`bystander::applies`).
    pub(crate) bystanders: bool,
    /// What every move leaves (`walls`); `None` in games whose moves leave no wall.
    pub(crate) wall_placement: Option<crate::rules::WallPlacement>,
    /// Rules that judge the legal move list as a whole (compulsory capture, compulsory drops): leaves are counted
    /// through the list.
    pub(crate) judges_whole_list: bool,
    /// The royal piece types, in a game where a side may have several royal pieces (`royals`); empty otherwise.
    pub(crate) royal_types: Vec<PieceId>,
    /// The types dropped under `drop opposite-colours`, at most [`MAX_COLOUR_BOUND`]; empty in other games.
    pub(crate) colour_bound: Vec<PieceId>,
    /// Some castling right is gained by drops (`castles with … after drop on …`).
    pub(crate) castling_by_drop: bool,
    /// Some piece promotes as a move of its own (`promote … on standing`): generation adds those moves, and
    /// legality judges their conditions.
    pub(crate) promotes_standing: bool,
    /// The reverse tables list every piece type that can attack a square: at most 64 piece types (a bit set) and
    /// no borrowers (whose attacks depend on their neighbours). Otherwise `attacker_types` says `None` and every
    /// type is tried, then the borrowers.
    attackers_by_table: bool,
}

impl Engine {
    pub fn new(game: Game) -> Engine {
        let squares = game.geometry.squares();
        let pieces = game.pieces.len();
        let words = squares.div_ceil(64);
        let mut capture_origins = vec![0u64; 2 * squares * pieces * words];
        let slots = 2 * squares * pieces;
        // Every (slot, entry) in the order found: one list, not a vector per slot (most slots stay empty, and
        // growing the others one push at a time was a third of the engine's construction).
        let mut found: Vec<(usize, AttackEntry)> = Vec::new();
        let mut pins_unreliable = false;
        let mut traits = vec![PieceTraits::empty(); pieces];
        let mut has_induction = false;
        let mut seen = [SquareSet::new(), SquareSet::new(), SquareSet::new()];
        for (p, piece) in game.pieces.iter().enumerate() {
            for side in Side::BOTH {
                for from in game.geometry.all() {
                    let slice = piece.rays(side, squares, from);
                    // Once a piece is known to repeat moves, its other squares need not be asked.
                    if !traits[p].contains(PieceTraits::REPEATS_MOVES)
                        && (double_step_twin(&game, slice.range())
                            || walks_repeat(&game, slice.range(), &mut seen))
                    {
                        traits[p] |= PieceTraits::REPEATS_MOVES;
                    }
                    for ray_index in slice.range() {
                        let ray = &game.rays[ray_index];
                        let rules = game.ray_rules(ray);
                        traits[p] |= ray_traits(ray, rules);
                        has_induction |= rules.iter().any(|r| r.contains(StepRule::INDUCE));
                        let chain = ray.kind == RayKind::Chain;
                        // A chain that needs a piece on a turning square, or comes back over its own origin, can
                        // be opened by a piece arriving: like a hopper, it defeats the pin shortcut.
                        pins_unreliable |= matches!(ray.kind, RayKind::Hop | RayKind::Grasshop)
                            || chain
                                && (rules.iter().any(|r| r.reads_occupant())
                                    || game.ray_squares(ray).contains(&from));
                        for (pos, target) in royal_captures(&game, ray) {
                            let slot = (side.index() * squares + target.index()) * pieces + p;
                            capture_origins[slot * words + from.index() / 64] |=
                                1 << (from.index() % 64);
                            let entry = AttackEntry {
                                from,
                                ray: ray_index as u32,
                                pos: pos as u16,
                            };
                            found.push((slot, entry));
                        }
                    }
                }
            }
        }
        // Counted out by slot, each slot's entries in the order found.
        let mut counts = vec![0u32; slots];
        for &(slot, _) in &found {
            counts[slot] += 1;
        }
        let mut total = 0;
        let entry_ranges: Vec<(u32, u32)> = counts
            .iter()
            .map(|&count| {
                total += count;
                (total - count, total)
            })
            .collect();
        let mut next: Vec<u32> = entry_ranges.iter().map(|&(start, _)| start).collect();
        let mut entries = vec![
            AttackEntry {
                from: Square(0),
                ray: 0,
                pos: 0
            };
            found.len()
        ];
        for (slot, entry) in found {
            entries[next[slot] as usize] = entry;
            next[slot] += 1;
        }
        let mut reaching = vec![0u64; 2 * squares];
        for (slot, &(start, end)) in entry_ranges.iter().enumerate() {
            let p = slot % pieces;
            if pieces > 64 {
                reaching[slot / pieces] = !0;
            } else if end > start {
                reaching[slot / pieces] |= 1 << p;
            }
        }
        for (p, piece) in game.pieces.iter().enumerate() {
            if becomes_royal(&game, piece) {
                traits[p] |= PieceTraits::BECOMES_ROYAL;
            }
            if game.end.resets_clock.contains(&PieceId(p as u16)) {
                traits[p] |= PieceTraits::RESETS_CLOCK;
            }
            if game.pieces[p].unmoved.is_some() {
                traits[p] |= PieceTraits::FIRST_MOVES;
            }
        }
        let quiet_reach = quiet_reach_of_reset_pieces(&game, &mut traits);
        let mut castle_mask = vec![0u32; squares];
        let mut mover_castle_mask = vec![0u32; 2 * game.pieces.len()];
        for (i, right) in game.castling_rights.iter().enumerate() {
            match right.king_from {
                Some(sq) => castle_mask[sq.index()] |= 1 << i,
                None => {
                    mover_castle_mask
                        [right.side.index() * game.pieces.len() + right.king.index()] |= 1 << i
                }
            }
            castle_mask[right.rook_from.index()] |= 1 << i;
        }
        let first_move_bit = |i: usize| 1u32 << (game.castling_rights.len() + i);
        let mut first_move_mask = vec![0u32; squares];
        for (i, right) in game.first_move_rights.iter().enumerate() {
            castle_mask[right.square.index()] |= first_move_bit(i);
            first_move_mask[right.square.index()] |= first_move_bit(i);
        }
        let mut gate_mask = Vec::new();
        if let Some(gating) = &game.gating {
            gate_mask = vec![0u32; 2 * squares];
            for (i, right) in gating.rights.iter().enumerate() {
                let bit = game.gate_bit(i);
                castle_mask[right.square.index()] |= bit;
                gate_mask[right.side.index() * squares + right.square.index()] |= bit;
            }
        }
        let gate_rights = Side::BOTH.map(|side| game.gate_rights(side));
        let gates_lapse = game.gates_lapse();
        let aligned_losses = game
            .first_move_rights
            .iter()
            .enumerate()
            .filter_map(|(i, right)| {
                let unmoved = game.pieces[right.piece.index()].unmoved.as_ref()?;
                // Piece types past 64 cannot be listed in the bit set: `initial unmoved` refuses them.
                let by = unmoved
                    .lost_when_aligned_with
                    .iter()
                    .filter(|p| p.index() < 64)
                    .fold(0u64, |set, p| set | 1 << p.index());
                (by != 0).then_some((first_move_bit(i), right.square, right.side, by))
            })
            .collect();
        let castlings = Side::BOTH.map(|side| {
            (0..game.castlings.len() as u16)
                .filter(|&i| game.castling_rights[game.castlings[i as usize].right].side == side)
                .collect()
        });
        let zobrist = Zobrist::new(&game);
        let has_borrowers = traits.iter().any(|t| t.contains(PieceTraits::BORROWS));
        let attackers_by_table = game.pieces.len() <= 64 && !has_borrowers;
        let decides_positions = game.end.decides_positions();
        let royal_types = if game.end.royalty == Royalty::One {
            Vec::new()
        } else {
            (0..game.pieces.len() as u16)
                .map(PieceId)
                .filter(|p| game.pieces[p.index()].royal)
                .collect()
        };
        let full_legality = game.end.giving_check_illegal
            || game.end.royal_frozen_in_check
            || game.explosions.is_some()
            || game.walls.is_some()
            || game.end.facing_royals_illegal
            || game.end.facing_royals_must_break
            || game.pass_allowed
            || game.protected_capture.is_some()
            || game.counter_strike.is_some()
            || game.pieces.iter().any(|p| !p.may_not_capture.is_empty());
        // Gating adds its moves to the legal list (a gate never makes a move legal or illegal), so leaves are
        // counted through the list too.
        let judges_whole_list =
            game.forced_capture.is_some() || game.must_drop || game.gating.is_some();
        let colour_bound: Vec<PieceId> = (0..game.pieces.len() as u16)
            .map(PieceId)
            .filter(|p| {
                game.pieces[p.index()]
                    .drop
                    .as_ref()
                    .is_some_and(|d| d.opposite_colours)
            })
            .collect();
        assert!(
            colour_bound.len() <= MAX_COLOUR_BOUND,
            "the compiler refuses more `drop opposite-colours` types"
        );
        let castling_by_drop = game.castling_rights.iter().any(|r| r.by_drop);
        let promotes_standing = game
            .pieces
            .iter()
            .flat_map(|p| &p.promotions)
            .any(|l| l.trigger == crate::rules::PromotionTrigger::Standing);
        let bystanders = bystander::applies(
            &game,
            pins_unreliable || full_legality,
            has_induction || has_borrowers,
            promotes_standing,
        );
        Engine {
            bystanders,
            promotes_standing,
            colour_bound,
            castling_by_drop,
            wall_placement: game.walls.as_ref().and_then(|w| w.placement),
            royal_types,
            decides_positions,
            full_legality,
            judges_whole_list,
            game,
            zobrist,
            words,
            capture_origins,
            entry_ranges,
            entries,
            castle_mask,
            mover_castle_mask,
            first_move_mask,
            gate_mask,
            gate_rights,
            gates_lapse,
            quiet_reach,
            aligned_losses,
            castlings,
            pins_unreliable,
            traits,
            reaching,
            has_induction,
            has_borrowers,
            attackers_by_table,
        }
    }

    /// Moves by induction or borrowing exist, so legality cannot use the checks-and-pins shortcut.
    pub(crate) fn has_relays(&self) -> bool {
        self.has_induction || self.has_borrowers
    }

    pub fn squares(&self) -> usize {
        self.game.geometry.squares()
    }

    /// Could a `piece` of `attacker` standing on `from` capture on `target` on an empty board?
    #[inline]
    pub(crate) fn captures_on_empty_board(
        &self,
        attacker: Side,
        target: Square,
        piece: PieceId,
        from: Square,
    ) -> bool {
        let slot = self.slot(attacker, target, piece);
        self.capture_origins[slot * self.words + from.index() / 64] >> (from.index() % 64) & 1 != 0
    }

    /// Could a [`PieceTraits::REVERSIBLE`] `piece` of `side` go back from `to` to `from` with a non-capturing move
    /// on an empty board? Then its move from `from` to `to` is reversible and does not reset the move-limit counter.
    pub(crate) fn moves_back(&self, side: Side, piece: PieceId, to: Square, from: Square) -> bool {
        let slot = side.index() * self.game.pieces.len() + piece.index();
        self.quiet_reach[slot]
            .get(to.index())
            .is_some_and(|reach| reach.contains(from))
    }

    /// The piece types of `attacker` on the board (`present`) that could attack `target` at all, as a bit set, or
    /// `None` with more than 64 piece types or with borrowers (then every type is tried, and the borrowers).
    #[inline]
    pub(crate) fn attacker_types(
        &self,
        attacker: Side,
        target: Square,
        present: u64,
    ) -> Option<u64> {
        self.attackers_by_table
            .then(|| present & self.reaching[attacker.index() * self.squares() + target.index()])
    }

    #[inline]
    pub(crate) fn slot(&self, attacker: Side, target: Square, piece: PieceId) -> usize {
        (attacker.index() * self.squares() + target.index()) * self.game.pieces.len()
            + piece.index()
    }
}

bitflags::bitflags! {
    /// What the executor must know of a piece type beyond its rays.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub(crate) struct PieceTraits: u8 {
        /// Two of its rays from one square may produce the same move (the legs of a multi-leg move, or an
        /// e.p.-creating double step that a rider also reaches): its moves are generated into a list and
        /// deduplicated.
        const REPEATS_MOVES = 1;
        /// It has a ray that captures en passant.
        const EN_PASSANT = 1 << 1;
        /// Not royal, but may turn into a royal type by promotion or demotion (the fast legality test assumes
        /// the royal piece stays where it is, so its moves are tested in full).
        const BECOMES_ROYAL = 1 << 2;
        /// It borrows (`x` on the last leg): the reverse attack tables cannot see its borrowed captures, so
        /// `is_attacked` makes an extra pass over such pieces, and legality uses the full test. Its lent moves
        /// may repeat its own ([`PieceTraits::REPEATS_MOVES`] is set too).
        const BORROWS = 1 << 3;
        /// It may remove a piece elsewhere than on its destination, or put one on its way (a locust capture, an
        /// unload): its moves may open or close a line other than its own, so they pass the legality filter.
        const CAPTURES_ASIDE = 1 << 4;
        /// Its moves reset the move-limit counter (the game's `resets_clock` list: pawns).
        const RESETS_CLOCK = 1 << 5;
        /// Its `i` moves last while it has not moved (`initial unmoved`): the last rays of its slices are cut
        /// off once the right is gone, so its moves never take the fast path that walks the whole slice.
        const FIRST_MOVES = 1 << 6;
        /// It resets the move-limit counter ([`PieceTraits::RESETS_CLOCK`]) and some of its moves can be undone
        /// by a move of its own (a sideways pawn): such a move does not reset it, as in Fairy-Stockfish, so
        /// [`Engine::quiet_reach`] is looked up. Plain pawns never pay for the lookup.
        const REVERSIBLE = 1 << 7;
    }
}

/// The traits one ray gives its piece.
fn ray_traits(ray: &Ray, rules: &[StepRule]) -> PieceTraits {
    let mut traits = PieceTraits::empty();
    if ray.flags.has(RayFlags::EN_PASSANT) {
        traits |= PieceTraits::EN_PASSANT;
    }
    if ray.flags.has(RayFlags::BORROW) {
        traits |= PieceTraits::BORROWS | PieceTraits::REPEATS_MOVES;
    }
    let removes_on_the_way = |r: &StepRule| {
        !r.contains(StepRule::DEST) && r.intersects(StepRule::CAPTURE | StepRule::DESTROY)
    };
    if ray.kind == RayKind::Chain
        && (ray.flags.has(RayFlags::UNLOAD) || rules.iter().any(removes_on_the_way))
    {
        traits |= PieceTraits::CAPTURES_ASIDE;
    }
    traits
}

/// Is `piece` not royal but able to become a royal type, by promotion or demotion?
fn becomes_royal(game: &Game, piece: &PieceType) -> bool {
    let royal = |id: &PieceId| game.pieces[id.index()].royal;
    !piece.royal
        && (piece.promotions.iter().any(|p| p.choices.iter().any(royal))
            || piece.demote_in.is_some_and(|(_, base)| royal(&base)))
}

/// Does one of these rays make an e.p.-creating double step to a square that another ray (a rider) also moves to?
fn double_step_twin(game: &Game, rays: std::ops::Range<usize>) -> bool {
    let rays = &game.rays[rays];
    rays.iter().any(|step| {
        step.flags.has(RayFlags::CREATES_EP)
            && game.ray_squares(step).last().is_some_and(|target| {
                rays.iter().any(|other| {
                    other != step
                        && other.flags.has(RayFlags::MOVE)
                        && game.ray_squares(other).contains(target)
                })
            })
    })
}

/// Could two walks from one square (two rays, or one chain twice) generate the same move? Only if they may end on
/// the same square holding the same kind of occupant (empty, enemy, friend): a rook's slide and a dabbaba's leap
/// (`RD`) both reach the square two ahead; a chain that only destroys friends never repeats a rider's move or
/// capture there. Rays the compiler already merged (a step that is a prefix of a slide) do not count twice.
/// `seen` is scratch space: per kind of occupant, the squares some walk already ends on with it.
fn walks_repeat(game: &Game, rays: std::ops::Range<usize>, seen: &mut [SquareSet; 3]) -> bool {
    const EMPTY: u8 = 1;
    const ENEMY: u8 = 2;
    const FRIEND: u8 = 4;
    let rays = &game.rays[rays];
    if rays.len() < 2 && !rays.iter().any(|ray| ray.kind == RayKind::Chain) {
        return false;
    }
    let mut repeats = false;
    'rays: for ray in rays {
        let chain = ray.kind == RayKind::Chain;
        let plain = if ray.flags.has(RayFlags::MOVE | RayFlags::EN_PASSANT) {
            EMPTY
        } else {
            0
        } | if ray.flags.has(RayFlags::CAPTURE) {
            ENEMY
        } else {
            0
        };
        let last = ray.len as usize - 1;
        for (i, (&sq, &rule)) in game
            .ray_squares(ray)
            .iter()
            .zip(game.ray_rules(ray))
            .enumerate()
        {
            // Where a plain ray cannot end: before a lame leap's target, on a hopper's first square (a hurdle at
            // best).
            let never_ends_here = match ray.kind {
                RayKind::Lame => i != last,
                RayKind::Hop | RayKind::Grasshop => i == 0,
                RayKind::Slide | RayKind::Chain => false,
            };
            if never_ends_here {
                continue;
            }
            let occupants = if !chain {
                plain
            } else if rule.contains(StepRule::DEST) {
                [
                    (StepRule::EMPTY, EMPTY),
                    (StepRule::CAPTURE, ENEMY),
                    (StepRule::DESTROY, FRIEND),
                ]
                .iter()
                .filter(|(bit, _)| rule.contains(*bit))
                .fold(0, |acc, (_, class)| acc | class)
                    | plain & EMPTY
            } else {
                continue;
            };
            for (class, set) in seen.iter_mut().enumerate() {
                if occupants & (1 << class) != 0 {
                    if set.contains(sq) {
                        repeats = true;
                        break 'rays;
                    }
                    set.insert(sq);
                }
            }
        }
    }
    // Left empty for the next square, square by square: the rays' few squares cost less than clearing three
    // board-sized sets.
    for ray in rays {
        for &sq in game.ray_squares(ray) {
            seen.iter_mut().for_each(|set| set.remove(sq));
        }
    }
    repeats
}

/// The squares of `ray` (with their numbers) on which a piece moving along it could capture an enemy royal piece,
/// on an empty board. A tame ray (`t`) never captures a royal piece; removing a friendly one (`d`) is no attack.
fn royal_captures<'a>(game: &'a Game, ray: &'a Ray) -> impl Iterator<Item = (usize, Square)> + 'a {
    let captures = ray.flags.has(RayFlags::CAPTURE) && !ray.flags.has(RayFlags::TAME);
    let rules = game.ray_rules(ray);
    let last = ray.len as usize - 1;
    game.ray_squares(ray)
        .iter()
        .enumerate()
        .filter(move |&(pos, _)| match ray.kind {
            RayKind::Lame => captures && pos == last,
            // Would a royal enemy here be taken at the end, or removed on the way?
            RayKind::Chain => {
                !ray.flags.has(RayFlags::TAME)
                    && matches!(
                        step(rules[pos], Occupant::Enemy, || true),
                        StepOutcome::Take | StepOutcome::Remove
                    )
            }
            _ => captures,
        })
        .map(|(pos, &sq)| (pos, sq))
}

/// [`Engine::quiet_reach`]: for every piece that resets the move-limit counter, its quiet reach from each square on
/// an empty board, kept only when one of its moves can be undone (then it is marked [`PieceTraits::REVERSIBLE`]).
fn quiet_reach_of_reset_pieces(game: &Game, traits: &mut [PieceTraits]) -> Vec<Vec<SquareSet>> {
    let pieces = game.pieces.len();
    let mut reach = vec![Vec::new(); 2 * pieces];
    for p in 0..pieces {
        if !traits[p].contains(PieceTraits::RESETS_CLOCK) {
            continue;
        }
        let piece = PieceId(p as u16);
        for side in Side::BOTH {
            let quiet: Vec<SquareSet> = game
                .geometry
                .all()
                .map(|from| {
                    crate::inspect::piece_moves(
                        game,
                        piece,
                        side,
                        from,
                        &crate::inspect::EmptyBoard,
                        &[],
                    )
                    .destinations
                    .iter()
                    .filter(|d| {
                        std::iter::once(&d.kind)
                            .chain(&d.also)
                            .any(|k| matches!(k, Kind::Move | Kind::MoveOrCapture))
                    })
                    .map(|d| d.to)
                    .collect()
                })
                .collect();
            let undoable = game.geometry.all().any(|from| {
                quiet[from.index()]
                    .iter()
                    .any(|to| quiet[to.index()].contains(from))
            });
            if undoable {
                traits[p] |= PieceTraits::REVERSIBLE;
                reach[side.index() * pieces + p] = quiet;
            }
        }
    }
    reach
}

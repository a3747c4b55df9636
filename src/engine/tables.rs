//! A compiled game together with the tables the executor derives from it once at load time.
use super::attack_class::attack_classes;
use super::flags::RuleFlags;
use super::reach::{EmptyBoard, Survey};
use super::zobrist::Zobrist;
use crate::rules::{
    step, Game, Occupant, PieceId, PieceType, Ray, RayFlags, RayKind, RaySlice, Royalty, Side,
    Square, SquareSet, StepOutcome, StepRule, MAX_COLOUR_BOUND,
};
use std::sync::OnceLock;

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
    /// What the rules switch on or off in the executor, derived in one place ([`RuleFlags::of`]).
    pub(crate) flags: RuleFlags,
    /// Words per square bit set on this board.
    pub(crate) words: usize,
    /// The reverse attack tables ([`Engine::attack`]): built with the engine when `reaching` needs them (64 piece
    /// types or fewer), otherwise on the first attack test. A game of more types whose commands never test an
    /// attack (no royal piece: `check`, `perft`) never builds them (Taikyoku: 375 MiB of its 530).
    attack: OnceLock<AttackTables>,
    /// Per side: the indices of its castlings in [`Game::castlings`].
    pub(crate) castlings: [Vec<u16>; 2],
    /// Per square: the castling and first-move rights lost when a move starts or ends there.
    pub(crate) castle_mask: Vec<u32>,
    /// Per (side, piece type), at `side * pieces + piece`: the rights lost when that piece moves (under fixed-file
    /// castling the castling piece may start anywhere on its rank, so its rights follow the piece, not a square).
    pub(crate) mover_castle_mask: Vec<u32>,
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
    /// Per side and piece type (index `side * pieces + piece`), for the [`PieceTraits::REVERSIBLE`] types only:
    /// per square, the squares its non-capturing, non-initial moves reach on an empty board (Fairy-Stockfish's
    /// `PseudoMoves`, by which it judges a move reversible).
    quiet_reach: Vec<Vec<SquareSet>>,
    /// The first-move rights lost when an enemy piece of a listed type moves onto their piece's line:
    /// (the right's bit, its square, the owner, bit `p` for each such type `p`).
    pub(crate) aligned_losses: Vec<(u32, Square, Side, u64)>,
    /// The royal piece types, in a game where a side may have several royal pieces (`royals`); empty otherwise.
    pub(crate) royal_types: Vec<PieceId>,
    /// The types dropped under `drop opposite-colours`, at most [`MAX_COLOUR_BOUND`]; empty in other games.
    pub(crate) colour_bound: Vec<PieceId>,
    /// The types that burn passively (`burns … passive`); empty in other games.
    pub(crate) passive_burners: Vec<PieceId>,
}

/// The reverse attack tables: per target square, who could capture there on an empty board.
pub(crate) struct AttackTables {
    /// Per piece type: its attack class, the index of the reverse tables it reads. Types whose capturing rays are
    /// the same from every square for both sides (a hundred queens; a Dragon King and its promoted twin) share
    /// one class ([`attack_classes`]).
    pub(crate) attack_class: Vec<u16>,
    /// The number of attack classes.
    pub(crate) classes: usize,
    /// Per (attacking side, target square, attack class): the squares from which a piece of that class could
    /// capture on the target on an empty board, as a bit set of `words` words.
    pub(crate) capture_origins: Vec<u64>,
    /// Per (attacking side, target square, attack class): a range of `entries`.
    pub(crate) entry_ranges: Vec<(u32, u32)>,
    pub(crate) entries: Vec<AttackEntry>,
}

/// The rights a move loses by where it starts or ends, or by the piece that makes it.
struct RightMasks {
    castle_mask: Vec<u32>,
    mover_castle_mask: Vec<u32>,
    first_move_mask: Vec<u32>,
    gate_mask: Vec<u32>,
    gate_rights: [u32; 2],
    aligned_losses: Vec<(u32, Square, Side, u64)>,
}

impl Engine {
    pub fn new(game: Game) -> Engine {
        let flags = RuleFlags::of(&game);
        let mut traits = vec![PieceTraits::empty(); game.pieces.len()];
        piece_traits(&game, &mut traits);
        let attack = OnceLock::new();
        let reaching = if game.pieces.len() > 64 {
            // Every bit set: the attack test tries every type, and the tables wait for the first one.
            vec![!0; 2 * game.geometry.squares()]
        } else {
            let tables = AttackTables::build(&game);
            let reaching = tables.reaching(&game);
            // Cannot fail: the cell was made empty just above.
            let _ = attack.set(tables);
            reaching
        };
        type_traits(&game, &mut traits);
        let quiet_reach = quiet_reach_of_reset_pieces(&game, &mut traits);
        let masks = RightMasks::build(&game);
        let castlings = Side::BOTH.map(|side| {
            (0..game.castlings.len() as u16)
                .filter(|&i| game.castling_rights[game.castlings[i as usize].right].side == side)
                .collect()
        });
        Engine {
            zobrist: Zobrist::new(&game),
            flags,
            royal_types: royal_types(&game),
            colour_bound: colour_bound(&game),
            passive_burners: super::rules::burn::passive_burners(&game),
            words: game.geometry.squares().div_ceil(64),
            attack,
            reaching,
            castle_mask: masks.castle_mask,
            mover_castle_mask: masks.mover_castle_mask,
            first_move_mask: masks.first_move_mask,
            gate_mask: masks.gate_mask,
            gate_rights: masks.gate_rights,
            aligned_losses: masks.aligned_losses,
            quiet_reach,
            castlings,
            traits,
            game,
        }
    }

    /// The bytes each table of the game and of the engine takes, by name, as allocated (lengths, not capacities):
    /// the figures of docs/performance.md's "Tables at scale" (`examples/table_sizes.rs`).
    pub fn table_sizes(&self) -> Vec<(&'static str, usize)> {
        use std::mem::size_of;
        let game = &self.game;
        let slices: usize = game.pieces.iter().map(|p| p.graph.len()).sum();
        let quiet: usize = self.quiet_reach.iter().map(Vec::len).sum();
        let built = self.attack.get();
        vec![
            ("rays", game.rays.len() * size_of::<Ray>()),
            ("ray squares", game.ray_squares.len() * size_of::<Square>()),
            (
                "ray step rules",
                game.ray_rules.len() * size_of::<StepRule>(),
            ),
            ("ray slices", slices * size_of::<RaySlice>()),
            // The reverse tables as built so far: none until the first attack test in a game of over 64 types.
            (
                "attack classes",
                built.map_or(0, |t| t.attack_class.len() * 2),
            ),
            (
                "capture origins",
                built.map_or(0, |t| t.capture_origins.len() * 8),
            ),
            (
                "entry ranges",
                built.map_or(0, |t| t.entry_ranges.len() * 8),
            ),
            (
                "attack entries",
                built.map_or(0, |t| t.entries.len() * size_of::<AttackEntry>()),
            ),
            ("reaching", self.reaching.len() * 8),
            ("quiet reach", quiet * size_of::<SquareSet>()),
            ("zobrist keys", self.zobrist.bytes()),
        ]
    }

    /// Moves by induction or borrowing exist, so legality cannot use the checks-and-pins shortcut.
    pub(crate) fn has_relays(&self) -> bool {
        self.flags.has_relays()
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
        let tables = self.attack();
        let slot = tables.slot(self.squares(), attacker, target, piece);
        tables.capture_origins[slot * self.words + from.index() / 64] >> (from.index() % 64) & 1
            != 0
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
        self.flags
            .attackers_by_table
            .then(|| present & self.reaching[attacker.index() * self.squares() + target.index()])
    }

    /// Builds the reverse attack tables now if they are not yet, as the first attack test would: for
    /// `examples/table_sizes.rs`, which reports them both ways.
    pub fn build_attack_tables(&self) {
        self.attack();
    }

    /// The reverse attack tables, built on the first call when the engine was built without them.
    #[inline]
    pub(crate) fn attack(&self) -> &AttackTables {
        self.attack.get_or_init(|| AttackTables::build(&self.game))
    }
}

impl AttackTables {
    /// Walks each attack class's rays twice: to count, per slot, the squares from which it could capture a royal
    /// piece, then to write them in place. (They were collected in one list of (slot, entry) pairs and sorted out:
    /// 16 bytes per entry more, twice the tables at the peak on large boards.)
    fn build(game: &Game) -> AttackTables {
        let squares = game.geometry.squares();
        let words = squares.div_ceil(64);
        let (attack_class, representatives) = attack_classes(game);
        let classes = representatives.len();
        let slots = 2 * squares * classes;
        let mut capture_origins = vec![0u64; slots * words];
        let mut counts = vec![0u32; slots];
        for_each_royal_capture(game, &representatives, |slot, entry| {
            capture_origins[slot * words + entry.from.index() / 64] |=
                1 << (entry.from.index() % 64);
            counts[slot] += 1;
        });
        let mut total = 0u32;
        let entry_ranges: Vec<(u32, u32)> = counts
            .iter()
            .map(|&count| {
                total += count;
                (total - count, total)
            })
            .collect();
        drop(counts);
        let mut next: Vec<u32> = entry_ranges.iter().map(|&(start, _)| start).collect();
        let mut entries = vec![
            AttackEntry {
                from: Square(0),
                ray: 0,
                pos: 0
            };
            total as usize
        ];
        for_each_royal_capture(game, &representatives, |slot, entry| {
            entries[next[slot] as usize] = entry;
            next[slot] += 1;
        });
        AttackTables {
            attack_class,
            classes,
            capture_origins,
            entry_ranges,
            entries,
        }
    }

    /// The slot of (attacking side, target square, the attack class of `piece`) on a board of `squares` squares.
    #[inline]
    pub(crate) fn slot(
        &self,
        squares: usize,
        attacker: Side,
        target: Square,
        piece: PieceId,
    ) -> usize {
        (attacker.index() * squares + target.index()) * self.classes
            + self.attack_class[piece.index()] as usize
    }

    /// `Engine::reaching` of a game of at most 64 piece types: per (attacking side, target square), the types with
    /// an entry there.
    fn reaching(&self, game: &Game) -> Vec<u64> {
        let mut reaching = vec![0u64; 2 * game.geometry.squares()];
        for (at, reach) in reaching.iter_mut().enumerate() {
            for (p, &class) in self.attack_class.iter().enumerate() {
                let (start, end) = self.entry_ranges[at * self.classes + class as usize];
                if end > start {
                    *reach |= 1 << p;
                }
            }
        }
        reaching
    }
}

/// The traits each piece type's rays give it, from every square for both sides.
fn piece_traits(game: &Game, traits: &mut [PieceTraits]) {
    let squares = game.geometry.squares();
    let mut seen = vec![0u8; squares];
    let aside = RemovalsOnTheWay::of(&game.ray_rules);
    for (p, piece) in game.pieces.iter().enumerate() {
        for side in Side::BOTH {
            for from in game.geometry.all() {
                let slice = piece.rays(side, squares, from);
                // Once a piece is known to repeat moves, its other squares need not be asked.
                if !traits[p].contains(PieceTraits::REPEATS_MOVES)
                    && (double_step_twin(game, slice.range())
                        || !on_lines_apart(game, from, slice.range())
                            && walks_repeat(game, slice.range(), &mut seen))
                {
                    traits[p] |= PieceTraits::REPEATS_MOVES;
                }
                for ray in &game.rays[slice.range()] {
                    traits[p] |= ray_traits(ray, &aside);
                }
            }
        }
    }
}

/// Are these rays from `from` plain slides and leaps on lines that share no square (their steps, each divided by
/// the greatest common divisor of its file and rank offsets, all differ)? Then no two of them may end on one
/// square, and [`walks_repeat`] need not walk them: most slices of most types (on Taikyoku, walking every square of
/// every ray, twice, was most of `Engine::new`). A slide's squares are `from` plus 1, 2, … times its step, a leap's
/// its one square; two such lines meet only if their reduced steps are the same. Anything else (a lame leap, a
/// hopper, a chain, or more than 16 rays) is left to the walk.
fn on_lines_apart(game: &Game, from: Square, rays: std::ops::Range<usize>) -> bool {
    let g = game.geometry;
    let rays = &game.rays[rays];
    let mut steps = [(0i32, 0i32); 16];
    if rays.len() > steps.len() {
        return false;
    }
    for (i, ray) in rays.iter().enumerate() {
        let Some(&first) = game.ray_squares(ray).first() else {
            return false;
        };
        if ray.kind != RayKind::Slide {
            return false;
        }
        let (dx, dy) = (g.file(first) - g.file(from), g.rank(first) - g.rank(from));
        let k = gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1) as i32;
        let step = (dx / k, dy / k);
        if steps[..i].contains(&step) {
            return false;
        }
        steps[i] = step;
    }
    true
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Where along the stored ray contents a chain removes a piece before its destination (a locust capture): a bit
/// per stored step rule, so that asking it of a chain is a few words, not a walk of its rules (a hook mover's
/// chains from every square, for both sides, are millions of rules on 36x36).
struct RemovalsOnTheWay {
    bits: Vec<u64>,
}

impl RemovalsOnTheWay {
    fn of(rules: &[StepRule]) -> RemovalsOnTheWay {
        let mut bits = vec![0u64; rules.len().div_ceil(64)];
        for (i, r) in rules.iter().enumerate() {
            if !r.contains(StepRule::DEST) && r.intersects(StepRule::CAPTURE | StepRule::DESTROY) {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        RemovalsOnTheWay { bits }
    }

    /// Does a chain stored at `first`, `len` rules long, remove a piece on the way?
    fn within(&self, first: usize, len: usize) -> bool {
        let end = first + len;
        let (lo, hi) = (first / 64, end.div_ceil(64));
        self.bits[lo..hi].iter().enumerate().any(|(i, &word)| {
            let at = (lo + i) * 64;
            // The bits of this word that lie in first..end.
            let from = first.saturating_sub(at).min(64);
            let to = (end - at).min(64);
            let mask = if to - from == 64 {
                !0
            } else {
                ((1u64 << (to - from)) - 1) << from
            };
            word & mask != 0
        })
    }
}

/// Calls `visit` with the slot (side, target, class) and the entry of every position where a piece of one of the
/// `representatives` (the i-th standing for class i) could capture a royal piece on an empty board, in one order.
fn for_each_royal_capture(
    game: &Game,
    representatives: &[PieceId],
    mut visit: impl FnMut(usize, AttackEntry),
) {
    let squares = game.geometry.squares();
    let classes = representatives.len();
    for (class, piece) in representatives.iter().enumerate() {
        let piece = &game.pieces[piece.index()];
        for side in Side::BOTH {
            for from in game.geometry.all() {
                for ray_index in piece.rays(side, squares, from).range() {
                    let ray = &game.rays[ray_index];
                    for (pos, target) in royal_captures(game, ray) {
                        let slot = (side.index() * squares + target.index()) * classes + class;
                        let entry = AttackEntry {
                            from,
                            ray: ray_index as u32,
                            pos: pos as u16,
                        };
                        visit(slot, entry);
                    }
                }
            }
        }
    }
}

/// The traits a piece type has by the game's lists rather than by its rays.
fn type_traits(game: &Game, traits: &mut [PieceTraits]) {
    for (p, piece) in game.pieces.iter().enumerate() {
        if becomes_royal(game, piece) {
            traits[p] |= PieceTraits::BECOMES_ROYAL;
        }
        if game.end.resets_clock.contains(&PieceId(p as u16)) {
            traits[p] |= PieceTraits::RESETS_CLOCK;
        }
        if piece.unmoved.is_some() {
            traits[p] |= PieceTraits::FIRST_MOVES;
        }
    }
}

impl RightMasks {
    /// Castling rights first, then first-move rights, then gating rights, one bit each.
    fn build(game: &Game) -> RightMasks {
        let squares = game.geometry.squares();
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
        RightMasks {
            castle_mask,
            mover_castle_mask,
            first_move_mask,
            gate_mask,
            gate_rights: Side::BOTH.map(|side| game.gate_rights(side)),
            aligned_losses,
        }
    }
}

/// [`Engine::royal_types`].
fn royal_types(game: &Game) -> Vec<PieceId> {
    if game.legality.royalty == Royalty::One {
        return Vec::new();
    }
    (0..game.pieces.len() as u16)
        .map(PieceId)
        .filter(|p| game.pieces[p.index()].royal)
        .collect()
}

/// [`Engine::colour_bound`].
fn colour_bound(game: &Game) -> Vec<PieceId> {
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
    colour_bound
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
fn ray_traits(ray: &Ray, aside: &RemovalsOnTheWay) -> PieceTraits {
    let mut traits = PieceTraits::empty();
    if ray.flags.has(RayFlags::EN_PASSANT) {
        traits |= PieceTraits::EN_PASSANT;
    }
    if ray.flags.has(RayFlags::BORROW) {
        traits |= PieceTraits::BORROWS | PieceTraits::REPEATS_MOVES;
    }
    if ray.kind == RayKind::Chain
        && (ray.flags.has(RayFlags::UNLOAD) || aside.within(ray.first as usize, ray.len as usize))
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
/// `seen` is scratch space, one byte per square of the board, all zero between calls: per square, a bit for each
/// kind of occupant some walk already ends on there with. (It was three board bit sets: on Taikyoku, every type,
/// side and square, that walk was most of `Engine::new`; one byte per square is one load and one store.)
fn walks_repeat(game: &Game, rays: std::ops::Range<usize>, seen: &mut [u8]) -> bool {
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
            let at = &mut seen[sq.index()];
            if *at & occupants != 0 {
                repeats = true;
                break 'rays;
            }
            *at |= occupants;
        }
    }
    // Left empty for the next square, square by square: the rays' few squares cost less than clearing the board.
    for ray in rays {
        for &sq in game.ray_squares(ray) {
            seen[sq.index()] = 0;
        }
    }
    repeats
}

/// The squares of `ray` (with their numbers) on which a piece moving along it could capture an enemy royal piece,
/// on an empty board. A tame ray (`t`) never captures a royal piece; removing a friendly one (`d`) is no attack.
fn royal_captures<'a>(game: &'a Game, ray: &'a Ray) -> impl Iterator<Item = (usize, Square)> + 'a {
    let squares = game.ray_squares(ray);
    capture_positions(ray, game.ray_rules(ray)).map(move |pos| (pos, squares[pos]))
}

/// The positions along `ray` (whose step rules are `rules`) where it could capture a royal piece: each gets an
/// entry in the reverse attack tables, which is why the compiler's memory guard counts them too.
pub(crate) fn capture_positions<'a>(
    ray: &'a Ray,
    rules: &'a [StepRule],
) -> impl Iterator<Item = usize> + 'a {
    let captures = ray.flags.has(RayFlags::CAPTURE) && !ray.flags.has(RayFlags::TAME);
    let last = ray.len as usize - 1;
    (0..ray.len as usize).filter(move |&pos| match ray.kind {
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
                    Survey::walk(game, piece, side, from, &EmptyBoard, &[])
                        .0
                        .quiet_squares()
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

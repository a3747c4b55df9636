//! A compiled game together with the tables the executor derives from it once at load time.
use super::zobrist::Zobrist;
use crate::rules::{
    step, Game, Occupant, PieceId, Ray, RayFlags, RayKind, Side, Square, StepOutcome, StepRule,
};

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
    /// Per square: the castling rights lost when a move starts or ends there.
    pub(crate) castle_mask: Vec<u32>,
    /// Some piece hops, or turns on an occupied square: then any piece that moves or arrives may open or close a
    /// line, and the legality shortcuts that rely on pins are off.
    pub(crate) pins_unreliable: bool,
    /// Per piece type: two of its rays from one square may produce the same move (the legs of a multi-leg move,
    /// or an e.p.-creating double step that a rider also reaches); its moves are generated into a list and
    /// deduplicated.
    pub(crate) repeats_moves: Vec<bool>,
    /// Per (attacking side, target square): bit `p` is set when a piece of type `p` could capture on the target from
    /// somewhere. With more than 64 piece types every bit is set and the attack test tries every type.
    pub(crate) reaching: Vec<u64>,
    /// Per piece type: not royal, but may turn into a royal type by promotion or demotion (then the fast legality
    /// test, which assumes the royal piece stays where it is, does not apply to its moves).
    pub(crate) becomes_royal: Vec<bool>,
    /// Per piece type: it has a ray that captures en passant.
    pub(crate) en_passant: Vec<bool>,
    /// Some piece induces (`x` before an `a`): its moves are generated as moves of the friendly piece it
    /// turns on, so identical moves may come from different pieces (the whole list is deduplicated), and legality
    /// uses the full test.
    pub(crate) has_induction: bool,
    /// Per piece type, it borrows (`x` on the last leg): the reverse attack tables cannot see its borrowed
    /// captures, so `is_attacked` makes an extra pass over such pieces, and legality uses the full test.
    pub(crate) borrows: Vec<bool>,
    pub(crate) has_borrowers: bool,
    /// The game has rules that decide a position by what stands on it ([`crate::rules::EndRules::decides_positions`]).
    pub(crate) decides_positions: bool,
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
        let mut lists: Vec<Vec<AttackEntry>> = vec![Vec::new(); 2 * squares * pieces];
        let mut pins_unreliable = false;
        let mut en_passant = vec![false; pieces];
        let mut repeats_moves = vec![false; pieces];
        let mut has_induction = false;
        let mut borrows = vec![false; pieces];
        for (p, piece) in game.pieces.iter().enumerate() {
            for side in Side::BOTH {
                for from in game.geometry.all() {
                    let slice = piece.rays(side, squares, from);
                    repeats_moves[p] |= double_step_twin(&game, slice.range());
                    for ray_index in slice.range() {
                        let ray = &game.rays[ray_index];
                        en_passant[p] |= ray.flags.has(RayFlags::EN_PASSANT);
                        borrows[p] |= ray.flags.has(RayFlags::BORROW);
                        let rules = game.ray_rules(ray);
                        has_induction |= rules.iter().any(|r| r.contains(StepRule::INDUCE));
                        let chain = ray.kind == RayKind::Chain;
                        repeats_moves[p] |= chain;
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
                            lists[slot].push(AttackEntry {
                                from,
                                ray: ray_index as u32,
                                pos: pos as u16,
                            });
                        }
                    }
                }
            }
        }
        let mut entries = Vec::new();
        let mut entry_ranges = Vec::with_capacity(lists.len());
        for list in lists {
            let start = entries.len() as u32;
            entries.extend(list);
            entry_ranges.push((start, entries.len() as u32));
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
        let becomes_royal = game
            .pieces
            .iter()
            .map(|piece| {
                let royal = |id: &PieceId| game.pieces[id.index()].royal;
                !piece.royal
                    && (piece
                        .promotion
                        .as_ref()
                        .is_some_and(|p| p.choices.iter().any(royal))
                        || piece.demote_in.is_some_and(|(_, base)| royal(&base)))
            })
            .collect();
        let mut castle_mask = vec![0u32; squares];
        for (i, right) in game.castling_rights.iter().enumerate() {
            castle_mask[right.king_from.index()] |= 1 << i;
            castle_mask[right.rook_from.index()] |= 1 << i;
        }
        let zobrist = Zobrist::new(&game);
        let has_borrowers = borrows.contains(&true);
        let attackers_by_table = game.pieces.len() <= 64 && !has_borrowers;
        let decides_positions = game.end.decides_positions();
        Engine {
            decides_positions,
            game,
            zobrist,
            words,
            capture_origins,
            entry_ranges,
            entries,
            castle_mask,
            pins_unreliable,
            repeats_moves,
            reaching,
            en_passant,
            becomes_royal,
            has_induction,
            has_borrowers,
            attackers_by_table,
            borrows,
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

//! Replaying recorded games and counting what the pieces did: moves, captures, promotions, drops, distance, and
//! where (per zone) promotions, drops and zone-dependent moves happened. The random opening plies are replayed
//! but not counted: they say nothing about how the engine uses a piece.
use super::record::GameRecord;
use crate::engine::{Engine, Move, MoveKind, Position};
use crate::rules::{Side, ZoneId};

/// Every how many plies the material is sampled for the piece-value fit.
pub const SAMPLE_EVERY: usize = 10;

/// What one piece type did over all games.
#[derive(Clone, Debug, Default)]
pub struct PieceTally {
    pub moves: u64,
    pub captures: u64,
    pub captured: u64,
    pub promotions: u64,
    pub drops: u64,
    /// Squares travelled by board moves (the king's distance, Chebyshev), summed.
    pub distance: u64,
    /// Games in which the type stood on the board or in a hand after the opening, or arrived later.
    pub games_present: u64,
    /// Of those, the games in which it never moved (no board move, no drop).
    pub games_never_moved: u64,
}

/// What happened in one zone over all games.
#[derive(Clone, Debug, Default)]
pub struct ZoneTally {
    pub promotions: u64,
    pub drops: u64,
    /// Board moves by a piece standing in the zone whose moves there are the zone's own (`moves … in ZONE`).
    pub zone_moves: u64,
}

/// A material sample: the game's index, the per-type difference (first player minus second, board and hand) and
/// the first player's final score (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub game: u64,
    pub diff: Vec<i32>,
    pub score: f64,
}

/// The counts of a set of games, per piece type (`PieceId` order) and per zone (`ZoneId` order).
pub struct Tally {
    pub pieces: Vec<PieceTally>,
    pub zones: Vec<ZoneTally>,
    pub samples: Vec<Sample>,
}

impl Tally {
    pub fn new(engine: &Engine) -> Tally {
        Tally {
            pieces: vec![PieceTally::default(); engine.game.pieces.len()],
            zones: vec![ZoneTally::default(); engine.game.zones.len()],
            samples: Vec::new(),
        }
    }

    /// Replays one game and counts it. `score` is the first player's result in the game, if it finished.
    pub fn add(
        &mut self,
        engine: &Engine,
        record: &GameRecord,
        first: Side,
        score: Option<f64>,
    ) -> Result<(), String> {
        let mut pos = Position::start(engine);
        let types = engine.game.pieces.len();
        let mut present = vec![false; types];
        let mut moved = vec![false; types];
        let opening = record.moves.len().min(record.opening as usize);
        for (ply, text) in record.moves.iter().enumerate() {
            if ply == opening {
                mark_present(&pos, &mut present);
            }
            if ply % SAMPLE_EVERY == 0 && ply > 0 {
                if let Some(score) = score {
                    self.samples.push(Sample {
                        game: record.index,
                        diff: material(&pos, first),
                        score,
                    });
                }
            }
            let mv = pos.parse_move(text).map_err(|e| {
                format!(
                    "game {}: move {} `{text}` is not legal: {e}",
                    record.index,
                    ply + 1
                )
            })?;
            if ply >= opening {
                self.count(&pos, mv, &mut present, &mut moved);
            }
            pos.play(mv);
        }
        if record.moves.len() <= opening {
            mark_present(&pos, &mut present);
        }
        for (tally, (&p, &m)) in self.pieces.iter_mut().zip(present.iter().zip(&moved)) {
            tally.games_present += u64::from(p || m);
            tally.games_never_moved += u64::from(p && !m);
        }
        Ok(())
    }

    /// Counts one move, made from `pos`.
    fn count(&mut self, pos: &Position, mv: Move, present: &mut [bool], moved: &mut [bool]) {
        let game = pos.game();
        let side = pos.side_to_move();
        let piece = mv.piece.0 as usize;
        if matches!(mv.kind, MoveKind::Pass) {
            return;
        }
        moved[piece] = true;
        present[piece] = true;
        if let Some(to) = mv.promotion {
            present[to.0 as usize] = true;
            self.pieces[piece].promotions += 1;
            // The zone of the line that offered this choice (a piece may have several `promote` lines).
            let lines = &game.piece(mv.piece).promotions;
            if let Some(rule) = lines.iter().find(|r| r.choices.contains(&to)) {
                self.zones[rule.zone.0 as usize].promotions += 1;
            }
        }
        if mv.is_drop() {
            self.pieces[piece].drops += 1;
            for (z, zone) in game.zones.iter().enumerate() {
                if zone.contains(side, mv.to) {
                    self.zones[z].drops += 1;
                }
            }
            return;
        }
        let g = game.geometry;
        let tally = &mut self.pieces[piece];
        tally.moves += 1;
        tally.distance += (g.file(mv.from) - g.file(mv.to))
            .unsigned_abs()
            .max((g.rank(mv.from) - g.rank(mv.to)).unsigned_abs()) as u64;
        let mut victims = Vec::new();
        if matches!(
            mv.kind,
            MoveKind::Normal | MoveKind::Locust { .. } | MoveKind::EnPassant { .. }
        ) && mv.to != mv.from
        {
            victims.extend(pos.piece_at(mv.to));
        }
        if let Some(square) = mv.kind.victim() {
            victims.extend(pos.piece_at(square));
        }
        if !victims.is_empty() {
            self.pieces[piece].captures += 1;
        }
        for (victim, _) in victims {
            self.pieces[victim.0 as usize].captured += 1;
        }
        for set in &game.move_sets {
            if let Some(zone) = set.zone.filter(|_| set.piece == mv.piece) {
                if game.zone(zone).contains(side, mv.from) {
                    self.zones[zone.0 as usize].zone_moves += 1;
                }
            }
        }
    }

    /// The zones, for reports: the id and name of each.
    pub fn zone_ids(engine: &Engine) -> impl Iterator<Item = (ZoneId, &str)> {
        engine
            .game
            .zones
            .iter()
            .enumerate()
            .map(|(i, z)| (ZoneId(i as u16), z.name.as_str()))
    }
}

/// Marks the types on the board or in a hand.
fn mark_present(pos: &Position, present: &mut [bool]) {
    for side in Side::BOTH {
        for &sq in pos.pieces_of(side) {
            if let Some((piece, _)) = pos.piece_at(sq) {
                present[piece.0 as usize] = true;
            }
        }
        for (p, &n) in pos.hand(side).iter().enumerate() {
            present[p] |= n > 0;
        }
    }
}

/// Per type: the first player's pieces (board and hand) minus the second player's.
fn material(pos: &Position, first: Side) -> Vec<i32> {
    let mut diff = vec![0; pos.game().pieces.len()];
    for side in Side::BOTH {
        let sign = if side == first { 1 } else { -1 };
        for &sq in pos.pieces_of(side) {
            if let Some((piece, _)) = pos.piece_at(sq) {
                diff[piece.0 as usize] += sign;
            }
        }
        for (p, &n) in pos.hand(side).iter().enumerate() {
            diff[p] += sign * i32::from(n);
        }
    }
    diff
}

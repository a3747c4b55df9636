//! Every square's king-step neighbours, flattened once per game: the royal-safety term looks around a royal piece,
//! and the lone-royal term walks the squares a lone royal piece can still reach.
use crate::rules::{Geometry, Square};

pub(super) struct KingSteps {
    /// `neighbours[starts[sq]..starts[sq + 1]]` are the squares one king step from `sq`.
    neighbours: Vec<Square>,
    starts: Vec<u32>,
}

impl KingSteps {
    pub(super) fn new(g: Geometry) -> KingSteps {
        let mut neighbours = Vec::new();
        let mut starts = vec![0u32];
        for sq in g.all() {
            for (df, dr) in [
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                if let Some(n) = g.square(g.file(sq) + df, g.rank(sq) + dr) {
                    neighbours.push(n);
                }
            }
            starts.push(neighbours.len() as u32);
        }
        KingSteps { neighbours, starts }
    }

    #[inline]
    pub(super) fn around(&self, sq: Square) -> &[Square] {
        &self.neighbours[self.starts[sq.index()] as usize..self.starts[sq.index() + 1] as usize]
    }
}

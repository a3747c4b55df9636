//! One expanded XBetza path from one square → one board-clipped ray (or why it cannot be one).
use crate::rules::{Geometry, RayFlags, RayKind, Square};
use betza::{Mode, Path};

pub enum BuiltRay {
    Ray {
        kind: RayKind,
        flags: RayFlags,
        squares: Vec<Square>,
    },
    /// The path leaves the board at once from this square.
    Empty,
    /// The compiler has no ray form for this kind of move.
    Unsupported(&'static str),
}

pub fn build_ray(g: Geometry, from: Square, path: &Path) -> BuiltRay {
    let [leg] = path.legs.as_slice() else {
        return BuiltRay::Unsupported("multi-leg moves (`a`)");
    };
    let mode = leg.mode;
    if mode.contains(Mode::DESTROY) {
        return BuiltRay::Unsupported("capturing friendly pieces (`d`)");
    }
    let mut flags = RayFlags::default();
    if mode.contains(Mode::MOVE) {
        flags = flags.union(RayFlags::MOVE);
    }
    if mode.contains(Mode::CAPTURE) {
        flags = flags.union(RayFlags::CAPTURE);
    }
    if mode.contains(Mode::EN_PASSANT) {
        flags = flags.union(RayFlags::EN_PASSANT);
    }
    let (x0, y0) = (g.file(from), g.rank(from));
    let kind = if mode.contains(Mode::GRASSHOP) {
        RayKind::Grasshop
    } else if mode.contains(Mode::HOP) {
        RayKind::Hop
    } else if !leg.lame_path.is_empty() {
        if leg.max != Some(1) {
            return BuiltRay::Unsupported("lame riders (`n` on a rider)");
        }
        let mut squares = Vec::with_capacity(leg.lame_path.len() + 1);
        for &(dx, dy) in leg.lame_path.iter().chain(std::iter::once(&leg.step)) {
            match g.square(x0 + dx, y0 + dy) {
                Some(sq) => squares.push(sq),
                None => return BuiltRay::Empty,
            }
        }
        return BuiltRay::Ray {
            kind: RayKind::Lame,
            flags,
            squares,
        };
    } else {
        RayKind::Slide
    };
    let limit = leg.max.unwrap_or(u32::MAX).min(64);
    let mut squares = Vec::new();
    for k in 1..=limit as i32 {
        match g.square(x0 + k * leg.step.0, y0 + k * leg.step.1) {
            Some(sq) => squares.push(sq),
            None => break,
        }
    }
    if squares.is_empty() || leg.step == (0, 0) {
        return BuiltRay::Empty;
    }
    BuiltRay::Ray {
        kind,
        flags,
        squares,
    }
}

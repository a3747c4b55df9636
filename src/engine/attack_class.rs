//! Attack classes: piece types whose capturing rays are the same from every square, for both sides, read one
//! set of reverse attack tables ([`crate::engine::Engine`]'s `capture_origins`, `entry_ranges`, `entries`). A
//! hundred queen types on 36x36 kept a hundred copies of one table (docs/performance.md, "Tables at scale");
//! a promoted type that moves as another keeps none of its own.
use super::tables::capture_positions;
use crate::rules::{Game, PieceId, PieceType, Ray, RayFlags, RayKind, RaySlice, StepRule};

/// What of a ray its reverse-table entries read (its content, how it is walked, whether it captures a royal
/// piece), for each ray of a piece type (its `graph` of slices of `rays`, whose step rules are `rules`) that could
/// capture one, from every square for both sides in order. Two types with the same sequence capture alike
/// everywhere: they share an attack class. Ray contents are stored once by the compiler, so equal rays have equal
/// `first`.
fn capture_signature<'a>(
    graph: &'a [RaySlice],
    rays: &'a [Ray],
    rules: &'a [StepRule],
) -> impl Iterator<Item = (u32, u16, RayKind, RayFlags, u32)> + 'a {
    let tame_or_captures = RayFlags::CAPTURE | RayFlags::TAME;
    graph.iter().enumerate().flat_map(move |(at, slice)| {
        rays[slice.range()]
            .iter()
            .filter(|ray| {
                let first = ray.first as usize;
                capture_positions(ray, &rules[first..first + ray.len as usize])
                    .next()
                    .is_some()
            })
            .map(move |ray| {
                (
                    ray.first,
                    ray.len,
                    ray.kind,
                    ray.flags & tame_or_captures,
                    at as u32,
                )
            })
    })
}

/// Sorts piece types into attack classes as they come (`Engine::attack_class`): by a hash of their
/// [`capture_signature`], then compared in full, so that a class is never shared by mistake. The compiler's memory
/// guard counts the classes with it as each type's rays are built; the engine makes its tables by it.
#[derive(Default)]
pub(crate) struct ClassFinder {
    by_hash: std::collections::HashMap<u64, Vec<u16>, std::hash::BuildHasherDefault<KeyIsHash>>,
    /// Per class: the first piece type of it, which stands for it.
    pub representatives: Vec<PieceId>,
}

impl ClassFinder {
    /// The class of the piece type `p` (`pieces[p]`, its rays in `rays`), and whether it is a new one.
    pub(crate) fn class_of(
        &mut self,
        p: usize,
        pieces: &[PieceType],
        rays: &[Ray],
        rules: &[StepRule],
    ) -> (u16, bool) {
        let signature = |q: usize| capture_signature(&pieces[q].graph, rays, rules);
        // FxHash's multiply-rotate over the signature's numbers: millions of rays on the largest boards.
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
        let hash = signature(p).fold(0, |h, (first, len, kind, flags, at)| {
            let word = (first as u64) << 32 | (len as u64) << 16 | (kind as u64) << 8;
            mix(mix(h, word | flags.bits() as u64), at as u64)
        });
        let candidates = self.by_hash.entry(hash).or_default();
        let representatives = &self.representatives;
        let same = candidates
            .iter()
            .copied()
            .find(|&class| signature(representatives[class as usize].index()).eq(signature(p)));
        match same {
            Some(class) => (class, false),
            None => {
                let class = self.representatives.len() as u16;
                self.representatives.push(PieceId(p as u16));
                candidates.push(class);
                (class, true)
            }
        }
    }
}

/// The hasher of a map whose keys are hashes already (the ray store's, the attack classes'): the key is only
/// stirred so that its low bits, which pick the bucket, depend on all of it (the multiply-rotate hashes leave the
/// low bits weak: taken as they were, the ray store's probes ran long and it was a third of `tatsu check` on a
/// 36x36 game of 300 types), rather than hashed again by SipHash.
#[derive(Default)]
pub(crate) struct KeyIsHash(u64);

impl std::hash::Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ byte as u64;
        }
    }

    fn write_u64(&mut self, key: u64) {
        // The finaliser of MurmurHash3.
        let mut h = key ^ key >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        self.0 = h ^ h >> 33;
    }
}

/// `Engine::attack_class` of every piece type, and the type standing for each class.
pub(super) fn attack_classes(game: &Game) -> (Vec<u16>, Vec<PieceId>) {
    let mut finder = ClassFinder::default();
    let class_of = (0..game.pieces.len())
        .map(|p| {
            finder
                .class_of(p, &game.pieces, &game.rays, &game.ray_rules)
                .0
        })
        .collect();
    (class_of, finder.representatives)
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;

    fn engine(pieces: &str) -> Engine {
        let source = format!("board 8 x 8\nstart \"8/8/8/8/8/8/8/8 w - - 0 1\"\n{pieces}");
        Engine::new(crate::compile::compile("t.tatsu", &source).unwrap().game)
    }

    #[test]
    fn types_that_capture_alike_share_an_attack_class() {
        // B is A again; C captures as a rook only; E moves as a bishop too but captures as C does.
        let e = engine(
            "piece A { moves \"Q\" }\npiece B { moves \"Q\" }\npiece C { moves \"R\" }\npiece E { moves \"RmB\" }\n",
        );
        let tables = e.attack();
        assert_eq!(tables.attack_class, [0, 0, 1, 1]);
        assert_eq!(tables.classes, 2);
        assert_eq!(tables.capture_origins.len(), 2 * 64 * 2 * e.words);
    }

    #[test]
    fn types_that_capture_differently_keep_their_own_tables() {
        // B captures as a rook only; C adds a knight's move that never captures to the queen, and shares. A ray is
        // shared only with its step rules: `cQmR`'s rook lines capture as the queen's, but do not move alike.
        let e = engine(
            "piece A { moves \"Q\" }\npiece B { moves \"mQcR\" }\npiece C { moves \"QmN\" }\n",
        );
        let class = &e.attack().attack_class;
        assert_eq!(class[0], 0);
        assert_ne!(class[1], 0);
        assert_eq!(class[2], 0, "C captures as a queen");
    }

    /// Bytes of the reverse tables as built so far.
    fn reverse_table_bytes(e: &Engine) -> usize {
        e.table_sizes()
            .iter()
            .filter(|(name, _)| {
                ["capture origins", "entry ranges", "attack entries"].contains(name)
            })
            .map(|(_, bytes)| bytes)
            .sum()
    }

    #[test]
    fn a_game_of_over_64_types_builds_its_reverse_tables_on_the_first_attack_test() {
        // 65 types (`reaching` cannot list them in 64 bits, so it does not need the tables); 64 types build them
        // with the engine, since `reaching` is made from them.
        let names = ('A'..='Z').flat_map(|a| ('a'..='z').map(move |b| format!("{a}{b}")));
        let pieces = |n: usize| -> String {
            names
                .clone()
                .take(n)
                .map(|name| format!("piece {name} {{ moves \"W\" }}\n"))
                .collect()
        };
        let many = engine(&pieces(65));
        assert_eq!(reverse_table_bytes(&many), 0);
        many.build_attack_tables();
        assert!(reverse_table_bytes(&many) > 0);
        assert!(reverse_table_bytes(&engine(&pieces(64))) > 0);
    }
}

//! The games a session offers. A GUI chooses one game of a session, so each engine is built the first time its
//! game is chosen: a session offering every bundled game would otherwise compile all of them before it answers
//! its first line (Chu Shogi alone takes a tenth of a second). The evaluator, which depends on the game alone, is
//! likewise built at the first search and kept with the game, so sessions sharing offers share it too.
use crate::engine::Engine;
use crate::eval::Evaluator;
use std::sync::{Arc, OnceLock};

/// One game on offer: its name for the GUI (XBoard's, UCI's `UCI_Variant`), its engine and its evaluator, each built on first use.
pub struct Offer {
    name: String,
    engine: Source,
    evaluator: OnceLock<Evaluator>,
}

/// Where an offer's engine comes from.
enum Source {
    Ready(Arc<Engine>),
    Lazy {
        built: OnceLock<Arc<Engine>>,
        build: Box<dyn Fn() -> Arc<Engine> + Send + Sync>,
    },
}

impl Offer {
    /// A game whose engine `build` makes when the game is first chosen; `name` is XBoard's name for it.
    pub fn lazy(name: String, build: impl Fn() -> Arc<Engine> + Send + Sync + 'static) -> Offer {
        Offer {
            name,
            engine: Source::Lazy {
                built: OnceLock::new(),
                build: Box::new(build),
            },
            evaluator: OnceLock::new(),
        }
    }

    /// A game whose engine is already built, under its XBoard name.
    pub fn ready(engine: Arc<Engine>) -> Offer {
        Offer {
            name: crate::xboard::xboard_name(&engine.game.name),
            engine: Source::Ready(engine),
            evaluator: OnceLock::new(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game's engine, built now if it is the first time.
    pub fn engine(&self) -> &Engine {
        match &self.engine {
            Source::Ready(engine) => engine,
            Source::Lazy { built, build } => built.get_or_init(build),
        }
    }

    /// The game's evaluator, built now if it is the first time.
    pub fn evaluator(&self) -> &Evaluator {
        self.evaluator.get_or_init(|| Evaluator::new(self.engine()))
    }

    /// Builds now what a search of this game uses and builds on first use (the engine, its evaluator, its reverse
    /// attack tables): called when a game is chosen, before any clock runs, so that the first search's time is
    /// all searching (Taikyoku Shogi: about 1 s of evaluator and 0.8 s of tables, on a 2 s budget).
    pub fn prepare_search(&self) {
        self.evaluator();
        self.engine().build_attack_tables();
    }
}

/// The offer a GUI's name for a game means: the name offered, else one differing only in case, else another name of
/// the same bundled game (`chu` for `chu-shogi`, `normal` for chess). One rule for every protocol's variant choice.
pub fn offer_named(offers: &[Offer], name: &str) -> Option<usize> {
    offers
        .iter()
        .position(|o| o.name() == name)
        .or_else(|| {
            offers
                .iter()
                .position(|o| o.name().eq_ignore_ascii_case(name))
        })
        .or_else(|| {
            let game = crate::variants::bundled_name(name)?;
            offers
                .iter()
                .position(|o| crate::variants::bundled_name(o.name()) == Some(game))
        })
}

//! The games a session offers. A GUI chooses one game of a session, so each engine is built the first time its
//! game is chosen: a session offering every bundled game would otherwise compile all of them before it answers
//! its first line (Chu Shogi alone takes a tenth of a second).
use crate::engine::Engine;
use std::sync::OnceLock;

/// One game on offer: its name for XBoard and its engine, built on first use.
pub struct Offer {
    name: String,
    engine: OnceLock<Engine>,
    build: Box<dyn Fn() -> Engine + Send + Sync>,
}

impl Offer {
    /// A game whose engine `build` makes when the game is first chosen; `name` is XBoard's name for it.
    pub fn lazy(name: String, build: impl Fn() -> Engine + Send + Sync + 'static) -> Offer {
        Offer {
            name,
            engine: OnceLock::new(),
            build: Box::new(build),
        }
    }

    /// A game whose engine is already built, under its XBoard name.
    pub fn ready(engine: Engine) -> Offer {
        let name = super::xboard_name(&engine.game.name);
        let cell = OnceLock::new();
        let _ = cell.set(engine);
        Offer {
            name,
            engine: cell,
            build: Box::new(|| unreachable!("a ready offer's engine is built")),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game's engine, built now if it is the first time.
    pub fn engine(&self) -> &Engine {
        self.engine.get_or_init(|| (self.build)())
    }
}

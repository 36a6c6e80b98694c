//! `cardgames`: the four games of the workspace behind one enum, for the fronts that
//! choose a game at run time (the web server, a replay of any recording).
//!
//! A front is written once, generic over [`cards_core::face::Face`]; [`Kind`] names a
//! game, and [`with_game`] runs a [`Visit`] with that game's type: the one `match` over
//! the four games. A game's rule sets are its setup's (`Face::Setup`), so they need no
//! variant here.

use cards_core::face::Face;

/// Which of the four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Ochos Locos (`ochos_locos::Game`).
    OchosLocos,
    /// Quattro (`quattro::Game`).
    Quattro,
    /// War (`war::Game`).
    War,
    /// Pig (`pig::Game`).
    Pig,
}

/// Something done with one game's type: see [`with_game`].
pub trait Visit {
    /// What it gives.
    type Out;
    /// Does it with the game `G`.
    fn visit<G: Face>(self) -> Self::Out;
}

/// Runs `visit` with the game type of `kind`: the one place that names the four games'
/// types.
pub fn with_game<V: Visit>(kind: Kind, visit: V) -> V::Out {
    match kind {
        Kind::OchosLocos => visit.visit::<ochos_locos::Game>(),
        Kind::Quattro => visit.visit::<quattro::Game>(),
        Kind::War => visit.visit::<war::Game>(),
        Kind::Pig => visit.visit::<pig::Game>(),
    }
}

impl Kind {
    /// All four, in the page's order.
    pub const ALL: [Kind; 4] = [Kind::OchosLocos, Kind::Quattro, Kind::War, Kind::Pig];

    /// The game's name, as its binary is named and a recording names it
    /// (`ochos-locos`): its [`Face::NAME`].
    pub fn slug(self) -> &'static str {
        struct Name;
        impl Visit for Name {
            type Out = &'static str;
            fn visit<G: Face>(self) -> &'static str {
                G::NAME
            }
        }
        with_game(self, Name)
    }

    /// The game's name in a sentence (`Ochos Locos`): its [`Face::TITLE`].
    pub fn title(self) -> &'static str {
        struct Title;
        impl Visit for Title {
            type Out = &'static str;
            fn visit<G: Face>(self) -> &'static str {
                G::TITLE
            }
        }
        with_game(self, Title)
    }

    /// The game a name ([`Kind::slug`]) names.
    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the binaries, recordings and addresses use.
    #[test]
    fn each_game_is_named_as_its_binary() {
        let names: Vec<_> = Kind::ALL.iter().map(|k| (k.slug(), k.title())).collect();
        assert_eq!(
            names,
            [
                ("ochos-locos", "Ochos Locos"),
                ("quattro", "Quattro"),
                ("war", "War"),
                ("pig", "Pig")
            ]
        );
        assert_eq!(Kind::from_slug("war"), Some(Kind::War));
        assert_eq!(Kind::from_slug("uno"), None);
    }
}

//! Which of the four games: the one type every layer names (the games, the tables,
//! the replays, the server), so it sits below them all.

/// Which game a session plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Ochos Locos.
    OchosLocos,
    /// Quattro.
    Quattro,
    /// War.
    War,
    /// Pig.
    Pig,
}

impl Kind {
    /// All four, in the page's order.
    pub const ALL: [Kind; 4] = [Kind::OchosLocos, Kind::Quattro, Kind::War, Kind::Pig];

    /// The name in addresses and the API (`ochos-locos`).
    pub const fn slug(self) -> &'static str {
        match self {
            Kind::OchosLocos => "ochos-locos",
            Kind::Quattro => "quattro",
            Kind::War => "war",
            Kind::Pig => "pig",
        }
    }

    /// The game's name (`Ochos Locos`).
    pub const fn title(self) -> &'static str {
        match self {
            Kind::OchosLocos => "Ochos Locos",
            Kind::Quattro => "Quattro",
            Kind::War => "War",
            Kind::Pig => "Pig",
        }
    }

    /// The game a slug names.
    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == slug)
    }
}

//! The one face a game shows its fronts: what the web page, the Python module, the
//! replays, the command line's shared frame and the graders need from a game, and
//! nothing more. [`GameState`] is how a game is *played* (whose turn, legal actions,
//! `apply`, chance); [`Face`] is how it is *set up, written down and told*: its setup
//! as one serde type, its actions as text tokens both ways, its events as the public
//! lines a person reads, a seat's observation as a serializable view, its rules text
//! and its ending.
//!
//! Each game implements it once, in its `face.rs`; a front is written once over it
//! (`fn serve<G: Face>`), so a game that lacks a role does not compile, and a new
//! front costs one generic function rather than four adapters.
//!
//! A setup is written down as `key=value` options (a recording's `options`, the page's
//! address) by [`options_of`] and read back by [`setup_of`], through the setup's own
//! serde shape: every field is text on the way out and may be text on the way in
//! ([`text`]), so that a number from a web page's address (`"7"`), from JSON (`7`) and
//! from a recording (`goal=7`) are read by one parser, the game's `FromStr`.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::input::quoted;
use crate::protocol::{Agent, GameState, Outcome, Seat};

/// A game as every front sees it. See the [module documentation](self).
///
/// The promises, checked for the four games by `crates/cards-core/tests` and each
/// game's `face` tests:
/// - `G::start(&g.setup(), seed)` is `g` (for a game before its first step): the setup
///   rebuilds the game, so a recording replays;
/// - `g.parse_token(&G::token(&a))` is `a` for every legal action `a`;
/// - [`Face::lines`] never names what the viewer may not see (a card drawn by
///   another seat, a face-down card).
pub trait Face:
    GameState<Action: Serialize + DeserializeOwned + Send, Event: Send>
    + Clone
    + fmt::Debug
    + Send
    + 'static
{
    /// The game's name, as its binary is named and a recording names it
    /// (`ochos-locos`, `quattro`, `war`, `pig`).
    const NAME: &'static str;

    /// The game's name in a sentence (`Ochos Locos`).
    const TITLE: &'static str;

    /// What the status line says when chance acts next (`The cards are dealt next`).
    const CHANCE_NEXT: &'static str;

    /// For a game where nobody has a choice (War): a person at the table turns the
    /// cards for every seat, and this is the word for several of its turns (`battles`),
    /// so that a front offers ten at once. `None` (the default): a person plays their
    /// own seat only.
    const TABLE_TURNS: Option<&'static str> = None;

    /// Everything a game is built from before its first chance outcome: the rule set,
    /// the players, caps and goal. A web request and a recording name it alike; fields
    /// left out take the game's defaults.
    type Setup: Serialize + DeserializeOwned + Clone + fmt::Debug + Default + PartialEq + Send;

    /// The agent of a seat nobody else plays (the game's strategies and bots).
    type Bot: Agent<Self> + Clone + fmt::Debug + Send;

    /// What a front keeps from step to step for [`Face::view`] ([`Face::remember`]);
    /// `()` for a game whose state holds all a view shows.
    type Memo: Default + Clone + fmt::Debug + Send;

    /// A seat's observation as a front shows it (the page's `view`, Python's
    /// `observation_json`): never anything that seat may not see.
    type View: Serialize;

    /// The game `setup` describes, before anything happened, with `person` at that seat
    /// (`None`: the computer plays every seat) and any random choice of the setup (the
    /// names and strategies a count of players stands for) drawn from `seed`, as the
    /// command line draws it. A setup that describes no game is refused, naming the
    /// setting.
    fn start(setup: &Self::Setup, person: Option<Seat>, seed: u64) -> Result<Self, String>;

    /// The setup that rebuilds this game as it was before its first step, every choice
    /// resolved: `Face::start(&g.setup(), g.person(), seed)` is `g`.
    fn setup(&self) -> Self::Setup;

    /// The seat a person plays, if one does.
    fn person(&self) -> Option<Seat>;

    /// The agent of every seat, as the setup names them (the person's seat included:
    /// a front that seats a person there never asks it).
    fn bots(&self) -> Result<Vec<Self::Bot>, String>;

    /// The token of `action`: the short word the game's console reads (`r`, `Y7`, `d`).
    fn token(action: &Self::Action) -> String;

    /// Reads a token at this position; the message says why a token is not an action.
    fn parse_token(&self, token: &str) -> Result<Self::Action, String>;

    /// A short label of `action` for a button (`R8 → blue`, `Draw`, `Roll`).
    fn label(&self, action: &Self::Action) -> String;

    /// The lines of `events` (what one step did), as `viewer` may know them, appended
    /// to `out`. `self` is the game after the step.
    fn lines(&self, events: &[Self::Event], viewer: Viewer, out: &mut Vec<Line>);

    /// Keeps in `memo` what a view shows of earlier steps that the game itself does not
    /// keep (Pig's last dice, the cards of War's last battle).
    fn remember(_memo: &mut Self::Memo, _events: &[Self::Event]) {}

    /// The lines a game opens with, before its first step (Pig's "You go first").
    fn opening(&self) -> Vec<Line> {
        Vec::new()
    }

    /// The players in seating order as everyone sees them.
    fn seating(&self) -> Vec<Seating>;

    /// What `seat` may see now (with what `memo` kept of earlier steps); `None` for a
    /// seat past the table.
    fn view(&self, seat: Seat, memo: &Self::Memo) -> Option<Self::View>;

    /// Each seat's cards as text (a hand; War's face-down pile, top first), for a replay
    /// that shows them: empty for a game without cards.
    fn cards(&self) -> Vec<Vec<String>>;

    /// The cards of each seat that `viewer` may see (`None` for a seat whose cards are
    /// hidden from them): by default every seat's for [`Viewer::All`], the viewer's own
    /// otherwise. A game whose players do not see even their own cards (War's face-down
    /// piles) says so here.
    fn cards_seen(&self, viewer: Viewer) -> Vec<Option<Vec<String>>> {
        self.cards()
            .into_iter()
            .enumerate()
            .map(|(seat, cards)| viewer.sees(seat).then_some(cards))
            .collect()
    }

    /// A line for `seat`'s choice of `action` when its events tell nothing of it (Pig's
    /// choice to roll, told by the dice that follow): a replay then says what was chosen
    /// at each step. `None` (the default) where the events tell it.
    fn chose(&self, _seat: Seat, _action: &Self::Action) -> Option<Line> {
        None
    }

    /// The rules of the game played, as the console's `?` prints them.
    fn rules_text(&self) -> String;

    /// How the game ended, in a sentence (`Alice wins`, `The deck ran out: nobody wins`).
    fn ending(&self, outcome: &Outcome<Self::NoWinner>) -> String;
}

/// Who reads the lines of a step ([`Face::lines`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The player at this seat: another seat's hidden cards (a card drawn) stay hidden.
    Seat(Seat),
    /// Somebody shown every card: a finished game stepped through with its hands shown.
    All,
}

impl Viewer {
    /// Whether this viewer sees the hidden cards of `seat`.
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(viewer) => viewer == seat,
            Viewer::All => true,
        }
    }
}

/// One line of what happened, as a seat may know it: the page's log entry.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Line {
    /// Who acted (`None`: chance, or the table).
    pub seat: Option<Seat>,
    /// What kind of thing happened: `deal`, `played`, `drew`, `passed`, `shown`,
    /// `face_down`, `took`, `roll`, `hold`, `end`, … (see `docs/web.md`).
    pub kind: String,
    /// The line in words.
    pub text: String,
    /// The cards this line shows face up (never a card a seat keeps hidden).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// The dice this line shows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
}

impl Line {
    /// A line with no card or die.
    pub fn new(seat: Option<Seat>, kind: &str, text: impl Into<String>) -> Line {
        Line {
            seat,
            kind: kind.to_owned(),
            text: text.into(),
            cards: Vec::new(),
            dice: Vec::new(),
        }
    }

    /// The same line showing `cards`.
    pub fn with_cards(mut self, cards: Vec<String>) -> Line {
        self.cards = cards;
        self
    }

    /// The same line showing `dice`.
    pub fn with_dice(mut self, dice: Vec<u8>) -> Line {
        self.dice = dice;
        self
    }
}

/// A player as everyone sees them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Seating {
    /// The name, with what a person cannot see in it escaped.
    pub name: String,
    /// Who plays the seat: the computer's strategy or bot (a front says `you` for the
    /// person's own seat).
    pub plays: String,
    /// Cards held (card games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<usize>,
    /// Points banked (Pig).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<u32>,
}

/// The setup `S` as `key=value` options, in its fields' order, each value as text (a
/// field that is `None` is left out). [`setup_of`] reads them back.
pub fn options_of<S: Serialize>(setup: &S) -> Result<Vec<String>, String> {
    // Written out and read back as an ordered list of fields: a `serde_json::Map` would
    // sort the keys, and a recording's options keep the setup's order.
    let text = serde_json::to_string(setup).map_err(|e| e.to_string())?;
    let Fields(fields) = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(fields
        .into_iter()
        .filter_map(|(key, value)| match value {
            Value::Null => None,
            Value::String(text) => Some(format!("{key}={text}")),
            other => Some(format!("{key}={other}")),
        })
        .collect())
}

/// A JSON object's fields in the order written.
struct Fields(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Fields, D::Error> {
        struct InOrder;
        impl<'de> serde::de::Visitor<'de> for InOrder {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a setup: a struct of fields")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Fields, M::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry::<String, Value>()? {
                    fields.push(field);
                }
                Ok(Fields(fields))
            }
        }
        input.deserialize_map(InOrder)
    }
}

/// The setup `key=value` `options` describe (a recording's, an address's); an option
/// that is not `KEY=VALUE`, or names a key twice, is refused naming it, and so is a key
/// or value the setup refuses.
pub fn setup_of<S: DeserializeOwned>(options: &[String]) -> Result<S, String> {
    let mut fields = Map::new();
    for option in options {
        let Some((key, value)) = option.split_once('=') else {
            return Err(format!("`{}`: not KEY=VALUE", quoted(option)));
        };
        if fields
            .insert(key.to_owned(), Value::String(value.to_owned()))
            .is_some()
        {
            return Err(format!("`{}`: the key is given twice", quoted(option)));
        }
    }
    setup_from_map(fields)
}

/// The setup a JSON object of settings describes (a web request's `options`): values
/// may be text, numbers or booleans, read as the recording's text would be.
pub fn setup_from_map<S: DeserializeOwned>(fields: Map<String, Value>) -> Result<S, String> {
    serde_json::from_value(Value::Object(fields)).map_err(|e| e.to_string())
}

/// `#[serde(with = "cards_core::face::text")]`: a field written as its `Display` text
/// and read by its `FromStr` from text, a number or a boolean (a web page's address
/// gives `"7"`, JSON gives `7`, a recording `goal=7`: one parser reads them all).
pub mod text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::Serializer;
    use serde::de::{self, Deserializer, Visitor};

    /// Writes `value` as its text.
    pub fn serialize<T: Display, S: Serializer>(value: &T, out: S) -> Result<S::Ok, S::Error> {
        out.collect_str(value)
    }

    /// Reads a `T` from text, a number or a boolean, by its `FromStr`.
    pub fn deserialize<'de, T, D>(input: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        match input.deserialize_any(AsText)? {
            Some(text) => parse(&text),
            None => Err(de::Error::custom("a value is needed, not null")),
        }
    }

    /// `text` by `T`'s `FromStr`, a refusal naming it quoted.
    fn parse<T, E>(text: &str) -> Result<T, E>
    where
        T: FromStr,
        T::Err: Display,
        E: de::Error,
    {
        text.parse()
            .map_err(|e| E::custom(format!("`{}`: {e}", crate::input::quoted(text))))
    }

    /// `#[serde(with = "cards_core::face::text::option", default)]`: an optional field
    /// as [`super::text`] reads and writes it (`None` is left out).
    pub mod option {
        use std::fmt::Display;
        use std::str::FromStr;

        use serde::{Deserializer, Serializer};

        /// Writes `Some(value)` as its text, `None` as nothing.
        pub fn serialize<T: Display, S: Serializer>(
            value: &Option<T>,
            out: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(value) => out.collect_str(value),
                None => out.serialize_none(),
            }
        }

        /// Reads a present field as [`super::deserialize`] does; `null` is `None` (a
        /// page's `"colour": null`).
        pub fn deserialize<'de, T, D>(input: D) -> Result<Option<T>, D::Error>
        where
            T: FromStr,
            T::Err: Display,
            D: Deserializer<'de>,
        {
            match input.deserialize_any(super::AsText)? {
                None => Ok(None),
                Some(text) => super::parse(&text).map(Some),
            }
        }
    }

    struct AsText;

    impl Visitor<'_> for AsText {
        type Value = Option<String>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("text, a number or true/false")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Option<String>, E> {
            Ok(Some(text.to_owned()))
        }

        fn visit_u64<E: de::Error>(self, n: u64) -> Result<Option<String>, E> {
            Ok(Some(n.to_string()))
        }

        fn visit_i64<E: de::Error>(self, n: i64) -> Result<Option<String>, E> {
            Ok(Some(n.to_string()))
        }

        fn visit_f64<E: de::Error>(self, n: f64) -> Result<Option<String>, E> {
            Ok(Some(n.to_string()))
        }

        fn visit_bool<E: de::Error>(self, b: bool) -> Result<Option<String>, E> {
            Ok(Some(b.to_string()))
        }

        fn visit_unit<E: de::Error>(self) -> Result<Option<String>, E> {
            Ok(None)
        }

        fn visit_none<E: de::Error>(self) -> Result<Option<String>, E> {
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    struct Toy {
        #[serde(with = "text")]
        goal: u32,
        #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
        rules: Option<String>,
    }

    #[test]
    fn a_setup_survives_its_options_and_reads_numbers_from_text_or_json() {
        let toy = Toy {
            goal: 30,
            rules: Some("one-die".into()),
        };
        let options = options_of(&toy).unwrap();
        assert_eq!(options, ["goal=30", "rules=one-die"]);
        // The fields' order, not the keys' (a recording's options keep it).
        #[derive(Serialize)]
        struct Backwards {
            zebra: u32,
            apple: u32,
        }
        let backwards = options_of(&Backwards { zebra: 1, apple: 2 }).unwrap();
        assert_eq!(backwards, ["zebra=1", "apple=2"]);
        assert_eq!(setup_of::<Toy>(&options).unwrap(), toy);
        let json = serde_json::json!({"goal": 30, "rules": "one-die"});
        let Value::Object(map) = json else {
            unreachable!()
        };
        assert_eq!(setup_from_map::<Toy>(map).unwrap(), toy);
        assert_eq!(setup_of::<Toy>(&[]).unwrap(), Toy::default());
        // An optional field given as null is left out (a page's `"colour": null`).
        let json = serde_json::json!({"goal": "30", "rules": null});
        let Value::Object(map) = json else {
            unreachable!()
        };
        assert_eq!(
            setup_from_map::<Toy>(map).unwrap(),
            Toy {
                goal: 30,
                rules: None
            }
        );
    }

    #[test]
    fn bad_options_are_refused_naming_them() {
        let refuse = |options: &[&str]| {
            let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
            setup_of::<Toy>(&options).unwrap_err()
        };
        assert!(refuse(&["goal"]).contains("`goal`: not KEY=VALUE"));
        assert!(refuse(&["goal=1", "goal=2"]).contains("given twice"));
        assert!(refuse(&["goal=x"]).contains("`x`"));
        // A refused value is shown with what a person cannot see escaped.
        let shown = refuse(&["goal=\u{1b}[2J"]);
        assert!(!shown.contains('\u{1b}'), "{shown}");
        assert!(refuse(&["colour=red"]).contains("colour"));
    }
}

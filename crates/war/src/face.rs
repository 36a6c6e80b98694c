//! War as every front sees it ([`cards_core::face::Face`]): the web page, the recorded
//! games (`war --record FILE`, `war replay FILE`, the page's step-through), Python and
//! the command line's frame all take from here what they show and read.
//!
//! - **Setup** ([`Setup`]): `players` (2 to 8), `order` (`shuffled` or `fixed`),
//!   `max-battles` (the cap), and for a game built from piles `pile-1` to `pile-N`, each
//!   pile top card first. These are the recording's options as they have always been
//!   written (`players=2`, `order=shuffled`, `max-battles=100000`), so an old recording
//!   replays; a page's request gives the same keys, as text or numbers. A key a request
//!   leaves out takes the default (two players, shuffled returns, the cap of
//!   [`Rules::DEFAULT_MAX_BATTLES`], dealt from the seed); a recording names all three
//!   (`cards_core::replay::play_back` refuses one that leaves a key out).
//! - **Actions**: the one action, [`Action::Battle`], is written `1`: the answer at the
//!   prompt that plays one battle ("a number: that many"), read back by the console's
//!   own parser ([`console::parse_answer`]), so a recording's actions fed to
//!   `war --seed S` play the same game again. (`b` would read better, but the prompt
//!   refuses it, and in the step-through it means back.) An answer that is not exactly
//!   one battle (`5`, `h`, `q`) is not an action.
//! - **Lines**: the cards turned face up, each war's face-down cards by their number only,
//!   whoever looks: the page's step-through of a finished game too (only the console's
//!   replay, `war replay FILE`, lists them, with every pile).
//! - **View** ([`View`]): the order of won cards, the battles and wars so far, how many
//!   cards lie on the table and which of them face up, and the face-up cards of the last
//!   battle and its wars by seat (kept by [`Face::remember`]); never a pile.
//! - **The person**: War leaves nobody a choice, and the person turns the cards for the
//!   whole table ([`Face::TABLE_TURNS`], several turns being `battles`): every seat's
//!   battle is theirs to ask for. [`Face::person`] names seat 0, the page's seat.

use std::fmt;
use std::str::FromStr;

use cards_core::face::{Face, Line, Seating, Viewer, text};
use cards_core::protocol::{GameState, Seat};
use serde::{Serialize, Serializer};

use crate::card::{Card, CardError};
use crate::console::{self, Answer};
use crate::deck::ChanceNode;
use crate::game::{Action, Event, Game, Outcome};
use crate::render::rules_text;
use crate::rules::{MAX_PLAYERS, Rules, SetupError, WonCardOrder};
use crate::strategy::AlwaysBattle;

/// The token of [`Action::Battle`]: the answer that plays one battle.
pub const BATTLE: &str = "1";

/// What a game of War is built from: its rules and, for a game that does not start at
/// the deal, its piles. Its serde shape is the recording's options, key for key.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// How many play, 2 to 8 ([`Rules::players`]).
    #[serde(with = "text")]
    pub players: usize,
    /// How won cards go under the winner's pile ([`Rules::order`]).
    #[serde(with = "text")]
    pub order: WonCardOrder,
    /// The cap on battles, 1 or more ([`Rules::max_battles`]).
    #[serde(rename = "max-battles", with = "text")]
    pub max_battles: u64,
    /// Player 1's pile, top first, for a game built from piles (none: dealt).
    #[serde(
        rename = "pile-1",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_1: Option<Pile>,
    /// Player 2's pile.
    #[serde(
        rename = "pile-2",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_2: Option<Pile>,
    /// Player 3's pile.
    #[serde(
        rename = "pile-3",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_3: Option<Pile>,
    /// Player 4's pile.
    #[serde(
        rename = "pile-4",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_4: Option<Pile>,
    /// Player 5's pile.
    #[serde(
        rename = "pile-5",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_5: Option<Pile>,
    /// Player 6's pile.
    #[serde(
        rename = "pile-6",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_6: Option<Pile>,
    /// Player 7's pile.
    #[serde(
        rename = "pile-7",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_7: Option<Pile>,
    /// Player 8's pile.
    #[serde(
        rename = "pile-8",
        with = "text::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub pile_8: Option<Pile>,
}

impl Default for Setup {
    /// The assignment's game: two players, shuffled returns, the default cap, dealt.
    fn default() -> Setup {
        Setup::of(&Rules::default())
    }
}

impl Setup {
    /// The setup of a game under `rules`, dealt from the seed.
    pub fn of(rules: &Rules) -> Setup {
        Setup {
            players: rules.players(),
            order: rules.order(),
            max_battles: rules.max_battles(),
            pile_1: None,
            pile_2: None,
            pile_3: None,
            pile_4: None,
            pile_5: None,
            pile_6: None,
            pile_7: None,
            pile_8: None,
        }
    }

    /// The rules it names, checked.
    pub fn rules(&self) -> Result<Rules, SetupError> {
        Rules::new(self.players)?
            .with_order(self.order)
            .with_max_battles(self.max_battles)
    }

    /// The piles of players 1 to 8 (the serde shape spells them out, one key each).
    pub fn piles(&self) -> [&Option<Pile>; MAX_PLAYERS] {
        [
            &self.pile_1,
            &self.pile_2,
            &self.pile_3,
            &self.pile_4,
            &self.pile_5,
            &self.pile_6,
            &self.pile_7,
            &self.pile_8,
        ]
    }

    /// The same, to set them.
    pub fn piles_mut(&mut self) -> [&mut Option<Pile>; MAX_PLAYERS] {
        [
            &mut self.pile_1,
            &mut self.pile_2,
            &mut self.pile_3,
            &mut self.pile_4,
            &mut self.pile_5,
            &mut self.pile_6,
            &mut self.pile_7,
            &mut self.pile_8,
        ]
    }
}

/// A pile of cards, top first, written as the game prints cards, one space apart
/// (`AS KC QC`); read from any whitespace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pile(pub Vec<Card>);

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl FromStr for Pile {
    type Err = CardError;

    fn from_str(text: &str) -> Result<Pile, CardError> {
        text.split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Pile)
    }
}

/// A card turned face up in the last battle or its wars, and whose it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// The card.
    #[serde(serialize_with = "text::serialize")]
    pub card: Card,
    /// Who turned it.
    pub seat: Seat,
}

/// The table as every seat sees it (the page's `view`). The fields are in the order of
/// their names, as a JSON object's keys are written wherever it goes through a
/// `serde_json::Value`, so that both ways give the same text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Battles fought so far, wars' deciding battles included.
    pub battles: u64,
    /// The cards face up on the table, in the order they were put down.
    #[serde(serialize_with = "card_texts")]
    pub face_up: Vec<Card>,
    /// The face-up cards of the last battle and its wars, by seat.
    pub last_battle: Vec<Shown>,
    /// How won cards go under the winner's pile.
    #[serde(serialize_with = "text::serialize")]
    pub order: WonCardOrder,
    /// How many cards lie on the table, face up or down.
    pub table: usize,
    /// Wars fought so far.
    pub wars: u64,
}

fn card_texts<S: Serializer>(cards: &[Card], out: S) -> Result<S::Ok, S::Error> {
    out.collect_seq(cards.iter().map(Card::to_string))
}

/// A seat's name: the players are named by their seats.
fn name(seat: Seat) -> String {
    format!("Player {}", seat + 1)
}

impl Face for Game {
    const NAME: &'static str = "war";
    const TITLE: &'static str = "War";
    const CHANCE_NEXT: &'static str = "Chance deals, or gathers the table's cards, next";
    const TABLE_TURNS: Option<&'static str> = Some("battles");

    type Setup = Setup;
    type Bot = AlwaysBattle;
    type Memo = Vec<Shown>;
    type View = View;

    /// The game waiting for its deal, or with piles the game starting from them (piles
    /// are given for every player or for none). War draws nothing from `seed` before the
    /// deal, and its person is every seat's, so neither changes the game.
    fn start(setup: &Setup, _person: Option<Seat>, _seed: u64) -> Result<Game, String> {
        // Named as the option the recording gives, as they were before the face.
        let rules = setup.rules().map_err(|error| match error {
            SetupError::Players(players) => {
                format!("`players={players}`: War is played by 2 to 8 players")
            }
            SetupError::MaxBattles => format!(
                "`max-battles={}`: the battle cap is a number, 1 or more",
                setup.max_battles
            ),
            other => other.to_string(),
        })?;
        let piles = setup.piles();
        if piles.iter().all(|pile| pile.is_none()) {
            return Ok(Game::new(rules));
        }
        let players = rules.players();
        if let Some(missing) = (0..players).find(|&seat| piles[seat].is_none()) {
            return Err(format!(
                "pile-{} is missing: piles are given for every player or for none",
                missing + 1
            ));
        }
        if let Some(extra) = (players..MAX_PLAYERS).find(|&seat| piles[seat].is_some()) {
            return Err(format!(
                "pile-{}: the game has {players} players",
                extra + 1
            ));
        }
        let piles = piles
            .into_iter()
            .take(players)
            .flatten()
            .map(|pile| pile.0.iter().copied());
        Game::from_piles(rules, piles).map_err(|error| format!("the piles: {error}"))
    }

    /// The rules, and for a game not waiting for its deal the players' piles now: before
    /// the first battle, the piles it started from.
    fn setup(&self) -> Setup {
        let mut setup = Setup::of(self.rules());
        if self.chance_node() != Some(ChanceNode::Deal) {
            for (slot, player) in setup.piles_mut().into_iter().zip(self.players()) {
                *slot = Some(Pile(player.cards().collect()));
            }
        }
        setup
    }

    fn person(&self) -> Option<Seat> {
        Some(0)
    }

    fn bots(&self) -> Result<Vec<AlwaysBattle>, String> {
        Ok(vec![AlwaysBattle; self.seats()])
    }

    /// `1`, the answer that plays one battle.
    fn token(action: &Action) -> String {
        match action {
            Action::Battle => BATTLE.to_owned(),
        }
    }

    /// An answer to the prompt that plays exactly one battle (`1`, or Enter: the empty
    /// token).
    fn parse_token(&self, token: &str) -> Result<Action, String> {
        match console::parse_answer(token) {
            Ok(Answer::Battles(1)) => Ok(Action::Battle),
            Ok(Answer::Battles(count)) => Err(format!(
                "{count} battles in one answer: a recording has one answer `1` a battle"
            )),
            Ok(Answer::Hands | Answer::Rules) => {
                Err("the hands and the rules are shown, not played: not an action".to_owned())
            }
            Ok(Answer::Quit) => Err("a quit is not recorded as an action".to_owned()),
            Err(refusal) => Err(refusal.to_string()),
        }
    }

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Battle => "Battle".to_owned(),
        }
    }

    /// The cards turned face up; a face-down card by its seat only, whoever looks.
    fn lines(&self, events: &[Event], _viewer: Viewer, out: &mut Vec<Line>) {
        for event in events {
            out.push(match *event {
                Event::Dealt => Line::new(None, "deal", "The 52 cards are dealt"),
                Event::Battle { battle } => Line::new(None, "battle", format!("Battle {battle}")),
                Event::Played { seat, card } => {
                    Line::new(Some(seat), "shown", format!("{} shows {card}", name(seat)))
                        .with_cards(vec![card.to_string()])
                }
                Event::Tie { seats } => Line::new(None, "tie", format!("{seats} tie: war!")),
                Event::War { war, seats, .. } => {
                    Line::new(None, "war", format!("War {war} between {seats}"))
                }
                Event::FaceDown { seat, .. } => Line::new(
                    Some(seat),
                    "face_down",
                    format!("{} lays a card face down", name(seat)),
                ),
                Event::Out { seat } => {
                    Line::new(Some(seat), "out", format!("{} is out", name(seat)))
                }
                Event::Took { seat, cards } => Line::new(
                    Some(seat),
                    "took",
                    format!("{} takes {cards} cards", name(seat)),
                ),
                Event::PotLeft { cards } => {
                    Line::new(None, "pot_left", format!("{cards} cards stay on the table"))
                }
                Event::GameOver { outcome } => Line::new(None, "end", self.ending(&outcome)),
            });
        }
    }

    /// The face-up cards of the battle under way: a new battle clears the last one's.
    fn remember(memo: &mut Vec<Shown>, events: &[Event]) {
        for event in events {
            match *event {
                Event::Battle { .. } => memo.clear(),
                Event::Played { seat, card } => memo.push(Shown { card, seat }),
                _ => {}
            }
        }
    }

    fn seating(&self) -> Vec<Seating> {
        self.players()
            .iter()
            .map(|player| Seating {
                name: name(player.seat()),
                plays: "computer".to_owned(),
                cards: Some(player.card_count()),
                score: None,
            })
            .collect()
    }

    /// The same for every seat: War's piles are face down, a player's own included.
    fn view(&self, seat: Seat, memo: &Vec<Shown>) -> Option<View> {
        let observation = self.observe(seat)?;
        Some(View {
            battles: observation.battles(),
            face_up: observation.face_up().collect(),
            last_battle: memo.clone(),
            order: self.rules().order(),
            table: observation.table_len(),
            wars: observation.wars(),
        })
    }

    fn cards(&self) -> Vec<Vec<String>> {
        self.players()
            .iter()
            .map(|player| player.cards().map(|card| card.to_string()).collect())
            .collect()
    }

    /// Piles are face down, each player's own too: only a viewer shown everything (a
    /// finished game stepped through) sees them.
    fn cards_seen(&self, viewer: Viewer) -> Vec<Option<Vec<String>>> {
        self.cards()
            .into_iter()
            .map(|pile| (viewer == Viewer::All).then_some(pile))
            .collect()
    }

    fn rules_text(&self) -> String {
        rules_text(self.rules())
    }

    fn ending(&self, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Winner { seat } => format!("{} wins", name(*seat)),
            Outcome::NoWinner { reason } => format!("Nobody wins: {reason}"),
        }
    }
}

//! The game's files, deals: reading one from the assignments' input formats (every
//! problem reported with its line, column and token), writing one back, and dealing one
//! at random.
//!
//! The deal is Ochos Locos's only chance: a deal file is the recorded outcome of the
//! game's chance node ([`Deal::table`] gives the game waiting for it and the order of
//! its cards).
//!
//! A whole deal is read and checked before any card is played, so bad input prints
//! nothing on standard output.

use std::io;

use cards_core::input::quoted;
use cards_core::protocol::GameState;
use cards_core::rng::below;
use cards_core::{ColorCard, ColorCardError, ParseError, Token, Tokens, shuffle};
use rand::Rng;

use crate::deck::{DECK_SIZE, DeckOrder, MAX_NUMBER, MIN_NUMBER, card_slot, full_deck};
use crate::error::Refusal;
use crate::game::Game;
use crate::player::Player;
use crate::rules::{DealFormat, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Variant};
use crate::strategy::Strategy;

/// The names the `deal` subcommand gives players of Assignment 4.
pub const NAMES: [&str; MAX_PLAYERS] = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];

/// A checked deal: hands, the starting discard card and the draw pile, every card
/// distinct.
#[derive(Clone, Debug)]
pub struct Deal {
    /// The players in seating order.
    pub seats: Vec<Seat>,
    /// The starting discard card.
    pub discard: ColorCard,
    /// The draw pile, top first (it may hold fewer than all remaining cards).
    pub deck: Vec<ColorCard>,
}

/// One player of a deal.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The name (`1`, `2`, … in Assignment 2, where players are numbered).
    pub name: String,
    /// How the player chooses cards.
    pub strategy: Strategy,
    /// The starting hand, in the order dealt.
    pub hand: Vec<ColorCard>,
}

/// Why a random deal cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The rule set fixes the number of players.
    #[error("{variant} is played by exactly {fixed} players, not {asked}")]
    FixedPlayers {
        /// The rule set.
        variant: Variant,
        /// Its number of players.
        fixed: usize,
        /// The number asked for.
        asked: usize,
    },
    /// Too few or too many players.
    #[error("{0} players: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players")]
    Players(usize),
    /// The seats make no table the game can deal (the face's refusal).
    #[error("{0}")]
    Table(String),
}

/// Reads a deal written in `variant`'s input format.
pub fn parse_deal(variant: Variant, text: &str) -> Result<Deal, ParseError> {
    let mut tokens = Tokens::new(text);
    tokens.refuse_blank("the deal is empty")?;
    let format = variant.format();
    let players = match format {
        DealFormat::Numbered { players: Some(n) } => n,
        _ => parse_player_count(&mut tokens)?,
    };
    let mut seen = Seen::default();
    let mut seats = Vec::with_capacity(players);
    for number in 1..=players {
        let line = tokens.next_line(&format!("the line of player {number}"))?;
        let mut words = line.tokens.iter();
        let (name, strategy) = match format {
            DealFormat::Numbered { .. } => (number.to_string(), Strategy::Rainbow),
            DealFormat::Named { strategies } => {
                let name_token = words.next();
                if let Some(token) = name_token
                    && token.text.chars().any(char::is_control)
                {
                    // Every output line starts with the name: an escape sequence in
                    // it would act on the terminal at each turn.
                    return Err(token.error("a name holds no control characters (an escape, NUL)"));
                }
                if let Some(token) = name_token
                    && token.text.chars().count() > crate::player::MAX_NAME
                {
                    return Err(token.error(format_args!(
                        "a name has at most {} characters",
                        crate::player::MAX_NAME
                    )));
                }
                let name = name_token.map_or("", |t| t.text).to_owned();
                if let Some(token) = name_token
                    && seats.iter().any(|seat: &Seat| seat.name == name)
                {
                    return Err(token.error(
                        "two players have this name: each needs its own, since the \
                         output and --human tell the players apart by name",
                    ));
                }
                let strategy = if strategies {
                    parse_strategy(words.next(), &line)?
                } else {
                    Strategy::Basic
                };
                (name, strategy)
            }
        };
        let cards: Vec<&Token<'_>> = words.collect();
        if let Some(extra) = cards.get(HAND_SIZE) {
            return Err(extra.error(format!(
                "a hand has {HAND_SIZE} cards; this is card {}",
                HAND_SIZE + 1
            )));
        }
        if cards.len() < HAND_SIZE {
            return Err(line.error(format!(
                "expected {}a hand of {HAND_SIZE} cards, but this line has {} cards",
                match format {
                    DealFormat::Named { strategies: true } => "a name, a strategy letter and ",
                    DealFormat::Named { strategies: false } => "a name and ",
                    DealFormat::Numbered { .. } => "",
                },
                cards.len()
            )));
        }
        let hand = cards
            .into_iter()
            .map(|token| seen.card(token))
            .collect::<Result<Vec<_>, _>>()?;
        seats.push(Seat {
            name,
            strategy,
            hand,
        });
    }
    let line = tokens.next_line("the discard card")?;
    if let Some(extra) = line.tokens.get(1) {
        return Err(extra.error("the discard line holds one card"));
    }
    let discard = seen.card(&line.tokens[0])?;
    let deck = tokens
        .rest()
        .iter()
        .map(|token| seen.card(token))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Deal {
        seats,
        discard,
        deck,
    })
}

/// Writes `deal` in `variant`'s input format, every line ending with a newline.
pub fn write_deal(out: &mut impl io::Write, variant: Variant, deal: &Deal) -> io::Result<()> {
    let format = variant.format();
    if !matches!(format, DealFormat::Numbered { players: Some(_) }) {
        writeln!(out, "{}", deal.seats.len())?;
    }
    for seat in &deal.seats {
        let mut words: Vec<String> = Vec::new();
        if let DealFormat::Named { strategies } = format {
            words.push(seat.name.clone());
            if strategies {
                words.push(seat.strategy.letter().unwrap_or('B').to_string());
            }
        }
        words.extend(seat.hand.iter().map(ToString::to_string));
        writeln!(out, "{}", words.join(" "))?;
    }
    writeln!(out, "{}", deal.discard)?;
    let deck: Vec<String> = deal.deck.iter().map(ToString::to_string).collect();
    writeln!(out, "{}", deck.join(" "))
}

impl Deal {
    /// A random deal of all 32 cards for `players` players of `variant`: five cards
    /// each, the discard card, then the draw pile. Assignment 4 players are named
    /// Alice, Bob, Carol, …; in Parts II and III each gets a random strategy.
    pub fn random<R: Rng + ?Sized>(
        variant: Variant,
        players: usize,
        rng: &mut R,
    ) -> Result<Deal, DealError> {
        check_players(variant, players)?;
        let mut cards: Vec<ColorCard> = full_deck().collect();
        shuffle(&mut cards, rng);
        // Strategies are drawn after the shuffle, so a seed's cards do not depend on the
        // rule set.
        let seats: Vec<(String, Strategy)> = (0..players)
            .map(|index| match variant.format() {
                DealFormat::Numbered { .. } => ((index + 1).to_string(), Strategy::Rainbow),
                DealFormat::Named { strategies: false } => (NAMES[index].into(), Strategy::Basic),
                DealFormat::Named { strategies: true } => (
                    NAMES[index].into(),
                    Strategy::LETTERED[below(rng, Strategy::LETTERED.len() as u64) as usize],
                ),
            })
            .collect();
        Ok(Deal::from_cards(&seats, &cards))
    }

    /// The deal of `cards` in deal-file order (five to the first seat, five to the next,
    /// …, then the discard card, then the deck top first) to `seats` (name, strategy).
    ///
    /// # Panics
    /// If `cards` holds fewer than five cards a seat and a discard card.
    pub fn from_cards(seats: &[(String, Strategy)], cards: &[ColorCard]) -> Deal {
        let (dealt, rest) = cards.split_at(seats.len() * HAND_SIZE);
        Deal {
            seats: seats
                .iter()
                .zip(dealt.chunks(HAND_SIZE))
                .map(|((name, strategy), hand)| Seat {
                    name: name.clone(),
                    strategy: *strategy,
                    hand: hand.to_vec(),
                })
                .collect(),
            discard: rest[0],
            deck: rest[1..].to_vec(),
        }
    }

    /// The game of this deal's seats under `variant`'s rules, waiting for chance to deal
    /// its cards, and the order that deals them as this deal does: the deal as the
    /// recorded outcome of the game's chance node. An error if the deal does not fit the
    /// seats (a `Deal` built by hand with too few cards, or more than the deck's 32).
    pub fn table(&self, variant: Variant) -> Result<(Game, DeckOrder), Refusal> {
        let cards: Vec<ColorCard> = self.cards().collect();
        let seats = self.seats.len();
        if seats == 0 || cards.len() <= seats * HAND_SIZE || cards.len() > DECK_SIZE {
            let cards = cards.len();
            return Err(Refusal::DealSize { cards, seats });
        }
        let mut game = Game::new(variant.rules());
        for seat in &self.seats {
            game.add_player(Player::with_strategy(seat.name.clone(), seat.strategy));
        }
        for &card in &cards {
            game.add_card(card)?;
        }
        game.restart();
        let too_many = Refusal::TooManyCards { cards: cards.len() };
        let order = DeckOrder::from_cards(&cards).map_err(|_| too_many)?;
        Ok((game, order))
    }

    /// A game with this deal dealt under `variant`'s rules, ready for its first turn.
    pub fn to_game(&self, variant: Variant) -> Result<Game, Refusal> {
        let (mut game, order) = self.table(variant)?;
        game.apply_chance(&order, &mut Vec::new())?;
        Ok(game)
    }

    /// The seat a person names (`Alice`, or `2` for Assignment 2's numbered seats): the
    /// name as written, or else in any case (`alice`) when only one seat has it so.
    pub fn seat_named(&self, name: &str) -> Option<usize> {
        if let Some(seat) = self.seats.iter().position(|seat| seat.name == name) {
            return Some(seat);
        }
        let folded = name.to_lowercase();
        let mut matching =
            (0..self.seats.len()).filter(|&seat| self.seats[seat].name.to_lowercase() == folded);
        match (matching.next(), matching.next()) {
            (Some(seat), None) => Some(seat),
            // Two seats differ only by case: the person must write the one they mean.
            _ => None,
        }
    }

    /// Every card of the deal: hands, discard card, draw pile.
    pub fn cards(&self) -> impl Iterator<Item = ColorCard> + '_ {
        self.seats
            .iter()
            .flat_map(|seat| seat.hand.iter().copied())
            .chain(std::iter::once(self.discard))
            .chain(self.deck.iter().copied())
    }
}

/// Whether `variant` can be played by `players` players.
pub fn check_players(variant: Variant, players: usize) -> Result<(), DealError> {
    match variant.format() {
        DealFormat::Numbered {
            players: Some(fixed),
        } if players != fixed => Err(DealError::FixedPlayers {
            variant,
            fixed,
            asked: players,
        }),
        _ if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) => Err(DealError::Players(players)),
        _ => Ok(()),
    }
}

fn parse_player_count(tokens: &mut Tokens<'_>) -> Result<usize, ParseError> {
    let line = tokens.next_line("the number of players")?;
    let token = &line.tokens[0];
    let count: usize = token.text.parse().map_err(|_| {
        token.error(format!(
            "the first line is the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}"
        ))
    })?;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
        return Err(token.error(format!("a game has {MIN_PLAYERS} to {MAX_PLAYERS} players")));
    }
    if let Some(extra) = line.tokens.get(1) {
        return Err(extra.error("the first line holds only the number of players"));
    }
    Ok(count)
}

fn parse_strategy(
    token: Option<&Token<'_>>,
    line: &cards_core::TokenLine<'_>,
) -> Result<Strategy, ParseError> {
    let token =
        token.ok_or_else(|| line.error("a player line is: name, strategy letter, 5 cards"))?;
    Strategy::for_letter(token.text).ok_or_else(|| {
        token.error("the strategy is one of C, N, S, B (colour, number, strategic, basic)")
    })
}

/// The cards met so far and where, to refuse a card dealt twice.
#[derive(Default)]
struct Seen {
    at: [Option<(usize, usize)>; DECK_SIZE],
}

impl Seen {
    fn card(&mut self, token: &Token<'_>) -> Result<ColorCard, ParseError> {
        let card = ColorCard::parse_in_range(token.text, MIN_NUMBER, MAX_NUMBER)
            .map_err(|error| token.error(card_error(&error)))?;
        let slot = &mut self.at[card_slot(card)];
        if let Some((line, column)) = *slot {
            return Err(token.error(format!(
                "{card} is dealt twice (first at line {line}, column {column})"
            )));
        }
        *slot = Some((token.line, token.column));
        Ok(card)
    }
}

/// Why a token is not a card, with the character at fault quoted as the token is: a
/// control character in a deal must not reach the terminal raw.
fn card_error(error: &ColorCardError) -> String {
    match error {
        ColorCardError::Color(letter) => format!(
            "'{}' is not a colour (R, Y, G or B)",
            quoted(&letter.to_string())
        ),
        ColorCardError::Number(digit) => {
            format!("'{}' is not a card number", quoted(&digit.to_string()))
        }
        error => error.to_string(),
    }
}

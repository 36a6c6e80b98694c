//! Playing at the terminal: the human's name, their moves read from the console, the
//! bots' moves, and the transcript, from the first deal to the end of the game.
//!
//! Reading an answer and checking it are apart: [`parse_selection`] and [`parse_colour`]
//! are pure functions of the answer and the human's [`PlayerView`], and the
//! [`Console`] shows their errors and asks again.

use std::io::{self, BufRead, Write};

use cards_core::Color;
use cards_core::console::Console;
use rand::Rng;

use crate::bot;
use crate::card::Card;
use crate::error::{InvalidSelectionError, NoNameError, validate_name};
use crate::game::{Event, Game, Move, Outcome, PlayerView};
use crate::render::{self, Perspective};

/// The question for the human's name.
pub const NAME_PROMPT: &str = "What is your name? ";
/// The question before each of the human's moves.
pub const MOVE_PROMPT: &str = "Your move (a card code such as R5, or draw): ";
/// The question after the human plays a wild card.
pub const COLOUR_PROMPT: &str = "Name a colour (R, Y, G or B): ";
/// What is said when the input ends before the game does.
pub const INPUT_ENDED: &str = "The input ended before the game did: the game is abandoned.";

/// How a game at the console ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played to its end.
    Finished(Outcome),
    /// The input ended first (exit status 1).
    InputEnded,
}

/// Asks for the human's name until a non-blank one comes; `None` at the end of input.
pub fn ask_name<R: BufRead, W: Write>(console: &mut Console<R, W>) -> io::Result<Option<String>> {
    console.ask(NAME_PROMPT, |answer| -> Result<String, NoNameError> {
        validate_name(answer)
    })
}

/// Reads the human's answer to [`MOVE_PROMPT`]: `draw` (or `0`), or a card code in any
/// case. The move must be legal in `view`; the error says why it is not. A wild card
/// comes back with no colour: the console asks for it next.
pub fn parse_selection(answer: &str, view: &PlayerView<'_>) -> Result<Move, InvalidSelectionError> {
    let text = answer.trim();
    if text.is_empty() {
        return Err(InvalidSelectionError::default());
    }
    if text.eq_ignore_ascii_case("draw") || text == "0" {
        view.check_move(Move::Draw)?;
        return Ok(Move::Draw);
    }
    let card = Card::parse_code(text)
        .ok()
        .filter(|&card| view.rules.has(card))
        .ok_or_else(|| InvalidSelectionError::NotACard(text.to_owned()))?;
    view.check_play(card)?;
    Ok(Move::play(card))
}

/// Reads a colour: its letter or its name, in any case (`g`, `Green`).
pub fn parse_colour(answer: &str) -> Result<Color, InvalidSelectionError> {
    let text = answer.trim();
    Color::ALL
        .into_iter()
        .find(|colour| {
            text.eq_ignore_ascii_case(colour.name())
                || text.eq_ignore_ascii_case(&colour.letter().to_string())
        })
        .ok_or_else(|| InvalidSelectionError::NotAColour(text.to_owned()))
}

/// Plays `game` with the human in the seat marked human and bots in the others,
/// asking the human through `console` and writing the transcript to its output.
pub fn play_with_human<R: BufRead, W: Write, G: Rng + ?Sized>(
    game: &mut Game,
    rng: &mut G,
    console: &mut Console<R, W>,
    reveal: bool,
) -> io::Result<Ending> {
    let who = Perspective {
        human: (0..game.players().len()).find(|&seat| game.player(seat).is_human()),
        reveal,
    };
    render::intro(console.output(), game, who)?;
    let mut events = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(Ending::Finished(outcome));
        }
        let seat = game.current();
        let mv = if who.human == Some(seat) {
            match ask_move(game, seat, console)? {
                Some(mv) => mv,
                None => {
                    writeln!(console.output(), "\n{INPUT_ENDED}")?;
                    return Ok(Ending::InputEnded);
                }
            }
        } else {
            bot_move(game, seat, who, console.output())?
        };
        apply(game, mv, rng, &mut events, who, console.output())?;
    }
}

/// Lets four bots play `game`, writing the transcript to `out`.
pub fn play_bots<W: Write, G: Rng + ?Sized>(
    game: &mut Game,
    rng: &mut G,
    out: &mut W,
    reveal: bool,
) -> io::Result<Outcome> {
    let who = Perspective {
        human: None,
        reveal,
    };
    render::intro(out, game, who)?;
    let mut events = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(outcome);
        }
        let seat = game.current();
        let mv = bot_move(game, seat, who, out)?;
        apply(game, mv, rng, &mut events, who, out)?;
    }
}

/// Shows the human their position and asks for a move (and a colour after a wild card
/// that is not their last card); `None` at the end of input.
fn ask_move<R: BufRead, W: Write>(
    game: &Game,
    seat: usize,
    console: &mut Console<R, W>,
) -> io::Result<Option<Move>> {
    let view = game.view(seat);
    render::status(console.output(), game, &view)?;
    let Some(mv) = console.ask(MOVE_PROMPT, |answer| parse_selection(answer, &view))? else {
        return Ok(None);
    };
    match mv {
        Move::Play { card, colour: None } if card.is_wild() && view.hand.len() > 1 => Ok(console
            .ask(COLOUR_PROMPT, parse_colour)?
            .map(|colour| Move::Play {
                card,
                colour: Some(colour),
            })),
        mv => Ok(Some(mv)),
    }
}

fn bot_move(game: &Game, seat: usize, who: Perspective, out: &mut impl Write) -> io::Result<Move> {
    if who.reveal {
        render::revealed_hand(out, game, seat)?;
    }
    Ok(bot::next_play(&game.view(seat)))
}

fn apply<G: Rng + ?Sized>(
    game: &mut Game,
    mv: Move,
    rng: &mut G,
    events: &mut Vec<Event>,
    who: Perspective,
    out: &mut impl Write,
) -> io::Result<()> {
    let seat = game.current();
    if let Err(refusal) = game.apply_into(mv, rng, events) {
        if who.human == Some(seat) {
            // The console checks the human's answer against the same rules first, so
            // this is never reached; were it, the reason is shown and the turn asked again.
            return writeln!(out, "{refusal}");
        }
        // A bot's move is legal by construction (the property tests check it); were one
        // ever refused, the first legal move keeps the game from going round in circles.
        let fallback = game.legal_moves().first().copied().unwrap_or(Move::Draw);
        if game.apply_into(fallback, rng, events).is_err() {
            return Ok(());
        }
    }
    for event in events.iter() {
        render::event(out, game, event, who)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PLAYERS;
    use crate::rules::Rules;
    use pretty_assertions::assert_eq;

    fn cards(codes: &str) -> Vec<Card> {
        codes
            .split_whitespace()
            .map(|c| Card::parse_code(c).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    }

    fn view<'a>(hand: &'a [Card], top: &str, rules: Rules) -> PlayerView<'a> {
        let top = cards(top)[0];
        PlayerView {
            seat: 0,
            hand,
            top,
            colour: top.colour().unwrap_or(Color::Red),
            hand_sizes: [hand.len(), 3, 3, 3],
            draw_pile: 20,
            clockwise: true,
            rules,
        }
    }

    /// White-box table for the card selection (Task 5): one row per branch of
    /// `parse_selection`, and of `PlayerView::check_play` behind it.
    #[test]
    fn card_selection() {
        use InvalidSelectionError::*;
        let hand = cards("R5 G2 B7");
        let card = |code: &str| cards(code)[0];
        // (answer, top card, expected result)
        let cases: [(&str, &str, Result<Move, InvalidSelectionError>); 12] = [
            ("R5", "R9", Ok(Move::play(card("R5")))),
            (" r5 ", "R9", Ok(Move::play(card("R5")))),
            ("b7", "G7", Ok(Move::play(card("B7")))),
            ("", "R9", Err(Unspecified)),
            ("   ", "R9", Err(Unspecified)),
            ("X9", "R9", Err(NotACard("X9".into()))),
            ("R55", "R9", Err(NotACard("R55".into()))),
            ("RS", "R9", Err(NotACard("RS".into()))),
            ("R6", "R9", Err(NotInHand(card("R6")))),
            (
                "G2",
                "R9",
                Err(NoMatch {
                    card: card("G2"),
                    top: card("R9"),
                    colour: Color::Red,
                }),
            ),
            ("draw", "R9", Err(MustPlay(card("R5")))),
            ("DRAW", "Y1", Ok(Move::Draw)),
        ];
        for (answer, top, want) in cases {
            let got = parse_selection(answer, &view(&hand, top, Rules::Quattro));
            assert_eq!(got, want, "{answer:?} on {top}");
        }
        assert_eq!(
            parse_selection("0", &view(&hand, "Y1", Rules::Quattro)),
            Ok(Move::Draw)
        );
    }

    #[test]
    fn uno_selection_and_colours() {
        let hand = cards("W+4 R1 GS");
        let uno = view(&hand, "R9", Rules::Uno);
        assert_eq!(
            parse_selection("w+4", &uno),
            Err(InvalidSelectionError::DrawFourNotAllowed(Color::Red))
        );
        assert_eq!(
            parse_selection("gs", &view(&hand, "YS", Rules::Uno)),
            Ok(Move::play(cards("GS")[0]))
        );
        assert_eq!(parse_colour(" blue"), Ok(Color::Blue));
        assert_eq!(parse_colour("y"), Ok(Color::Yellow));
        assert_eq!(
            parse_colour("pink"),
            Err(InvalidSelectionError::NotAColour("pink".into()))
        );
    }

    #[test]
    fn names_are_asked_again_until_given() {
        let mut console = Console::new(&b"\n   \n Ann \n"[..], Vec::new());
        let name = ask_name(&mut console).ok().flatten();
        assert_eq!(name.as_deref(), Some("Ann"));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        let refusal = NoNameError::default().to_string();
        assert_eq!(
            shown,
            format!("{NAME_PROMPT}{refusal}\n{NAME_PROMPT}{refusal}\n{NAME_PROMPT}")
        );
    }

    /// A line that is not UTF-8 is refused like any bad answer, not taken as an I/O
    /// error that would end the game.
    #[test]
    fn answers_that_are_not_text_are_asked_again() {
        let mut console = Console::new(&b"\xff\xfeAnn\nAnn\n"[..], Vec::new());
        let name = ask_name(&mut console).ok().flatten();
        assert_eq!(name.as_deref(), Some("Ann"));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(
            shown,
            format!(
                "{NAME_PROMPT}{}\n{NAME_PROMPT}",
                cards_core::console::NOT_TEXT
            )
        );
    }

    #[test]
    fn end_of_input_abandons_the_game() {
        let mut players = crate::simulate::bots();
        players[0] = crate::player::Player::new("Ann", true);
        let mut rng = cards_core::rng::rng_from_seed(1);
        let mut game = Game::new(Rules::Quattro, players, 1000, &mut rng);
        let mut console = Console::new(&b"nonsense\n"[..], Vec::new());
        let ending = play_with_human(&mut game, &mut rng, &mut console, false).ok();
        assert_eq!(ending, Some(Ending::InputEnded));
        assert_eq!(game.outcome(), None);
        assert_eq!(PLAYERS, game.players().len());
    }
}

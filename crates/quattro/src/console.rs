//! Playing at the terminal: the human's name, the person as the agent of their seat
//! ([`Person`]), and the two front ends that drive a game through the workspace's one
//! loop, [`Driver`]: [`play`] (the person against three bots) and
//! [`play_bots`] (four bots, printed), each writing the actions down for `--record`; and the [`SessionSeeds`](cards_core::rng::SessionSeeds) of the games after the first of a session.
//!
//! Reading an answer and checking it are apart: [`parse_selection`] and [`parse_color`]
//! are pure functions of the answer and the human's [`Observation`], and the
//! [`Console`] shows their errors and asks again. `?` at the move or colour question
//! shows the rules of the game played ([`render::rules_text`]) and asks again; `q` or
//! `quit` quits at any question.

use std::io::{self, BufRead, Write};

use cards_core::Color;
use cards_core::console::{Console, QUIT, Reply, or_quit};
use cards_core::protocol::{
    Actor, Agent, ChanceSource, Driver, GameState, PlayError, Seat, Stop, Tape,
};

use crate::card::Card;
use crate::deck::DeckOrder;
use crate::error::{InvalidSelectionError, NoNameError, Refusal, validate_name};
use crate::game::{Action, Game, NoWinner, Observation, Outcome};
use crate::render::{self, Perspective};
use crate::rules::PLAYERS;
use crate::rules::Rules;
use crate::strategy::Bot;
use cards_core::paint::CardStyle;

/// The question for the human's name.
pub const NAME_PROMPT: &str = "What is your name? ";
/// The question before each of the human's moves.
pub const MOVE_PROMPT: &str =
    "Your move (a card code such as R5 or its number, or draw; ? rules, q quits): ";
/// The question after the human plays a wild card.
pub const COLOR_PROMPT: &str = "Name a colour (R, Y, G or B; ? rules, q quits): ";

/// `?` at a question shows the rules of the game played ([`render::rules_text`]) as the
/// one "refusal" of the answer, so that the question comes again.
fn or_rules(answer: &str, rules: Rules) -> Result<(), String> {
    match answer.trim() {
        "?" => Err(render::rules_text(rules).trim_end().to_owned()),
        _ => Ok(()),
    }
}

/// How a console game ended: played to its end, quit, or the input ended (the one
/// type of every game, [`cards_core::console::Ending`]).
pub type Ending = cards_core::console::Ending<NoWinner>;

/// Asks for the human's name until [`validate_name`] takes one (or the person quits);
/// `None` at the end of input. `?` shows the rules of `rules` and asks again, as at every
/// question: it is no name.
pub fn ask_name<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    rules: Rules,
) -> io::Result<Option<Reply<String>>> {
    console.ask(
        NAME_PROMPT,
        |answer| -> Result<Reply<String>, NoNameError> {
            or_rules(answer, rules).map_err(NoNameError::new)?;
            or_quit(answer, validate_name)
        },
    )
}

// ANCHOR: parse_selection
/// Reads the human's answer to [`MOVE_PROMPT`]: `draw` (or `d`, or `0`), a card code
/// in any case, or a card's number in the hand as shown ([`render::shown_hand`]). The move must be legal in `view`; the error says why it is not. A wild card
/// comes back with no colour: the console asks for it next.
pub fn parse_selection(
    answer: &str,
    view: &Observation<'_>,
) -> Result<Action, InvalidSelectionError> {
    let text = answer.trim();
    if text.is_empty() {
        return Err(InvalidSelectionError::default());
    }
    if text.eq_ignore_ascii_case("draw") || text.eq_ignore_ascii_case("d") || text == "0" {
        view.check_action(Action::Draw)?;
        return Ok(Action::Draw);
    }
    if let Ok(number) = text.parse::<usize>() {
        let hand = render::shown_hand(view.hand);
        let card = number
            .checked_sub(1)
            .and_then(|index| hand.get(index).copied())
            .ok_or(InvalidSelectionError::NoSuchNumber {
                number,
                held: hand.len(),
            })?;
        view.check_play(card)?;
        return Ok(Action::play(card));
    }
    let card = Card::parse_code(text)
        .ok()
        .filter(|&card| view.rules.has(card))
        .ok_or_else(|| InvalidSelectionError::NotACard(text.to_owned()))?;
    view.check_play(card)?;
    Ok(Action::play(card))
}
// ANCHOR_END: parse_selection

/// Reads a colour: its letter or its name, in any case (`g`, `Green`).
pub fn parse_color(answer: &str) -> Result<Color, InvalidSelectionError> {
    let text = answer.trim();
    text.parse()
        .map_err(|_| InvalidSelectionError::NotAColor(text.to_owned()))
}

/// The person at the console, as the agent of their seat: shows them their position
/// (from their [`Observation`] only) and asks for a move, and for a colour after a wild
/// card that is not their last; invalid answers are refused with the reason and asked
/// again. The end of input is [`Stop::InputEnded`].
pub struct Person<'c, R, W> {
    console: &'c mut Console<R, W>,
    names: [String; PLAYERS],
    style: CardStyle,
}

impl<'c, R: BufRead, W: Write> Person<'c, R, W> {
    /// The person at `console`; `names` are the players' names by seat (public, and
    /// shown in the summary before each move); cards are shown in `style`.
    pub fn new(
        console: &'c mut Console<R, W>,
        names: [String; PLAYERS],
        style: CardStyle,
    ) -> Person<'c, R, W> {
        Person {
            console,
            names,
            style,
        }
    }

    /// Where the game's transcript goes.
    pub fn output(&mut self) -> &mut W {
        self.console.output()
    }
}

impl<R: BufRead, W: Write> Agent<Game> for Person<'_, R, W> {
    fn choose(
        &mut self,
        _seat: Seat,
        view: &Observation<'_>,
        _legal: &[Action],
    ) -> Result<Action, Stop> {
        // The answers are checked against the view, which says why a move is refused;
        // the legal moves are the same rules (`Observation::legal_actions`).
        render::status(self.console.output(), &self.names, view, self.style)?;
        let mv = match self
            .console
            .ask(MOVE_PROMPT, |answer| {
                or_quit(answer, |answer| {
                    or_rules(answer, view.rules)?;
                    parse_selection(answer, view).map_err(|error| error.to_string())
                })
            })?
            .ok_or(Stop::InputEnded)?
        {
            Reply::Answer(mv) => mv,
            Reply::Quit => return Err(Stop::Quit),
        };
        match mv {
            Action::Play { card, color: None } if view.names_color(card) => {
                let color = match self
                    .console
                    .ask(COLOR_PROMPT, |answer| {
                        or_quit(answer, |answer| {
                            or_rules(answer, view.rules)?;
                            parse_color(answer).map_err(|error| error.to_string())
                        })
                    })?
                    .ok_or(Stop::InputEnded)?
                {
                    Reply::Answer(color) => color,
                    Reply::Quit => return Err(Stop::Quit),
                };
                Ok(Action::Play {
                    card,
                    color: Some(color),
                })
            }
            mv => Ok(mv),
        }
    }
}

/// The table at the console: the person in `human`'s seat, bots in the others.
struct Table<'c, R, W> {
    human: Seat,
    person: Person<'c, R, W>,
    opponent: Opponent,
}

impl<R: BufRead, W: Write> Agent<Game> for Table<'_, R, W> {
    fn choose(
        &mut self,
        seat: Seat,
        view: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        if seat == self.human {
            self.person.choose(seat, view, legal)
        } else {
            self.opponent.choose(seat, view, legal)
        }
    }
}

/// Why a console game stopped other than by its end, a quit or the end of input: an I/O
/// error (`PlayError::Stopped(Stop::Io(_))`), or a bug (a refused step, a broken
/// invariant); the one type of every game, [`cards_core::console::ConsoleError`].
pub type ConsoleError = cards_core::console::ConsoleError<Refusal>;

/// How the console shows a game: what the binary's flags decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Show the bots' cards (`--reveal`).
    pub reveal: bool,
    /// How cards are written: plain, or in colour at a terminal.
    pub style: CardStyle,
    /// How the computer's seats choose (`--opponent`).
    pub opponent: Opponent,
}

/// Who plays the computer's seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Opponent {
    /// The bots' policy ([`crate::strategy`]).
    #[default]
    Bot,
    /// The IS-MCTS search at its default budget ([`crate::mcts::Strong`]): a stronger,
    /// slower opponent.
    Mcts,
}

impl Agent<Game> for Opponent {
    fn choose(
        &mut self,
        seat: Seat,
        view: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        match self {
            Opponent::Bot => Bot.choose(seat, view, legal),
            Opponent::Mcts => crate::mcts::Strong.choose(seat, view, legal),
        }
    }

    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        // The search starts from the view alone; the bot weighs its hand.
        false
    }
}

/// Plays `game` (not dealt yet) with the person at `console` in the seat marked human
/// and bots in the others, with chance from `chance`; writes the transcript to the
/// console's output as `options` say, and every step to `tape` as it is taken (the
/// bots' too, for `--record`: whatever the ending, `tape` holds the game so far). The
/// person's prompts come between the steps' text, so this loop calls [`Driver::step`].
pub fn play<R: BufRead, W: Write>(
    game: &mut Game,
    chance: &mut ChanceSource<DeckOrder>,
    console: &mut Console<R, W>,
    options: &Options,
    tape: &mut Tape<Game>,
) -> Result<Ending, ConsoleError> {
    let Options {
        reveal,
        style,
        opponent,
    } = *options;
    let human = (0..PLAYERS)
        .find(|&seat| game.player(seat).is_human())
        .ok_or(PlayError::Invariant(
            "a game at the console has a person in one seat",
        ))?;
    let who = Perspective {
        human: Some(human),
        reveal,
        style,
    };
    let names = game
        .players()
        .clone()
        .map(|player| player.name().to_owned());
    let mut table = Table {
        human,
        person: Person::new(console, names, style),
        opponent,
    };
    let mut driver = Driver::new();
    loop {
        match driver.step(game, chance, &mut table) {
            Ok(Some(step)) => {
                tape.push(&step);
                tell(table.person.output(), game, driver.events(), who)?;
            }
            Ok(None) => break,
            Err(PlayError::Stopped(Stop::InputEnded)) => {
                // The open question's line ends, and the cards held are shown as when
                // the person quits; why the game stopped goes to stderr (the caller).
                let out = table.person.output();
                writeln!(out).map_err(Stop::Io)?;
                render::cards_held(out, game).map_err(Stop::Io)?;
                return Ok(Ending::InputEnded);
            }
            Err(PlayError::Stopped(Stop::Quit)) => {
                let out = table.person.output();
                writeln!(out, "\n{QUIT}").map_err(Stop::Io)?;
                render::cards_held(out, game).map_err(Stop::Io)?;
                return Ok(Ending::Quit);
            }
            Err(error) => return Err(error),
        }
    }
    game.outcome()
        .map(Ending::Over)
        .ok_or(PlayError::Invariant("the game is over but has no outcome"))
}

/// Lets four bots play `game` (not dealt yet), with chance from `chance`, writing the
/// transcript to `out` as `options` say and every step to `tape`
/// (`quattro --bots 4 --record`).
pub fn play_bots<W: Write>(
    game: &mut Game,
    chance: &mut ChanceSource<DeckOrder>,
    out: &mut W,
    options: &Options,
    tape: &mut Tape<Game>,
) -> Result<Outcome, ConsoleError> {
    let Options {
        reveal,
        style,
        mut opponent,
    } = *options;
    let who = Perspective {
        human: None,
        reveal,
        style,
    };
    Driver::new().play(game, chance, &mut opponent, |game, step, events| {
        tape.push(step);
        tell(out, game, events, who)
    })
}

/// Writes a step's events, then (with `--reveal`) the hand of the bot about to move, or
/// when the person is about to decide, every bot's hand.
fn tell(
    out: &mut impl Write,
    game: &Game,
    events: &[crate::game::Event],
    who: Perspective,
) -> Result<(), Stop> {
    for event in events {
        render::event(out, game, event, who)?;
    }
    match (who.reveal, game.actor()) {
        (true, Actor::Seat(seat)) if who.human == Some(seat) => {
            for bot in (0..PLAYERS).filter(|&other| other != seat) {
                render::revealed_hand(out, game, bot, who.style)?;
            }
        }
        (true, Actor::Seat(seat)) => render::revealed_hand(out, game, seat, who.style)?,
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::error::MAX_NAME;
    use crate::rules::{Rules, Variant};
    use pretty_assertions::assert_eq;

    fn view<'a>(hand: &'a [Card], top: &str, variant: Variant) -> Observation<'a> {
        let top = cards(top)[0];
        Observation {
            seat: 0,
            hand,
            top,
            color: top.color().unwrap_or(Color::Red),
            hand_sizes: [hand.len(), 3, 3, 3],
            draw_pile: 20,
            clockwise: true,
            rules: Rules::new(variant),
        }
    }

    /// White-box table for the card selection (Task 5): one row per branch of
    /// `parse_selection`, and of `Game::check_play` behind it.
    #[test]
    fn card_selection() {
        use InvalidSelectionError::*;
        let hand = cards("R5 G2 B7");
        let card = |code: &str| cards(code)[0];
        // (answer, top card, expected result)
        // ANCHOR: card_selection_cases
        let cases: [(&str, &str, Result<Action, InvalidSelectionError>); 12] = [
            ("R5", "R9", Ok(Action::play(card("R5")))),
            (" r5 ", "R9", Ok(Action::play(card("R5")))),
            ("b7", "G7", Ok(Action::play(card("B7")))),
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
                    color: Color::Red,
                }),
            ),
            (
                "draw",
                "R9",
                Err(MustPlay(
                    crate::error::PlayableCards::new([card("R5")])
                        .unwrap_or_else(|| panic!("R5 is a card")),
                )),
            ),
            ("DRAW", "Y1", Ok(Action::Draw)),
        ];
        // ANCHOR_END: card_selection_cases
        for (answer, top, want) in cases {
            let got = parse_selection(answer, &view(&hand, top, Variant::Quattro));
            assert_eq!(got, want, "{answer:?} on {top}");
        }
        assert_eq!(
            parse_selection("0", &view(&hand, "Y1", Variant::Quattro)),
            Ok(Action::Draw)
        );
        // A number is the card at that place of the hand as shown (R5, G2, B7: by
        // colour), checked as its code would be.
        assert_eq!(
            parse_selection("3", &view(&hand, "G7", Variant::Quattro)),
            Ok(Action::play(card("B7")))
        );
        assert!(matches!(
            parse_selection("2", &view(&hand, "R9", Variant::Quattro)),
            Err(NoMatch { .. })
        ));
        for number in [4, 10] {
            assert_eq!(
                parse_selection(&number.to_string(), &view(&hand, "Y1", Variant::Quattro)),
                Err(NoSuchNumber { number, held: 3 })
            );
        }
        // `d` is `draw` too (the token of a draw in a recorded game), in any case.
        for answer in ["d", " D "] {
            assert_eq!(
                parse_selection(answer, &view(&hand, "Y1", Variant::Quattro)),
                Ok(Action::Draw)
            );
        }
    }

    #[test]
    fn uno_selection_and_colors() {
        let hand = cards("W+4 R1 GS");
        let uno = view(&hand, "R9", Variant::Uno);
        assert_eq!(
            parse_selection("w+4", &uno),
            Err(InvalidSelectionError::DrawFourNotAllowed(Color::Red))
        );
        assert_eq!(
            parse_selection("gs", &view(&hand, "YS", Variant::Uno)),
            Ok(Action::play(cards("GS")[0]))
        );
        assert_eq!(parse_color(" blue"), Ok(Color::Blue));
        assert_eq!(parse_color("y"), Ok(Color::Yellow));
        assert_eq!(
            parse_color("pink"),
            Err(InvalidSelectionError::NotAColor("pink".into()))
        );
    }

    #[test]
    fn a_question_mark_at_the_name_shows_the_rules_and_is_no_name() {
        let mut console = Console::new(&b"?\nAnn\n"[..], Vec::new());
        let name = ask_name(&mut console, Rules::new(Variant::Uno))
            .ok()
            .flatten();
        assert_eq!(name, Some(Reply::Answer("Ann".to_owned())));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(
            shown,
            format!(
                "{NAME_PROMPT}{}{NAME_PROMPT}",
                render::rules_text(Rules::new(Variant::Uno))
            )
        );
    }

    #[test]
    fn names_are_asked_again_until_given() {
        let mut console = Console::new(&b"\n   \n Ann \n"[..], Vec::new());
        let name = ask_name(&mut console, Rules::default()).ok().flatten();
        assert_eq!(name, Some(Reply::Answer("Ann".to_owned())));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        let refusal = NoNameError::default().to_string();
        assert_eq!(
            shown,
            format!("{NAME_PROMPT}{refusal}\n{NAME_PROMPT}{refusal}\n{NAME_PROMPT}")
        );
    }

    #[test]
    fn names_that_are_too_long_unprintable_or_a_bots_are_refused() {
        let long = "A".repeat(MAX_NAME + 1);
        let input = format!("{long}\nAnn\u{1b}[2J\nplayer 3\nq\n");
        let mut console = Console::new(input.as_bytes(), Vec::new());
        assert_eq!(
            ask_name(&mut console, Rules::default()).ok().flatten(),
            Some(Reply::Quit)
        );
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        let refusals: Vec<&str> = shown.split(NAME_PROMPT).filter(|s| !s.is_empty()).collect();
        assert_eq!(
            refusals,
            [
                "A name has at most 24 characters: please type a shorter one.\n",
                "A name is made of letters, digits, spaces and punctuation: please type it again.\n",
                "Player 2, Player 3 and Player 4 are the bots: please choose another name.\n",
            ]
        );
        assert_eq!(
            validate_name(&"é".repeat(MAX_NAME)).map(|n| n.chars().count()),
            Ok(MAX_NAME)
        );
        // Invisible characters (a byte-order mark, a right-to-left override, a tag, a
        // variation selector, the Hangul filler) are refused like control characters: the
        // name would not read as what it is, and the replay would show it escaped.
        for name in [
            "\u{feff}Ann",
            "Ann\u{202e}",
            "A\u{200b}nn",
            "Ann\u{e0041}",
            "An\u{fe0f}n",
            "\u{3164}",
        ] {
            assert!(validate_name(name).is_err(), "{name:?}");
        }
        // A refused move quotes what was typed, control characters escaped.
        let view_free = InvalidSelectionError::NotACard("\u{1b}[2J".to_owned()).to_string();
        assert!(
            view_free.starts_with("'\\u{1b}[2J' is not a card"),
            "{view_free}"
        );
    }

    /// A line that is not UTF-8 is refused like any bad answer, not taken as an I/O
    /// error that would end the game.
    #[test]
    fn answers_that_are_not_text_are_asked_again() {
        let mut console = Console::new(&b"\xff\xfeAnn\nAnn\n"[..], Vec::new());
        let name = ask_name(&mut console, Rules::default()).ok().flatten();
        assert_eq!(name, Some(Reply::Answer("Ann".to_owned())));
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
        players[0] = crate::player::Player::human("Ann");
        let mut chance = ChanceSource::seeded(cards_core::rng::rng_from_seed(1));
        let mut game = Game::new(Rules::new(Variant::Quattro), players);
        let mut console = Console::new(&b"nonsense\n"[..], Vec::new());
        let mut tape = Tape::new(&game);
        let ending = play(
            &mut game,
            &mut chance,
            &mut console,
            &Options::default(),
            &mut tape,
        )
        .ok();
        assert_eq!(ending, Some(Ending::InputEnded));
        assert_eq!(game.outcome(), None);
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        // The question's line ends, then the cards each player holds (3 each: the
        // input ended at Ann's first move, before anyone played).
        assert!(
            shown.ends_with(&format!(
                "{MOVE_PROMPT}\nCards held: Ann 3, Player 2 3, Player 3 3, Player 4 3\n"
            )),
            "{shown}"
        );
    }

    /// A game with no person in any seat is a caller's bug, reported as such.
    #[test]
    fn a_console_game_needs_a_person() {
        let mut game = Game::new(Rules::new(Variant::Quattro), crate::simulate::bots());
        let mut chance = ChanceSource::seeded(cards_core::rng::rng_from_seed(1));
        let mut console = Console::new(&b""[..], Vec::new());
        let mut tape = Tape::new(&game);
        let ending = play(
            &mut game,
            &mut chance,
            &mut console,
            &Options::default(),
            &mut tape,
        );
        assert!(matches!(ending, Err(PlayError::Invariant(_))), "{ending:?}");
    }

    /// The text without its ANSI colour sequences (`ESC [ digits m`).
    fn without_colors(text: &str) -> String {
        let mut plain = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('\x1b') {
            plain.push_str(&rest[..start]);
            let after = &rest[start..];
            let end = after
                .find('m')
                .unwrap_or_else(|| panic!("an unfinished colour sequence in {after:?}"));
            rest = &after[end + 1..];
        }
        plain.push_str(rest);
        plain
    }

    /// A whole Uno game of four bots with every card shown (`--reveal`): in colour, it is
    /// the plain transcript with colour sequences around the cards; plain, it has none.
    #[test]
    fn colored_transcripts_are_the_plain_ones_painted() {
        let transcript = |style: CardStyle| {
            let mut game = Game::new(Rules::new(Variant::Uno), crate::simulate::bots());
            let mut chance = ChanceSource::seeded(cards_core::rng::rng_from_seed(88));
            let mut out = Vec::new();
            let options = Options {
                reveal: true,
                style,
                ..Options::default()
            };
            let mut tape = Tape::new(&game);
            play_bots(&mut game, &mut chance, &mut out, &options, &mut tape).unwrap();
            String::from_utf8(out).unwrap()
        };
        let plain = transcript(CardStyle::Plain);
        let colored = transcript(CardStyle::Ansi);
        assert!(!plain.contains('\x1b'), "{plain}");
        for sequence in ["\x1b[31m", "\x1b[33m", "\x1b[32m", "\x1b[34m", "\x1b[35m"] {
            assert!(colored.contains(sequence), "no {sequence:?} in {colored}");
        }
        assert_eq!(without_colors(&colored), plain);
    }
}

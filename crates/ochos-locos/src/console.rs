//! A person at the terminal as an agent of the game protocol ([`Person`]), the table
//! that seats them among the strategies ([`Table`]), and the console game
//! (`ochos-locos RULES --human NAME`: [`play`], which ends as an [`Ending`]).
//!
//! This is the person's mode, not the assignments' output: the game opens by naming who
//! plays and the two answers that work at every question, tells each turn in a sentence
//! ([`Narrator`]) and ends saying who won and by what, or why nobody did. Before each of
//! their turns the person sees their hand, the card to match (and the colour in force
//! after an 8, or the 2 to answer and what the rule leaves them) and their legal plays,
//! numbered. They type a card (`R5`, any case), its number, or `d`/`draw` when drawing is
//! their only play; after an 8 that names a colour they are asked the colour (`R` or
//! `red`…). `?` at either question shows the rules of the rule set ([`rules_text`]) and
//! asks again; `q` or `quit` (any case) quits the game, as in Quattro, War and Pig
//! ([`QUIT`], [`Ending::Quit`]). An answer that is no legal play is refused with a
//! one-line reason and asked again. Like every agent, the person sees only the
//! observation and the legal plays; the game applies what they chose.

use std::io::{self, BufRead, Write};

use cards_core::console::{Console, QUIT, Reply, or_quit};
use cards_core::protocol::{Agent, ChanceSource, Driver, GameState, PlayError, Seat, Stop, Tape};
use cards_core::{Color, ColorCard};

use crate::deck::DeckOrder;
use crate::error::{AnswerError, Refusal};
use crate::game::{Action, Game, NoWinner, Observation};
use crate::player::Player;
use crate::render::{Narrator, Style, rules_text};
use crate::rules::Variant;
use crate::strategy::Strategy;

/// The question before each of the person's plays.
pub const PLAY_PROMPT: &str = "Your play (? rules, q quits): ";

/// The question after an 8 that names a colour.
pub const COLOR_PROMPT: &str = "Colour to follow (R, Y, G or B; ? rules, q quits): ";

/// `?` at either question shows the rules (as the one "refusal" of the answer, so the
/// question comes again); anything else goes on to be read.
fn or_rules(answer: &str, rules: &str) -> Result<(), AnswerError> {
    match answer.trim() {
        "?" => Err(AnswerError::Rules(rules.trim_end().to_owned())),
        _ => Ok(()),
    }
}

/// A person choosing at one seat, through a console.
#[derive(Debug)]
pub struct Person<'c, R, W> {
    console: &'c mut Console<R, W>,
    names: Vec<String>,
    style: Style,
    /// What `?` shows: the rules of the game played ([`rules_text`]).
    rules: String,
}

/// One of the person's plays, as offered: a card (once, whatever colour an 8 may name
/// after it), or the draw.
pub(crate) type Offer = Option<ColorCard>;

/// The plays offered for `legal`, in its order: each card once, then the draw.
pub(crate) fn offers(legal: &[Action]) -> Vec<Offer> {
    let mut offers: Vec<Offer> = Vec::new();
    for action in legal {
        let offer = match action {
            Action::Play { card, .. } => Some(*card),
            Action::Draw => None,
        };
        if !offers.contains(&offer) {
            offers.push(offer);
        }
    }
    offers
}

/// The colours `card` may name among `legal` (none: it names no colour).
pub(crate) fn colors_for(legal: &[Action], card: ColorCard) -> Vec<Color> {
    legal
        .iter()
        .filter_map(|action| match *action {
            Action::Play {
                card: played,
                chosen: Some(color),
            } if played == card => Some(color),
            _ => None,
        })
        .collect()
}

impl<'c, R: BufRead, W: Write> Person<'c, R, W> {
    /// A person answering through `console`, at a table whose seats are `names`.
    pub fn new(console: &'c mut Console<R, W>, names: Vec<String>) -> Person<'c, R, W> {
        Person {
            console,
            names,
            style: Style::default(),
            rules: String::new(),
        }
    }

    /// The same person, shown cards as `style` writes them (in colour at a terminal).
    #[must_use]
    pub fn with_style(self, style: Style) -> Person<'c, R, W> {
        Person { style, ..self }
    }

    /// The same person, shown `rules` when they answer `?`.
    #[must_use]
    pub fn with_rules(self, rules: String) -> Person<'c, R, W> {
        Person { rules, ..self }
    }

    /// Where the game's own lines go, so that they interleave with the prompts.
    pub fn output(&mut self) -> &mut W {
        self.console.output()
    }

    fn show(&mut self, observation: &Observation<'_>, offers: &[Offer]) -> io::Result<()> {
        let style = self.style;
        let out = self.console.output();
        let me = self.names.get(observation.seat).map_or("?", String::as_str);
        writeln!(out, "Your turn, {me}.")?;
        let counts = observation.card_counts().enumerate();
        let others = counts.filter(|&(seat, _)| seat != observation.seat);
        for (index, (seat, count)) in others.enumerate() {
            let name = self.names.get(seat).map_or("?", String::as_str);
            // The line is a sentence: Assignment 2's `player 1` starts it as `Player 1`,
            // as the turns' sentences do.
            let name = match index {
                0 => crate::render::capitalized(name),
                _ => name.to_owned(),
            };
            write!(out, "{name} holds {count}, ")?;
        }
        writeln!(out, "the deck {}", observation.deck_size)?;
        write!(out, "Your hand:")?;
        for &card in observation.hand {
            write!(out, " {}", style.card(card))?;
        }
        writeln!(out)?;
        if let Some(discard) = observation.discard_card {
            let discard = style.card(discard);
            match (observation.chosen_color, observation.rules.two) {
                (Some(color), _) => {
                    writeln!(
                        out,
                        "To match: {discard}, colour in force {} (or an 8)",
                        style.color(color)
                    )?;
                }
                // What the rule leaves the person: a 2 to lay if they hold one (no
                // draw then), else the penalty, their only play.
                (None, Some(rule)) if observation.facing_two() => {
                    let owed = rule.penalty.cards(observation.pending_twos);
                    if offers.contains(&None) {
                        writeln!(
                            out,
                            "To match: {discard}, a 2 to answer: you hold no 2, so you miss the \
                             turn and draw {owed}"
                        )?;
                    } else {
                        writeln!(
                            out,
                            "To match: {discard}, a 2 to answer: lay a 2 (you hold one, so you \
                             may not take the {owed} cards instead)"
                        )?;
                    }
                }
                (None, _) => writeln!(out, "To match: {discard}")?,
            }
        }
        write!(out, "Your plays:")?;
        for (number, offer) in offers.iter().enumerate() {
            match offer {
                Some(card) => write!(out, " {}) {}", number + 1, style.card(*card))?,
                None => write!(out, " {}) draw", number + 1)?,
            }
        }
        writeln!(out)
    }
}

/// Reads an answer to "your play?": a card, its number in the list, or the draw.
pub(crate) fn parse_play(
    answer: &str,
    observation: &Observation<'_>,
    offers: &[Offer],
) -> Result<Offer, AnswerError> {
    let answer = answer.trim();
    let can_draw = offers.contains(&None);
    let numbers = match offers.len() {
        1 => "1".to_owned(),
        n => format!("1 to {n}"),
    };
    let hint = if can_draw {
        format!("type d (or draw), or its number ({numbers})")
    } else {
        format!(
            "type a card (like {}) or its number ({numbers})",
            first_card(offers)
        )
    };
    if answer.eq_ignore_ascii_case("d") || answer.eq_ignore_ascii_case("draw") {
        return if can_draw {
            Ok(None)
        } else {
            Err(match observation.facing_two() {
                true => AnswerError::MustAnswerTwo { hint },
                false => AnswerError::MustPlay { hint },
            })
        };
    }
    if let Ok(number) = answer.parse::<usize>() {
        return number
            .checked_sub(1)
            .and_then(|index| offers.get(index))
            .copied()
            .ok_or(AnswerError::NoSuchPlay { number, hint });
    }
    let Ok(card) = ColorCard::parse_ignore_case(answer) else {
        return Err(AnswerError::NotAPlay {
            answer: answer.to_owned(),
            hint,
        });
    };
    if offers.contains(&Some(card)) {
        return Ok(Some(card));
    }
    if !observation.hand.contains(&card) {
        return Err(AnswerError::NotInHand { card, hint });
    }
    let why = match (observation.facing_two(), observation.chosen_color) {
        (true, _) => "only a 2 answers a 2".to_owned(),
        (false, Some(color)) => format!("it is neither {} nor an 8", color.name()),
        (false, None) => match observation.discard_card {
            Some(discard) => format!("it matches neither the colour nor the number of {discard}"),
            None => "the cards are not dealt".to_owned(),
        },
    };
    Err(AnswerError::CannotPlay { card, why, hint })
}

fn first_card(offers: &[Offer]) -> String {
    offers
        .iter()
        .flatten()
        .next()
        .map_or_else(|| "R5".to_owned(), ToString::to_string)
}

/// Reads a colour: its letter or its name, any case.
pub(crate) fn parse_color(answer: &str, colors: &[Color]) -> Result<Color, AnswerError> {
    let answer = answer.trim();
    match answer.parse::<Color>() {
        Ok(color) if colors.contains(&color) => Ok(color),
        _ => Err(AnswerError::NotAColour {
            answer: answer.to_owned(),
        }),
    }
}

impl<R: BufRead, W: Write> Agent<Game> for Person<'_, R, W> {
    fn choose(
        &mut self,
        _seat: Seat,
        observation: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        let offers = offers(legal);
        if offers.is_empty() {
            return Err(Stop::NoAction);
        }
        self.show(observation, &offers)?;
        let offer = match self
            .console
            .ask(PLAY_PROMPT, |answer| {
                or_quit(answer, |answer| {
                    or_rules(answer, &self.rules)?;
                    parse_play(answer, observation, &offers)
                })
            })?
            .ok_or(Stop::InputEnded)?
        {
            Reply::Answer(offer) => offer,
            Reply::Quit => return Err(Stop::Quit),
        };
        let Some(card) = offer else {
            return Ok(Action::Draw);
        };
        let colors = colors_for(legal, card);
        if colors.is_empty() {
            return Ok(Action::Play { card, chosen: None });
        }
        let color = match self
            .console
            .ask(COLOR_PROMPT, |answer| {
                or_quit(answer, |answer| {
                    or_rules(answer, &self.rules)?;
                    parse_color(answer, &colors)
                })
            })?
            .ok_or(Stop::InputEnded)?
        {
            Reply::Answer(color) => color,
            Reply::Quit => return Err(Stop::Quit),
        };
        Ok(Action::Play {
            card,
            chosen: Some(color),
        })
    }
}

/// The seats of a game with one person: `seat` is `person`, every other seat plays its
/// strategy.
#[derive(Debug)]
pub struct Table<A> {
    /// Each seat's strategy, in seating order (the person's is not used).
    pub strategies: Vec<Strategy>,
    /// The person's seat.
    pub seat: Seat,
    /// The person.
    pub person: A,
}

impl<A: Agent<Game>> Agent<Game> for Table<A> {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &Observation<'_>,
        legal: &[Action],
    ) -> Result<Action, Stop> {
        if seat == self.seat {
            self.person.choose(seat, observation, legal)
        } else {
            self.strategies.choose(seat, observation, legal)
        }
    }
}

/// How a console game ended: played to its end, quit, or the input ended (the one
/// type of every game, [`cards_core::console::Ending`]).
pub type Ending = cards_core::console::Ending<NoWinner>;

/// Why a console game stopped other than by its end, a quit or the end of input: an I/O
/// error (`PlayError::Stopped(Stop::Io(_))`), or a bug (a refused step, a broken
/// invariant); the one type of every game, [`cards_core::console::ConsoleError`].
pub type ConsoleError = cards_core::console::ConsoleError<Refusal>;

/// How the console shows a game: its rule set's words and the binary's style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule set played, as the person is told it (Assignment 2 numbers its players,
    /// Assignment 4 names them; `?` shows its rules).
    pub variant: Variant,
    /// How the cards are written, and whether the colour after an 8 is announced.
    pub style: Style,
}

/// Plays `game` (dealt from `chance`, the person in the seat [`Game::with_person`]
/// marks, each other seat choosing with its player's strategy), writing every step to
/// `tape` as it is taken (the person's and the strategies', for `--record FILE`: kept
/// whatever the ending, a quit or the input ending too). The game's lines (as
/// [`Narrator`] tells them, in the options' style) and the person's prompts come out in
/// order, so this loop calls [`Driver::step`].
pub fn play<R: BufRead, W: Write>(
    game: &mut Game,
    chance: &mut ChanceSource<DeckOrder>,
    console: &mut Console<R, W>,
    options: &Options,
    tape: &mut Tape<Game>,
) -> Result<Ending, ConsoleError> {
    let Options { variant, style } = *options;
    let seat = game.person().ok_or(PlayError::Invariant(
        "a game at the console has a person in one seat",
    ))?;
    if game.rules() != variant.rules() {
        return Err(PlayError::Invariant(
            "the game is played under another rule set",
        ));
    }
    let names = seat_names(variant, game.players().iter().map(Player::name));
    let narrator = Narrator::new(style, seat, names.clone());
    let mut table = Table {
        strategies: game.players().iter().map(Player::strategy).collect(),
        seat,
        person: Person::new(console, names.clone())
            .with_style(style)
            .with_rules(rules_text(variant)),
    };
    welcome(table.person.output(), variant, &names, seat).map_err(Stop::Io)?;
    let mut driver = Driver::new();
    loop {
        match driver.step(game, chance, &mut table) {
            Ok(Some(step)) => {
                tape.push(&step);
                for event in driver.events() {
                    let out = table.person.output();
                    narrator.write_event(out, game, event).map_err(Stop::Io)?;
                }
            }
            Ok(None) => {
                let outcome = game.outcome().ok_or(PlayError::Invariant("no outcome"))?;
                return Ok(Ending::Over(outcome));
            }
            Err(PlayError::Stopped(Stop::InputEnded)) => {
                // The open question's line ends; why the game stopped goes to stderr.
                writeln!(table.person.output()).map_err(Stop::Io)?;
                return Ok(Ending::InputEnded);
            }
            Err(PlayError::Stopped(Stop::Quit)) => {
                // As Quattro: the prompt's line ends, then the closing line.
                writeln!(table.person.output(), "\n{QUIT}").map_err(Stop::Io)?;
                return Ok(Ending::Quit);
            }
            Err(error) => return Err(error),
        }
    }
}

/// The seats' names as the person's mode says them: Assignment 2 numbers its players
/// (`player 2`), Assignment 4 names them.
pub fn seat_names<'a>(variant: Variant, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    names
        .map(|name| match variant.is_assignment_2() {
            true => format!("player {name}"),
            false => name.to_owned(),
        })
        .collect()
}

/// The first lines of a game with a person: the game, who plays, and the two answers
/// that work at every question (`?` for the rules, `q` to quit).
fn welcome(out: &mut impl Write, variant: Variant, names: &[String], seat: Seat) -> io::Result<()> {
    let others: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|&(at, _)| at != seat)
        .map(|(_, name)| name.as_str())
        .collect();
    let me = names.get(seat).map_or("?", String::as_str);
    writeln!(
        out,
        "Ochos Locos ({}): you play {me} against {}.",
        variant.name(),
        cards_core::names::and_list(others)
    )?;
    writeln!(out, "Type ? at a question for the rules, q to quit.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn game(variant: Variant, deal: &str) -> Game {
        let deal = crate::files::parse_deal(variant, deal).unwrap();
        deal.to_game(variant).unwrap()
    }

    /// A refused answer is a typed error that says which rule refused it, with the
    /// sentence the console prints.
    #[test]
    fn a_refused_answer_names_its_reason() {
        let game = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R4 R5 R6 R7\nG1\nY1 Y2\n",
        );
        let observation = game.observe(0).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let offers = offers(&legal);
        let hint = "type a card (like G8) or its number (1 to 3)".to_owned();
        assert_eq!(
            parse_play("R1", &observation, &offers),
            Err(AnswerError::NotInHand {
                card: "R1".parse().unwrap(),
                hint: hint.clone()
            })
        );
        let b4 = parse_play("B4", &observation, &offers).unwrap_err();
        assert!(matches!(b4, AnswerError::CannotPlay { .. }), "{b4:?}");
        assert_eq!(
            b4.to_string(),
            format!(
                "B4 cannot be played now, it matches neither the colour nor the number of G1: {hint}."
            )
        );
        assert_eq!(
            parse_play("d", &observation, &offers),
            Err(AnswerError::MustPlay { hint })
        );
        assert_eq!(
            parse_color("mauve", &Color::ALL),
            Err(AnswerError::NotAColour {
                answer: "mauve".to_owned()
            })
        );
    }

    /// The person's choice in `game` given `answers`, and what they were shown.
    fn ask(game: &Game, answers: &str) -> (Result<Action, Stop>, String) {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let names = vec!["Alice".to_owned(), "Bob".to_owned()];
        let mut console = Console::new(answers.as_bytes(), Vec::new());
        let mut person = Person::new(&mut console, names);
        let choice = person.choose(0, &game.observe(0).unwrap(), &legal);
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        (choice, shown)
    }

    #[test]
    fn a_person_names_a_card_or_its_number_and_the_color_of_an_8() {
        let g = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R3 R4 R5 R6\nG1\nY1 Y2\n",
        );
        let (choice, shown) = ask(&g, "b4\nx\n1\nblue\n");
        assert_eq!(
            choice.ok(),
            Some(Action::Play {
                card: "G8".parse().unwrap(),
                chosen: Some(Color::Blue)
            })
        );
        assert_eq!(
            shown,
            "Your turn, Alice.\nBob holds 5, the deck 2\nYour hand: G8 B4 G3 Y3 G2\nTo match: G1\n\
             Your plays: 1) G8 2) G3 3) G2\n\
             Your play (? rules, q quits): B4 cannot be played now, it matches neither the colour nor the \
             number of G1: type a card (like G8) or its number (1 to 3).\n\
             Your play (? rules, q quits): 'x' is not a play: type a card (like G8) or its \
             number (1 to 3).\n\
             Your play (? rules, q quits): Colour to follow (R, Y, G or B; ? rules, q quits): "
        );
        let (choice, _) = ask(&g, "G3\n");
        assert!(matches!(choice, Ok(Action::Play { chosen: None, .. })));
        let (choice, _) = ask(&g, "d\n4\n");
        assert!(matches!(choice, Err(Stop::InputEnded)));
    }

    #[test]
    fn a_person_at_a_terminal_sees_cards_in_color() {
        let g = game(
            Variant::Faciles,
            "2\nAlice R2 B3 R4 R5 R6\nBob B1 Y3 B4 B5 B6\nG1\nY1 Y2\n",
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let names = vec!["Alice".to_owned(), "Bob".to_owned()];
        let style = Style {
            cards: cards_core::paint::CardStyle::Ansi,
            ..Style::default()
        };
        let mut console = Console::new(&b"d\n"[..], Vec::new());
        let mut person = Person::new(&mut console, names).with_style(style);
        assert_eq!(
            person.choose(0, &g.observe(0).unwrap(), &legal).ok(),
            Some(Action::Draw)
        );
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        let (r, b, g, end) = ("\x1b[31m", "\x1b[34m", "\x1b[32m", "\x1b[0m");
        assert_eq!(
            shown,
            format!(
                "Your turn, Alice.\n\
                 Bob holds 5, the deck 2\n\
                 Your hand: {r}R2{end} {b}B3{end} {r}R4{end} {r}R5{end} {r}R6{end}\n\
                 To match: {g}G1{end}\nYour plays: 1) draw\nYour play (? rules, q quits): "
            )
        );
    }

    /// Facing a 2 with a 2 in hand, the rule leaves no draw, and the prompt says so
    /// (Assignment 4, Part III: the next player answers with a 2 or, holding none,
    /// misses the turn and draws); `d` is refused with the rule's reason.
    #[test]
    fn facing_a_2_the_prompt_and_the_refusal_of_a_draw_agree_with_the_rule() {
        let mut g = game(
            Variant::Completos,
            "2\nAlice B G2 B4 G3 Y3 G5\nBob B R1 Y2 R4 R5 R6\nG1\nY1 Y7\n",
        );
        let two = Action::Play {
            card: "G2".parse().unwrap(),
            chosen: None,
        };
        g.apply(two, &mut cards_core::protocol::Ignore).unwrap();
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let names = vec!["Alice".to_owned(), "Bob".to_owned()];
        let mut console = Console::new(&b"d\n1\n"[..], Vec::new());
        let mut person = Person::new(&mut console, names);
        assert_eq!(
            person.choose(1, &g.observe(1).unwrap(), &legal).ok(),
            Some(Action::Play {
                card: "Y2".parse().unwrap(),
                chosen: None
            })
        );
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(
            shown,
            "Your turn, Bob.\nAlice holds 4, the deck 2\nYour hand: R1 Y2 R4 R5 R6\n\
             To match: G2, a 2 to answer: lay a 2 (you hold one, so you may not take the 2 \
             cards instead)\n\
             Your plays: 1) Y2\n\
             Your play (? rules, q quits): You may not draw while you hold a 2 to answer \
             with: type a card (like Y2) or its number (1).\n\
             Your play (? rules, q quits): "
        );
    }

    /// `?` shows the rules of the rule set played, then asks again, at both questions.
    #[test]
    fn a_question_mark_shows_the_rules_and_asks_again() {
        let g = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R3 R4 R5 R6\nG1\nY1 Y2\n",
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let names = vec!["Alice".to_owned(), "Bob".to_owned()];
        let rules = rules_text(Variant::Completos);
        let mut console = Console::new(&b"?\n1\n ? \nB\n"[..], Vec::new());
        let mut person = Person::new(&mut console, names).with_rules(rules.clone());
        assert_eq!(
            person.choose(0, &g.observe(0).unwrap(), &legal).ok(),
            Some(Action::Play {
                card: "G8".parse().unwrap(),
                chosen: Some(Color::Blue)
            })
        );
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown.matches(rules.as_str()).count(), 2, "{shown}");
        assert!(shown.contains(&format!("{PLAY_PROMPT}{rules}{PLAY_PROMPT}")));
        assert!(shown.ends_with(&format!("{COLOR_PROMPT}{rules}{COLOR_PROMPT}")));
    }

    #[test]
    fn q_or_quit_quits_at_the_play_and_at_the_colour() {
        let g = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R3 R4 R5 R6\nG1\nY1 Y2\n",
        );
        for answers in [
            "q\n",
            "Q\n",
            " quit \n",
            "QUIT\n",
            "x\nq\n",
            "1\nq\n",
            "g8\n Quit\n",
        ] {
            let (choice, shown) = ask(&g, answers);
            assert!(matches!(choice, Err(Stop::Quit)), "{answers:?}: {choice:?}");
            assert!(
                !shown.contains("'q") && !shown.contains("uit'"),
                "{answers:?}: {shown}"
            );
        }
        // Only the whole answer quits.
        let (choice, shown) = ask(&g, "qq\n");
        assert!(matches!(choice, Err(Stop::InputEnded)));
        assert!(shown.contains("'qq' is not a play"), "{shown}");
        let (choice, shown) = ask(&g, "1\nquitting\n");
        assert!(matches!(choice, Err(Stop::InputEnded)));
        assert!(shown.contains("'quitting' is not a colour"), "{shown}");
    }

    #[test]
    fn a_person_with_nothing_to_play_draws() {
        let g = game(
            Variant::Faciles,
            "2\nAlice R2 R3 R4 R5 R6\nBob B1 B3 B4 B5 B6\nG1\nY1 Y2\n",
        );
        let (choice, shown) = ask(&g, "R2\nDRAW\n");
        assert_eq!(choice.ok(), Some(Action::Draw));
        assert!(shown.contains("Your plays: 1) draw\n"), "{shown}");
        assert!(shown.contains("R2 cannot be played now"), "{shown}");
    }
}

//! Quattro's recorded games (`quattro --record FILE`, `quattro replay FILE`, the web
//! page's step-through): the workspace's one recording format ([`cards_core::replay`])
//! with Quattro's words in it.
//!
//! The options rebuild a [`Game`] before its deal, whatever table it has: `rules=quattro`
//! or `rules=uno`, `max-turns=N`, and one option a seat in seat order,
//! `seatN=human:NAME` or `seatN=bot:Player K` (a bot is always named `Player K`,
//! [`Player::bot`], after its seat or another). A human's name must be one the console
//! takes ([`validate_name`]), since the replay prints it at the terminal: a person whom
//! a program named otherwise (an escape sequence, a character a person cannot see
//! ([`cards_core::invisible::is_hidden`]), a bot's name) is refused on replay. The
//! actions are what the person types at the move question, for every seat: a card's code in any case (`R5`, `b+2`, [`console::parse_selection`] reads
//! it), `d` for a draw, and a wild card with the colour it names in one token, the code,
//! a colon and the colour's letter or name ([`console::parse_color`] reads it): `W:G`,
//! `W+4:b`; a wild card played as the last card names none (`W`). The shuffles come
//! again from the seed: a game dealt from a deck file cannot be recorded.

use std::io::{self, Write};

use cards_core::input::quoted;
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recorded, ReplayError};

use crate::console;
use crate::error::validate_name;
use crate::game::{Action, Event, Game};
use crate::player::Player;
use crate::render::{self, Perspective};
use crate::rules::PLAYERS;
use crate::rules::Rules;
use cards_core::console::is_quit;
use cards_core::paint::CardStyle;

/// The game's name in a recording.
pub const GAME: &str = "quattro";

/// What every option is, for the message refusing one that is none.
const EXPECTED: &str =
    "not rules=RULES, max-turns=N or seat1= to seat4= (human:NAME or bot:Player N), or given twice";

impl Recorded for Game {
    const GAME: &'static str = GAME;

    fn options(&self) -> Vec<String> {
        let mut options = vec![
            format!("rules={}", self.rules()),
            format!("max-turns={}", self.max_turns()),
        ];
        options.extend(self.players().iter().enumerate().map(|(seat, player)| {
            let kind = if player.is_human() { "human" } else { "bot" };
            format!("seat{}={kind}:{}", seat + 1, player.name())
        }));
        options
    }

    fn from_options(options: &[String]) -> Result<Game, ReplayError> {
        let (mut rules, mut max_turns) = (None, None);
        let mut seats: [Option<Player>; PLAYERS] = Default::default();
        for option in options {
            let bad = |why: &str| ReplayError::Options(format!("`{}`: {why}", quoted(option)));
            let Some((key, value)) = option.split_once('=') else {
                return Err(bad(EXPECTED));
            };
            match key {
                "rules" if rules.is_none() => {
                    rules = Some(
                        value
                            .parse::<Rules>()
                            .map_err(|error| bad(&error.to_string()))?,
                    );
                }
                "max-turns" if max_turns.is_none() => {
                    max_turns = Some(value.parse::<u32>().map_err(|_| {
                        bad("the turn limit is a whole number from 0 to 4294967295")
                    })?);
                }
                _ => match seat_of(key) {
                    Some(seat) if seats[seat].is_none() => {
                        seats[seat] = Some(player(value).map_err(|why| bad(&why))?);
                    }
                    _ => return Err(bad(EXPECTED)),
                },
            }
        }
        let missing = |what: &str| ReplayError::Options(format!("{what} is missing"));
        let rules = rules.ok_or_else(|| missing("rules=RULES"))?;
        let max_turns = max_turns.ok_or_else(|| missing("max-turns=N"))?;
        let mut players = Vec::with_capacity(PLAYERS);
        for (seat, player) in seats.into_iter().enumerate() {
            players.push(player.ok_or_else(|| missing(&format!("seat{}=", seat + 1)))?);
        }
        let players: [Player; PLAYERS] = players
            .try_into()
            .map_err(|_| ReplayError::Invariant("four seats make four players".to_owned()))?;
        Ok(Game::new(rules, players, max_turns))
    }

    /// The answer that takes the action at the move question: the card's code, `d` for
    /// a draw, `W:G` for a wild card naming green.
    fn token(action: &Action) -> String {
        match *action {
            Action::Draw => "d".to_owned(),
            Action::Play { card, color: None } => card.to_string(),
            Action::Play {
                card,
                color: Some(color),
            } => format!("{card}:{}", color.letter()),
        }
    }

    fn parse_token(&self, token: &str) -> Result<Action, String> {
        if is_quit(token) {
            return Err("a quit is not recorded as an action".to_owned());
        }
        if token.trim() == "?" {
            return Err("`?` shows the rules: it is not recorded as an action".to_owned());
        }
        let view = match self.actor() {
            Actor::Seat(seat) => self.view(seat),
            Actor::Chance | Actor::Over => None,
        }
        .ok_or("nobody is to move here")?;
        let (answer, color) = match token.split_once(':') {
            Some((answer, color)) => (answer, Some(color)),
            None => (token, None),
        };
        let action = console::parse_selection(answer, &view).map_err(|error| error.to_string())?;
        let action = match (action, color) {
            (Action::Play { card, color: None }, Some(color)) => Action::Play {
                card,
                color: Some(console::parse_color(color).map_err(|error| error.to_string())?),
            },
            (Action::Draw, Some(_)) => return Err("a draw names no colour".to_owned()),
            (action, _) => action,
        };
        // A wild card without its colour, or a colour after another card.
        view.check_action(action)
            .map_err(|error| error.to_string())?;
        Ok(action)
    }
}

/// The seat of a `seatN` option's key (`seat1` is seat 0).
fn seat_of(key: &str) -> Option<usize> {
    let number = key.strip_prefix("seat")?;
    (1..=PLAYERS)
        .find(|n| number == n.to_string())
        .map(|n| n - 1)
}

/// The player of a seat option's value: `human:NAME` or `bot:Player K`.
fn player(value: &str) -> Result<Player, String> {
    match value.split_once(':') {
        Some(("human", name)) => match validate_name(name) {
            Ok(valid) if valid == name => Ok(Player::human(name)),
            Ok(_) => Err("a name has no blanks around it".to_owned()),
            Err(error) => Err(error.to_string()),
        },
        Some(("bot", name)) => name
            .strip_prefix("Player ")
            .and_then(|number| number.parse::<usize>().ok())
            .filter(|&number| number >= 1)
            .map(|number| Player::bot(number - 1))
            .filter(|bot| bot.name() == name)
            .ok_or_else(|| "a bot is named Player N (N from 1)".to_owned()),
        _ => Err("a seat is human:NAME or bot:Player N".to_owned()),
    }
}

/// Reads a recorded game of Quattro and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::frames(text)
}

/// Writes one position in plain text: see [`show_in`].
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    show_in(frame, out, CardStyle::Plain)
}

/// Writes one position, its cards in `style`: what its step did, in the console's own
/// lines, told to the person (the first human seat) as `quattro --reveal` tells it; then
/// whose turn it is (before the person's move, the summary the console shows them), or
/// what chance does next; and every hand, since the game has been played and nothing is
/// secret any more. The last position of a game played out says who won or why nobody
/// did.
pub fn show_in(frame: &Frame<Game>, out: &mut impl Write, style: CardStyle) -> io::Result<()> {
    let game = &frame.state;
    let who = Perspective {
        human: (0..PLAYERS).find(|&seat| game.player(seat).is_human()),
        reveal: true,
        style,
    };
    let name = |seat: usize| game.player(seat).name();
    match &frame.step {
        None => {
            let others: Vec<&str> = (1..PLAYERS).map(name).collect();
            let title = match game.rules() {
                Rules::Quattro => "Quattro",
                Rules::Uno => "Quattro with Uno rules",
            };
            writeln!(
                out,
                "{title}: {} against {} and {}; at most {}.",
                name(0),
                others[..others.len() - 1].join(", "),
                others[others.len() - 1],
                cards_core::names::count_of(u64::from(game.max_turns()), "turn")
            )?;
        }
        // A draw that waits for a reshuffle has no event of its own yet.
        Some(Step::Action {
            seat,
            action: Action::Draw,
        }) if frame.events.is_empty() => {
            if who.human == Some(*seat) {
                writeln!(out, "You draw.")?;
            } else {
                writeln!(out, "{} draws.", name(*seat))?;
            }
        }
        Some(_) => {}
    }
    for event in &frame.events {
        match *event {
            Event::Dealt { top } => render::opening(out, game, top, who)?,
            _ => render::event(out, game, event, who)?,
        }
    }
    match game.actor() {
        Actor::Seat(seat) => {
            if let (Some(view), true) = (game.view(seat), who.human == Some(seat)) {
                let names = game.players().clone().map(|p| p.name().to_owned());
                render::status(out, &names, &view, style)?;
            } else {
                writeln!(out)?;
                writeln!(out, "{}'s turn.", name(seat))?;
                if let Some(top) = game.top() {
                    let top_card = style.card(top);
                    if top.is_wild() {
                        let color = style.color_name(game.color());
                        writeln!(out, "Top card: {top_card} (colour to follow: {color})")?;
                    } else {
                        writeln!(out, "Top card: {top_card}")?;
                    }
                }
            }
            // Every hand but the one the person's status has just shown.
            for other in (0..PLAYERS).filter(|&other| other != seat || who.human != Some(seat)) {
                render::revealed_hand(out, game, other, style)?;
            }
        }
        Actor::Chance if game.top().is_none() => writeln!(out, "The cards are dealt next.")?,
        Actor::Chance => writeln!(
            out,
            "The draw pile is empty: the discards under the top card are shuffled next."
        )?,
        Actor::Over => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Bot;
    use cards_core::replay::{MAX_STEPS, Recording};
    use pretty_assertions::assert_eq;

    /// The table of `quattro`: Ann in seat 1 against the three bots.
    fn with_ann(rules: Rules, max_turns: u32) -> Game {
        let mut players = crate::simulate::bots();
        players[0] = Player::human("Ann");
        Game::new(rules, players, max_turns)
    }

    /// A game the protocol's own loop plays with the bots at every seat (the person's
    /// too), its actions and events written down as it goes; also the game at its end.
    fn played(start: &Game, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        cards_core::testing::played(start, seed, &mut Bot).unwrap()
    }

    fn text_of(frame: &Frame<Game>) -> String {
        let mut out = Vec::new();
        show(frame, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_end() {
        let mut kinds = (false, false, false);
        for rules in [Rules::Quattro, Rules::Uno] {
            for start in [
                with_ann(rules, 1000),
                Game::new(rules, crate::simulate::bots(), 1000),
                with_ann(rules, 7),
            ] {
                for seed in [1, 7, 88, 1810, u64::MAX] {
                    let (actions, events, end) = played(&start, seed);
                    let json = Game::recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let replayed: Vec<Event> =
                        frames.iter().flat_map(|f| f.events.clone()).collect();
                    assert_eq!(replayed, events, "{rules} seed {seed}");
                    let last = &frames[frames.len() - 1];
                    assert_eq!(last.state, end);
                    assert_eq!(frames[0].state, start);
                    // Each frame shows on whole lines; the last says how the game ended.
                    for frame in &frames {
                        assert!(text_of(frame).ends_with('\n'));
                    }
                    let shown = text_of(last);
                    match end.outcome() {
                        Some(cards_core::protocol::Outcome::Winner { seat }) => {
                            kinds.0 = true;
                            assert!(shown.contains("wins the game") || shown.contains("you win"));
                            assert!(shown.contains(end.player(seat).name()), "{shown}");
                        }
                        _ => {
                            kinds.1 = true;
                            assert!(shown.contains("ends with no winner"), "{shown}");
                        }
                    }
                    // Wild cards with their colour and draws among the tokens.
                    let tokens = Game::recording(&start, seed, &actions).actions;
                    kinds.2 |=
                        tokens.iter().any(|t| t.contains(':')) && tokens.iter().any(|t| t == "d");
                }
            }
        }
        assert_eq!(kinds, (true, true, true));
    }

    #[test]
    fn options_rebuild_the_game_and_tokens_read_back() {
        let start = with_ann(Rules::Uno, 250);
        assert_eq!(
            start.options(),
            [
                "rules=uno",
                "max-turns=250",
                "seat1=human:Ann",
                "seat2=bot:Player 2",
                "seat3=bot:Player 3",
                "seat4=bot:Player 4"
            ]
        );
        assert_eq!(Game::from_options(&start.options()).unwrap(), start);
        // Any table the library builds: a bot named after another seat, two people.
        let odd = Game::new(
            Rules::Quattro,
            [
                Player::bot(3),
                Player::human("Zoë O'Neil"),
                Player::human("Player 1"),
                Player::bot(0),
            ],
            0,
        );
        let mut shuffled = odd.options();
        shuffled.reverse();
        assert_eq!(Game::from_options(&shuffled).unwrap(), odd);
        // The web page's table: its person is named `You`.
        let web = Game::new(
            Rules::Uno,
            [
                Player::human("You"),
                Player::bot(1),
                Player::bot(2),
                Player::bot(3),
            ],
            crate::DEFAULT_MAX_TURNS,
        );
        assert_eq!(Game::from_options(&web.options()).unwrap(), web);

        let (actions, _, _) = played(&start, 88);
        let recording = Game::recording(&start, 88, &actions);
        let frames = frames(&recording.to_json()).unwrap();
        let mut seen = 0;
        for (frame, next) in frames.iter().zip(&frames[1..]) {
            if let Some(Step::Action { action, .. }) = &next.step {
                let token = Game::token(action);
                assert_eq!(frame.state.parse_token(&token), Ok(*action), "{token}");
                assert_eq!(
                    frame.state.parse_token(&token.to_lowercase()),
                    Ok(*action),
                    "{token}"
                );
                seen += 1;
            }
        }
        assert_eq!(seen, actions.len());
    }

    fn options_error(options: &[&str]) -> String {
        let options: Vec<String> = options.iter().map(|&o| o.to_owned()).collect();
        Game::from_options(&options).unwrap_err().to_string()
    }

    #[test]
    fn bad_missing_or_repeated_options_are_refused_by_name() {
        let good = [
            "rules=quattro",
            "max-turns=1000",
            "seat1=human:Ann",
            "seat2=bot:Player 2",
            "seat3=bot:Player 3",
            "seat4=bot:Player 4",
        ];
        let with = |at: usize, option: &str| {
            let mut options = good.to_vec();
            options[at] = option;
            options_error(&options)
        };
        assert_eq!(
            with(0, "rules=uni"),
            "options: `rules=uni`: unknown rule set 'uni': use quattro or uno"
        );
        assert_eq!(
            with(1, "max-turns=-1"),
            "options: `max-turns=-1`: the turn limit is a whole number from 0 to 4294967295"
        );
        assert_eq!(
            with(2, "seat1=human: Ann"),
            "options: `seat1=human: Ann`: a name has no blanks around it"
        );
        assert_eq!(
            with(2, "seat1=human:Ann\u{1b}[2J"),
            "options: `seat1=human:Ann\\u{1b}[2J`: A name is made of letters, digits, \
             spaces and punctuation: please type it again."
        );
        assert_eq!(
            with(3, "seat2=bot:Bob"),
            "options: `seat2=bot:Bob`: a bot is named Player N (N from 1)"
        );
        assert_eq!(
            with(3, "seat2=bot:Player 02"),
            "options: `seat2=bot:Player 02`: a bot is named Player N (N from 1)"
        );
        assert_eq!(
            with(3, "seat2=robot"),
            "options: `seat2=robot`: a seat is human:NAME or bot:Player N"
        );
        assert_eq!(
            with(3, "seat1=bot:Player 1"),
            format!("options: `seat1=bot:Player 1`: {EXPECTED}")
        );
        assert_eq!(
            with(3, "seat5=bot:Player 5"),
            format!("options: `seat5=bot:Player 5`: {EXPECTED}")
        );
        assert_eq!(
            with(3, "players"),
            format!("options: `players`: {EXPECTED}")
        );
        // The second of two names the option given twice.
        assert_eq!(
            with(0, "max-turns=5"),
            format!("options: `max-turns=1000`: {EXPECTED}")
        );
        assert_eq!(options_error(&good[1..]), "options: rules=RULES is missing");
        assert_eq!(options_error(&good[..5]), "options: seat4= is missing");
        assert_eq!(
            options_error(&[good[0], good[2], good[3], good[4], good[5]]),
            "options: max-turns=N is missing"
        );
    }

    /// A game of Uno rules dealt, at Ann's first move: its recording (no actions yet),
    /// and the game.
    fn dealt(seed: u64) -> (Recording, Game) {
        let start = with_ann(Rules::Uno, 1000);
        let recording = Game::recording(&start, seed, &[]);
        let frames = frames(&recording.to_json()).unwrap();
        (recording, frames[frames.len() - 1].state.clone())
    }

    #[test]
    fn tokens_that_are_no_action_here_are_refused_with_the_consoles_reason() {
        let (_, game) = dealt(88);
        let view = game.view(0).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        for refused in [
            "q", "QUIT", "?", "", "X9", "d:G", "R5:G", "W", "W:pink", "W+4::G",
        ] {
            let why = game.parse_token(refused);
            assert!(why.is_err(), "{refused:?}: {why:?}");
            assert!(!why.unwrap_err().contains('\n'));
        }
        assert_eq!(
            game.parse_token("q"),
            Err("a quit is not recorded as an action".to_owned())
        );
        assert_eq!(
            game.parse_token("X9"),
            Err(
                "'X9' is not a card: type a code as shown in your hand (such as R5), or draw."
                    .to_owned()
            )
        );
        // Every legal action's token reads back as that action.
        for action in &legal {
            assert_eq!(game.parse_token(&Game::token(action)), Ok(*action));
        }
        // A card not held is refused as the console refuses it.
        let not_held = crate::rules::Rules::Uno
            .deck()
            .into_iter()
            .find(|card| !view.hand.contains(card))
            .unwrap();
        assert_eq!(
            game.parse_token(&not_held.to_string()),
            Err(format!(
                "You don't hold {not_held}: choose a card from your hand."
            ))
        );
    }

    #[test]
    fn an_illegal_token_or_one_after_the_end_is_refused_by_its_step() {
        let start = with_ann(Rules::Quattro, 1000);
        let (actions, _, _) = played(&start, 7);
        let mut illegal = Game::recording(&start, 7, &actions);
        illegal.actions[0] = "Y12".to_owned();
        let error = frames(&illegal.to_json()).unwrap_err().to_string();
        assert_eq!(
            error,
            "step 1: `Y12`: 'Y12' is not a card: type a code as shown in your hand (such as \
             R5), or draw."
        );
        let mut long = Game::recording(&start, 7, &actions);
        long.actions.push("d".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `d`: the game is already over", long.actions.len())
        );
        // A game that stopped (quit) replays to the turn where it stopped.
        let mut short = Game::recording(&start, 7, &actions);
        short.actions.truncate(5);
        let frames = frames(&short.to_json()).unwrap();
        assert!(matches!(
            frames[frames.len() - 1].state.actor(),
            Actor::Seat(_)
        ));
    }

    /// A file of more actions than a replay keeps steps is refused before anything is
    /// replayed, whatever its actions.
    #[test]
    fn a_file_longer_than_any_game_is_refused() {
        let start = with_ann(Rules::Quattro, u32::MAX);
        let mut long = Game::recording(&start, 1, &[]);
        long.actions = vec!["d".to_owned(); MAX_STEPS + 1];
        assert_eq!(frames(&long.to_json()).unwrap_err(), ReplayError::TooLong);
    }

    /// Issue 37: a name with characters a person cannot see (a variation selector, a
    /// tag character, a Hangul filler), which the console took, was shown raw. The
    /// console refuses them now, and so does the replay, never showing them.
    #[test]
    fn invisible_characters_in_a_name_are_refused() {
        for name in ["Ann\u{2764}\u{fe0f}", "Ann\u{e0041}", "\u{3164}"] {
            let mut options = with_ann(Rules::Quattro, 1000).options();
            assert_eq!(options[2], "seat1=human:Ann");
            options[2] = format!("seat1=human:{name}");
            let file = Recording::new(GAME, options, 88).to_json();
            let refused = frames(&file).unwrap_err().to_string();
            assert!(refused.contains("A name is made of letters"), "{refused}");
            assert!(
                !refused.contains(['\u{fe0f}', '\u{e0041}', '\u{3164}']),
                "{refused}"
            );
        }
    }

    #[test]
    fn the_start_and_a_persons_turn_are_shown_in_the_consoles_words() {
        let (_, game) = dealt(88);
        let start = with_ann(Rules::Uno, 1000);
        let frames = frames(&Game::recording(&start, 88, &[]).to_json()).unwrap();
        assert_eq!(
            text_of(&frames[0]),
            "Quattro with Uno rules: Ann against Player 2, Player 3 and Player 4; at most \
             1000 turns.\nThe cards are dealt next.\n"
        );
        let shown = text_of(&frames[1]);
        assert!(
            shown.starts_with("Welcome to Quattro with Uno rules, Ann! You play against"),
            "{shown}"
        );
        assert!(!shown.contains("Type ?"), "{shown}");
        assert!(shown.contains("\nYour turn, Ann.\nTop card: "), "{shown}");
        for bot in 1..PLAYERS {
            let hand: Vec<String> = game
                .player(bot)
                .hand()
                .iter()
                .map(|c| c.to_string())
                .collect();
            assert!(
                shown.contains(&format!("(Player {} holds {})\n", bot + 1, hand.join(" "))),
                "{shown}"
            );
        }
    }
}

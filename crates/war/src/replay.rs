//! War's recorded games (`war --record FILE`, `war replay FILE`, the web page's
//! step-through): the workspace's one recording format ([`cards_core::replay`]) with
//! War's words in it.
//!
//! The options are the rules, as the command line spells them: `players=N` (2 to 8;
//! the players are named by their seats, `Player 1` to `Player N`, so the number is
//! their names too), `order=shuffled` or `order=fixed` (how won cards go under the
//! winner's pile) and `max-battles=N` (the battle cap). A game built from piles
//! ([`Game::from_piles`]) also has its piles, `pile-1=AS KC QC` … one per player, top
//! card first; a game dealt from the seed has none.
//!
//! The one action, [`Action::Battle`], is written `1`: the answer at the prompt that
//! plays one battle ("a number: that many"), read back by the console's own parser
//! ([`console::parse_answer`]), so the file's actions are answers the prompt takes, and
//! fed to `war --seed S` they play the same game again. (`b` would read better, but the
//! prompt refuses it, and in the step-through it means back.) An answer that is not
//! exactly one battle (`5`, `h`, `q`) is not an action.
//!
//! The steps of a replay are the deal, each battle with its wars, and with shuffled
//! returns each take of the table (the order the won cards go under the pile): the
//! chance outcomes come again from the seed, so a game dealt from a deck file cannot be
//! recorded.

use std::io::{self, Write};

use cards_core::input::quoted;
use cards_core::names::plural;
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recorded, ReplayError};

use crate::card::Card;
use crate::console::{self, Answer};
use crate::deck::ChanceNode;
use crate::game::{Action, Event, Game};
use crate::render::{render_events, render_hands, render_summary, rules_text};
use crate::rules::{MAX_PLAYERS, MIN_PLAYERS};
use crate::rules::{Rules, WonCardOrder};

/// The game's name in a recording.
pub const GAME: &str = "war";

/// The token of [`Action::Battle`]: the answer that plays one battle.
pub const BATTLE: &str = "1";

/// The option's word for an [`WonCardOrder`].
fn order_word(order: WonCardOrder) -> &'static str {
    match order {
        WonCardOrder::Shuffled => "shuffled",
        WonCardOrder::Fixed => "fixed",
    }
}

impl Recorded for Game {
    const GAME: &'static str = GAME;

    /// `players=N`, `order=…`, `max-battles=N`, and for a game built from piles (one not
    /// waiting for its deal) its piles, `pile-1=…` to `pile-N=…`, top card first. The
    /// piles are the players' cards now: before the first battle, the piles it started
    /// from.
    fn options(&self) -> Vec<String> {
        let rules = self.rules();
        let mut options = vec![
            format!("players={}", rules.players()),
            format!("order={}", order_word(rules.order())),
            format!("max-battles={}", rules.max_battles()),
        ];
        if self.chance_node() != Some(ChanceNode::Deal) {
            for player in self.players() {
                let cards: Vec<String> = player.cards().map(|card| card.to_string()).collect();
                options.push(format!("pile-{}={}", player.seat() + 1, cards.join(" ")));
            }
        }
        options
    }

    /// The game waiting for its deal, or with `pile-N` options the game starting from
    /// those piles. Each option once; `players`, `order` and `max-battles` are needed,
    /// and piles are given for every player or for none.
    fn from_options(options: &[String]) -> Result<Game, ReplayError> {
        let (mut players, mut order, mut max_battles) = (None, None, None);
        let mut piles: [Option<Vec<Card>>; MAX_PLAYERS] = Default::default();
        for option in options {
            let bad = |why: &str| ReplayError::Options(format!("`{}`: {why}", quoted(option)));
            let Some((key, value)) = option.split_once('=') else {
                return Err(bad("not key=value"));
            };
            match key {
                "players" if players.is_none() => {
                    players = Some(
                        value
                            .parse::<usize>()
                            .ok()
                            .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
                            .ok_or_else(|| bad("War is played by 2 to 8 players"))?,
                    );
                }
                "order" if order.is_none() => {
                    order = Some(match value {
                        "shuffled" => WonCardOrder::Shuffled,
                        "fixed" => WonCardOrder::Fixed,
                        _ => return Err(bad("the order is shuffled or fixed")),
                    });
                }
                "max-battles" if max_battles.is_none() => {
                    max_battles = Some(
                        value
                            .parse::<u64>()
                            .ok()
                            .filter(|&n| n >= 1)
                            .ok_or_else(|| bad("the battle cap is a number, 1 or more"))?,
                    );
                }
                _ => {
                    let seat = key
                        .strip_prefix("pile-")
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|n| (1..=MAX_PLAYERS).contains(n))
                        .map(|n| n - 1);
                    let Some(pile) = seat.and_then(|seat| piles.get_mut(seat)) else {
                        return Err(bad(
                            "not players=N, order=…, max-battles=N or pile-N=CARDS, or given \
                             twice",
                        ));
                    };
                    if pile.is_some() {
                        return Err(bad("given twice"));
                    }
                    let cards = value
                        .split_whitespace()
                        .map(str::parse::<Card>)
                        .collect::<Result<Vec<Card>, _>>()
                        .map_err(|error| bad(&error.to_string()))?;
                    *pile = Some(cards);
                }
            }
        }
        let (Some(players), Some(order), Some(max_battles)) = (players, order, max_battles) else {
            return Err(ReplayError::Options(
                "players=N, order=shuffled or fixed, and max-battles=N are all needed".to_owned(),
            ));
        };
        let rules = Rules::new(players)
            .and_then(|rules| rules.with_order(order).with_max_battles(max_battles))
            .map_err(|error| ReplayError::Options(error.to_string()))?;
        let given = piles.iter().filter(|pile| pile.is_some()).count();
        if given == 0 {
            return Ok(Game::new(rules));
        }
        if let Some(missing) = (0..players).find(|&seat| piles[seat].is_none()) {
            return Err(ReplayError::Options(format!(
                "pile-{} is missing: piles are given for every player or for none",
                missing + 1
            )));
        }
        if let Some(extra) = (players..MAX_PLAYERS).find(|&seat| piles[seat].is_some()) {
            return Err(ReplayError::Options(format!(
                "pile-{}: the game has {players} players",
                extra + 1
            )));
        }
        Game::from_piles(rules, piles.into_iter().take(players).flatten())
            .map_err(|error| ReplayError::Options(format!("the piles: {error}")))
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
}

/// Reads a recorded game of War and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::frames(text)
}

/// Writes one position in the console's own lines: what its step did (the deal's hands,
/// a battle with its wars as the prompt shows it, or the order in which a take's won
/// cards went under the pile), then every player's whole hand (the game is over when it
/// is replayed: nothing is hidden) and what comes next, or at the end who won or why
/// nobody did, with the numbers of battles and wars.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let mut text = String::new();
    write_frame(frame, &mut text).map_err(io::Error::other)?;
    out.write_all(text.as_bytes())
}

fn write_frame(frame: &Frame<Game>, text: &mut String) -> std::fmt::Result {
    use std::fmt::Write as _;
    let game = &frame.state;
    match &frame.step {
        None => {
            text.push_str(&rules_text(game.rules()));
            if game.actor() != Actor::Chance {
                text.push_str("Initial hands (the game starts from these piles):\n");
            }
        }
        Some(Step::Chance(order)) => {
            let mut rest = Vec::with_capacity(frame.events.len());
            for event in &frame.events {
                match *event {
                    Event::Dealt => text.push_str("Initial hands:\n"),
                    Event::Took { seat, cards } => writeln!(
                        text,
                        "Player {} slips the {cards} card{} under their pile, shuffled: {order}.",
                        seat + 1,
                        plural(cards as u64),
                    )?,
                    other => rest.push(other),
                }
            }
            render_events(&rest, text)?;
        }
        Some(Step::Action { .. }) => {
            // With shuffled returns the battle's winner takes the table a step later,
            // once chance has ordered the cards: the line says so now, as the prompt's.
            let mut events = frame.events.clone();
            if let Some(ChanceNode::Take { seat }) = game.chance_node() {
                events.push(Event::Took {
                    seat,
                    cards: game.table().len(),
                });
            }
            render_events(&events, text)?;
        }
    }
    match (game.actor(), game.chance_node()) {
        (Actor::Over, _) => {
            render_hands(game, text)?;
            text.push('\n');
            render_summary(game, None, text)
        }
        (Actor::Seat(_), _) => {
            render_hands(game, text)?;
            writeln!(text, "Next: battle {}.", game.battles() + 1)
        }
        (Actor::Chance, Some(ChanceNode::Take { seat })) => writeln!(
            text,
            "Next: the cards on the table are shuffled and go under Player {}'s pile.",
            seat + 1
        ),
        (Actor::Chance, _) => writeln!(
            text,
            "Next: the 52 cards are shuffled and dealt one at a time, Player 1 first."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NoWinner, Outcome};
    use crate::strategy::AlwaysBattle;
    use cards_core::replay::Recording;
    use pretty_assertions::assert_eq;

    /// A game the protocol's own loop plays with the game's bot at every seat, its
    /// actions and events written down as it goes.
    fn played(start: &Game, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        cards_core::testing::played(start, seed, &mut AlwaysBattle).unwrap()
    }

    fn rules(players: usize, order: WonCardOrder) -> Rules {
        Rules::new(players).unwrap().with_order(order)
    }

    fn last_shown(frames: &[Frame<Game>]) -> String {
        let mut out = Vec::new();
        show(&frames[frames.len() - 1], &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Every player count and both orders, a few seeds each: the replay goes through
    /// the same events to the same end, and its last frame names the winner (or why
    /// there is none) as the person's summary does.
    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_end() {
        for players in 2..=MAX_PLAYERS {
            for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
                for seed in [1, 7, 1406] {
                    let start = Game::new(rules(players, order));
                    let (actions, events, end) = played(&start, seed);
                    let json = Game::recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let what = format!("{players} players, {order:?}, seed {seed}");
                    let replayed: Vec<Event> =
                        frames.iter().flat_map(|f| f.events.clone()).collect();
                    assert_eq!(replayed, events, "{what}");
                    let last = &frames[frames.len() - 1].state;
                    assert_eq!(last, &end, "{what}");
                    let mut summary = String::new();
                    render_summary(&end, None, &mut summary).unwrap();
                    assert!(last_shown(&frames).ends_with(&summary), "{what}");
                    // One frame a step: the start, the deal, each battle and each take.
                    let takes = match order {
                        WonCardOrder::Shuffled => events
                            .iter()
                            .filter(|e| matches!(e, Event::Took { .. }))
                            .count(),
                        WonCardOrder::Fixed => 0,
                    };
                    assert_eq!(frames.len(), 2 + actions.len() + takes, "{what}");
                }
            }
        }
    }

    /// The winner of a hand-worked game from piles: Player 1's ace, king and queen beat
    /// Player 2's 2, 3 and 4, three battles, no war (the console's test game).
    #[test]
    fn a_game_from_piles_records_its_piles_and_replays() {
        let hand = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect()
        };
        let start = Game::from_piles(
            rules(2, WonCardOrder::Fixed),
            [hand("AS KC QC"), hand("2D 3D 4D")],
        )
        .unwrap();
        assert_eq!(
            start.options(),
            [
                "players=2",
                "order=fixed",
                "max-battles=100000",
                "pile-1=AS KC QC",
                "pile-2=2D 3D 4D"
            ]
        );
        assert_eq!(Game::from_options(&start.options()).unwrap(), start);
        let recording = Game::recording(&start, 0, &[Action::Battle; 3]);
        assert_eq!(recording.actions, ["1", "1", "1"]);
        let frames = frames(&recording.to_json()).unwrap();
        assert_eq!(frames.len(), 4);
        assert_eq!(frames[3].state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(
            last_shown(&frames),
            "Battle 3: Player 1 plays QC, Player 2 plays 4D. Player 1 wins and takes 2 cards.\n\
             Player 2 has no cards left and is out of the game.\n\
             Player 1 (6 cards): AS 2D KC 3D QC 4D\n\
             Player 2 (0 cards)\n\
             \n\
             Player 1 wins the game: every other player ran out of cards!\n\
             Battles fought: 3\n\
             Wars fought: 0\n"
        );
    }

    /// The options rebuild every rule: the web's games (any player count and order, the
    /// default cap) and the command line's caps.
    #[test]
    fn options_rebuild_the_rules() {
        for players in 2..=MAX_PLAYERS {
            for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
                for cap in [1, 5, Rules::DEFAULT_MAX_BATTLES, u64::MAX] {
                    let rules = rules(players, order).with_max_battles(cap).unwrap();
                    let game = Game::new(rules);
                    assert_eq!(Game::from_options(&game.options()).unwrap(), game);
                }
            }
        }
        assert_eq!(
            Game::new(Rules::default()).options(),
            ["players=2", "order=shuffled", "max-battles=100000"]
        );
    }

    /// A game stopped by its cap replays to the same end, and says why nobody won.
    #[test]
    fn a_game_cut_off_by_the_cap_says_so() {
        let start = Game::new(
            rules(3, WonCardOrder::Shuffled)
                .with_max_battles(5)
                .unwrap(),
        );
        let (actions, _, end) = played(&start, 7);
        assert!(matches!(
            end.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::BattleCap { max_battles: 5 }
            })
        ));
        let frames = frames(&Game::recording(&start, 7, &actions).to_json()).unwrap();
        let shown = last_shown(&frames);
        assert!(
            shown.contains("\nNo winner: the game reached the cap of 5 battles (--max-battles).\n"),
            "{shown}"
        );
    }

    fn with_options(options: &[&str]) -> Result<Game, String> {
        let options: Vec<String> = options.iter().map(|&o| o.to_owned()).collect();
        Game::from_options(&options).map_err(|error| error.to_string())
    }

    #[test]
    fn bad_missing_or_repeated_options_are_refused_naming_the_option() {
        let base = ["players=2", "order=shuffled", "max-battles=10"];
        assert!(with_options(&base).is_ok());
        for (options, error) in [
            (
                vec!["players=9", "order=fixed", "max-battles=10"],
                "options: `players=9`: War is played by 2 to 8 players",
            ),
            (
                vec!["players=1", "order=fixed", "max-battles=10"],
                "options: `players=1`: War is played by 2 to 8 players",
            ),
            (
                vec!["players=2", "order=sorted", "max-battles=10"],
                "options: `order=sorted`: the order is shuffled or fixed",
            ),
            (
                vec!["players=2", "order=fixed", "max-battles=0"],
                "options: `max-battles=0`: the battle cap is a number, 1 or more",
            ),
            (
                vec!["players=2", "order=fixed"],
                "options: players=N, order=shuffled or fixed, and max-battles=N are all needed",
            ),
            (
                vec!["players=2", "players=2", "order=fixed", "max-battles=1"],
                "options: `players=2`: not players=N, order=…, max-battles=N or pile-N=CARDS, \
                 or given twice",
            ),
            (
                vec!["players=2", "order=fixed", "max-battles=1", "colour=red"],
                "options: `colour=red`: not players=N, order=…, max-battles=N or pile-N=CARDS, \
                 or given twice",
            ),
            (
                vec!["players", "order=fixed", "max-battles=1"],
                "options: `players`: not key=value",
            ),
            (
                vec!["players=2", "order=fixed", "max-battles=1", "pile-1=AS"],
                "options: pile-2 is missing: piles are given for every player or for none",
            ),
            (
                vec![
                    "players=2",
                    "order=fixed",
                    "max-battles=1",
                    "pile-1=AS",
                    "pile-2=KS",
                    "pile-3=QS",
                ],
                "options: pile-3: the game has 2 players",
            ),
            (
                vec![
                    "players=2",
                    "order=fixed",
                    "max-battles=1",
                    "pile-1=AS",
                    "pile-1=KS",
                ],
                "options: `pile-1=KS`: given twice",
            ),
            (
                vec![
                    "players=2",
                    "order=fixed",
                    "max-battles=1",
                    "pile-1=AS",
                    "pile-2=AS",
                ],
                "options: the piles: AS is dealt twice",
            ),
            (
                vec![
                    "players=2",
                    "order=fixed",
                    "max-battles=1",
                    "pile-1=AS",
                    "pile-2=",
                ],
                "options: the piles: Player 2 has no cards",
            ),
            (
                vec![
                    "players=2",
                    "order=fixed",
                    "max-battles=1",
                    "pile-1=AS",
                    "pile-2=1X",
                ],
                "options: `pile-2=1X`: ",
            ),
        ] {
            let found = with_options(&options).unwrap_err();
            assert!(found.starts_with(error), "{options:?}: {found}");
            assert!(!found.contains('\n'), "{found}");
        }
    }

    fn recorded(seed: u64) -> Recording {
        let start = Game::new(Rules::default());
        let (actions, _, _) = played(&start, seed);
        Game::recording(&start, seed, &actions)
    }

    #[test]
    fn an_answer_that_is_not_one_battle_or_one_after_the_end_is_refused() {
        let start = Game::new(Rules::default());
        for (token, error) in [
            (
                "5",
                "5 battles in one answer: a recording has one answer `1` a battle",
            ),
            (
                "h",
                "the hands and the rules are shown, not played: not an action",
            ),
            (
                "?",
                "the hands and the rules are shown, not played: not an action",
            ),
            ("q", "a quit is not recorded as an action"),
            ("b", "Please press Enter for one battle"),
            ("0", "Please press Enter for one battle"),
        ] {
            let found = start.parse_token(token).unwrap_err();
            assert!(found.starts_with(error), "{token}: {found}");
        }
        // The prompt's Enter is one battle too.
        assert_eq!(start.parse_token(""), Ok(Action::Battle));
        assert_eq!(start.parse_token(BATTLE), Ok(Action::Battle));

        let mut bad = recorded(3);
        bad.actions[2] = "battle\u{7}".to_owned();
        assert_eq!(
            frames(&bad.to_json()).unwrap_err().to_string(),
            format!("step 3: `battle\\u{{7}}`: {}", console::Refusal)
        );
        let mut long = recorded(3);
        long.actions.push(BATTLE.to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `1`: the game is already over", long.actions.len())
        );
        let mut other = recorded(3);
        other.game = "pig".to_owned();
        assert_eq!(
            frames(&other.to_json()).unwrap_err().to_string(),
            "this is a recorded game of `pig`, not of war"
        );
    }

    /// A game quit after two battles replays to the third battle's turn.
    #[test]
    fn a_game_cut_short_replays_to_where_it_stopped() {
        let mut short = recorded(3);
        short.actions.truncate(2);
        let frames = frames(&short.to_json()).unwrap();
        let last = &frames[frames.len() - 1].state;
        assert_eq!(last.outcome(), None);
        assert!(last.battles() >= 2);
        assert!(last_shown(&frames).ends_with(&format!("Next: battle {}.\n", last.battles() + 1)));
    }

    /// More actions than a replay keeps are refused before any is played; a game of War
    /// always ends (at the latest at its cap), so a long file of battles is refused where
    /// its game is over.
    #[test]
    fn a_too_long_file_is_refused() {
        let mut long = recorded(1);
        long.actions = vec![BATTLE.to_owned(); replay::MAX_STEPS + 1];
        assert_eq!(frames(&long.to_json()).unwrap_err(), ReplayError::TooLong);
        long.actions.truncate(replay::MAX_STEPS);
        let ended = match frames(&long.to_json()).unwrap_err() {
            ReplayError::Step { message, .. } => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(ended, "the game is already over");
    }

    /// A game that runs to the default cap replays: its steps at the most are the deal,
    /// a battle and a take of the table (with shuffled returns) each battle, and the
    /// start, within what a replay keeps.
    #[test]
    fn a_game_to_the_default_cap_fits_in_a_replay() {
        let most = 2 + 2 * Rules::DEFAULT_MAX_BATTLES;
        assert!(most <= replay::MAX_STEPS as u64, "{most}");
    }
}

//! Hand-built positions for every rule: battles, single and chained wars, running out
//! on either side, running out together, more players, the cycle rule and the cap.

use pretty_assertions::assert_eq;

use super::*;
use crate::render::render_events;
use crate::strategy::AlwaysBattle;
use cards_core::protocol::{ChanceSource, Driver};
use cards_core::rng::rng_from_seed;

fn hand(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|card| card.parse().unwrap_or_else(|e| panic!("{card}: {e}")))
        .collect()
}

/// A game on these piles (top card first) with won cards returned in the fixed order,
/// so that every pile afterwards is predictable.
fn game(piles: &[&str]) -> Game {
    let rules = Rules::new(piles.len()).unwrap().with_order(Order::Fixed);
    Game::from_piles(rules, piles.iter().map(|p| hand(p))).unwrap()
}

/// What one battle did, read from its events: battles fought (1, plus one per war that
/// came to a deciding comparison), wars started, who took the table and how many cards
/// were taken (or left on the table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Summary {
    battles: u64,
    wars: u64,
    winner: Option<usize>,
    cards: usize,
}

/// Plays one battle through the protocol's loop: the action, then the chance steps
/// that complete it (the shuffle of won cards, from seed 0). Returns what the console
/// would print and the summary.
fn battle(game: &mut Game) -> (String, Summary) {
    let mut driver = Driver::new();
    let mut chance = ChanceSource::seeded(rng_from_seed(0));
    let mut events = Vec::new();
    let (battles, wars) = (game.battles(), game.wars());
    loop {
        let step = driver.step(game, &mut chance, &mut AlwaysBattle);
        assert!(matches!(step, Ok(Some(_))), "{step:?}");
        events.extend_from_slice(driver.events());
        if game.actor() != Actor::Chance {
            break;
        }
    }
    let mut text = String::new();
    render_events(&events, &mut text).unwrap();
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::GameOver { .. }))
            .count(),
        usize::from(game.actor() == Actor::Over),
        "GameOver is reported exactly when the game ends"
    );
    let mut summary = Summary {
        battles: game.battles() - battles,
        wars: game.wars() - wars,
        ..Summary::default()
    };
    if let Some(&event) = events
        .iter()
        .find(|e| matches!(e, Event::Took { .. } | Event::PotLeft { .. }))
    {
        match event {
            Event::Took { seat, cards } => (summary.winner, summary.cards) = (Some(seat), cards),
            Event::PotLeft { cards } => summary.cards = cards,
            _ => {}
        }
    }
    (text, summary)
}

/// Plays to the end with won cards shuffled from seed 0.
fn play_to_end(game: &mut Game) -> Outcome {
    Driver::new()
        .play(
            game,
            &mut ChanceSource::seeded(rng_from_seed(0)),
            &mut AlwaysBattle,
            |_, _, _| Ok(()),
        )
        .unwrap()
}

fn piles(game: &Game) -> Vec<String> {
    game.players().iter().map(ToString::to_string).collect()
}

fn summary(battles: u64, wars: u64, winner: Option<usize>, cards: usize) -> Summary {
    Summary {
        battles,
        wars,
        winner,
        cards,
    }
}

#[test]
fn higher_card_takes_both() {
    let mut g = game(&["AS 2C", "KD 3H"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays AS, Player 2 plays KD. Player 1 wins and takes 2 cards.\n"
    );
    assert_eq!(s, summary(1, 0, Some(0), 2));
    assert_eq!(
        piles(&g),
        ["Player 1 (3 cards): 2C AS KD", "Player 2 (1 card): 3H"]
    );
    assert_eq!((g.battles(), g.wars(), g.outcome()), (1, 0, None));
    assert_eq!(g.actor(), Actor::Seat(0));
}

#[test]
fn suits_never_decide() {
    let mut g = game(&["2S 9C", "3C 9D"]);
    let (_, s) = battle(&mut g);
    assert_eq!(
        s.winner,
        Some(1),
        "3C beats 2S although spades rank above clubs"
    );
}

#[test]
fn single_war_takes_ten_cards() {
    let mut g = game(&["5C 2C 3C 4C AC 9C", "5D 2D 3D 4D KD 9D"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays AC, \
         Player 2 lays 2D 3D 4D face down and plays KD. Player 1 wins and takes 10 cards.\n"
    );
    assert_eq!(s, summary(2, 1, Some(0), 10));
    assert_eq!(
        piles(&g),
        [
            "Player 1 (11 cards): 9C 5C 5D 2C 3C 4C AC 2D 3D 4D KD",
            "Player 2 (1 card): 9D"
        ]
    );
    assert_eq!((g.battles(), g.wars()), (2, 1));
}

#[test]
fn chained_wars_take_eighteen_cards() {
    let mut g = game(&[
        "5C 2C 3C 4C 7C 6C 7H 8H AC 9C",
        "5D 2D 3D 4D 7D 6D 8D 9D KD 9H",
    ]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays 7C, \
         Player 2 lays 2D 3D 4D face down and plays 7D. Player 1 and Player 2 tie: war!\n\
         War 2 (battle 3): Player 1 lays 6C 7H 8H face down and plays AC, \
         Player 2 lays 6D 8D 9D face down and plays KD. Player 1 wins and takes 18 cards.\n"
    );
    assert_eq!(s, summary(3, 2, Some(0), 18));
    assert_eq!(piles(&g)[1], "Player 2 (1 card): 9H");
    assert_eq!((g.battles(), g.wars()), (3, 2));
}

#[test]
fn loser_runs_out_during_a_war() {
    // Player 2 has two cards left for the war: out at once; Player 1 wins everything.
    let mut g = game(&["5C 2C 3C 4C KC 9C", "5D 2D 3D"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1: Player 1 lays 2C 3C 4C face down and plays KC, \
         Player 2 lays 2D 3D face down.\n\
         Player 2 has no cards left and is out of the game.\n\
         Player 1 takes the 8 cards on the table.\n"
    );
    assert_eq!(
        s,
        summary(1, 1, Some(0), 8),
        "no deciding battle was fought"
    );
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 0 }));
    assert_eq!(
        g.players()[0].card_count(),
        9,
        "the winner holds every card"
    );
}

#[test]
fn running_out_loses_even_with_the_better_cards() {
    // Player 1's two aces would have won the war, but a fourth card is missing.
    let mut g = game(&["5C AC AD", "5D 2D 3D 4D 3S 9D"]);
    let (_, s) = battle(&mut g);
    assert_eq!(s.winner, Some(1));
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
}

#[test]
fn winner_plays_its_last_card_in_a_war_and_stays() {
    // Player 1's fourth war card is its last: it wins the war and holds 10 cards again.
    let mut g = game(&["5C 2C 3C 4C AC", "5D 2D 3D 4D KD 9D"]);
    let (_, s) = battle(&mut g);
    assert_eq!(s, summary(2, 1, Some(0), 10));
    assert_eq!(g.outcome(), None);
    assert_eq!(
        piles(&g),
        [
            "Player 1 (10 cards): 5C 5D 2C 3C 4C AC 2D 3D 4D KD",
            "Player 2 (1 card): 9D"
        ]
    );
}

#[test]
fn tie_on_the_last_card_loses() {
    let mut g = game(&["5C", "5D 9D"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1: Player 2 lays 9D face down.\n\
         Player 1 has no cards left and is out of the game.\n\
         Player 2 takes the 3 cards on the table.\n"
    );
    assert_eq!(s.winner, Some(1));
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
}

#[test]
fn a_player_emptied_by_a_battle_is_out() {
    let mut g = game(&["2C", "5D 9D"]);
    let (text, _) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 2C, Player 2 plays 5D. Player 2 wins and takes 2 cards.\n\
         Player 1 has no cards left and is out of the game.\n"
    );
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
    assert_eq!(g.actor(), Actor::Over);
}

#[test]
fn both_run_out_with_equal_counts_no_winner() {
    let mut g = game(&["5C 2C 3C", "5D 2D 3D"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1: Player 1 lays 2C 3C face down, Player 2 lays 2D 3D face down.\n\
         Player 1 has no cards left and is out of the game.\n\
         Player 2 has no cards left and is out of the game.\n\
         Nobody takes the 6 cards on the table.\n"
    );
    assert_eq!(s, summary(1, 1, None, 6));
    assert_eq!(
        g.outcome(),
        Some(Outcome::NoWinner {
            reason: NoWinner::OutOfCards {
                seats: [0, 1].into_iter().collect()
            }
        })
    );
    let held: usize = g.players().iter().map(Player::card_count).sum();
    assert_eq!((held, g.table().len()), (0, 6));
}

#[test]
fn both_run_out_the_one_with_fewer_cards_loses() {
    let mut g = game(&["5C 2C 3C", "5D 2D 3D 4D"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
         War 1: Player 1 lays 2C 3C face down, Player 2 lays 2D 3D 4D face down.\n\
         Player 1 has no cards left and is out of the game.\n\
         Player 2 takes the 7 cards on the table.\n"
    );
    assert_eq!(s, summary(1, 1, Some(1), 7));
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
}

#[test]
fn fixed_order_cycle_is_detected() {
    // 3C 2D against 2C 3D comes back to the deal every four battles.
    let mut g = game(&["3C 2D", "2C 3D"]);
    let mut shown = Vec::new();
    while g.actor() != Actor::Over {
        battle(&mut g);
        shown.push(piles(&g).join(" / "));
    }
    assert_eq!(
        shown[3], "Player 1 (2 cards): 3C 2D / Player 2 (2 cards): 2C 3D",
        "back to the deal after battle 4"
    );
    let outcome = g.outcome();
    assert_eq!(
        outcome,
        Some(Outcome::NoWinner {
            reason: NoWinner::Repetition {
                battle: 7,
                earlier: 3
            }
        })
    );
    assert_eq!(
        NoWinner::Repetition {
            battle: 7,
            earlier: 3
        }
        .to_string(),
        "after battle 7 the cards lay exactly as after battle 3, so with won cards \
         returned in a fixed order the game would repeat forever"
    );
}

#[test]
fn battle_cap_stops_the_game() {
    let rules = Rules::new(2)
        .and_then(|r| r.with_order(Order::Fixed).with_max_battles(2))
        .unwrap();
    let mut g = Game::from_piles(rules, [hand("3C 2D"), hand("2C 3D")]).unwrap();
    assert_eq!(
        play_to_end(&mut g),
        Outcome::NoWinner {
            reason: NoWinner::BattleCap { max_battles: 2 }
        }
    );
    assert_eq!(g.battles(), 2);
}

#[test]
fn shuffled_returns_keep_every_card() {
    let rules = Rules::new(2).unwrap();
    let mut g = Game::from_piles(
        rules,
        [hand("5C 2C 3C 4C AC 9C"), hand("5D 2D 3D 4D KD 9D")],
    )
    .unwrap();
    let (_, s) = battle(&mut g);
    assert_eq!(s, summary(2, 1, Some(0), 10));
    let mut won: Vec<String> = g.players()[0]
        .cards()
        .skip(1)
        .map(|c| c.to_string())
        .collect();
    won.sort();
    let mut expected: Vec<String> = ["5C", "5D", "2C", "3C", "4C", "AC", "2D", "3D", "4D", "KD"]
        .map(String::from)
        .to_vec();
    expected.sort();
    assert_eq!(won, expected);
}

#[test]
fn three_players_war_among_the_tied_only() {
    let mut g = game(&["5C 2C 3C 4C AC", "5D 2D 3D 4D KD", "3S 9S"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D, Player 3 plays 3S. \
         Player 1 and Player 2 tie: war!\n\
         War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays AC, \
         Player 2 lays 2D 3D 4D face down and plays KD. Player 1 wins and takes 11 cards.\n\
         Player 2 has no cards left and is out of the game.\n"
    );
    assert_eq!(s, summary(2, 1, Some(0), 11));
    assert_eq!(g.active(), [0, 2].into_iter().collect());
    assert_eq!(g.outcome(), None, "two players are left");
}

#[test]
fn pot_left_by_a_double_knockout_goes_to_the_next_winner() {
    let mut g = game(&["5C 2C", "5D 2D", "3S 9S", "4H 8H"]);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 1: Player 1 plays 5C, Player 2 plays 5D, Player 3 plays 3S, Player 4 plays 4H. \
         Player 1 and Player 2 tie: war!\n\
         War 1: Player 1 lays 2C face down, Player 2 lays 2D face down.\n\
         Player 1 has no cards left and is out of the game.\n\
         Player 2 has no cards left and is out of the game.\n\
         Nobody takes the 6 cards on the table.\n"
    );
    assert_eq!(s, summary(1, 1, None, 6));
    assert_eq!(g.outcome(), None);
    let (text, s) = battle(&mut g);
    assert_eq!(
        text,
        "Battle 2: Player 3 plays 9S, Player 4 plays 8H. Player 3 wins and takes 8 cards.\n\
         Player 4 has no cards left and is out of the game.\n"
    );
    assert_eq!(s.cards, 8);
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 2 }));
    assert_eq!(g.players()[2].card_count(), 8);
}

#[test]
fn last_player_standing_collects_the_pot() {
    let mut g = game(&["5C 2C", "5D 2D", "3S 9S 4S"]);
    let (text, _) = battle(&mut g);
    assert!(text.ends_with(
        "Nobody takes the 5 cards on the table.\nPlayer 3 takes the 5 cards on the table.\n"
    ));
    assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 2 }));
    assert_eq!((g.players()[2].card_count(), g.table().len()), (7, 0));
}

#[test]
fn setup_errors() {
    let two = Rules::new(2).unwrap();
    let cases: Vec<(Result<Game, SetupError>, &str)> = vec![
        (
            Game::from_piles(two, [hand("AS"), hand("as")]),
            "AS is dealt twice",
        ),
        (
            Game::from_piles(two, [hand("AS"), hand("")]),
            "Player 2 has no cards",
        ),
        (
            Game::from_piles(two, [hand("AS")]),
            "2 players need 2 piles, not 1",
        ),
        (
            Game::from_piles(two, [hand("AS"), hand("KS"), hand("QS")]),
            "2 players need 2 piles, not 3",
        ),
    ];
    for (result, message) in cases {
        assert_eq!(
            result.map(|_| ()).map_err(|e| e.to_string()),
            Err(message.to_owned())
        );
    }
    assert_eq!(Rules::new(1), Err(SetupError::Players(1)));
    assert_eq!(Rules::new(9), Err(SetupError::Players(9)));
    assert_eq!(two.with_max_battles(0), Err(SetupError::MaxBattles));
    assert_eq!(
        SetupError::Players(9).to_string(),
        "War is played by 2 to 8 players, not 9"
    );
}

#[test]
fn deal_is_alternate_and_seeded() {
    let mut g = Game::new(Rules::default());
    assert_eq!(g.actor(), Actor::Chance);
    let mut events = Vec::new();
    let deal = g.sample_chance(&mut rng_from_seed(7)).unwrap();
    g.apply_chance(&deal, &mut events).unwrap();
    assert_eq!(events, [Event::Dealt]);
    let mut deck = Card::deck();
    shuffle(&mut deck, &mut rng_from_seed(7));
    let first: Vec<String> = deck.iter().step_by(2).map(ToString::to_string).collect();
    let mine: Vec<String> = g.players()[0].cards().map(|c| c.to_string()).collect();
    assert_eq!(mine, first);
    let mut three = Game::new(Rules::new(3).unwrap());
    three.apply_chance(&deal, &mut events).unwrap();
    let counts: Vec<usize> = three.players().iter().map(Player::card_count).collect();
    assert_eq!(counts, [18, 17, 17]);
}

fn order(text: &str) -> DeckOrder {
    cards(&hand(text))
}

fn cards(cards: &[Card]) -> DeckOrder {
    DeckOrder::from_cards(cards).unwrap()
}

/// Worked by hand: the deck in its fixed order (clubs 2 to ace, then diamonds, hearts,
/// spades) dealt to three players: card 1 to Player 1, card 2 to Player 2, card 3 to
/// Player 3, card 4 to Player 1 again, and so on; 52 = 3 · 17 + 1, so Player 1 gets the
/// extra card.
#[test]
fn a_deal_goes_round_the_table_from_player_1() {
    let mut g = Game::new(Rules::new(3).unwrap());
    let mut events = Vec::new();
    g.apply_chance(&DeckOrder::deck(), &mut events).unwrap();
    assert_eq!(
        piles(&g),
        [
            "Player 1 (18 cards): 2C 5C 8C JC AC 4D 7D 10D KD 3H 6H 9H QH 2S 5S 8S JS AS",
            "Player 2 (17 cards): 3C 6C 9C QC 2D 5D 8D JD AD 4H 7H 10H KH 3S 6S 9S QS",
            "Player 3 (17 cards): 4C 7C 10C KC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S 10S KS",
        ]
    );
    assert_eq!(g.actor(), Actor::Seat(0), "Player 1 opens");
}

/// Worked by hand: AS beats KD, so Player 1 takes the two cards; with shuffled returns
/// chance orders them, and the order KD, AS puts them under 2C as `2C KD AS`.
#[test]
fn won_cards_go_under_the_pile_in_chance_order() {
    let rules = Rules::new(2).unwrap();
    let mut g = Game::from_piles(rules, [hand("AS 2C"), hand("KD 3H")]).unwrap();
    let mut events = Vec::new();
    g.apply(Action::Battle, &mut events).unwrap();
    assert_eq!(
        events.len(),
        3,
        "{events:?}: the battle and two cards shown"
    );
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.chance_node(), Some(ChanceNode::Take { seat: 0 }));
    assert_eq!(g.table().len(), 2);
    events.clear();
    g.apply_chance(&order("KD AS"), &mut events).unwrap();
    assert_eq!(events, [Event::Took { seat: 0, cards: 2 }]);
    assert_eq!(
        piles(&g),
        ["Player 1 (3 cards): 2C KD AS", "Player 2 (1 card): 3H"]
    );
    assert_eq!((g.table().len(), g.actor()), (0, Actor::Seat(0)));
}

/// Worked by hand: 5C and 5D tie; Player 1 and Player 2 can each lay one card of the
/// war (2C, 2D), hold equally few and are both out, leaving 5C 5D 3S 2C 2D. Player 3 is
/// the last in the game and takes that pot in the order chance gives (reversed here):
/// under 9S 4S come 2D 2C 3S 5D 5C, and Player 3 wins.
#[test]
fn the_last_player_takes_a_pot_in_chance_order() {
    let rules = Rules::new(3).unwrap();
    let mut g = Game::from_piles(rules, [hand("5C 2C"), hand("5D 2D"), hand("3S 9S 4S")]).unwrap();
    let mut events = Vec::new();
    g.apply(Action::Battle, &mut events).unwrap();
    assert_eq!(events.last(), Some(&Event::PotLeft { cards: 5 }));
    assert_eq!(g.chance_node(), Some(ChanceNode::Take { seat: 2 }));
    events.clear();
    g.apply_chance(&order("2D 2C 3S 5D 5C"), &mut events)
        .unwrap();
    let winner = Outcome::Winner { seat: 2 };
    assert_eq!(
        events,
        [
            Event::Took { seat: 2, cards: 5 },
            Event::GameOver { outcome: winner }
        ]
    );
    assert_eq!(piles(&g)[2], "Player 3 (7 cards): 9S 4S 2D 2C 3S 5D 5C");
    assert_eq!(g.outcome(), Some(winner));
}

/// Applies `attempt` to a copy of `game`: it must be refused with `want`, append no
/// event and leave the game as it was.
fn refused(
    game: &Game,
    want: RuleError,
    attempt: impl FnOnce(&mut Game, &mut Vec<Event>) -> Result<(), RuleError>,
) {
    let mut copy = game.clone();
    let mut events = Vec::new();
    assert_eq!(attempt(&mut copy, &mut events), Err(want));
    assert_eq!(events, []);
    assert!(copy == *game, "a refusal changed the game");
}

#[test]
fn refusals_change_nothing() {
    let two = Rules::new(2).unwrap();
    let deal = ChanceNode::Deal;
    let fresh = Game::new(two);
    refused(&fresh, RuleError::ChanceActs(deal), |g, e| {
        g.apply(Action::Battle, e)
    });
    let mut short = Card::deck();
    short[51] = short[0];
    refused(&fresh, RuleError::Twice { card: short[0] }, |g, e| {
        g.apply_chance(&cards(&short), e)
    });
    refused(
        &fresh,
        RuleError::OrderLength {
            node: deal,
            expected: 52,
            given: 51,
        },
        |g, e| g.apply_chance(&cards(&Card::deck()[1..]), e),
    );

    let mut g = Game::from_piles(two, [hand("AS 2C"), hand("KD 3H")]).unwrap();
    refused(&g, RuleError::SeatActs { seat: 0 }, |g, e| {
        g.apply_chance(&order("AS KD"), e)
    });
    assert_eq!(
        g.sample_chance(&mut rng_from_seed(0)).map(|_| ()),
        Err(RuleError::SeatActs { seat: 0 })
    );
    g.apply(Action::Battle, &mut Vec::new()).unwrap();
    let take = ChanceNode::Take { seat: 0 };
    refused(&g, RuleError::ChanceActs(take), |g, e| {
        g.apply(Action::Battle, e)
    });
    let wrong_orders = [
        (
            "AS",
            RuleError::OrderLength {
                node: take,
                expected: 2,
                given: 1,
            },
        ),
        (
            "AS KD 2C",
            RuleError::NotInPlay {
                node: take,
                card: hand("2C")[0],
            },
        ),
        (
            "AS QD",
            RuleError::NotInPlay {
                node: take,
                card: hand("QD")[0],
            },
        ),
        (
            "KD KD",
            RuleError::Twice {
                card: hand("KD")[0],
            },
        ),
        (
            "",
            RuleError::OrderLength {
                node: take,
                expected: 2,
                given: 0,
            },
        ),
    ];
    for (cards, want) in wrong_orders {
        refused(&g, want, |g, e| g.apply_chance(&order(cards), e));
    }

    let mut over = Game::from_piles(two, [hand("2C"), hand("5D 9D")]).unwrap();
    play_to_end(&mut over);
    refused(&over, RuleError::Over, |g, e| g.apply(Action::Battle, e));
    refused(&over, RuleError::Over, |g, e| {
        g.apply_chance(&order("2C"), e)
    });
    assert_eq!(
        over.sample_chance(&mut rng_from_seed(0)).map(|_| ()),
        Err(RuleError::Over)
    );
    let mut legal = vec![Action::Battle];
    over.legal_actions(&mut legal);
    assert_eq!(legal, []);
}

/// A take draws from the generator exactly what shuffling the table in place did before
/// the game became a protocol, so seeds play the same games.
#[test]
fn sampling_a_take_draws_what_a_shuffle_of_the_table_draws() {
    let rules = Rules::new(2).unwrap();
    let mut g = Game::from_piles(
        rules,
        [hand("5C 2C 3C 4C AC 9C"), hand("5D 2D 3D 4D KD 9D")],
    )
    .unwrap();
    g.apply(Action::Battle, &mut Vec::new()).unwrap();
    for seed in 0..20 {
        let mut rng = rng_from_seed(seed);
        let sampled = g.sample_chance(&mut rng).unwrap();
        let mut table = g.table().to_vec();
        let mut same = rng_from_seed(seed);
        shuffle(&mut table, &mut same);
        assert_eq!(sampled, cards(&table));
        assert_eq!(
            rand::Rng::next_u64(&mut rng),
            rand::Rng::next_u64(&mut same)
        );
    }
}

/// What a seat sees: counts, the face-up cards on the table, the tallies; the pot left by
/// a double knock-out shows 5C, 5D and 3S face up, not the war's face-down 2C and 2D.
#[test]
fn a_view_shows_counts_and_face_up_cards_only() {
    let mut g = game(&["5C 2C", "5D 2D", "3S 9S", "4H 8H"]);
    battle(&mut g);
    let view = g.observe(2).unwrap();
    assert!(g.observe(4).is_none());
    assert_eq!(view.card_counts().collect::<Vec<_>>(), [0, 0, 1, 1]);
    let up: Vec<String> = view.face_up().map(|c| c.to_string()).collect();
    assert_eq!(up, ["5C", "5D", "3S", "4H"]);
    assert_eq!(
        (view.table_len(), view.battles(), view.wars(), view.seat()),
        (6, 1, 1, 2)
    );
    let shown = format!("{view:?}");
    assert!(!shown.contains("9S"), "a pile is never shown: {shown}");
}

/// Positions compare physical cards: 10H and 10S tie in a battle but are not the same
/// card, so swapping them is a change a refusal must not make.
#[test]
fn games_compare_physical_cards() {
    let a = game(&["10H 2C", "10S 3C"]);
    let b = game(&["10S 2C", "10H 3C"]);
    assert!(a != b);
    assert!(a == a.clone());
}

/// Battles compare ranks alone: aces of clubs and spades tie (though the two are
/// different cards, and spades sort after clubs), and a three of clubs beats a two of
/// spades.
#[test]
fn suits_never_decide_a_battle() {
    let mut g = game(&["AC 2C 3C 4C KC", "AS 2S 3S 4S QS"]);
    let (text, s) = battle(&mut g);
    assert!(
        text.starts_with(
            "Battle 1: Player 1 plays AC, Player 2 plays AS. Player 1 and Player 2 tie: war!\n"
        ),
        "{text}"
    );
    assert_eq!(s, summary(2, 1, Some(0), 10));
    let mut g = game(&["3C", "2S"]);
    let (_, s) = battle(&mut g);
    assert_eq!(s, summary(1, 0, Some(0), 2));
}

/// The highest card among those shown, worked by hand from the rule "the highest card
/// wins; equal ranks tie, whatever the suits": seats without a card (out of the game,
/// or not at war) are passed over, and the tie of several is found wherever the
/// highest rank first appears.
#[test]
fn highest_finds_every_player_showing_the_top_rank() {
    let mut shown = [None; MAX_PLAYERS];
    for (seat, code) in [(0, "KC"), (1, "AH"), (3, "AS"), (4, "2D"), (5, "AD")] {
        shown[seat] = Some(code.parse::<Card>().unwrap());
    }
    let seats = |list: &[usize]| list.iter().copied().collect::<PlayerSet>();
    assert_eq!(highest(&shown, PlayerSet::first(6)), seats(&[1, 3, 5]));
    // Player 2's ace is not at war.
    assert_eq!(highest(&shown, seats(&[0, 3, 4])), seats(&[3]));
    assert_eq!(highest(&shown, seats(&[0, 4])), seats(&[0]));
    // Player 3 shows nothing, so Player 5's two is the highest; with no card shown,
    // nobody is.
    assert_eq!(highest(&shown, seats(&[2, 4])), seats(&[4]));
    assert_eq!(highest(&shown, seats(&[2])), PlayerSet::EMPTY);
}

/// The pile is the assignment's list used as a queue: `playCard` takes the first card,
/// `collect` adds the won cards at the end in the order given, so a pile is played
/// through in the order it was built, round and round.
#[test]
fn a_pile_plays_from_the_top_and_collects_at_the_bottom() {
    let mut player = Player::new(0, hand("2C 3C"));
    player.collect(&hand("4C 5C"));
    assert_eq!(player.play_card(), Some(hand("2C")[0]));
    player.collect(&hand("6C"));
    let rest: Vec<String> = player.cards().map(|c| c.to_string()).collect();
    assert_eq!(rest, ["3C", "4C", "5C", "6C"]);
    for _ in 0..4 {
        player.play_card();
    }
    assert_eq!(player.play_card(), None);
    assert!(player.is_out());
}

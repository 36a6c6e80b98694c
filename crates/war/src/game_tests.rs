//! Hand-built positions for every rule: battles, single and chained wars, running out
//! on either side, running out together, more players, the cycle rule and the cap.

use pretty_assertions::assert_eq;

use super::*;
use crate::render::render_events;
use cards_core::rng::rng_from_seed;

fn hand(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|card| card.parse().unwrap_or_else(|e| panic!("{card}: {e}")))
        .collect()
}

/// A game on these piles (top card first) with won cards returned in the fixed order,
/// so that every pile afterwards is predictable.
fn game(piles: &[&str]) -> Game {
    let rules = Rules::new(piles.len())
        .unwrap_or_else(|e| panic!("{e}"))
        .with_order(Order::Fixed);
    Game::from_piles(rules, piles.iter().map(|p| hand(p))).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays one battle; returns what the console would print and the summary.
fn battle(game: &mut Game) -> (String, BattleSummary) {
    let mut events = Vec::new();
    let summary = game
        .play_battle(&mut rng_from_seed(0), |e| events.push(e))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut text = String::new();
    render_events(&events, &mut text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::GameOver { .. }))
            .count(),
        usize::from(game.is_over()),
        "GameOver is reported exactly when the game ends"
    );
    (text, summary)
}

fn piles(game: &Game) -> Vec<String> {
    game.players().iter().map(ToString::to_string).collect()
}

fn summary(battles: u64, wars: u64, winner: Option<usize>, cards: usize) -> BattleSummary {
    BattleSummary {
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
    assert_eq!(
        g.play_battle(&mut rng_from_seed(0), |_| {}),
        Err(GameOverError(Outcome::Winner { seat: 1 }))
    );
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
            reason: NoWinnerReason::OutOfCards {
                seats: [0, 1].into_iter().collect()
            }
        })
    );
    assert_eq!((g.card_count(), g.table().len()), (6, 6));
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
    while !g.is_over() {
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
            reason: NoWinnerReason::Repetition {
                battle: 7,
                earlier: 3
            }
        })
    );
    assert_eq!(
        NoWinnerReason::Repetition {
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
        .unwrap_or_else(|e| panic!("{e}"));
    let mut g =
        Game::from_piles(rules, [hand("3C 2D"), hand("2C 3D")]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        g.play_to_end(&mut rng_from_seed(0)),
        Outcome::NoWinner {
            reason: NoWinnerReason::BattleCap { max_battles: 2 }
        }
    );
    assert_eq!(g.battles(), 2);
}

#[test]
fn shuffled_returns_keep_every_card() {
    let rules = Rules::new(2).unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::from_piles(
        rules,
        [hand("5C 2C 3C 4C AC 9C"), hand("5D 2D 3D 4D KD 9D")],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let s = g
        .play_battle(&mut rng_from_seed(1), |_| {})
        .unwrap_or_else(|e| panic!("{e}"));
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
    let two = Rules::new(2).unwrap_or_else(|e| panic!("{e}"));
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
    let mut rng = rng_from_seed(7);
    let g = Game::new(Rules::default(), &mut rng);
    let mut deck = Card::deck();
    shuffle(&mut deck, &mut rng_from_seed(7));
    let first: Vec<String> = deck.iter().step_by(2).map(ToString::to_string).collect();
    let mine: Vec<String> = g.players()[0].cards().map(|c| c.to_string()).collect();
    assert_eq!(mine, first);
    let three = Game::new(Rules::new(3).unwrap_or_else(|e| panic!("{e}")), &mut rng);
    let counts: Vec<usize> = three.players().iter().map(Player::card_count).collect();
    assert_eq!(counts, [18, 17, 17]);
}

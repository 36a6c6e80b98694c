//! The IS-MCTS player (`ochos_locos::mcts`) as a player: it only ever makes legal plays,
//! a seed decides its choice, it plays wherever a seat is chosen (`M`), and it wins
//! clearly more than the player it replaces. (That it cannot peek is checked next to its
//! worlds, in `src/mcts.rs`: `the_choice_is_the_same_whatever_the_hidden_cards_are`.)

use cards_core::ismcts::Budget;
use cards_core::protocol::{Actor, GameState, Ignore};
use cards_core::rng::{below, rng_from_seed, stream_rng};
use ochos_locos::deck::full_deck;
use ochos_locos::files::check_players;
use ochos_locos::mcts::{self, Seen};
use ochos_locos::simulate::Worker;
use ochos_locos::{Action, Game, Player, Strategy, Variant};
use pretty_assertions::assert_eq;

/// Game `index` of `seed` under `variant` at `seats`, dealt and waiting for seat 0.
fn dealt(variant: Variant, seats: usize, seed: u64, index: u64) -> Game {
    let mut game = Game::new(variant.rules());
    for seat in 0..seats {
        game.add_player(Player::new(seat.to_string()));
    }
    for card in full_deck() {
        assert!(game.add_card(card).is_ok());
    }
    game.restart();
    let deal = game.apply_sampled_chance(&mut stream_rng(seed, index), &mut Ignore);
    assert!(deal.is_ok(), "{deal:?}");
    game
}

/// Plays `game` to its end, each seat choosing with `choose(seat, game)`; the winner.
fn play_out(game: &mut Game, mut choose: impl FnMut(usize, &Game) -> Action) -> Option<usize> {
    while let Actor::Seat(seat) = game.actor() {
        let action = choose(seat, game);
        let applied = game.apply(action, &mut Ignore);
        assert!(applied.is_ok(), "seat {seat} chose {action:?}: {applied:?}");
    }
    game.outcome().and_then(|outcome| outcome.winner())
}

#[test]
fn the_search_only_makes_legal_plays_under_every_rule_set() {
    let mut legal = Vec::new();
    let mut decisions = 0;
    for variant in Variant::ALL {
        for seats in 2..=6 {
            if check_players(variant, seats).is_err() {
                continue;
            }
            for index in 0..6 {
                let mut game = dealt(variant, seats, 41, index);
                // The search at seat `index % seats`, the basic strategy elsewhere.
                let searcher = index as usize % seats;
                play_out(&mut game, |seat, game| {
                    let observation = game.observe(seat).unwrap_or_else(|| panic!("seat {seat}"));
                    if seat != searcher {
                        return Strategy::Basic
                            .next_action(&observation)
                            .unwrap_or(Action::Draw);
                    }
                    game.legal_actions(&mut legal);
                    let chosen = mcts::choose(&observation, Budget::Iterations(40), decisions);
                    decisions += 1;
                    let chosen = chosen.unwrap_or_else(|| panic!("no choice at {game:?}"));
                    assert!(
                        legal.contains(&chosen),
                        "{variant} at {seats}: {chosen:?} is not one of {legal:?}"
                    );
                    chosen
                });
            }
        }
    }
    assert!(decisions > 300, "only {decisions} decisions");
}

#[test]
fn a_seed_decides_the_choice_and_a_budget_in_milliseconds_chooses_too() {
    // Seed 3's completos deal at four seats, at the first turn with a real choice.
    let mut found = None;
    for index in 0..50 {
        let game = dealt(Variant::Completos, 4, 3, index);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if legal.len() > 2 {
            found = Some((game, legal));
            break;
        }
    }
    let Some((game, legal)) = found else {
        panic!("no deal of the first 50 gives seat 0 three plays")
    };
    let observation = game.observe(0).unwrap();
    let seen = Seen::new(&observation);
    let choices: Vec<Option<Action>> = (0..3)
        .map(|_| {
            mcts::choose_with(
                &seen,
                Budget::Iterations(300),
                7,
                &mut mcts::StrategyRollout::default(),
            )
        })
        .collect();
    assert_eq!(
        choices,
        vec![mcts::choose(&observation, Budget::Iterations(300), 7); 3]
    );
    let timed = mcts::choose(&observation, Budget::Millis(5), 7);
    assert!(
        timed.is_some_and(|action| legal.contains(&action)),
        "{timed:?}"
    );
    // As the strategy M, the seed is its observation's: the same choice every time.
    assert_eq!(
        Strategy::Mcts.next_action(&observation),
        Strategy::Mcts.next_action(&observation)
    );
}

/// The share `wins / games` and its 95% Wilson interval.
fn wilson(wins: u32, games: u32) -> (f64, f64) {
    let (n, p, z) = (
        f64::from(games),
        f64::from(wins) / f64::from(games),
        1.96f64,
    );
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Against a player choosing uniformly among its legal plays, at two seats, each of 100
/// deals played twice with the seats swapped: the search wins far more than the same
/// seats win when the random player sits there too (the baseline, about half by
/// symmetry). The two intervals do not meet.
#[test]
fn the_search_beats_a_random_player_clearly() {
    let mut legal = Vec::new();
    let (mut searched, mut baseline, mut games) = (0, 0, 0);
    let mut rng = rng_from_seed(5);
    for index in 0..150 {
        for searcher in 0..2 {
            games += 1;
            for search in [true, false] {
                let mut game = dealt(Variant::Completos, 2, 17, index);
                let winner = play_out(&mut game, |seat, game| {
                    let observation = game.observe(seat).unwrap_or_else(|| panic!("seat {seat}"));
                    if search && seat == searcher {
                        let seed = index * 2 + searcher as u64;
                        return mcts::choose(&observation, Budget::Iterations(1000), seed)
                            .unwrap_or(Action::Draw);
                    }
                    game.legal_actions(&mut legal);
                    legal[below(&mut rng, legal.len() as u64) as usize]
                });
                if winner == Some(searcher) {
                    if search {
                        searched += 1;
                    } else {
                        baseline += 1;
                    }
                }
            }
        }
    }
    let (low, _) = wilson(searched, games);
    let (_, high) = wilson(baseline, games);
    assert!(
        low > high,
        "the search won {searched} of {games}, the random player in its seat {baseline}"
    );
}

/// `simulate`'s worker seats the search by its letter's strategy, and a game of it
/// replays alone from its seed and index, as every simulated game does.
#[test]
fn a_simulated_game_with_the_search_replays_from_its_seed() {
    let setup = ochos_locos::simulate::Setup::new(
        Variant::Diversidad,
        &[Strategy::Mcts, Strategy::Strategic],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut first = Worker::new(setup.face()).unwrap_or_else(|e| panic!("{e}"));
    let mut second = Worker::new(setup.face()).unwrap_or_else(|e| panic!("{e}"));
    let played: Vec<_> = (0..3)
        .map(|i| first.play(9, i).map_err(|e| e.to_string()))
        .collect();
    let again: Vec<_> = (0..3)
        .rev()
        .map(|i| second.play(9, i).map_err(|e| e.to_string()))
        .collect();
    assert_eq!(played, again.into_iter().rev().collect::<Vec<_>>());
}

/// A setup's `players=` seats the search by its letter (a recording's, a web request's),
/// and a game of it is written back with the same letter and the rule set's name.
#[test]
fn a_setup_seats_the_search_by_its_letter_and_writes_it_back() {
    use cards_core::face::{Face, options_of, setup_of};
    let options = [
        "rules=diversidad".to_owned(),
        "players=Ann:M,Bob:S".to_owned(),
    ];
    let setup: ochos_locos::face::Setup = setup_of(&options).unwrap_or_else(|e| panic!("{e}"));
    let game = <Game as Face>::start(&setup, None, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.bots(), Ok(vec![Strategy::Mcts, Strategy::Strategic]));
    let written = options_of(&game.setup()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.contains(&"rules=diversidad".to_owned()),
        "{written:?}"
    );
    assert!(
        written.contains(&"players=Ann:M,Bob:S".to_owned()),
        "{written:?}"
    );
    // A deal file is the assignment's input: it names no search.
    assert_eq!(Strategy::for_letter("M"), None);
}

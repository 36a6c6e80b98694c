//! Invariants over many random deals in every rule set: no card is created or lost,
//! every play is legal, every game ends, and a deal survives being written and read.

use cards_core::protocol::{Actor, GameState};
use cards_core::rng::rng_from_seed;
use ochos_locos::deck::{DECK_SIZE, card_slot};
use ochos_locos::render::{self, Style};
use ochos_locos::rules::DealFormat;
use ochos_locos::{Deal, Game, Play, Variant};
use proptest::prelude::*;

/// Turns after which a game is taken to be stuck: far more than any game can last
/// (each turn moves a card or counts towards a stalemate).
const TURN_LIMIT: usize = 2_000;

fn card_counts(game: &Game) -> [u8; DECK_SIZE] {
    let mut counts = [0u8; DECK_SIZE];
    let hands = game.players().iter().flat_map(|p| p.hand().iter());
    for &card in hands.chain(game.deck().iter()).chain(game.discard_pile()) {
        counts[card_slot(card)] += 1;
    }
    counts
}

fn players_for(variant: Variant, pick: usize) -> usize {
    match variant.format() {
        DealFormat::Numbered {
            players: Some(fixed),
        } => fixed,
        _ => 2 + pick % 5,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_card_is_created_or_lost_and_every_game_ends(
        seed: u64,
        variant_index in 0usize..7,
        pick in 0usize..5,
    ) {
        let variant = Variant::ALL[variant_index];
        let players = players_for(variant, pick);
        let deal = Deal::random(variant, players, &mut rng_from_seed(seed))
            .unwrap();
        let start = {
            let mut counts = [0u8; DECK_SIZE];
            for card in deal.cards() {
                counts[card_slot(card)] += 1;
            }
            counts
        };
        prop_assert!(start.iter().all(|&n| n == 1), "a random deal uses every card once");
        let mut game = deal.to_game(variant).unwrap();
        let mut turns = 0;
        loop {
            let target = game.card_to_match();
            let Some(turn) = game.next_play() else { break };
            turns += 1;
            prop_assert!(turns < TURN_LIMIT, "{variant} seed {seed} does not end");
            prop_assert_eq!(card_counts(&game), start);
            if let (Play::Card { card, .. }, Some(target)) = (turn.play, target) {
                // A card played either matches or answers a 2.
                prop_assert!(card.matches(target) || card.number() == 2, "{} on {}", card, target);
            }
        }
        prop_assert!(game.outcome().is_some());
    }

    #[test]
    fn a_written_deal_reads_back_as_the_same_game(seed: u64, variant_index in 0usize..7) {
        let variant = Variant::ALL[variant_index];
        let deal = Deal::random(variant, variant.default_players(), &mut rng_from_seed(seed))
            .unwrap();
        let mut text = Vec::new();
        ochos_locos::files::write_deal(&mut text, variant, &deal).unwrap();
        let again = ochos_locos::files::parse_deal(variant, &String::from_utf8(text).unwrap()).unwrap();
        let mut first = Vec::new();
        let mut second = Vec::new();
        render::play(variant, &deal, Style::default(), &mut first).unwrap();
        render::play(variant, &again, Style::default(), &mut second).unwrap();
        prop_assert_eq!(first, second);
    }
}

/// The examples built into the binary (`--sample`) are the ones the CLI tests check.
#[test]
fn embedded_samples_are_the_tested_ones() {
    let cases = [
        (Variant::MatchMaking, "sample-a2-p1-match-making-1"),
        (Variant::TakeTwo, "sample-a2-p2-take-two"),
        (Variant::GoingWild, "sample-a2-p3-going-wild"),
        (Variant::MoreTheMerrier, "sample-a2-p4-more-the-merrier"),
        (Variant::Faciles, "sample-a4-p1-faciles"),
        (Variant::Diversidad, "sample-a4-p2-diversidad"),
        (Variant::Completos, "sample-a4-p3-completos-announced"),
    ];
    for (variant, case) in cases {
        let path = format!("../../tests/cmd/ochos-locos/{case}.stdin");
        let tested = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        pretty_assertions::assert_eq!(variant.sample(), tested, "{variant}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A reused game (`restart`, then a new deal at its chance node) plays exactly like
    /// a fresh one.
    #[test]
    fn a_restarted_game_plays_like_a_fresh_one(first: u64, second: u64) {
        let variant = Variant::Completos;
        let old = Deal::random(variant, 4, &mut rng_from_seed(first)).unwrap();
        let new = Deal::random(variant, 4, &mut rng_from_seed(second)).unwrap();
        let mut reused = old.to_game(variant).unwrap();
        while reused.next_play().is_some() {}
        reused.restart();
        prop_assert_eq!(reused.actor(), Actor::Chance);
        // Strategies stay with the seats, so compare with a fresh game of the same seats.
        let mut expected = Deal { deck: new.deck.clone(), discard: new.discard, seats: old.seats.clone() };
        for (seat, new_seat) in expected.seats.iter_mut().zip(&new.seats) {
            seat.hand = new_seat.hand.clone();
        }
        let (_, order) = expected.table(variant).unwrap();
        reused.apply_chance(&order, &mut Vec::new()).unwrap();
        let mut direct = expected.to_game(variant).unwrap();
        prop_assert_eq!(&reused, &direct);
        loop {
            let (a, b) = (reused.next_play(), direct.next_play());
            prop_assert_eq!(a, b);
            if b.is_none() { break; }
        }
    }
}

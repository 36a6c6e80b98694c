//! The same battle for 3 to 8 players (`--players N`; the assignment stops at two, and
//! its two-player battle is `Game::battle` in `game.rs`). Everyone still in the game
//! turns over a card; a tie for the highest starts a war among the tied players only.
//! In a war the players who cannot lay four cards are out; if none of them can, the one
//! who holds the most takes the table, and if several hold that many they are all out
//! and the cards stay on the table for the winner of the next battle. The cards are put
//! down, shown and taken by the same steps as in the two-player battle, so with two
//! players this loop plays exactly the same game (the tests below check it).

use std::cmp::Ordering;

use cards_core::protocol::{EventSink, Seat};
use rand::Rng;

use super::{Event, Game, NoWinner, Outcome, WAR_CARDS};
use crate::card::Card;
use crate::error::Refusal;
use crate::player::PlayerSet;
use crate::rules::MAX_PLAYERS;

impl Game {
    /// One battle among all the players still in the game, with all the wars it sets off
    /// (the rules are on [`GameState::apply`](cards_core::protocol::GameState::apply)).
    /// Returns who wins the cards on the table: nobody if all at war ran out together.
    pub(super) fn battle_of_many(
        &mut self,
        events: &mut impl EventSink<Event>,
    ) -> Result<Option<Seat>, Refusal> {
        // The card each player shows in the current battle (`None`: not in it).
        let mut shown: [Option<Card>; MAX_PLAYERS] = [None; MAX_PLAYERS];

        // Everyone still in the game holds cards at a player's turn.
        let mut contenders = self.in_game();
        self.battles += 1;
        events.push(Event::Battle {
            battle: self.battles,
        });
        for seat in contenders.iter() {
            shown[seat] = self.turn_over(seat, events)?;
        }

        loop {
            let best = highest(&shown, contenders);
            if best.len() <= 1 {
                return Ok(best.lowest());
            }
            events.push(Event::Tie { seats: best });
            self.wars += 1;
            let survivors = self.war_survivors(best);
            let deciding = (survivors.len() >= 2).then(|| {
                self.battles += 1;
                self.battles
            });
            events.push(Event::War {
                war: self.wars,
                battle: deciding,
                seats: best,
            });
            shown = [None; MAX_PLAYERS];
            for seat in best.iter() {
                shown[seat] = self.lay_war_cards(seat, events)?;
            }
            for seat in best.iter().filter(|&seat| !survivors.contains(seat)) {
                self.run_out(seat, events);
            }
            match survivors.len() {
                0 | 1 => return Ok(survivors.lowest()),
                _ => contenders = survivors,
            }
        }
    }

    /// Which of the tied players `best` come through a war: those who can lay all four
    /// cards; if none can, the one who holds the most (they run out last), unless
    /// several hold that many.
    fn war_survivors(&self, best: PlayerSet) -> PlayerSet {
        let count = |seat: usize| self.players[seat].card_count();
        let full: PlayerSet = best.iter().filter(|&s| count(s) >= WAR_CARDS).collect();
        if !full.is_empty() {
            return full;
        }
        let most = best.iter().map(count).fold(0, usize::max);
        let last: PlayerSet = best.iter().filter(|&s| count(s) == most).collect();
        if last.len() == 1 {
            last
        } else {
            PlayerSet::EMPTY
        }
    }

    /// After a battle of many, the table taken (by `taker`) or left: a player left with no
    /// cards is out at once (they could not play the next battle's card, so the console
    /// never asks for a battle that cannot be fought); then the game ends, or the lowest
    /// seat still in plays the next battle. With two players it ends a battle as
    /// `Game::end_battle` does (the tests below check it).
    pub(super) fn end_battle_of_many<R: Rng + ?Sized>(
        &mut self,
        out_before: PlayerSet,
        taker: Option<Seat>,
        events: &mut impl EventSink<Event>,
        draw: Option<&mut R>,
    ) -> Result<(), Refusal> {
        let in_game = self.in_game();
        // Everyone in the game laid a card; all but the taker may have none left.
        let mut laid_and_lost = in_game;
        if let Some(taker) = taker {
            laid_and_lost.remove(taker);
        }
        let mut emptied = PlayerSet::EMPTY;
        for seat in laid_and_lost.iter() {
            if self.players[seat].is_out() {
                self.run_out(seat, events);
                emptied.insert(seat);
            }
        }
        // Those still in the game now all hold cards.
        let active = in_game.without(emptied);
        let Some(seat) = active.lowest() else {
            let seats = self.out.without(out_before);
            let reason = NoWinner::OutOfCards { seats };
            self.finish(Outcome::NoWinner { reason }, events);
            return Ok(());
        };
        if active.single().is_some() {
            // The last player standing wins, collecting any pot nobody could win.
            if self.table.is_empty() || self.take(seat, out_before, true, events, draw)? {
                self.finish(Outcome::Winner { seat }, events);
            }
        } else {
            self.next_battle(seat, events);
        }
        Ok(())
    }
}

/// The players among `contenders` whose shown card has the highest rank (suits never
/// break a tie in War); nobody if none of them shows a card.
fn highest(shown: &[Option<Card>; MAX_PLAYERS], contenders: PlayerSet) -> PlayerSet {
    let mut best = PlayerSet::EMPTY;
    let mut best_card: Option<Card> = None;
    for seat in contenders.iter() {
        let Some(card) = shown[seat] else { continue };
        match best_card.map(|best| card.compare_rank(best)) {
            Some(Ordering::Less) => {}
            Some(Ordering::Equal) => best.insert(seat),
            None | Some(Ordering::Greater) => {
                best = PlayerSet::EMPTY;
                best.insert(seat);
                best_card = Some(card);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use pretty_assertions::assert_eq;

    use super::*;
    use crate::game::AT_CHANCE_NODE;
    use crate::rules::{Rules, WonCardOrder};
    use cards_core::protocol::{Actor, GameState};
    use cards_core::rng::{GameRng, rng_from_seed};

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

    /// Plays `seeds` games of `rules` to their end, each seeded by its number, and hands
    /// every player's turn to `turn` (the game, the seed's generator and the seed), which
    /// plays the battle; returns the games ended.
    fn seeded_games(
        rules: Rules,
        seeds: std::ops::Range<u64>,
        mut turn: impl FnMut(&mut Game, &mut GameRng, u64),
    ) -> Vec<Game> {
        seeds
            .map(|seed| {
                let mut rng = rng_from_seed(seed);
                let mut game = Game::new(rules);
                loop {
                    match game.actor() {
                        Actor::Chance => game
                            .apply_sampled_chance(&mut rng, &mut Vec::new())
                            .unwrap(),
                        Actor::Seat(_) => turn(&mut game, &mut rng, seed),
                        Actor::Over => return game,
                    }
                }
            })
            .collect()
    }

    /// With two players the general loop plays exactly the assignment's battle: for
    /// seeded games with won cards shuffled and in the fixed order, every battle gives the
    /// same events and leaves the same game whichever of the two plays it.
    #[test]
    fn with_two_players_the_general_loop_is_the_two_player_battle() {
        for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
            let rules = Rules::new(2).unwrap().with_order(order);
            let games = seeded_games(rules, 0..150, |game, _, seed| {
                let mut general = game.clone();
                let (mut mine, mut theirs) = (Vec::new(), Vec::new());
                let winner = game.battle(&mut mine).unwrap();
                assert_eq!(winner, general.battle_of_many(&mut theirs).unwrap());
                assert_eq!(mine, theirs, "seed {seed}, battle {}", game.battles());
                // The winner takes the table, as `play_battle` has it.
                game.settle(winner, PlayerSet::EMPTY, &mut mine, AT_CHANCE_NODE)
                    .unwrap();
                general
                    .settle(winner, PlayerSet::EMPTY, &mut theirs, AT_CHANCE_NODE)
                    .unwrap();
                assert!(*game == general, "seed {seed}, battle {}", game.battles());
            });
            let wars: u64 = games.iter().map(Game::wars).sum();
            assert!(wars > 100, "the games had wars: {wars}");
        }
    }

    /// With two players the general end of a battle is the assignment's: in seeded games,
    /// with won cards shuffled and in the fixed order, and with a cap some games reach,
    /// after every battle and its take both ends give the same events and leave the same
    /// game; and the games end in every way a two-player game can but the rarest, both
    /// players out in one war, which the hand-built wars below end with.
    #[test]
    fn with_two_players_the_general_end_is_the_two_player_end() {
        let mut endings = std::collections::BTreeSet::new();
        for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
            let rules = Rules::new(2)
                .unwrap()
                .with_order(order)
                .with_max_battles(400)
                .unwrap();
            let games = seeded_games(rules, 0..300, |game, rng, seed| {
                let out_before = game.out;
                let mut events = Vec::new();
                let winner = game.battle(&mut events).unwrap();
                if let Some(seat) = winner {
                    let taken = game
                        .take(seat, out_before, false, &mut events, Some(rng))
                        .unwrap();
                    assert!(taken, "the quiet path takes the table at once");
                }
                let mut general = game.clone();
                let (mut mine, mut theirs) = (Vec::new(), Vec::new());
                game.end_battle(winner, &mut mine).unwrap();
                general
                    .end_battle_of_many(out_before, winner, &mut theirs, AT_CHANCE_NODE)
                    .unwrap();
                assert_eq!(mine, theirs, "seed {seed}, battle {}", game.battles());
                assert!(*game == general, "seed {seed}, battle {}", game.battles());
            });
            for game in games {
                endings.insert(match game.outcome().unwrap() {
                    Outcome::Winner { .. } => "winner",
                    Outcome::NoWinner { reason } => match reason {
                        NoWinner::OutOfCards { .. } => "both out",
                        NoWinner::BattleCap { .. } => "cap",
                        NoWinner::Repetition { .. } => "repetition",
                    },
                });
            }
        }
        assert_eq!(
            endings.into_iter().collect::<Vec<_>>(),
            ["cap", "repetition", "winner"]
        );
    }

    /// The endings of a two-player war, hand-built, through both loops and both ends of a
    /// battle: one player short of four cards, both short with more and fewer cards, both
    /// short with equally many (nobody wins: a seeded game rarely ends so), and a war
    /// whose fourth cards tie again.
    #[test]
    fn two_player_wars_end_alike_in_both_loops() {
        let cases = [
            ["5C 2C 3C 4C KC 9C", "5D 2D 3D"],
            ["5C", "5D 9D"],
            ["5C 2C 3C", "5D 2D 3D 4D"],
            ["5C 2C 3C 4C", "5D 2D 3D"],
            ["5C 2C 3C", "5D 2D 3D"],
            [
                "5C 2C 3C 4C 7C 6C 7H 8H AC 9C",
                "5D 2D 3D 4D 7D 6D 8D 9D KD 9H",
            ],
            ["5C 2C 3C 4C 7C 6C", "5D 2D 3D 4D 7D 6D 8D"],
        ];
        for piles in cases {
            for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
                let rules = Rules::new(2).unwrap().with_order(order);
                let hand = |text: &str| -> Vec<Card> {
                    text.split_whitespace()
                        .map(|c| c.parse().unwrap())
                        .collect()
                };
                let mut game = Game::from_piles(rules, piles.map(hand)).unwrap();
                let mut general = game.clone();
                let (mut mine, mut theirs) = (Vec::new(), Vec::new());
                let winner = game.battle(&mut mine).unwrap();
                assert_eq!(
                    winner,
                    general.battle_of_many(&mut theirs).unwrap(),
                    "{piles:?}"
                );
                game.settle(winner, PlayerSet::EMPTY, &mut mine, AT_CHANCE_NODE)
                    .unwrap();
                // As `settle` does, with the general end of the battle.
                match winner {
                    Some(seat) => {
                        let taken = general
                            .take(seat, PlayerSet::EMPTY, false, &mut theirs, AT_CHANCE_NODE)
                            .unwrap();
                        if taken {
                            general
                                .end_battle_of_many(
                                    PlayerSet::EMPTY,
                                    winner,
                                    &mut theirs,
                                    AT_CHANCE_NODE,
                                )
                                .unwrap();
                        }
                    }
                    None => {
                        theirs.push(Event::PotLeft {
                            cards: general.table().len(),
                        });
                        general
                            .end_battle_of_many(PlayerSet::EMPTY, None, &mut theirs, AT_CHANCE_NODE)
                            .unwrap();
                    }
                }
                assert_eq!(mine, theirs, "{piles:?}");
                assert!(game == general, "{piles:?}");
            }
        }
    }
}

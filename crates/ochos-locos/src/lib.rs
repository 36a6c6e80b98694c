//! Ochos Locos, a Crazy-Eights-like card game, in the seven rule sets of two
//! assignments (CSCI 1110, Winter 2020): Assignment 2, Problems 1–4, and Assignment 4,
//! Parts I–III.
//!
//! The deck has 32 cards: four colours (R, Y, G, B) numbered 1 to 8. Players take turns
//! laying a card that matches the discard card by colour or number, or drawing; the
//! first to empty their hand wins. The rule sets differ in how a player chooses a card,
//! in what 2s and 8s do, and in how a game without a winner ends.
//!
//! # One engine, seven rule sets
//!
//! The assignments build each part on the last ("start from Problem 2 and modify…",
//! "FullGame is a subclass of Game"). Here the parts are not copies: there is one
//! [`Game`], and a rule set is a [`Rules`] value — which extra rules are on — plus, for
//! the input and output formats, a [`Variant`].
//!
//! | subcommand | assignment | rules | players choose with |
//! |---|---|---|---|
//! | `match-making` | A2, Problem 1 | [`Rules::MATCH_MAKING`] | [`Strategy::Rainbow`] |
//! | `take-two` | A2, Problem 2 | [`Rules::TAKE_TWO`]: + Rule of Two | [`Strategy::Rainbow`] |
//! | `going-wild` | A2, Problem 3 | [`Rules::GOING_WILD`]: + Loco rule | [`Strategy::Rainbow`] |
//! | `more-the-merrier` | A2, Problem 4 | [`Rules::GOING_WILD`], 2–6 players | [`Strategy::Rainbow`] |
//! | `faciles` | A4, Part I | [`Rules::GAME`] | [`Strategy::Basic`] |
//! | `diversidad` | A4, Part II | [`Rules::GAME`] | `B`, `C`, `N`, `S` per player |
//! | `completos` | A4, Part III | [`Rules::FULL_GAME`]: + 2-card and 8-card rules | `B`, `C`, `N`, `S` |
//!
//! # Where each Java piece went
//!
//! | Assignment 4 (Java) | here |
//! |---|---|
//! | `Card(String)`, `getColor`, `getNumber`, `matches`, `matchesColor`, `matchesNumber`, `toString` | [`card::ColorCard`] (the workspace's [`cards_core::ColorCard`]): `"R5".parse()`, [`color`](cards_core::ColorCard::color), [`number`](cards_core::ColorCard::number), [`matches`](cards_core::ColorCard::matches), [`matches_color`](cards_core::ColorCard::matches_color), [`matches_number`](cards_core::ColorCard::matches_number), `Display` |
//! | `Player(String)`, `addCardToHand`, `removeCardFromHand`, `findMatch`, `hasWon`, `toString` | [`Player::new`], [`Player::add_card_to_hand`], [`Player::remove_card_from_hand`], [`Player::find_match`], [`Player::has_won`], `Display` (`Alice R8 Y4`) |
//! | `Player.findMatch` (the first card that matches) | [`Strategy::Basic`]; a player holds a [`Strategy`] ([`Player::with_strategy`]), as a Java player is of its class, and on its turn the game asks it ([`Strategy::next_action`]: the strategy is the seat's agent of the protocol) |
//! | `ColorPlayer` (a subclass overriding `findMatch`) | [`Strategy::ColorFirst`] |
//! | `NumberPlayer` (a subclass overriding `findMatch`) | [`Strategy::NumberFirst`] |
//! | `StrategicPlayer` (a subclass overriding `findMatch`) | [`Strategy::Strategic`] |
//! | `Game`: `addPlayer`, `addCard`, `setDiscardCard`, `getDiscardCard`, `drawCard`, `getCurrentPlayer`, `nextPlayer`, `nextPlay`, `outOfCards` | [`Game`]: [`add_player`](Game::add_player), [`add_card`](Game::add_card), [`set_discard_card`](Game::set_discard_card), [`discard_card`](Game::discard_card), [`draw_card`](Game::draw_card), [`current_player`](Game::current_player), [`next_player`](Game::next_player), [`next_play`](Game::next_play), [`out_of_cards`](Game::out_of_cards) |
//! | `FullGame extends Game`, overriding `nextPlay` | `Game::new(Rules::FULL_GAME)`: the same `next_play` with two rules switched on |
//! | `OchosLocos.java`, `OchosLocosDiversity.java`, `OchosLocosComplete.java` | the binary's subcommands; [`files::parse_deal`] reads the input, [`render::play`] plays it through the protocol's `Driver` and prints the game |
//!
//! Assignment 2 has no classes; its choice rule ("more number matches than colour
//! matches: the number card first in rainbow order, else the colour card lowest in
//! counting order") is [`Strategy::Rainbow`] (named after the rainbow order it plays
//! number matches in), and its Rule of Two and Loco rule
//! are [`rules::TwoRule`] and [`rules::EightRule::Loco`].
//!
//! [`Game::next_play`] performs one turn and returns a [`Turn`] — who played and the
//! [`Play`] they made — instead of printing it: the current seat's strategy chooses,
//! then the game applies the choice through the protocol below.
//!
//! # The game protocol
//!
//! [`Game`] implements `cards_core::protocol::GameState`, and every front end drives it
//! through the protocol's one loop, `Driver`: [`render::play`] (the assignments'
//! output, `check`), the `--human` console ([`console::play`]), [`simulate`] (on the
//! protocol's quiet path, `Driver::play_trusted`), the tests and the benchmark. The game decides what the rules allow; agents choose; renderers and tallies
//! read the [`Event`]s.
//!
//! - **Actor.** Chance, until the cards are dealt; then the seats in turn, from the first
//!   (seat 0) round the table; nobody once the game has an outcome.
//! - **Chance: the deal, and nothing else.** No card is shuffled during play. The game
//!   waits at its chance node ([`Game::restart`], or [`files::Deal::table`]) for a
//!   [`deck::DeckOrder`], the cards in deal-file order (five a seat, the discard card,
//!   the deck top first). Sampled from a seed, it is the shuffle of the deck in card
//!   order that [`files::Deal::random`] has always made; a deal file (or `--sample`, or
//!   `--seed N` through [`files::Deal::random`]) is its recorded outcome. An order that is not a permutation of the
//!   cards to deal is refused.
//! - **Actions** ([`Action`]), in this order: the cards of the hand that may be laid, in
//!   hand order (oldest first); an 8 that names a colour once per colour, red, yellow,
//!   green, blue; a winning 8 (the last card) names none. What may be laid: a card that
//!   matches the card to match by colour or number (after an 8 that named a colour, any
//!   card of that colour or any 8); facing a fresh 2 under the Rule of Two, only a 2.
//!   When nothing may be laid, [`Action::Draw`] alone: one card, or the Rule of Two's
//!   penalty, or a pass when the deck is empty, as the rule set prints them. Which of the
//!   allowed plays to make (first match, colour first, number first, strategic, the
//!   rainbow rule, the Loco rule's playable 8, the 2 to answer with, the colour to name)
//!   is the players' choice: the [`Strategy`] agents choose as the assignments' players
//!   do, a person chooses freely.
//! - **Observation** ([`Observation`]): the seat's own hand, the discard card, the card
//!   to match and the colour in force, the 2s waiting for an answer, the deck's size and
//!   how many cards each seat holds, the discard pile, the game's cards and the passes
//!   in a row (all public); never another hand or the deck's order.
//! - **Outcome** ([`Outcome`], the workspace's one `Outcome` type): a winner (the first
//!   to empty their hand), or no winner for a [`NoWinner`] reason: the deck ran out
//!   (Assignment 4) or a stalemate (Assignment 2).
//! - **Events** ([`Event`]): the deal (its discard card), each turn ([`Turn`]: the
//!   `seat` that acted and its [`Play`]), and `Event::GameOver { outcome }`, the last
//!   event of the turn that ended the game.
//!
//! Beyond the assignments: [`files::Deal::random`] makes new test cases (`ochos-locos
//! deal`), `check` grades an output against the game's (`ochos-locos check`),
//! [`simulate`] measures who wins how often, by seat and strategy
//! (`ochos-locos simulate`), and `--human NAME` lets a person take a seat. For
//! instructors, `cases` writes test cases targeted at every situation of a rule set
//! (`ochos-locos cases`) and `grade` grades any program on them, with timeouts, in
//! parallel, for people or for Gradescope (`ochos-locos grade`, on the shared `grader`
//! crate; `docs/grading.md`).
//!
//! # Modules
//!
//! The same table as every game of the workspace, in one other order: Ochos Locos's
//! players are of a kind, as in Java (a `ColorPlayer` is a `Player`), so a [`Player`]
//! holds its [`Strategy`], a strategy knows cards and rules but not the game, and the
//! game makes each strategy an agent of the protocol; the actions they choose come
//! before both.
//!
//! | role | module | items |
//! |---|---|---|
//! | the rule set and its options | [`rules`] | [`Rules`] (with [`rules::TwoRule`], [`rules::EightRule`], [`rules::EndRule`]), [`Variant`] (the seven rule sets) |
//! | cards | [`card`] | Assignment 4's `Card`, the workspace's `ColorCard`; the 2 and the 8 |
//! | the deck and the deal as chance outcome | [`deck`] | [`deck::DeckOrder`]; the deck's size and numbers |
//! | what a seat may do | [`action`] | [`Action`] |
//! | strategies (the players' kinds) | [`strategy`] | [`Strategy`] |
//! | the strong player (IS-MCTS, `M`) | [`mcts`] | [`mcts::choose`], [`mcts::Seen`], [`mcts::DEFAULT_BUDGET`] |
//! | a player | [`player`] | [`Player`]: name, hand and strategy |
//! | a hand: the list in the order received, held inline, with where each colour and number lies | [`hand`] | [`hand::Hand`] (a [`deck::Hand`] holds the deck's 32) |
//! | the state machine | [`game`] | [`Game`], [`Event`], [`Observation`], [`NoWinner`], [`Outcome`]; [`Game::restart`]; each [`Strategy`] as an agent |
//! | refusals | [`error`] | [`Refusal`] (the rules), [`error::AnswerError`] (an answer at the console) |
//! | the rule audit of each step | `audit` (feature `conformance`, for the tests) | `conformance::Audit` for [`Game`] |
//! | the person at the terminal, the console game | [`console`] | [`console::Person`], [`console::Table`], [`console::play`], [`console::Ending`] |
//! | text | [`render`] | [`render::Renderer`], [`render::play`], [`render::Style`] |
//! | simulation | [`simulate`] | [`simulate::Setup`], [`simulate::Worker`] |
//! | file formats | [`files`] | [`files::Deal`] (reading, writing, [`files::Deal::random`]) |
//! | the face every front sees (web, replays, Python, the command line's frame) | [`face`] | `cards_core::face::Face` for [`Game`]: [`face::Setup`] (rules, seats, person, deck, as a recording's options), the actions' tokens, the page's lines, [`face::View`], the ending; [`face::rule_set`] |
//! | recorded games (feature `replay`, in `cli`) | `replay` | the terminal's viewer, `replay::show`; `replay::frames`, `replay::start` |
//! | an output compared with the game's, line by line (`ochos-locos check`) | [`check`] | [`check::compare`], [`check::Verdict`] |
//! | the command line (feature `cli`) | the binary's own modules (`src/cli/`: the commands, and `cli/grade.rs`, grading a program on the cases), and the library's `cases` (the cases themselves, which the Java kits make too) | |
//!
//! Without its default feature `cli` the library is the engine and its face alone: no
//! clap, rayon, serde_json or grader (serde is the face's). The feature `replay` alone
//! adds the module `replay` (on cards-core's recording format, serde_json): what the
//! web page needs of recordings.
//!
//! # Decisions where the texts are silent or wrong
//!
//! Each is tested, by unit tests in [`game`] and by the trycmd cases in
//! `tests/cmd/ochos-locos/`.
//!
//! - **Starting card.** Nobody laid it, so a starting 2 asks for no answer and a starting
//!   8 chooses no colour (it stands for its own).
//! - **Rule of Two** (both assignments). A player facing a fresh 2 must answer with a 2
//!   (Assignment 2: the first in rainbow order; Assignment 4: the first in hand order)
//!   before anything else, even an 8. Otherwise they miss the turn and draw: 2 cards in
//!   Assignment 2 (`TAKE TWO`), 2 for every 2 of the chain in Assignment 4 (`DRAW`), as
//!   many as the deck still holds. The penalty uses the 2s up: the next player plays on
//!   the 2 as on any card.
//! - **Loco rule** (Assignment 2). 8s are not wild: an 8 may be played when it matches
//!   (by colour, or any 8 on an 8). The assignment's player who may play an 8 always
//!   does, the first in rainbow order, and names the first colour in rainbow order among
//!   the cards left, 8s included (a person at `--human` may choose otherwise). The next
//!   player must play an 8 or a card of that colour.
//! - **8-card rule** (Assignment 4). An 8 is played only when the player's strategy
//!   picks it; the colour named is the one held most, counting the hand as it is when the
//!   choice is made, the 8 itself and other 8s included; ties go red, yellow, green,
//!   blue. The line prints it, `B8 (G)`, as the text's rule says; `completos
//!   --no-announce-colour` reproduces the text's example, which never prints it.
//! - **Winning 8.** A player laying their last card, an 8, wins and names no colour:
//!   `2: R8 (WINNER)`, `Bob: G8`.
//! - **End of the deck.** Assignment 2: a player who can neither play nor draw passes
//!   and prints `DRAW`; when every player in a row has passed like this, nobody can ever
//!   play again, and the game prints `STALEMATE (NO WINNER)` after the last `DRAW`.
//!   Assignment 4: the game ends (`That was fun!`) as soon as a draw takes the deck's
//!   last card, or needs one from an empty deck (that turn's `DRAW` line is printed
//!   first).
//! - **Input.** A whole deal is read and checked before anything is played; an error
//!   names the line, the column and the token, and nothing goes to standard output. A
//!   card is an upper-case colour letter and a number 1–8 (`r3` is refused with a hint:
//!   the output always writes `R3`, so the input should too). Each hand has exactly 5
//!   cards; a game has 2 to 6 players (Problems 1–3 exactly 3); names are single words
//!   without control characters; strategy letters are upper case. The draw pile may be shorter than the rest of the
//!   deck, or absent (an empty deck), and may run over several lines; every card appears
//!   at most once; two players may not share a name. A deal (and `check`'s output file)
//!   is UTF-8 text of at most 4 MB, from FILE or, with none or `-`, standard input; a
//!   leading byte-order mark is dropped, other bytes that are not UTF-8 are refused
//!   naming their line, and an endless input (`< /dev/zero`) is refused once past the
//!   limit. An error quotes at most 40 characters of a token, control characters
//!   escaped (`\u{1b}`), so that no input can flood or garble the terminal.
//! - **The samples' errors.** The Problem 4 sample as printed deals G8 twice and leaves
//!   out G4 (its hand table and last line, `1: G4 (WINNER)`, show the intended hand
//!   `R2 Y8 G4 G6 G7`): the literal deal is refused as a duplicate card, and the
//!   corrected one is a test case. The Part I example output lost its first line at a
//!   page break: the complete output starts with `Alice Y7 Y8 B1 B7: Y3` (Alice plays
//!   first, as in Part II), and the test case has it.
//! - **Recorded games** (`--record FILE`, `ochos-locos replay FILE`, the module
//!   `replay`; `docs/replay.md`). Only a deal drawn from a seed can be replayed from
//!   it, so `--record` needs `--seed N` (a FILE, standard input or `--sample` is
//!   refused); it works with `--human` and without, where the assignment's output stays
//!   byte for byte the same. The options are the face's [`face::Setup`] and rebuild the
//!   table before the deal, any table the library can build: `rules=NAME` (the first of the seven rule sets, in the
//!   assignments' order, that deals such a table: a three-player Problem 4 game is
//!   `going-wild`'s, a diversidad game of basic players `faciles`'; else the switches
//!   `two=`, `eight=`, `end=`), `players=NAME:S,…` (each seat's name, `%XX`-escaped
//!   where it holds `%`, `,`, `:`, blanks or control characters, and strategy letter,
//!   `R` for Assignment 2's rainbow rule), `human=N` (the person's seat from 1; absent
//!   when the strategies played every seat; [`Game::with_person`]) and, only for fewer
//!   than 32 cards, `cards=`. The actions are every seat's plays as the person types
//!   them: a card (`G4`), `d` to draw, and an 8 that names a colour as card, colon and
//!   letter (`B8:G`), read back by the console's own parser (any case, or the play's
//!   number); `q` and `?` are refused. Since the game is over when it is replayed,
//!   every position shows every hand.
//!
//! # Colour
//!
//! On a terminal the binary shows each card in its colour ([`render::Style::cards`]:
//! ANSI colours for R, Y, G and B, in the game's lines and at `--human`'s prompts),
//! unless `NO_COLOR` is set; piped or redirected output, `check` and `cases` always get
//! the assignments' exact text.
//!
//! # How it fits the workspace
//!
//! The card and its parsing, the shuffle, the seeded generator and the deal-file
//! tokenizer come from `cards-core`; this crate holds only Ochos Locos's rules. The
//! binary (`src/main.rs`, `src/cli/`, feature `cli`) parses the command line and
//! connects input, engine and output.

pub mod action;
#[cfg(feature = "conformance")]
pub mod audit;
pub mod card;
#[cfg(feature = "grade")]
pub mod cases;
pub mod check;
pub mod console;
pub mod deck;
pub mod error;
pub mod face;
pub mod files;
pub mod game;
pub mod hand;
pub mod player;
pub mod render;
#[cfg(feature = "replay")]
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod strategy;

pub use action::Action;
pub use error::Refusal;
pub use files::Deal;
pub use game::{Event, Game, NoWinner, Observation, Outcome, Play, Turn, mcts};
pub use player::Player;
pub use rules::{Rules, Variant};
pub use strategy::Strategy;

//! The assignment's exact text: every line the game prints, made from events and
//! players. Nothing else in the crate spells out game output but the console's question
//! and its one refusal ([`console::PROMPT`](crate::console::PROMPT)), as in every game.

use std::fmt::Write as _;

use crate::game::Event;
use crate::rules::{Rules, Variant};

/// The welcome message and the short explanation that open a game (several lines, each
/// ended by a newline): the goal and the dice of `rules`.
pub fn welcome(rules: Rules) -> String {
    let goal = rules.goal();
    let mut text = String::new();
    text.push_str("Welcome to the Game of Pig!\n");
    let _ = writeln!(
        text,
        "Human plays against Computer; the first to reach {goal} points wins."
    );
    match rules.variant() {
        Variant::TwoDice => text.push_str(
            "Each roll of the two dice scores their sum; doubles score twice the sum\n\
             (double 6s: 24). Snake eyes (double 1s) lose the turn's points and end the turn.\n",
        ),
        Variant::Classic => text.push_str(
            "Each roll of the die scores its face; a 1 loses the turn's points and ends the turn.\n",
        ),
    }
    text.push_str("Before each roll, answer Y to hold (bank the turn's points) or N to roll.\n");
    text
}

/// The rules in plain words, a few lines: what `?` shows at the prompt (a person's
/// answer that the assignment does not know of, so its transcripts never hold it).
pub fn rules_text(rules: Rules) -> String {
    let mut text = welcome(rules);
    // The welcome's explanation without its greeting, then the answers that quit.
    if let Some(end) = text.find('\n') {
        text.replace_range(..=end, "");
    }
    text.insert_str(0, "Rules: ");
    text.push_str("A turn's points are banked when you hold. Answer q to quit.\n");
    text
}

/// The line that closes the welcome at a terminal (a person at the keyboard): the two
/// answers the assignment's prompt cannot mention, since its text is fixed.
pub const HINT: &str = "Type ? at the prompt for the rules, q to quit.";

/// The line that opens and closes a turn: `Player: Human, Total Points = 11`.
pub fn player_line(name: &str, total: u32) -> String {
    format!("Player: {name}, Total Points = {total}")
}

// ANCHOR: roll_line
/// The line after a roll: `Roll=(2,2), Roll Points = 8, Turn Points = 11, Total Points =
/// 21`; `None` for an event that is no roll.
pub fn roll_line(event: &Event) -> Option<String> {
    match event {
        Event::Rolled {
            throw,
            roll_points,
            turn_points,
            total,
            ..
        } => Some(format!(
            "Roll=({throw}), Roll Points = {roll_points}, Turn Points = {turn_points}, Total Points = {total}"
        )),
        Event::Held { .. } | Event::GameOver { .. } => None,
    }
}
// ANCHOR_END: roll_line

/// The last line of a game: `The winner is: Computer`.
pub fn winner_line(name: &str) -> String {
    format!("The winner is: {name}")
}

/// The summary after a quit: the banked scores so far (the points of a turn in play are
/// not banked, so they are not counted): `Total Points: Human 10, Computer 20`.
pub fn quit_scores(scores: &[(&str, u32)]) -> String {
    let mut line = String::from("Total Points:");
    for (n, (name, total)) in scores.iter().enumerate() {
        let _ = write!(line, "{} {name} {total}", if n == 0 { "" } else { "," });
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PigDice, Throw};
    use crate::game::RollEffect;
    use pretty_assertions::assert_eq;

    #[test]
    fn lines_read_as_in_the_assignment() {
        assert_eq!(player_line("Human", 11), "Player: Human, Total Points = 11");
        let event = Event::Rolled {
            seat: 0,
            throw: Throw::Pair(PigDice::new(2, 2).unwrap_or_else(|| panic!())),
            roll_points: 8,
            turn_points: 11,
            total: 21,
            effect: RollEffect::Scored,
        };
        assert_eq!(
            roll_line(&event).as_deref(),
            Some("Roll=(2,2), Roll Points = 8, Turn Points = 11, Total Points = 21")
        );
        assert_eq!(roll_line(&Event::Held { seat: 0, total: 3 }), None);
        assert_eq!(winner_line("Computer"), "The winner is: Computer");
        assert_eq!(
            quit_scores(&[("Human", 10), ("Computer", 20)]),
            "Total Points: Human 10, Computer 20"
        );
    }
}

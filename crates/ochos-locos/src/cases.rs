//! Test cases for grading students' programs (`ochos-locos cases`): deals and their
//! expected outputs, *targeted* at every situation a rule set has, then random ones.
//!
//! A situation is something a game can come to that a program may get wrong: a win by
//! an 8, an 8 that changes the colour, chained 2s, a penalty that empties the deck, a
//! stalemate, the deck emptied by a draw, the fewest and the most players, a win by each
//! strategy, a starting card that is a 2 or an 8 (which nobody laid, so it triggers
//! nothing: a program that puts its rule in force fails there)
//! ([`Situation::ALL`]; [`applicable`] says which a rule set has). For each
//! situation in turn, seeded random deals are played until one comes to it; then
//! `count` random deals follow. Deal *k* of a search is dealt from
//! `cards_core::rng::stream_rng(seed, k)`, so the same seed gives the same cases, on
//! any machine.
//!
//! The expected output of a case is the game's own, played through the protocol's
//! `Driver` by [`render`](crate::render); the situations a case exercises are read
//! from the same game's events. A [`CaseSet`] is written as `NAME.in` (the deal),
//! `NAME.out` (the expected output) and `manifest.json` ([`Manifest`]), which
//! `ochos-locos grade` reads back.
//!
//! Each case lists the readings of the text it accepts ([`Reading`]), the project's own
//! first. The texts leave two points open: Assignment 2 never ends a game nobody can
//! finish (a player who cannot play prints `DRAW`), so a stalemate case accepts the
//! project's closing line ([`STALEMATE_LINE`]) or `DRAW` for ever ([`ENDLESS_DRAW`]);
//! Part III's rule prints the colour after an 8 but its example does not, so a completos
//! case whose outputs differ accepts both ([`COLOUR_ANNOUNCED`], [`COLOUR_NOT_ANNOUNCED`],
//! the other reading's output in `NAME.READING.out`).

use std::fs;
use std::io;
use std::path::Path;

use cards_core::protocol::{ChanceSource, Driver, GameState, PlayError};
use cards_core::rng::{below, stream_rng};
use serde::{Deserialize, Serialize};

use crate::error::Refusal;
use crate::files::Deal;
use crate::game::{Event, NoWinner, Outcome, Play};
use crate::render::{Renderer, Style};
use crate::rules::{DealFormat, EndRule, MAX_PLAYERS, MIN_PLAYERS, Variant};
use crate::strategy::Strategy;

/// Something a game can come to, by its name in the manifest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The name in the manifest and in case names (`win-by-eight`).
    pub name: &'static str,
    /// What it is, for people.
    pub about: &'static str,
}

impl Situation {
    /// Every situation, in the order cases are searched for.
    pub const ALL: [Situation; 16] = [
        Situation::new(
            "win-by-eight",
            "a player wins by laying an 8 as their last card",
        ),
        Situation::new(
            "eight-changes-colour",
            "an 8 names a colour other than its own (rules with 8s)",
        ),
        Situation::new(
            "chained-twos",
            "a 2 is answered with a 2 (rules with the Rule of Two)",
        ),
        Situation::new(
            "two-penalty",
            "a player cannot answer a 2, misses the turn and draws",
        ),
        Situation::new(
            "penalty-empties-deck",
            "a 2's penalty takes the last cards of the deck",
        ),
        Situation::new(
            "stalemate",
            "everybody passes with the deck empty: no winner (Assignment 2)",
        ),
        Situation::new(
            "deck-emptied-by-draw",
            "a player draws the last card of the deck",
        ),
        Situation::new("players-2", "the fewest players, 2"),
        Situation::new("players-6", "the most players, 6"),
        Situation::new("winner", "somebody wins (rules without strategies)"),
        Situation::new("winner-B", "a basic player (B) wins"),
        Situation::new("winner-C", "a colour-first player (C) wins"),
        Situation::new("winner-N", "a number-first player (N) wins"),
        Situation::new("winner-S", "a strategic player (S) wins"),
        Situation::new(
            "starts-with-two",
            "the starting card is a 2, which nobody laid: the first player plays on it as on \
             any card (rules with the Rule of Two)",
        ),
        Situation::new(
            "starts-with-eight",
            "the starting card is an 8, which nobody laid: it stands for its own colour \
             (rules with 8s)",
        ),
    ];

    const fn new(name: &'static str, about: &'static str) -> Situation {
        Situation { name, about }
    }
}

/// The situations `variant` can come to, in search order.
pub fn applicable(variant: Variant) -> Vec<Situation> {
    let rules = variant.rules();
    let format = variant.format();
    Situation::ALL
        .into_iter()
        .filter(|situation| match situation.name {
            "eight-changes-colour" => rules.eight.is_some(),
            "chained-twos" | "two-penalty" | "penalty-empties-deck" | "starts-with-two" => {
                rules.two.is_some()
            }
            "starts-with-eight" => rules.eight.is_some(),
            "stalemate" => rules.end == EndRule::PlayOn,
            "players-2" | "players-6" => {
                !matches!(format, DealFormat::Numbered { players: Some(_) })
            }
            "winner" => format != DealFormat::Named { strategies: true },
            name if name.starts_with("winner-") => format == DealFormat::Named { strategies: true },
            _ => true,
        })
        .collect()
}

/// The manifest of a set of cases (`manifest.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The rule set (`completos`).
    pub rules: String,
    /// The seed the cases were searched with, written as a string of digits
    /// ([`cards_core::rng::seed_string`]: a JSON number above 2^53 is rounded by
    /// JavaScript and jq); a number, as older manifests have it, is read too.
    #[serde(with = "cards_core::rng::seed_string")]
    pub seed: u64,
    /// Whether 8s print their colour (completos; `false` with `--no-announce-colour`).
    /// The manifest's key keeps the flag's spelling, `announce_colour`.
    #[serde(rename = "announce_colour")]
    pub announce_color: bool,
    /// The cases, in order.
    pub cases: Vec<CaseEntry>,
}

/// One case of a manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseEntry {
    /// The case's name: its files are `NAME.in` and `NAME.out`.
    pub name: String,
    /// What the case was searched for: a situation's name, or `random`.
    pub target: String,
    /// The number of players.
    pub players: usize,
    /// Every situation the game comes to.
    pub situations: Vec<String>,
    /// The readings of the text the case accepts, the project's own first (the only
    /// one `grade --strict` accepts). A manifest without them (an older one) accepts
    /// `NAME.out` exactly.
    #[serde(default)]
    pub readings: Vec<Reading>,
}

/// One reading of the text a case accepts: its name, what it means, and the file of
/// expected output it is judged by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// [`EXACT`], [`STALEMATE_LINE`], [`ENDLESS_DRAW`], [`COLOUR_ANNOUNCED`] or
    /// [`COLOUR_NOT_ANNOUNCED`].
    pub name: String,
    /// What it means, for people.
    pub about: String,
    /// The expected output's file, in the cases directory.
    pub out: String,
}

/// The one reading of a case where the text fixes every line.
pub const EXACT: &str = "exact";
/// Assignment 2, a game nobody can finish: the project's closing line.
pub const STALEMATE_LINE: &str = "stalemate-line";
/// Assignment 2, a game nobody can finish: `DRAW` lines without end, as the text's rule
/// prescribes, until the output limit or the timeout.
pub const ENDLESS_DRAW: &str = "endless-draw";
/// Part III: the colour chosen with an 8 printed after it, as the written rule says.
pub const COLOUR_ANNOUNCED: &str = "colour-announced";
/// Part III: no colour after an 8, as the text's example prints.
pub const COLOUR_NOT_ANNOUNCED: &str = "colour-not-announced";

fn reading(name: &str, about: &str, out: String) -> Reading {
    Reading {
        name: name.to_owned(),
        about: about.to_owned(),
        out,
    }
}

/// A set of cases: the manifest, and each case's deal and expected output.
#[derive(Clone, Debug)]
pub struct CaseSet {
    /// The manifest.
    pub manifest: Manifest,
    /// Each case's deal (`.in`) and expected output (`.out`), in the manifest's order.
    pub files: Vec<(String, String)>,
    /// Each case's other expected outputs (another reading's), as (file name, text).
    pub alternatives: Vec<Vec<(String, String)>>,
    /// Situations no deal of the search came to (none, for every rule set, with the
    /// default search length).
    pub not_found: Vec<Situation>,
}

/// Why cases could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CasesError {
    /// A deal could not be dealt or played (a bug: random deals are valid).
    #[error("{0}")]
    Play(#[from] PlayError<Refusal>),
    /// A random deal could not be made (a bug: the player counts are checked).
    #[error("{0}")]
    Deal(#[from] crate::files::DealError),
    /// A deal could not be written out (a bug: it is written to memory).
    #[error("writing a deal: {0}")]
    Write(#[from] std::io::Error),
}

/// The first random stream of the starting-card situations' searches (those of the
/// others start at 0; no search comes near 2^40 deals).
const STARTING_CARD_STREAMS: u64 = 1 << 40;

/// How many deals are tried for one situation before giving up on it.
pub const SEARCH_LIMIT: u64 = 200_000;

/// Plays `deal` under `variant`'s rules and returns the output and the situations the
/// game comes to (by name, in [`Situation::ALL`]'s order).
pub fn play(
    variant: Variant,
    deal: &Deal,
    style: Style,
) -> Result<(String, Vec<&'static str>), PlayError<Refusal>> {
    let (mut game, order) = deal
        .table(variant)
        .map_err(|error| PlayError::Refused { seat: None, error })?;
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let renderer = Renderer::new(variant, style);
    let mut out = Vec::new();
    let mut seen = [false; Situation::ALL.len()];
    let mut mark = |name: &str| {
        if let Some(index) = Situation::ALL.iter().position(|s| s.name == name) {
            seen[index] = true;
        }
    };
    let mut last_was_two = false;
    let mut first_turn = true;
    let starting = deal.discard.number();
    let outcome = Driver::new().play(
        &mut game,
        &mut ChanceSource::recorded(vec![order]),
        &mut strategies,
        |game, _, events| {
            for event in events {
                renderer
                    .write_event(&mut out, game, event)
                    .map_err(cards_core::protocol::Stop::Io)?;
                let Event::Turn(turn) = event else { continue };
                let deck_empty = game.deck().is_empty();
                if std::mem::take(&mut first_turn) {
                    // Only a first turn that differs from the one a laid 2 or 8 would
                    // bring about shows a program that takes the starting card for one:
                    // not a 2 answered with a 2, not an 8 (which matches an 8 anyway).
                    let laid = match turn.play {
                        Play::Card { card, .. } => Some(card.number()),
                        _ => None,
                    };
                    let two_pending = matches!(turn.play, Play::Penalty { .. });
                    if starting == 2
                        && game.rules().two.is_some()
                        && laid != Some(2)
                        && !two_pending
                    {
                        mark("starts-with-two");
                    }
                    if starting == 8 && game.rules().eight.is_some() && laid != Some(8) {
                        mark("starts-with-eight");
                    }
                }
                match turn.play {
                    Play::Card { card, chosen } => {
                        if card.number() == 2 && last_was_two && game.rules().two.is_some() {
                            mark("chained-twos");
                        }
                        if card.number() == 8
                            && matches!(game.outcome(), Some(Outcome::Winner { .. }))
                        {
                            mark("win-by-eight");
                        }
                        if chosen.is_some_and(|color| color != card.color()) {
                            mark("eight-changes-colour");
                        }
                    }
                    Play::Draw { drawn } => {
                        if drawn > 0 && deck_empty {
                            mark("deck-emptied-by-draw");
                        }
                    }
                    Play::Penalty { drawn, .. } => {
                        mark("two-penalty");
                        if drawn > 0 && deck_empty {
                            mark("penalty-empties-deck");
                        }
                    }
                }
                last_was_two = matches!(turn.play, Play::Card { card, .. } if card.number() == 2);
            }
            Ok(())
        },
    )?;
    match outcome {
        Outcome::Winner { seat } => match deal.seats.get(seat).and_then(|s| s.strategy.letter()) {
            Some(letter) if variant.format() == (DealFormat::Named { strategies: true }) => {
                mark(&format!("winner-{letter}"));
            }
            _ => mark("winner"),
        },
        Outcome::NoWinner {
            reason: NoWinner::Stalemate,
        } => mark("stalemate"),
        Outcome::NoWinner { .. } => {}
    }
    match deal.seats.len() {
        MIN_PLAYERS => mark("players-2"),
        MAX_PLAYERS => mark("players-6"),
        _ => {}
    }
    let names = Situation::ALL
        .iter()
        .zip(seen)
        .filter(|(_, seen)| *seen)
        .map(|(situation, _)| situation.name)
        .collect();
    Ok((String::from_utf8_lossy(&out).into_owned(), names))
}

/// Makes the cases of `variant` for `seed`: one for each situation the rule set has (the
/// first deal of the search that comes to it), then `count` random deals.
pub fn make(
    variant: Variant,
    seed: u64,
    count: usize,
    style: Style,
) -> Result<CaseSet, CasesError> {
    // The starting-card situations are searched in streams of their own, far from the
    // others', so that adding them left every other case of a seed as it was.
    let mut stream = 0u64;
    let mut starting_stream = STARTING_CARD_STREAMS;
    let mut deal_next = |players: Option<usize>, starting: bool| -> Result<Deal, CasesError> {
        let counter = if starting {
            &mut starting_stream
        } else {
            &mut stream
        };
        let mut rng = stream_rng(seed, *counter);
        *counter += 1;
        let players = players.unwrap_or_else(|| match variant.format() {
            DealFormat::Numbered { players: Some(n) } => n,
            _ => MIN_PLAYERS + below(&mut rng, (MAX_PLAYERS - MIN_PLAYERS + 1) as u64) as usize,
        });
        Ok(Deal::random(variant, players, &mut rng)?)
    };
    let mut set = CaseSet {
        manifest: Manifest {
            rules: variant.name().to_owned(),
            seed,
            announce_color: style.announce_color,
            cases: Vec::new(),
        },
        files: Vec::new(),
        alternatives: Vec::new(),
        not_found: Vec::new(),
    };
    let add = |set: &mut CaseSet,
               target: &str,
               deal: &Deal,
               output: String,
               seen: Vec<&str>|
     -> Result<(), CasesError> {
        let name = format!("{:02}-{target}", set.files.len() + 1);
        let out = format!("{name}.out");
        let mut readings = Vec::new();
        let mut alternatives = Vec::new();
        if seen.contains(&"stalemate") {
            readings.push(reading(
                STALEMATE_LINE,
                "the project's closing line `STALEMATE (NO WINNER)` once nobody can play",
                out.clone(),
            ));
            readings.push(reading(
                ENDLESS_DRAW,
                "the text's rule followed for ever: the lines up to the closing line, then \
                 only the DRAW lines the turn order gives, until the output limit or the \
                 timeout",
                out,
            ));
        } else if variant == Variant::Completos {
            let other = Style {
                announce_color: !style.announce_color,
                ..style
            };
            let (other_output, _) = play(variant, deal, other)?;
            let (ours, theirs) = if style.announce_color {
                (COLOUR_ANNOUNCED, COLOUR_NOT_ANNOUNCED)
            } else {
                (COLOUR_NOT_ANNOUNCED, COLOUR_ANNOUNCED)
            };
            let about = |name: &str| {
                if name == COLOUR_ANNOUNCED {
                    "the colour chosen with an 8 printed after it, ` (G)`, as the written rule says"
                } else {
                    "no colour after an 8, as the text's example prints"
                }
            };
            readings.push(reading(ours, about(ours), out));
            if other_output != output {
                let file = format!("{name}.{theirs}.out");
                readings.push(reading(theirs, about(theirs), file.clone()));
                alternatives.push((file, other_output));
            }
        } else {
            readings.push(reading(
                EXACT,
                "the output the text fixes, line for line",
                out,
            ));
        }
        set.manifest.cases.push(CaseEntry {
            name,
            target: target.to_owned(),
            players: deal.seats.len(),
            situations: seen.into_iter().map(str::to_owned).collect(),
            readings,
        });
        let mut text = Vec::new();
        crate::files::write_deal(&mut text, variant, deal)?;
        set.files
            .push((String::from_utf8_lossy(&text).into_owned(), output));
        set.alternatives.push(alternatives);
        Ok(())
    };
    for situation in applicable(variant) {
        let players = match situation.name {
            "players-2" => Some(MIN_PLAYERS),
            "players-6" => Some(MAX_PLAYERS),
            _ => None,
        };
        let starting = situation.name.starts_with("starts-with-");
        let mut found = false;
        for _ in 0..SEARCH_LIMIT {
            let deal = deal_next(players, starting)?;
            let (output, seen) = play(variant, &deal, style)?;
            if seen.contains(&situation.name) {
                add(&mut set, situation.name, &deal, output, seen)?;
                found = true;
                break;
            }
        }
        if !found {
            set.not_found.push(situation);
        }
    }
    for _ in 0..count {
        let deal = deal_next(None, false)?;
        let (output, seen) = play(variant, &deal, style)?;
        add(&mut set, "random", &deal, output, seen)?;
    }
    Ok(set)
}

/// The manifest's file name in a cases directory.
pub const MANIFEST: &str = "manifest.json";

impl CaseSet {
    /// Writes the cases into `dir` (made if missing): `NAME.in`, `NAME.out`, and
    /// `manifest.json`.
    pub fn write(&self, dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        for (entry, (input, output)) in self.manifest.cases.iter().zip(&self.files) {
            fs::write(dir.join(format!("{}.in", entry.name)), input)?;
            fs::write(dir.join(format!("{}.out", entry.name)), output)?;
        }
        for (file, text) in self.alternatives.iter().flatten() {
            fs::write(dir.join(file), text)?;
        }
        let mut json = serde_json::to_string_pretty(&self.manifest).map_err(io::Error::other)?;
        json.push('\n');
        fs::write(dir.join(MANIFEST), json)
    }
}

/// Why a cases directory's manifest could not be read: each displays on one line.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// There is no manifest: the directory was not made by `ochos-locos cases`.
    #[error(
        "{}: No such file or directory (os error 2) (make the cases with \
         `ochos-locos cases RULES --out {}`)",
        path.display(),
        dir.display()
    )]
    Missing {
        /// The manifest's path.
        path: std::path::PathBuf,
        /// The cases directory.
        dir: std::path::PathBuf,
    },
    /// The file could not be read, or is no regular file.
    #[error("{0}")]
    Read(String),
    /// The file is not a manifest.
    #[error("{}: {error}", path.display())]
    Malformed {
        /// The manifest's path.
        path: std::path::PathBuf,
        /// What is wrong with it.
        error: serde_json::Error,
    },
}

impl Manifest {
    /// Reads `dir/manifest.json` (a regular file, not a link, a FIFO or a device).
    pub fn read(dir: &Path) -> Result<Manifest, ManifestError> {
        let path = dir.join(MANIFEST);
        if !path.exists() && fs::symlink_metadata(&path).is_err() {
            return Err(ManifestError::Missing {
                path,
                dir: dir.to_owned(),
            });
        }
        // A regular file only: a FIFO would hang the grader, a link could show any file.
        let text = grader::files::read_regular(&path).map_err(ManifestError::Read)?;
        serde_json::from_str(&text).map_err(|error| ManifestError::Malformed { path, error })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_situation_of_every_rule_set_is_found() {
        for variant in Variant::ALL {
            let set = make(variant, 1, 2, Style::default()).unwrap();
            assert_eq!(set.not_found, Vec::new(), "{variant}");
            let targets: Vec<&str> = set
                .manifest
                .cases
                .iter()
                .map(|c| c.target.as_str())
                .collect();
            let mut want: Vec<&str> = applicable(variant).iter().map(|s| s.name).collect();
            want.extend(["random", "random"]);
            assert_eq!(targets, want, "{variant}");
            for case in &set.manifest.cases {
                assert!(
                    case.target == "random" || case.situations.contains(&case.target),
                    "{variant} {case:?}"
                );
            }
        }
    }

    /// The mistake "the starting 2 triggers the Rule of Two" (or "the starting 8 names a
    /// colour") must meet a case of every rule set where it changes the game: a deal
    /// that starts with that card and whose first player does not answer it with its
    /// like, so that a 2 in force (a `TAKE TWO`, or a forced 2) would show.
    #[test]
    fn every_rule_set_with_twos_or_eights_has_a_case_starting_with_one() {
        for variant in Variant::ALL {
            let rules = variant.rules();
            let set = make(variant, 1, 10, Style::default()).unwrap();
            for (situation, number, applies) in [
                ("starts-with-two", 2, rules.two.is_some()),
                ("starts-with-eight", 8, rules.eight.is_some()),
            ] {
                let cases: Vec<_> = set
                    .manifest
                    .cases
                    .iter()
                    .zip(&set.files)
                    .filter(|(case, _)| case.target == situation)
                    .collect();
                assert_eq!(cases.len(), usize::from(applies), "{variant} {situation}");
                for (case, (input, output)) in cases {
                    let deal = crate::files::parse_deal(variant, input).unwrap();
                    assert_eq!(deal.discard.number(), number, "{variant} {}", case.name);
                    // Assignment 2 prints the starting card first (`0: B3`); Assignment 4
                    // starts with the first player's turn.
                    let skip = match variant.format() {
                        DealFormat::Numbered { .. } => 1,
                        DealFormat::Named { .. } => 0,
                    };
                    let first = output.lines().nth(skip).unwrap();
                    let play = first.rsplit(": ").next().unwrap();
                    assert!(!play.contains("TAKE TWO"), "{variant} {first}");
                    assert!(
                        play == "DRAW"
                            || !play.starts_with(|c: char| c.is_ascii_uppercase())
                            || !play[1..].starts_with(&number.to_string()),
                        "{variant} {}: {first}",
                        case.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let a = make(Variant::Completos, 7, 3, Style::default()).unwrap();
        let b = make(Variant::Completos, 7, 3, Style::default()).unwrap();
        let c = make(Variant::Completos, 8, 3, Style::default()).unwrap();
        assert_eq!((&a.manifest, &a.files), (&b.manifest, &b.files));
        assert_ne!(a.files, c.files);
    }

    #[test]
    fn expected_outputs_are_the_games_own() {
        let set = make(Variant::GoingWild, 3, 1, Style::default()).unwrap();
        for (input, output) in &set.files {
            let deal = crate::files::parse_deal(Variant::GoingWild, input).unwrap();
            let mut want = Vec::new();
            crate::render::play(Variant::GoingWild, &deal, Style::default(), &mut want).unwrap();
            assert_eq!(output.as_bytes(), want.as_slice());
        }
    }

    #[test]
    fn the_manifest_key_keeps_the_flags_spelling() {
        let manifest = Manifest {
            rules: "completos".to_owned(),
            seed: 1,
            announce_color: false,
            cases: Vec::new(),
        };
        let json = serde_json::to_value(&manifest).unwrap();
        assert_eq!(json["announce_colour"], serde_json::Value::Bool(false));
        assert_eq!(json.get("announce_color"), None);
    }

    #[test]
    fn the_manifest_seed_is_a_string_and_reads_back() {
        let seed = 13_537_527_073_888_940_176_u64;
        let manifest = Manifest {
            rules: "completos".to_owned(),
            seed,
            announce_color: true,
            cases: Vec::new(),
        };
        let text = serde_json::to_string(&manifest).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["seed"].as_str(), Some("13537527073888940176"));
        assert_eq!(serde_json::from_str::<Manifest>(&text).unwrap(), manifest);
        // An older manifest's number, and no other kind of seed.
        let old = r#"{"rules": "completos", "seed": 7, "announce_colour": true, "cases": []}"#;
        assert_eq!(serde_json::from_str::<Manifest>(old).unwrap().seed, 7);
        for bad in [
            r#""-1""#,
            r#""+1""#,
            r#""""#,
            "-1",
            "1.5",
            r#""18446744073709551616""#,
        ] {
            let text = format!(
                r#"{{"rules": "completos", "seed": {bad}, "announce_colour": true, "cases": []}}"#
            );
            assert!(serde_json::from_str::<Manifest>(&text).is_err(), "{bad}");
        }
    }
}

//! The optimal hold boundary as an SVG picture, written by hand: a grid of cells over
//! (my score, opponent's score), each coloured by the turn total at which the optimal
//! player holds. Plain SVG text needs no font library, so the picture carries its own
//! title, axes and legend.

use std::fmt::Write as _;

use pig::Solution;

const PLOT: u32 = 600;
const LEFT: u32 = 70;
const TOP: u32 = 60;
const BOTTOM: u32 = 60;
const LEGEND: u32 = 150;

/// The picture for `pig solve --plot`.
pub fn hold_boundary_svg(solution: &Solution) -> String {
    let goal = solution.goal();
    let cell = (PLOT / goal).max(1);
    let side = cell * goal;
    let (width, height) = (LEFT + side + LEGEND, TOP + side + BOTTOM);
    let holds: Vec<Option<u32>> = (0..goal)
        .flat_map(|i| (0..goal).map(move |j| (i, j)))
        .map(|(i, j)| solution.hold_from(i, j))
        .collect();
    let highest = holds.iter().flatten().copied().max();
    let note = match highest {
        Some(_) => "black: it rolls on to the goal",
        None => "It never holds: in every position it rolls on to the goal.",
    };
    let highest = highest.unwrap_or(1).max(1);

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="22" font-size="15">Pig, {} rules, goal {goal}: turn points at which the optimal player holds</text>"#,
        solution.rules()
    );
    let _ = writeln!(svg, r#"<text x="{LEFT}" y="42">{note}</text>"#);
    for i in 0..goal {
        for j in 0..goal {
            let colour = match holds[(i * goal + j) as usize] {
                Some(k) => colour(f64::from(k) / f64::from(highest)),
                None => "#000000".to_owned(),
            };
            let (x, y) = (LEFT + i * cell, TOP + side - (j + 1) * cell);
            let _ = writeln!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colour}"/>"#
            );
        }
    }
    let _ = writeln!(
        svg,
        r#"<rect x="{LEFT}" y="{TOP}" width="{side}" height="{side}" fill="none" stroke="black"/>"#
    );
    // Axis ticks every quarter of the goal.
    for q in 0..=4 {
        let score = goal * q / 4;
        let x = LEFT + score * cell;
        let y = TOP + side - score * cell;
        let _ = writeln!(
            svg,
            r#"<text x="{x}" y="{}" text-anchor="middle">{score}</text>"#,
            TOP + side + 18
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="end">{score}</text>"#,
            LEFT - 6,
            y + 4
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">my score (banked)</text>"#,
        LEFT + side / 2,
        TOP + side + 42
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(22 {}) rotate(-90)" text-anchor="middle">opponent's score</text>"#,
        TOP + side / 2
    );
    // Legend: a colour bar from 1 point (bottom) to the highest hold total (top).
    let bar_x = LEFT + side + 30;
    let steps = 50;
    let bar_height = side / 2;
    for s in 0..steps {
        let t = f64::from(s) / f64::from(steps - 1);
        let y = TOP + bar_height - (s + 1) * bar_height / steps;
        let _ = writeln!(
            svg,
            r#"<rect x="{bar_x}" y="{y}" width="20" height="{}" fill="{}"/>"#,
            bar_height / steps + 1,
            colour(t)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}">{highest}</text>"#,
        bar_x + 26,
        TOP + 10
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}">1</text>"#,
        bar_x + 26,
        TOP + bar_height
    );
    let _ = writeln!(svg, r#"<text x="{bar_x}" y="{}">hold at</text>"#, TOP - 8);
    let _ = writeln!(
        svg,
        r#"<rect x="{bar_x}" y="{}" width="20" height="20" fill="black"/>"#,
        TOP + bar_height + 30
    );
    let _ = writeln!(
        svg,
        r#"<text x="{bar_x}" y="{}">roll to</text><text x="{bar_x}" y="{}">the goal</text>"#,
        TOP + bar_height + 66,
        TOP + bar_height + 82
    );
    svg.push_str("</svg>\n");
    svg
}

/// A blue-to-yellow colour scale (viridis' endpoints and midpoints) for `t` in 0–1.
fn colour(t: f64) -> String {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let low = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - low as f64;
    let (a, b) = (STOPS[low], STOPS[low + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pig::{Rules, solve};
    use pretty_assertions::assert_eq;

    fn picture(rules: Rules, goal: u32) -> (Solution, String) {
        let solution = solve(rules, goal).unwrap_or_else(|e| panic!("{e}"));
        let svg = hold_boundary_svg(&solution);
        (solution, svg)
    }

    /// One cell per pair of scores: black where the optimal player never holds, a colour
    /// of the scale where it does.
    #[test]
    fn cells_show_where_the_optimal_player_holds() {
        // Classic Pig to 40 is the smallest goal around where holding pays.
        let (solution, svg) = picture(Rules::Classic, 40);
        let never: usize = (0..40)
            .flat_map(|i| (0..40).map(move |j| (i, j)))
            .filter(|&(i, j)| solution.hold_from(i, j).is_none())
            .count();
        assert!(never < 1600, "classic Pig to 40 holds somewhere");
        assert_eq!(svg.matches(r##"fill="#000000""##).count(), never);
        assert_eq!(svg.matches("<rect ").count(), 1600 + 1 + 1 + 50 + 1);
        assert!(svg.contains("black: it rolls on to the goal"));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    }

    #[test]
    fn the_two_dice_picture_says_it_never_holds() {
        let (_, svg) = picture(Rules::TwoDice, 20);
        assert_eq!(svg.matches(r##"fill="#000000""##).count(), 400);
        assert!(svg.contains("It never holds: in every position it rolls on to the goal."));
    }

    #[test]
    fn colour_scale_ends() {
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
        assert_eq!(colour(2.0), colour(1.0));
    }
}

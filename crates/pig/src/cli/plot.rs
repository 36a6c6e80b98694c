//! The picture `pig solve --plot` draws, with `plotters` (SVG backend): the chance of
//! winning of the player about to roll, over both players' banked scores at the start of
//! a turn, as a colour scale with a colour bar; the hold boundary where there is one; the
//! line of even chances.
//!
//! The chances are the solved table's `P(i, j, 0)`, both players optimal. Under the
//! two-dice rules at the usual goals the optimal player never holds, so there is no hold
//! boundary to draw and the picture says so; the chances are still worth seeing.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use pig::Solution;

const WIDTH: u32 = 920;
const HEIGHT: u32 = 780;
/// The right-hand column: the colour bar and the legend of the lines.
const COLUMN: u32 = 250;
const FONT: &str = "sans-serif";

/// Why the picture could not be drawn; one line.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The solved table has no value where every solved table has one.
    #[error(
        "the solved table has no value for the position ({i}, {j}, 0), which every table holds"
    )]
    MissingValue {
        /// The mover's score.
        i: u32,
        /// The opponent's score.
        j: u32,
    },
    /// plotters refused to draw.
    #[error("cannot draw the picture: {0}")]
    Draw(String),
}

fn drawing<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> PlotError {
    PlotError::Draw(error.to_string())
}

/// A line between cells, in score coordinates: from one corner of a cell to the next.
type Segment = ((f64, f64), (f64, f64));

/// What the picture shows, taken from the solution before anything is drawn (the tests
/// check these figures against the solution itself).
#[derive(Debug)]
pub struct Picture {
    goal: u32,
    /// `P(i, j, 0)`, `i` (the mover's score) slowest.
    chances: Vec<f64>,
    /// Whether the optimal player holds at some turn total from `(i, j)`, same order.
    holds: Vec<bool>,
}

impl Picture {
    /// The figures of `solution`'s picture.
    pub fn of(solution: &Solution) -> Result<Picture, PlotError> {
        let goal = solution.goal();
        let mut chances = Vec::with_capacity((goal * goal) as usize);
        let mut holds = Vec::with_capacity((goal * goal) as usize);
        for i in 0..goal {
            for j in 0..goal {
                let chance = solution
                    .value(i, j, 0)
                    .ok_or(PlotError::MissingValue { i, j })?;
                chances.push(chance);
                holds.push(solution.hold_from(i, j).is_some());
            }
        }
        Ok(Picture {
            goal,
            chances,
            holds,
        })
    }

    /// The chance of winning of the player about to roll with `i` banked against `j`.
    pub fn chance(&self, i: u32, j: u32) -> f64 {
        self.chances[(i * self.goal + j) as usize]
    }

    /// Whether the optimal player holds at some turn total from `(i, j)`.
    pub fn holds(&self, i: u32, j: u32) -> bool {
        self.holds[(i * self.goal + j) as usize]
    }

    /// Whether the optimal player holds anywhere at all.
    pub fn ever_holds(&self) -> bool {
        self.holds.contains(&true)
    }

    /// The edges between neighbouring cells on either side of `inside`: a boundary
    /// traced along the grid, so it is exactly where the cells change.
    fn edges(&self, inside: impl Fn(u32, u32) -> bool) -> Vec<Segment> {
        let mut edges = Vec::new();
        let at = |n: u32| f64::from(n);
        for i in 0..self.goal {
            for j in 0..self.goal {
                if i + 1 < self.goal && inside(i, j) != inside(i + 1, j) {
                    edges.push(((at(i + 1), at(j)), (at(i + 1), at(j + 1))));
                }
                if j + 1 < self.goal && inside(i, j) != inside(i, j + 1) {
                    edges.push(((at(i), at(j + 1)), (at(i + 1), at(j + 1))));
                }
            }
        }
        edges
    }

    /// The hold boundary: between the scores from which the optimal player holds at
    /// some turn total and those from which it rolls on to the goal.
    pub fn hold_boundary(&self) -> Vec<Segment> {
        self.edges(|i, j| self.holds(i, j))
    }

    /// Where the player about to roll goes from less than even chances to at least even.
    pub fn even_chances(&self) -> Vec<Segment> {
        self.edges(|i, j| self.chance(i, j) >= 0.5)
    }
}

/// The picture for `pig solve --plot`, as SVG text.
pub fn winning_chances_svg(solution: &Solution) -> Result<String, PlotError> {
    let picture = Picture::of(solution)?;
    let mut svg = String::new();
    draw(&picture, solution, &mut svg)?;
    Ok(svg)
}

fn draw(picture: &Picture, solution: &Solution, svg: &mut String) -> Result<(), PlotError> {
    let goal = picture.goal;
    let top = f64::from(goal);
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let title = format!(
        "Pig, {} rules, goal {goal}: chance of winning of the player about to roll",
        solution.rules().variant()
    );
    let root = root.titled(&title, (FONT, 24)).map_err(drawing)?;
    let subtitle = if picture.ever_holds() {
        "at the start of a turn, both players optimal; the black line is the hold boundary"
    } else {
        "at the start of a turn, both players optimal; the optimal player never holds here:\n\
         from every score it rolls on to the goal, so there is no hold boundary"
    };
    let mut root = root;
    for line in subtitle.lines() {
        root = root.titled(line, (FONT, 17)).map_err(drawing)?;
    }
    let (main, column) = root.split_horizontally(WIDTH - COLUMN);

    let mut chart = ChartBuilder::on(&main)
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..top, 0.0..top)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(11)
        .y_labels(11)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .x_desc("banked score of the player about to roll")
        .y_desc("opponent's banked score")
        .axis_desc_style((FONT, 20))
        .label_style((FONT, 16))
        .draw()
        .map_err(drawing)?;
    let cells = (0..goal).flat_map(|i| (0..goal).map(move |j| (i, j)));
    chart
        .draw_series(cells.map(|(i, j)| {
            let (x, y) = (f64::from(i), f64::from(j));
            Rectangle::new(
                [(x, y), (x + 1.0, y + 1.0)],
                color(picture.chance(i, j)).filled(),
            )
        }))
        .map_err(drawing)?;
    let line =
        |segment: Segment, style: ShapeStyle| PathElement::new(vec![segment.0, segment.1], style);
    let even = WHITE.stroke_width(2);
    chart
        .draw_series(picture.even_chances().into_iter().map(|s| line(s, even)))
        .map_err(drawing)?;
    let hold = BLACK.stroke_width(3);
    chart
        .draw_series(picture.hold_boundary().into_iter().map(|s| line(s, hold)))
        .map_err(drawing)?;

    // The colour bar spans the plot's height, beside it, ticks every 0.1.
    let (bar_area, legend) = column.split_vertically(HEIGHT * 13 / 20);
    let mut bar = ChartBuilder::on(&bar_area)
        .margin_top(8)
        .margin_bottom(8)
        .margin_left(20)
        .margin_right(10)
        .right_y_label_area_size(50)
        .caption("chance of winning", (FONT, 19))
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)
        .map_err(drawing)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(11)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .label_style((FONT, 16))
        .draw()
        .map_err(drawing)?;
    const STEPS: u32 = 100;
    bar.draw_series((0..STEPS).map(|s| {
        let low = f64::from(s) / f64::from(STEPS);
        let high = f64::from(s + 1) / f64::from(STEPS);
        Rectangle::new(
            [(0.0, low), (1.0, high)],
            color((low + high) / 2.0).filled(),
        )
    }))
    .map_err(drawing)?;
    bar.draw_series(std::iter::once(Rectangle::new(
        [(0.0, 0.0), (1.0, 1.0)],
        BLACK.stroke_width(1),
    )))
    .map_err(drawing)?;

    // The legend of the lines, under the colour bar.
    let text = |words: &str, y: i32| {
        Text::new(
            words.to_owned(),
            (50, y),
            TextStyle::from((FONT, 16).into_font()).pos(Pos::new(HPos::Left, VPos::Center)),
        )
    };
    let mut y = 24;
    let sample = |y: i32, style: ShapeStyle| PathElement::new(vec![(10, y), (42, y)], style);
    if picture.ever_holds() {
        legend.draw(&sample(y, hold)).map_err(drawing)?;
        for words in [
            "hold boundary:",
            "below and left of it,",
            "the player holds at",
            "some turn total; beyond",
            "it, it rolls on to the goal",
        ] {
            legend.draw(&text(words, y)).map_err(drawing)?;
            y += 19;
        }
        y += 14;
    }
    if !picture.even_chances().is_empty() {
        // Even chances are drawn white: a grey backing makes the sample visible.
        let backing = Rectangle::new([(8, y - 5), (44, y + 5)], RGBColor(128, 128, 128).filled());
        legend.draw(&backing).map_err(drawing)?;
        legend.draw(&sample(y, even)).map_err(drawing)?;
        legend
            .draw(&text("even chances (0.5)", y))
            .map_err(drawing)?;
    }
    root.present().map_err(drawing)?;
    Ok(())
}

/// The viridis colour scale (its endpoints and three midpoints), dark blue at 0 to
/// yellow at 1: ordered in lightness, readable in grey and by most colour-blind readers.
fn color(t: f64) -> RGBColor {
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
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pig::rules::Variant;
    use pig::{Rules, solve};
    use pretty_assertions::assert_eq;

    fn solved(variant: Variant, goal: u32) -> Solution {
        solve(Rules::new(variant).with_goal(goal).unwrap()).unwrap()
    }

    fn hex(color: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", color.0, color.1, color.2)
    }

    /// Well-formed: every tag that opens is closed, in order, and the document is one
    /// `<svg>` element.
    fn assert_well_formed(svg: &str) {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        let mut roots = 0;
        while let Some(start) = rest.find('<') {
            let end = rest[start..]
                .find('>')
                .unwrap_or_else(|| panic!("a tag never ends: {}", &rest[start..]));
            let tag = &rest[start + 1..start + end];
            rest = &rest[start + end + 1..];
            if tag.starts_with('?') || tag.starts_with('!') {
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name.trim()), "closing </{name}>");
            } else {
                let name = tag.split_whitespace().next().unwrap_or_default();
                if open.is_empty() {
                    roots += 1;
                    assert_eq!(name, "svg");
                }
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            assert!(!rest.is_empty() || open.is_empty(), "unclosed: {open:?}");
        }
        assert!(open.is_empty(), "unclosed: {open:?}");
        assert_eq!(roots, 1);
        assert!(!svg.contains("NaN"), "a coordinate is not a number");
    }

    /// The fills of the cells, in the order they are drawn (`i` slowest): the `goal²`
    /// rectangles after the background's.
    fn cell_fills(svg: &str, goal: u32) -> Vec<String> {
        let fills: Vec<String> = svg
            .lines()
            .filter(|line| line.trim_start().starts_with("<rect"))
            .filter_map(|line| {
                let at = line.find("fill=\"")? + 6;
                Some(line[at..at + 7].to_owned())
            })
            .collect();
        let cells = (goal * goal) as usize;
        // The background is the first rectangle; the cells follow it.
        assert!(fills.len() > cells, "{} rectangles", fills.len());
        fills[1..=cells].to_vec()
    }

    #[test]
    fn the_picture_has_its_title_axes_and_color_bar() {
        let solution = solved(Variant::Classic, 40);
        let svg = winning_chances_svg(&solution).unwrap();
        assert_well_formed(&svg);
        for words in [
            "Pig, classic rules, goal 40: chance of winning of the player about to roll",
            "the black line is the hold boundary",
            "banked score of the player about to roll",
            "opponent&apos;s banked score",
            "chance of winning",
            "hold boundary:",
            "even chances (0.5)",
        ] {
            assert!(svg.contains(words), "no `{words}`");
        }
        // The colour bar's ticks: every tenth from 0.0 to 1.0, intermediate ones included.
        for tick in ["0.0", "0.1", "0.5", "0.9", "1.0"] {
            assert!(
                svg.contains(&format!(">\n{tick}\n</text>")) || svg.contains(&format!(">{tick}<")),
                "no tick {tick}"
            );
        }
    }

    /// The figures behind the picture at hand-picked scores: goal 1 worked by hand
    /// (roll until you score: `P = 5/6 + 1/6 (1 − P)`, so 6/7 for classic Pig; 36/37
    /// with two dice), and the solution's own values elsewhere; each cell's colour is
    /// its chance on the scale.
    #[test]
    fn cells_show_the_chances_of_the_solution() {
        let one = Picture::of(&solved(Variant::Classic, 1)).unwrap();
        assert!((one.chance(0, 0) - 6.0 / 7.0).abs() < 1e-9);
        let one = Picture::of(&solved(Variant::TwoDice, 1)).unwrap();
        assert!((one.chance(0, 0) - 36.0 / 37.0).abs() < 1e-9);

        let goal = 40;
        let solution = solved(Variant::Classic, goal);
        let picture = Picture::of(&solution).unwrap();
        let svg = winning_chances_svg(&solution).unwrap();
        let fills = cell_fills(&svg, goal);
        for (i, j) in [(0, 0), (10, 30), (30, 10), (39, 0), (0, 39), (39, 39)] {
            let want = solution
                .value(i, j, 0)
                .unwrap_or_else(|| panic!("({i}, {j})"));
            assert_eq!(picture.chance(i, j), want, "({i}, {j})");
            assert_eq!(
                fills[(i * goal + j) as usize],
                hex(color(want)),
                "({i}, {j})"
            );
        }
        assert_eq!(picture.chance(0, 0), solution.first_player_wins());
        // One point short of the goal against an opponent at 0, the mover nearly
        // always wins; at 0 against 39 it nearly always loses.
        assert!(picture.chance(39, 0) > 0.8 && picture.chance(0, 39) < 0.2);
    }

    /// The hold boundary runs between the scores with a hold and those without, and
    /// only there; under the two-dice rules there is none, and the picture says why.
    #[test]
    fn the_hold_boundary_is_where_holding_starts_or_stops() {
        let solution = solved(Variant::Classic, 40);
        let picture = Picture::of(&solution).unwrap();
        // Classic Pig to 40 holds at the start (0, 0) and rolls on at 39 points.
        assert!(solution.hold_from(0, 0).is_some() && picture.holds(0, 0));
        assert!(solution.hold_from(39, 0).is_none() && !picture.holds(39, 0));
        let boundary = picture.hold_boundary();
        assert!(!boundary.is_empty());
        let mut crossings = 0;
        for i in 0..39 {
            for j in 0..40 {
                let vertical = (
                    (f64::from(i + 1), f64::from(j)),
                    (f64::from(i + 1), f64::from(j + 1)),
                );
                let differs =
                    solution.hold_from(i, j).is_some() != solution.hold_from(i + 1, j).is_some();
                assert_eq!(boundary.contains(&vertical), differs, "({i}, {j})");
                crossings += usize::from(differs);
            }
        }
        assert!(crossings > 0);

        let solution = solved(Variant::TwoDice, 20);
        let picture = Picture::of(&solution).unwrap();
        assert!(!picture.ever_holds() && picture.hold_boundary().is_empty());
        let svg = winning_chances_svg(&solution).unwrap();
        assert_well_formed(&svg);
        assert!(svg.contains("the optimal player never holds"));
        assert!(!svg.contains("hold boundary:"));
        assert!(svg.contains("so there is no hold boundary"));
    }

    #[test]
    fn color_scale_ends() {
        assert_eq!(hex(color(0.0)), "#440154");
        assert_eq!(hex(color(1.0)), "#FDE725");
        assert_eq!(color(2.0), color(1.0));
    }
}

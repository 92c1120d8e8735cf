//! Where each space sits, for drawing. Positions are in board units: one
//! grid square is 1.0 wide, y grows upwards, the board's bottom-left corner
//! is the origin.

use crate::spec::{Board, PathStyle, Point};

/// How many spaces the board has, computed without laying it out (so a
/// hostile `Grid(cols: 4000000000, …)` costs nothing).
pub fn space_count(board: &Board) -> u64 {
    match board {
        Board::Grid { cols, rows, .. } => u64::from(*cols) * u64::from(*rows),
        Board::Track { spaces, .. } => u64::from(*spaces),
        Board::Free { spaces } => spaces.len() as u64,
    }
}

/// The number printed on the first space of the path.
pub fn first_number(board: &Board) -> u32 {
    match board {
        Board::Track { first, .. } => *first,
        _ => 1,
    }
}

/// The centre of every space, in path order. Callers check `space_count`
/// against their limits first.
pub fn positions(board: &Board) -> Vec<Point> {
    match board {
        Board::Grid { cols, rows, path } => grid(*cols, *rows, *path),
        Board::Track { spaces, looped: true, .. } => ring(*spaces),
        Board::Track { spaces, looped: false, .. } => {
            let cols = (f64::from(*spaces).sqrt().ceil() as u32).max(1);
            let rows = spaces.div_ceil(cols);
            let mut points = grid(cols, rows, PathStyle::Boustrophedon);
            points.truncate(*spaces as usize);
            points
        }
        Board::Free { spaces } => spaces.clone(),
    }
}

/// Where the start tray is drawn: one step before the first space.
pub fn tray_position(points: &[Point]) -> Point {
    match points {
        [] => Point { x: -0.5, y: 0.5 },
        [only] => Point { x: only.x - 1.0, y: only.y },
        [first, second, ..] => Point { x: 2.0 * first.x - second.x, y: 2.0 * first.y - second.y },
    }
}

fn centre(col: u32, row: u32) -> Point {
    Point { x: col as f32 + 0.5, y: row as f32 + 0.5 }
}

fn grid(cols: u32, rows: u32, path: PathStyle) -> Vec<Point> {
    let n = cols as usize * rows as usize;
    match path {
        PathStyle::Boustrophedon => (0..n)
            .map(|i| {
                let (row, step) = ((i / cols as usize) as u32, (i % cols as usize) as u32);
                let col = if row % 2 == 0 { step } else { cols - 1 - step };
                centre(col, row)
            })
            .collect(),
        PathStyle::RowMajor => (0..n).map(|i| centre((i % cols as usize) as u32, (i / cols as usize) as u32)).collect(),
        PathStyle::Spiral => spiral(cols, rows),
    }
}

/// Clockwise from the bottom-left corner: up the left edge, along the top,
/// down the right, back along the bottom, then the next ring in.
fn spiral(cols: u32, rows: u32) -> Vec<Point> {
    let n = cols as usize * rows as usize;
    let mut out = Vec::with_capacity(n);
    let (mut left, mut right, mut bottom, mut top) = (0i64, cols as i64 - 1, 0i64, rows as i64 - 1);
    while left <= right && bottom <= top {
        for row in bottom..=top {
            out.push(centre(left as u32, row as u32));
        }
        for col in left + 1..=right {
            out.push(centre(col as u32, top as u32));
        }
        if left < right {
            for row in (bottom..top).rev() {
                out.push(centre(right as u32, row as u32));
            }
        }
        if bottom < top {
            for col in (left + 1..right).rev() {
                out.push(centre(col as u32, bottom as u32));
            }
        }
        left += 1;
        right -= 1;
        bottom += 1;
        top -= 1;
    }
    out
}

/// A looped track drawn as a circle, space 0 at the bottom, running
/// clockwise, with roughly one unit between neighbours.
fn ring(spaces: u32) -> Vec<Point> {
    let radius = (spaces as f32 / std::f32::consts::TAU).max(1.0);
    (0..spaces)
        .map(|i| {
            let angle = -std::f32::consts::FRAC_PI_2 - i as f32 / spaces as f32 * std::f32::consts::TAU;
            Point { x: radius + 0.5 + radius * angle.cos(), y: radius + 0.5 + radius * angle.sin() }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(points: &[Point]) -> Vec<(u32, u32)> {
        points.iter().map(|p| (p.x as u32, p.y as u32)).collect()
    }

    #[test]
    fn classic_path_ends_top_left_on_even_rows() {
        let p = grid(10, 10, PathStyle::Boustrophedon);
        assert_eq!(cells(&p[..1]), [(0, 0)]);
        assert_eq!(cells(&p[9..11]), [(9, 0), (9, 1)]);
        assert_eq!(cells(&p[99..]), [(0, 9)]);
    }

    #[test]
    fn spiral_visits_every_cell_once() {
        for (c, r) in [(1, 1), (1, 5), (5, 1), (4, 4), (6, 3), (3, 7)] {
            let mut seen = cells(&spiral(c, r));
            assert_eq!(seen.len(), (c * r) as usize);
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), (c * r) as usize, "{c}x{r}");
        }
        assert_eq!(cells(&spiral(3, 3)), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1)]);
    }
}

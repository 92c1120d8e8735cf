//! Where the board goes: cropped to what it draws, scaled, and cut into
//! the fewest pages.

use pdf_writer::{Content, Ref};
use svg2pdf::usvg;

use super::pdf::Names;
use super::{MARGIN, OVERLAP_MM};
use crate::Paper;

/// The board's page at the kit's scale, and where its drawing starts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sheet {
    pub(super) size: (f32, f32),
    pub(super) at: (f32, f32),
}

impl Sheet {
    /// Draws the board page `scale` times the kit's size so that the
    /// drawing's top left lands on `top_left` (mm, y up from the bottom).
    pub(super) fn draw(&self, content: &mut Content, names: &mut Names, id: Ref, scale: f32, top_left: (f32, f32)) {
        let (w, h) = (self.size.0 * scale, self.size.1 * scale);
        let left = top_left.0 - self.at.0 * scale;
        let top = top_left.1 + self.at.1 * scale;
        names.draw(content, id, (left, top - h, w, h));
    }
}

/// usvg measures in CSS pixels (96 per inch).
pub(super) fn px_to_mm(x: f32, y: f32) -> (f32, f32) {
    (x * 25.4 / 96.0, y * 25.4 / 96.0)
}

/// What the board page draws, without its empty edges (the page's own
/// background aside), with a few millimetres around: x, y from the top
/// left, width, height, in millimetres.
pub(crate) fn drawn_area(tree: &usvg::Tree) -> (f32, f32, f32, f32) {
    let (pw, ph) = (tree.size().width(), tree.size().height());
    let mut nodes: Vec<&usvg::Node> = tree.root().children().iter().collect();
    // A single group (a view box) holds the drawing.
    while let [usvg::Node::Group(g)] = nodes.as_slice() {
        nodes = g.children().iter().collect();
    }
    let (mut lo, mut hi) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
    for node in nodes {
        let b = node.abs_bounding_box();
        if b.width() >= pw * 0.999 && b.height() >= ph * 0.999 {
            continue;
        }
        lo = (lo.0.min(b.left()), lo.1.min(b.top()));
        hi = (hi.0.max(b.right()), hi.1.max(b.bottom()));
    }
    if lo.0 > hi.0 || lo.1 > hi.1 {
        let (w, h) = px_to_mm(pw, ph);
        return (0.0, 0.0, w, h);
    }
    let pad = 3.0 * 96.0 / 25.4;
    let (x0, y0) = ((lo.0 - pad).max(0.0), (lo.1 - pad).max(0.0));
    let (x1, y1) = ((hi.0 + pad).min(pw), (hi.1 + pad).min(ph));
    let (x, y) = px_to_mm(x0, y0);
    let (w, h) = px_to_mm(x1 - x0, y1 - y0);
    (x, y, w.max(1.0), h.max(1.0))
}

/// How the board is cut into pages.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tiling {
    /// A tile page, width × height in millimetres.
    pub(super) page: (f32, f32),
    pub(super) landscape: bool,
    pub(super) columns: u32,
    pub(super) rows: u32,
}

impl Tiling {
    /// The fewest pages, portrait or landscape (portrait on a tie).
    pub(super) fn best(paper: Paper, board: (f32, f32)) -> Self {
        let (w, h) = paper.size_mm();
        let of = |page: (f32, f32), landscape| {
            let step =
                |printable: f32, length: f32| (((length - OVERLAP_MM) / (printable - OVERLAP_MM)).ceil() as u32).max(1);
            let columns = step(page.0 - 2.0 * MARGIN, board.0);
            let rows = step(page.1 - 2.0 * MARGIN, board.1);
            Self { page, landscape, columns, rows }
        };
        let (portrait, landscape) = (of((w, h), false), of((h, w), true));
        if landscape.columns * landscape.rows < portrait.columns * portrait.rows { landscape } else { portrait }
    }

    pub(super) fn printable(&self) -> (f32, f32) {
        (self.page.0 - 2.0 * MARGIN, self.page.1 - 2.0 * MARGIN)
    }

    /// Where tile `(col, row)` starts on the board, from its top left.
    pub(super) fn origin(&self, col: u32, row: u32) -> (f32, f32) {
        let (cw, ch) = self.printable();
        (col as f32 * (cw - OVERLAP_MM), row as f32 * (ch - OVERLAP_MM))
    }

    /// "A1": the column's letter (A, B, … Z, AA, …) and the row's number.
    pub(super) fn label(col: u32, row: u32) -> String {
        let mut letters = String::new();
        let mut c = col + 1;
        while c > 0 {
            letters.insert(0, (b'A' + ((c - 1) % 26) as u8) as char);
            c = (c - 1) / 26;
        }
        format!("{letters}{}", row + 1)
    }
}

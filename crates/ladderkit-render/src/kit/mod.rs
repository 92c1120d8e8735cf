//! The print-and-play kit: one PDF with the board at the size asked for,
//! tiled over as many pages as it needs (with an overlap to glue, cut
//! marks and a page map), the rules sheet written from the variant, the
//! pieces and markers to cut out, and a small odds card.
//!
//! Every page is drawn as SVG (the board by `board_svg`, the rest here) and
//! turned into vector PDF by svg2pdf, text included as text in the embedded
//! font, so nothing is rasterised and no system font is read. The board is
//! embedded once and shown, clipped, on each of its tiles.

mod pages;
mod pdf;
mod tiling;

use ladderkit_core::compile;
use ladderkit_core::spec::VariantSpec;

use crate::{BoardOptions, Odds, Paper, RenderError, Theme};
pub use pages::rule_sheet_sentences;
use pages::{page_map, pieces_page, rules_page, tile_overlay};
pub(crate) use pdf::parse;
use pdf::{Document, PT};
pub(crate) use tiling::drawn_area;
use tiling::{Sheet, Tiling, px_to_mm};

/// The unprinted border of every page, in millimetres.
pub const PAGE_MARGIN_MM: f32 = 8.0;
const MARGIN: f32 = PAGE_MARGIN_MM;
/// How far neighbouring tiles repeat each other, to glue them.
pub const OVERLAP_MM: f32 = 10.0;
/// A space printed narrower than this cannot hold a piece.
pub const SMALLEST_SPACE_MM: f32 = 5.0;
/// Text on the board printed smaller than this is left out.
const UNREADABLE_MM: f32 = 0.5;
/// Boards from 10 cm to 3 m on a side.
pub const BOARD_MM: std::ops::RangeInclusive<f32> = 100.0..=3000.0;

/// What to put in the kit.
#[derive(Debug, Clone, Copy)]
pub struct KitOptions<'a> {
    pub paper: Paper,
    /// The board's longer side, in millimetres.
    pub board_mm: f32,
    pub theme: Theme,
    /// The odds card's figures (or why there are none).
    pub odds: Odds<'a>,
}

/// The PDF and what it holds.
#[derive(Debug, Clone)]
pub struct Kit {
    pub pdf: Vec<u8>,
    /// Pages in all; the board's tiles are pages 2 to `1 + columns × rows`.
    pub pages: usize,
    pub columns: u32,
    pub rows: u32,
    /// Whether the tiles are printed landscape.
    pub landscape: bool,
    /// The board as printed, width × height in millimetres.
    pub board_mm: (f32, f32),
    /// The rules sheet's sentences, in order.
    pub rules: Vec<String>,
}

/// Whether a board prints `board_mm` long with room for a piece on every
/// space; if not, the size it needs. Checked before anything costly.
pub fn fits(board: &ladderkit_core::CompiledBoard, board_mm: f32) -> Result<(), RenderError> {
    // The board's longer side holds this many spaces, so none prints
    // wider than this.
    let (across, down) = crate::board::extent(board);
    let widest_space = board_mm / across.max(down);
    if widest_space < SMALLEST_SPACE_MM {
        let needed = SMALLEST_SPACE_MM * across.max(down);
        let advice = if needed <= *BOARD_MM.end() {
            format!("print it at least {0:.0} cm long (`--board-size {0:.0}cm`)", (needed / 10.0).ceil())
        } else {
            "it has too many spaces to print as a kit; draw it as a picture (`ladderkit render FILE -o board.png`)"
                .to_owned()
        };
        return Err(RenderError::Kit(format!(
            "on a board {:.0} cm long its spaces would print {widest_space:.1} mm wide at most, too small to hold a \
             piece (at least {SMALLEST_SPACE_MM} mm): {advice}",
            board_mm / 10.0
        )));
    }
    Ok(())
}

/// Builds the kit.
pub fn print_kit(spec: &VariantSpec, options: &KitOptions) -> Result<Kit, RenderError> {
    if !BOARD_MM.contains(&options.board_mm) {
        return Err(RenderError::Kit(format!(
            "a board of {} mm: give a size from {} to {} mm",
            options.board_mm,
            BOARD_MM.start(),
            BOARD_MM.end()
        )));
    }
    let compiled = compile(spec);
    fits(&compiled.board, options.board_mm)?;
    // The board page is printed at least this many times its size (the
    // drawing is no larger than the page): text that would still print
    // smaller than `UNREADABLE_MM` is left out, which also spares laying
    // out a hundred thousand labels nobody could read.
    let (pw, ph) = options.paper.size_mm();
    let least_scale = options.board_mm / pw.max(ph);
    let board_page = crate::board_svg(
        spec,
        &BoardOptions {
            paper: options.paper,
            theme: options.theme,
            heat: None,
            without_rules: true,
            game: 0,
            smallest_text: UNREADABLE_MM / least_scale,
        },
    );
    let board_tree = parse(&board_page)?;
    // The drawing without the page's empty edges, scaled to the size asked
    // for: `sheet` is the whole board page at that scale, `at` where the
    // drawing starts on it.
    let crop = drawn_area(&board_tree);
    let scale = options.board_mm / crop.2.max(crop.3);
    let board = (crop.2 * scale, crop.3 * scale);
    let page_mm = px_to_mm(board_tree.size().width(), board_tree.size().height());
    let sheet = Sheet { size: (page_mm.0 * scale, page_mm.1 * scale), at: (crop.0 * scale, crop.1 * scale) };
    let tiling = Tiling::best(options.paper, board);
    let rules = rule_sheet_sentences(spec, &compiled.board);

    let mut doc = Document::new();
    let board_ref = doc.embed(&board_tree)?;
    // Page 1: the page map.
    let map = page_map(spec, &tiling, board, (pw, ph));
    doc.page(
        (pw, ph),
        |content, names| {
            let (x, y, w, h) = map.board_area;
            content.save_state();
            content.rect(x * PT, (ph - y - h) * PT, w * PT, h * PT).clip_nonzero().end_path();
            sheet.draw(content, names, board_ref, w / board.0, (x, ph - y));
            content.restore_state();
        },
        Some(&map.overlay),
    )?;
    // The tiles, row by row.
    let (tw, th) = tiling.page;
    for row in 0..tiling.rows {
        for col in 0..tiling.columns {
            let overlay = tile_overlay(spec, &tiling, board, col, row);
            let (x, y) = tiling.origin(col, row);
            doc.page(
                (tw, th),
                |content, names| {
                    content.save_state();
                    let (cw, ch) = tiling.printable();
                    content.rect(MARGIN * PT, MARGIN * PT, cw * PT, ch * PT).clip_nonzero().end_path();
                    // The board's top left sits `(x, y)` to the left of and above
                    // the printable area's top left.
                    sheet.draw(content, names, board_ref, 1.0, (MARGIN - x, th - MARGIN + y));
                    content.restore_state();
                },
                Some(&overlay),
            )?;
        }
    }
    doc.page((pw, ph), |_, _| {}, Some(&rules_page(spec, &rules, options.odds, (pw, ph))))?;
    doc.page((pw, ph), |_, _| {}, Some(&pieces_page(spec, (pw, ph))))?;
    let pages = doc.pages.len();
    let pdf = doc.finish(&spec.meta.name);
    Ok(Kit {
        pdf,
        pages,
        columns: tiling.columns,
        rows: tiling.rows,
        landscape: tiling.landscape,
        board_mm: board,
        rules,
    })
}

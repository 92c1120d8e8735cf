//! Writing the PDF: svg2pdf turns each SVG into a form XObject, pdf-writer
//! puts them on pages.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use svg2pdf::usvg;

use crate::RenderError;

/// Points per millimetre (PDF measures in 1/72 inch).
pub(super) const PT: f32 = 72.0 / 25.4;

pub(crate) fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options { fontdb: crate::raster::fonts(), ..usvg::Options::default() };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))
}

/// A PDF being written: pages, each its own content stream, and the SVGs
/// embedded as form XObjects.
pub(super) struct Document {
    pdf: Pdf,
    alloc: Ref,
    catalog: Ref,
    tree: Ref,
    pub(super) pages: Vec<Ref>,
}

/// The XObjects a page draws, by name.
pub(super) struct Names {
    used: Vec<(String, Ref)>,
}

impl Names {
    /// Draws XObject `id` into the box `(x, y, w, h)` (mm, y up from the
    /// page's bottom).
    pub(super) fn draw(&mut self, content: &mut Content, id: Ref, (x, y, w, h): (f32, f32, f32, f32)) {
        let name = format!("S{}", self.used.len());
        content.save_state();
        content.transform([w * PT, 0.0, 0.0, h * PT, x * PT, y * PT]);
        content.x_object(Name(name.as_bytes()));
        content.restore_state();
        self.used.push((name, id));
    }
}

impl Document {
    pub(super) fn new() -> Self {
        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let tree = alloc.bump();
        Self { pdf: Pdf::new(), alloc, catalog, tree, pages: Vec::new() }
    }

    /// Converts an SVG into an XObject of this document; its reference.
    pub(super) fn embed(&mut self, tree: &usvg::Tree) -> Result<Ref, RenderError> {
        let (chunk, id) = svg2pdf::to_chunk(tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError::Kit(format!("could not write the PDF: {e}")))?;
        let mut map = HashMap::new();
        let alloc = &mut self.alloc;
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        self.pdf.extend(&chunk);
        Ok(map[&id])
    }

    /// A page `size` mm: `draw` paints first, then `overlay` (an SVG of the
    /// page's size) over it.
    pub(super) fn page(
        &mut self,
        (w, h): (f32, f32),
        draw: impl FnOnce(&mut Content, &mut Names),
        overlay: Option<&str>,
    ) -> Result<(), RenderError> {
        let mut content = Content::new();
        let mut names = Names { used: Vec::new() };
        draw(&mut content, &mut names);
        if let Some(svg) = overlay {
            let id = self.embed(&parse(svg)?)?;
            names.draw(&mut content, id, (0.0, 0.0, w, h));
        }
        let (page, stream) = (self.alloc.bump(), self.alloc.bump());
        self.pdf.stream(stream, &content.finish());
        let mut p = self.pdf.page(page);
        p.media_box(Rect::new(0.0, 0.0, w * PT, h * PT));
        p.parent(self.tree);
        p.contents(stream);
        let mut resources = p.resources();
        let mut objects = resources.x_objects();
        for (name, id) in &names.used {
            objects.pair(Name(name.as_bytes()), *id);
        }
        objects.finish();
        resources.finish();
        p.finish();
        self.pages.push(page);
        Ok(())
    }

    pub(super) fn finish(mut self, title: &str) -> Vec<u8> {
        self.pdf.catalog(self.catalog).pages(self.tree);
        let count = self.pages.len() as i32;
        self.pdf.pages(self.tree).kids(self.pages.iter().copied()).count(count);
        let info = self.alloc.bump();
        self.pdf.document_info(info).title(TextStr(title)).creator(TextStr("Ladderkit"));
        self.pdf.finish()
    }
}

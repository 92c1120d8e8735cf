//! A variant as a Tabletop Simulator table (`ladderkit tabletop`, the
//! editor's File › Export for Tabletop Simulator…): the save file and the
//! images and rulebook it loads. Pure: the caller writes the files.
//!
//! The save follows the documented format (the Tabletop Simulator
//! knowledge base's "Save File Format" page; the field shapes as the public
//! `tts-types` definitions give them). The board is a locked, stretched
//! `Custom_Tile` with one snap point per space; see `docs/tabletop.md` for
//! the one thing about its geometry that cannot be read from the format.

use serde_json::{Value, json};

use crate::core::spec::{Play, VariantSpec};
use crate::core::{Compiled, Seats, compile};
use crate::render::{self, BoardPicture, Paper, RenderError, SEAT_COLOURS, Theme};

/// The board's longer side on the table, at most and at least (table
/// units; Tabletop Simulator's dice are about one across).
const BOARD_UNITS: std::ops::RangeInclusive<f32> = 20.0..=50.0;
/// A space this wide on the table holds a pawn with room around it.
const SPACE_UNITS: f32 = 2.0;
/// The stretched tile's depth (the picture's height) at scale 1, which the
/// snap points are written for (local coordinates scale with the object);
/// its width is this times the picture's width over its height. The
/// board's script measures the tile when the save loads and moves the
/// snap points if Tabletop Simulator made it another size.
pub const TILE_DEPTH_AT_SCALE_1: f32 = 2.0;
const TILE_THICKNESS: f32 = 0.2;
/// Where the board's top lies above the table's origin.
const TABLE_TOP: f32 = 1.0;
/// More chips than this are not put in the bag (Tabletop Simulator
/// slows with thousands of objects); the note says so.
pub const MOST_CHIPS: usize = 500;
/// Arrow markers beyond this many are left off (the board shows them all).
pub const MOST_ARROW_MARKERS: usize = 60;
/// The dice Tabletop Simulator has built in.
const STANDARD_DICE: [u32; 6] = [4, 6, 8, 10, 12, 20];

/// What the export is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// A whole table (its table, sky, notebook and objects), loaded from
    /// Games › Save & Load.
    #[default]
    Save,
    /// The objects alone, as Tabletop Simulator writes a saved object
    /// (Saves/Saved Objects), spawned onto a table already loaded; the
    /// rules go in the board's description, a saved object having no
    /// notebook.
    SavedObject,
}

impl Form {
    /// What it is, in words: "table" or "saved object".
    pub fn what(self) -> &'static str {
        match self {
            Form::Save => "table",
            Form::SavedObject => "saved object",
        }
    }

    /// The folder under Tabletop Simulator's data folder it is copied into.
    pub fn folder(self) -> &'static str {
        match self {
            Form::Save => "Saves",
            Form::SavedObject => "Saves/Saved Objects",
        }
    }
}

/// What to build the table with.
#[derive(Debug, Clone, Copy)]
pub struct TableOptions<'a> {
    /// Where the table's files will be, ending in `/`: a folder on this
    /// machine (`local_folder`), or a web address they are uploaded to.
    pub base_url: &'a str,
    pub form: Form,
    pub theme: Theme,
    /// The print-and-play kit, attached as the rulebook; `None` leaves it
    /// out (the notebook still has the rules).
    pub rulebook: Option<&'a [u8]>,
}

/// A file the save loads, to be written beside it.
#[derive(Debug, Clone)]
pub struct TableFile {
    /// A plain ASCII file name, safe on every system.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The table: the save, its files, and what was done to fit it.
#[derive(Debug, Clone)]
pub struct Table {
    /// The save's file name: the variant's name made safe, then `.json`.
    pub save_name: String,
    /// The save, as pretty-printed JSON.
    pub save: String,
    pub files: Vec<TableFile>,
    pub board_px: [u32; 2],
    /// A space's width on the board texture, in pixels.
    pub space_px: f32,
    /// The board's width and depth on the table, in table units.
    pub board_units: (f32, f32),
    pub snap_points: usize,
    /// The seats given pieces.
    pub seats: Seats,
    /// What a user should know: sizes, limits met, what was left out.
    pub notes: Vec<String>,
}

/// The kit's rule sentences, one per line: the save's Rules and notebook.
pub fn rules_text(spec: &VariantSpec) -> String {
    let board = compile(spec).board;
    render::rule_sheet_sentences(spec, &board).join("\n")
}

/// The print-and-play kit as the rulebook, the board at 40 cm or as long
/// as its spaces need (up to 3 m); why not, if even that is too small.
pub fn rulebook(
    spec: &VariantSpec,
    compiled: Option<&Compiled>,
    out_of_time: &dyn Fn() -> bool,
) -> Result<Vec<u8>, RenderError> {
    let board = compiled.map_or_else(|| compile(spec).board, |c| c.board.clone());
    // The kit's own error says why when even 3 m is too small.
    let sizes = [400.0, 600.0, 1000.0, 2000.0, *render::BOARD_MM.end()];
    let board_mm = sizes.into_iter().find(|&mm| render::fits(&board, mm).is_ok()).unwrap_or(sizes[0]);
    crate::print::kit(spec, compiled, Paper::A4, board_mm, Theme::Classic, out_of_time).map(|kit| kit.pdf)
}

/// The whole table.
pub fn table(spec: &VariantSpec, options: &TableOptions) -> Result<Table, RenderError> {
    let picture = render::board_picture(spec, options.theme)?;
    let mut notes = Vec::new();
    let [pw, ph] = picture.size;
    notes.push(format!(
        "board.png is {pw} × {ph} px, a space {:.0} px wide{}",
        picture.space_px,
        if picture.downscaled {
            format!(
                "; drawn smaller than the 96 px a space wants, to stay within the {0} × {0} px Tabletop Simulator loads",
                render::MAX_TEXTURE_PX
            )
        } else {
            String::new()
        }
    ));

    let mut b = Build {
        spec,
        place: Placement::of(&picture),
        picture: &picture,
        base_url: options.base_url,
        ids: Guids::default(),
        files: vec![TableFile { name: "board.png".into(), bytes: picture.png.clone() }],
        notes,
    };
    let mut objects = vec![board(&mut b)];
    let (pawns, seats) = pawns(&mut b);
    objects.extend(pawns);
    objects.extend(dice(&mut b));
    objects.extend(chips(&mut b)?);
    objects.extend(arrow_markers(&mut b)?);
    if let Some(pdf) = options.rulebook {
        b.files.push(TableFile { name: "rules.pdf".into(), bytes: pdf.to_vec() });
        objects.push(json!({
            "Name": "Custom_PDF",
            "GUID": b.ids.next(),
            "Transform": transform((-b.place.width / 2.0 - 6.0, TABLE_TOP + 0.5, -b.place.depth / 4.0), 1.5),
            "Nickname": "Rulebook",
            "Description": "The print-and-play kit: page map, the board's pages, the rules and odds, the pieces.",
            "Locked": false,
            "CustomPDF": { "PDFUrl": b.url("rules.pdf"), "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0 },
        }));
    } else {
        let kept = if options.form == Form::Save { "the notebook" } else { "the board's description" };
        b.notes.push(format!("no rulebook PDF attached; the rules are in {kept}"));
    }
    let Build { place, files, mut notes, .. } = b;

    let rules = rules_text(spec);
    let name = spec.meta.name.clone();
    if options.form == Form::SavedObject {
        let described = format!("{}\n\n{rules}", spec.meta.description);
        objects[0]["Description"] = json!(described.trim_start());
        notes.push(format!(
            "a saved object: copy it into Tabletop Simulator's {} folder and spawn it on a table from Objects › \
             Saved Objects; the rules are in the board's description",
            Form::SavedObject.folder()
        ));
    }
    let save = match options.form {
        Form::Save => whole_table(&name, &rules, objects),
        Form::SavedObject => saved_object(&name, objects),
    };
    let save = serde_json::to_string_pretty(&save).map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(Table {
        save_name: format!("{}.json", safe_file_stem(&spec.meta.name)),
        save,
        files,
        board_px: picture.size,
        space_px: picture.space_px,
        board_units: (place.width, place.depth),
        snap_points: picture.spaces.len(),
        seats,
        notes,
    })
}

/// A save of the whole table: the objects on a table and sky, with the
/// rules in the notebook.
fn whole_table(name: &str, rules: &str, objects: Vec<Value>) -> Value {
    json!({
        "SaveName": name,
        "GameMode": name,
        "Date": "",
        "VersionNumber": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "Sky_Museum",
        "Note": format!("{name}\n\nMade by Ladderkit. Drop a piece near a space and it snaps onto it. The rules are in the Notebook and the Rulebook."),
        "Rules": rules,
        "TabStates": {
            "0": { "title": "Rules", "body": rules, "color": "Grey", "visibleColor": { "r": 0.5, "g": 0.5, "b": 0.5 }, "id": 0 },
        },
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    })
}

/// A saved object: the same document with the objects alone, as Tabletop
/// Simulator writes one (no game mode, table, sky, note or notebook).
fn saved_object(name: &str, objects: Vec<Value>) -> Value {
    let mut document = whole_table(name, "", objects);
    for blank in ["GameMode", "Table", "Sky", "Note", "Rules"] {
        document[blank] = json!("");
    }
    document["TabStates"] = json!({});
    document
}

/// Where the board lies on the table and how large.
struct Placement {
    /// The board's width (x) and depth (z) on the table.
    width: f32,
    depth: f32,
    /// A space's width on the table.
    space: f32,
}

impl Placement {
    fn of(picture: &BoardPicture) -> Self {
        let [pw, ph] = picture.size.map(|v| v.max(1) as f32);
        let longer_px = pw.max(ph);
        let longer =
            (SPACE_UNITS * longer_px / picture.space_px.max(1.0)).clamp(*BOARD_UNITS.start(), *BOARD_UNITS.end());
        let (width, depth) = (longer * pw / longer_px, longer * ph / longer_px);
        Self { width, depth, space: longer * picture.space_px / longer_px }
    }

    /// Where a point of the picture (fractions from its top left) is on
    /// the table: x to the right and z away from the player at the
    /// board's bottom edge.
    fn world(&self, (u, v): (f32, f32)) -> (f32, f32) {
        ((u - 0.5) * self.width, (0.5 - v) * self.depth)
    }
}

/// What the table's objects are built from, and what building them adds
/// to: GUIDs, files and notes.
struct Build<'a> {
    spec: &'a VariantSpec,
    picture: &'a BoardPicture,
    place: Placement,
    base_url: &'a str,
    ids: Guids,
    files: Vec<TableFile>,
    notes: Vec<String>,
}

impl Build<'_> {
    fn url(&self, name: &str) -> String {
        format!("{}{name}", self.base_url)
    }

    /// The file `name`, drawn by `draw` unless it is already there; its URL.
    fn file(&mut self, name: &str, draw: impl FnOnce() -> Result<Vec<u8>, RenderError>) -> Result<String, RenderError> {
        if !self.files.iter().any(|f| f.name == name) {
            self.files.push(TableFile { name: name.to_owned(), bytes: draw()? });
        }
        Ok(self.url(name))
    }
}

/// A custom tile's image: `front` and `back` URLs; `shape` 0 a box, 2 a
/// disc, 3 a rounded box.
fn tile_image(front: &str, back: &str, shape: u8, thickness: f32, stackable: bool) -> Value {
    json!({
        "ImageURL": front,
        "ImageSecondaryURL": back,
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomTile": { "Type": shape, "Thickness": thickness, "Stackable": stackable, "Stretch": true },
    })
}

/// GUIDs as Tabletop Simulator writes them (six hex digits), numbered so
/// the same variant always gives the same save.
#[derive(Default)]
struct Guids(u32);

impl Guids {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("{:06x}", 0x1ad000 + self.0)
    }
}

fn transform((x, y, z): (f32, f32, f32), scale: f32) -> Value {
    transform_turned((x, y, z), (0.0, 0.0), (scale, scale, scale))
}

/// `turn`: the turn about y (degrees) and about z (180 lays it face down).
fn transform_turned((x, y, z): (f32, f32, f32), (yaw, roll): (f32, f32), (sx, sy, sz): (f32, f32, f32)) -> Value {
    json!({
        "posX": r(x), "posY": r(y), "posZ": r(z),
        "rotX": 0.0, "rotY": r(yaw), "rotZ": r(roll),
        "scaleX": r(sx), "scaleY": r(sy), "scaleZ": r(sz),
    })
}

/// Four decimals: a stable save (golden-file tests diff it).
fn r(v: f32) -> f64 {
    (f64::from(v) * 10_000.0).round() / 10_000.0
}

fn board(b: &mut Build) -> Value {
    let scale = b.place.depth / TILE_DEPTH_AT_SCALE_1;
    let width_at_1 = TILE_DEPTH_AT_SCALE_1 * b.place.width / b.place.depth;
    let image = b.url("board.png");
    json!({
        "Name": "Custom_Tile",
        "GUID": b.ids.next(),
        "Transform": transform_turned((0.0, TABLE_TOP - TILE_THICKNESS / 2.0, 0.0), (180.0, 0.0), (scale, 1.0, scale)),
        "Nickname": b.spec.meta.name,
        "Description": b.spec.meta.description,
        "ColorDiffuse": { "r": 1.0, "g": 1.0, "b": 1.0 },
        "Locked": true,
        "Grid": false,
        "Snap": false,
        "Tooltip": true,
        "CustomImage": tile_image(&image, &image, 0, TILE_THICKNESS, false),
        "AttachedSnapPoints": snap_points_of(b.picture, width_at_1),
        "LuaScript": snap_script(width_at_1),
        "LuaScriptState": "",
    })
}

/// A snap point on each space's centre, in the tile's own coordinates
/// (which scale with it). The tile is turned half round about y, taken to
/// read upright to the player at the table's near edge (the one thing
/// about the geometry the format does not say: `docs/tabletop.md`), so
/// local x and z point the other way to the table's.
fn snap_points_of(picture: &BoardPicture, width_at_1: f32) -> Vec<Value> {
    picture
        .spaces
        .iter()
        .map(|&(_, (u, v))| {
            json!({
                "Position": { "x": r((0.5 - u) * width_at_1), "y": r(TILE_THICKNESS / 2.0), "z": r((v - 0.5) * TILE_DEPTH_AT_SCALE_1) },
                "Rotation": { "x": 0.0, "y": 0.0, "z": 0.0 },
            })
        })
        .collect()
}

/// Moves the snap points if the loaded tile is not the size they were
/// written for, once (its state remembers).
fn snap_script(width_at_1: f32) -> String {
    format!(
        r#"-- Ladderkit: the snap points were written for this tile being {w} x {d} at scale 1.
-- If Tabletop Simulator made it another size, move them to match, once.
local laid = false
function onSave() if laid then return "laid" end return "" end
function onLoad(state)
  if state == "laid" then laid = true return end
  local size, scale = self.getBoundsNormalized().size, self.getScale()
  local fx, fz = size.x / scale.x / {w}, size.z / scale.z / {d}
  if math.abs(fx - 1) > 0.01 or math.abs(fz - 1) > 0.01 then
    local points = self.getSnapPoints()
    for _, p in ipairs(points) do
      p.position = {{p.position.x * fx, p.position.y, p.position.z * fz}}
    end
    self.setSnapPoints(points)
  end
  laid = true
end
"#,
        w = r(width_at_1),
        d = r(TILE_DEPTH_AT_SCALE_1)
    )
}

/// One pawn per seat (per pyramid size in a team game), in the seat
/// colours, standing around the start.
fn pawns(b: &mut Build) -> (Vec<Value>, Seats) {
    let wanted = b.spec.rules.players.max.max(1);
    // A checked variant seats 1 to `MAX_PLAYERS`; at least one set of
    // pieces whatever it says.
    let seats = Seats::new(wanted.min(SEAT_COLOURS.len() as u32)).unwrap_or(Seats::ONE);
    if seats.get() < wanted {
        let n = seats.get();
        b.notes.push(format!("pieces for the first {n} of {wanted} seats (there are {n} seat colours)"));
    }
    let sizes: Vec<u32> = match &b.spec.rules.play {
        Play::Treehouse(t) => t.pieces.clone(),
        _ => vec![1],
    };
    let start = b.picture.spaces.iter().find(|(pos, _)| *pos == b.picture.start).map_or((0.5, 1.1), |(_, at)| *at);
    let (sx, sz) = b.place.world(start);
    let pawn = (b.place.space / 1.6).clamp(0.25, 1.0);
    let count = (seats.count() * sizes.len()).max(1) as f32;
    let ring = b.place.space * 0.3;
    let mut out = Vec::new();
    for seat in seats.indices() {
        let [cr, cg, cb] = SEAT_COLOURS[seat];
        for (k, size) in sizes.iter().enumerate() {
            let angle = std::f32::consts::TAU * (seat * sizes.len() + k) as f32 / count;
            let scale = if sizes.len() > 1 { pawn * (0.6 + 0.2 * *size as f32).min(1.4) } else { pawn };
            let nickname =
                if sizes.len() > 1 { format!("Seat {}, size {size}", seat + 1) } else { format!("Seat {}", seat + 1) };
            out.push(json!({
                "Name": "PlayerPawn",
                "GUID": b.ids.next(),
                "Transform": transform((sx + ring * angle.cos(), TABLE_TOP + 0.5, sz + ring * angle.sin()), scale),
                "Nickname": nickname,
                "Description": "",
                "ColorDiffuse": { "r": r(f32::from(cr) / 255.0), "g": r(f32::from(cg) / 255.0), "b": r(f32::from(cb) / 255.0) },
                "Locked": false,
                "Snap": true,
            }));
        }
    }
    (out, seats)
}

/// The dice the variant rolls, beside the board. Tabletop Simulator has
/// dice of 4, 6, 8, 10, 12 and 20 sides; any other is the next larger,
/// rolled again above the variant's sides (which keeps every face as
/// likely).
fn dice(b: &mut Build) -> Vec<Value> {
    let sides = b.spec.rules.dice.sides;
    let die = STANDARD_DICE.into_iter().find(|&d| d >= sides).unwrap_or(20);
    let description = if die == sides {
        format!("A d{sides}.")
    } else {
        b.notes.push(format!("Tabletop Simulator has no d{sides}: the table has d{die}s; roll again above {sides}"));
        format!("The variant rolls a d{sides}: roll again on anything above {sides}.")
    };
    let count = b.spec.rules.dice.count.max(1);
    (0..count)
        .map(|k| {
            json!({
                "Name": format!("Die_{die}"),
                "GUID": b.ids.next(),
                "Transform": transform((b.place.width / 2.0 + 3.0, TABLE_TOP + 0.5, b.place.depth / 4.0 - 2.0 * k as f32), 1.0),
                "Nickname": if count > 1 { format!("Die {}", k + 1) } else { "Die".to_owned() },
                "Description": description,
                "Locked": false,
            })
        })
        .collect()
}

/// The chips, face down in a bag beside the board.
fn chips(b: &mut Build) -> Result<Option<Value>, RenderError> {
    let Some(chips) = &b.spec.chips else { return Ok(None) };
    let back = b.file("chip-back.png", render::chip_back)?;
    let in_all: u64 = chips.values.iter().map(|c| u64::from(c.count)).sum();
    let mut contained = Vec::new();
    for c in &chips.values {
        let face = b.file(&format!("chip-{}.png", c.value), || render::chip_face(c.value))?;
        for _ in 0..(c.count as usize).min(MOST_CHIPS.saturating_sub(contained.len())) {
            contained.push(json!({
                "Name": "Custom_Tile",
                "GUID": b.ids.next(),
                "Transform": transform_turned((0.0, 0.0, 0.0), (0.0, 180.0), (0.4, 1.0, 0.4)),
                "Nickname": "Chip",
                "Description": "Face down until a piece takes it.",
                "Locked": false,
                "CustomImage": tile_image(&face, &back, 2, 0.1, true),
            }));
        }
    }
    if in_all > MOST_CHIPS as u64 {
        b.notes.push(format!("the bag holds {MOST_CHIPS} of the variant's {in_all} chips"));
    }
    b.notes.push(format!("{} chips face down in the bag; lay them out as the rules say", contained.len()));
    Ok(Some(json!({
        "Name": "Bag",
        "GUID": b.ids.next(),
        "Transform": transform((-b.place.width / 2.0 - 3.0, TABLE_TOP + 0.5, b.place.depth / 4.0), 1.0),
        "Nickname": "Chips",
        "Description": "The chips, face down. Take them out to lay them on the board.",
        "ColorDiffuse": { "r": 0.48, "g": 0.36, "b": 0.0 },
        "Locked": false,
        "Bag": { "Order": 0 },
        "ContainedObjects": contained,
    })))
}

/// One marker per arrow (up to `MOST_ARROW_MARKERS`), in a row below the
/// board, named for its space; the board shows every arrow.
fn arrow_markers(b: &mut Build) -> Result<Vec<Value>, RenderError> {
    let mut out = Vec::new();
    let spec = b.spec;
    for (k, arrow) in spec.arrows.iter().take(MOST_ARROW_MARKERS).enumerate() {
        let name =
            format!("arrow-{}-{}.png", render::arrow_letter(arrow.kind).to_ascii_lowercase(), arrow.points.name());
        let image = b.file(&name, || render::arrow_marker(arrow.kind, arrow.points))?;
        let (column, row) = ((k % 15) as f32, (k / 15) as f32);
        let (x, z) = (-b.place.width / 2.0 + 1.0 + 1.6 * column, -b.place.depth / 2.0 - 2.0 - 1.6 * row);
        out.push(json!({
            "Name": "Custom_Tile",
            "GUID": b.ids.next(),
            "Transform": transform_turned((x, TABLE_TOP + 0.5, z), (180.0, 0.0), (0.7, 1.0, 0.7)),
            "Nickname": format!("Arrow on space {}", arrow.space),
            "Description": format!("Points {}: {}.", arrow.points.name(), arrow.kind.describe()),
            "Locked": false,
            "CustomImage": tile_image(&image, &image, 3, 0.1, false),
        }));
    }
    if spec.arrows.len() > MOST_ARROW_MARKERS {
        b.notes.push(format!(
            "markers for {MOST_ARROW_MARKERS} of the {} arrows (the board shows them all)",
            spec.arrows.len()
        ));
    }
    Ok(out)
}

/// A name as a file name every system takes: ASCII letters and digits,
/// other runs as one `-`, at most 60 characters, `variant` if nothing is
/// left.
pub fn safe_file_stem(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() { "variant".into() } else { out.into() }
}

/// A folder on this machine as Tabletop Simulator's own import names a
/// local file: the absolute path as it is, its parts joined by `/`
/// (`C:/Users/Ana/TTS/`, `/home/ana/my boards/tts/`), ending in `/`: the
/// form its import dialog writes, not a `file:///` address with its
/// percent-encoding.
pub fn local_folder(absolute_dir: &str) -> String {
    let path = absolute_dir.strip_prefix(r"\\?\").unwrap_or(absolute_dir).replace('\\', "/");
    if path.ends_with('/') { path } else { format!("{path}/") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_plain_ascii() {
        assert_eq!(safe_file_stem("Milton Bradley (1943)"), "milton-bradley-1943");
        assert_eq!(safe_file_stem("Ünïcode 🎲 / ../.."), "n-code");
        assert_eq!(safe_file_stem("🎲"), "variant");
        assert_eq!(safe_file_stem(&"a".repeat(500)).len(), 60);
    }

    #[test]
    fn local_folders_are_plain_paths_joined_by_slashes() {
        assert_eq!(local_folder("/home/ana/my boards/tts"), "/home/ana/my boards/tts/");
        assert_eq!(local_folder(r"\\?\C:\Users\Ana\TTS"), "C:/Users/Ana/TTS/");
        assert_eq!(local_folder("/tmp/é#/"), "/tmp/é#/");
    }
}

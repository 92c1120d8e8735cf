//! A top view of a table `ladderkit tabletop` wrote, drawn from the save's
//! own objects: the board image where its transform puts it, its snap
//! points as red dots, pawns, dice, the chip bag, arrow markers and the
//! rulebook. For looking at a table without Tabletop Simulator.
//!
//! cargo run --release --example tabletop_top_view -- tts/chutes-and-ladders-milton-bradley.json table.png

use std::path::Path;

use ladderkit::tabletop::TILE_DEPTH_AT_SCALE_1;
use serde_json::Value;

/// Millimetres of the picture per table unit.
const MM: f64 = 6.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [save_path, out] = args.as_slice() else {
        eprintln!("usage: tabletop_top_view SAVE.json OUT.png");
        std::process::exit(2);
    };
    let save_path = Path::new(save_path);
    let dir = save_path.parent().unwrap_or(Path::new("."));
    let save: Value = serde_json::from_str(&std::fs::read_to_string(save_path).expect("read the save")).expect("JSON");
    // Each file the save loads, found beside it by its name.
    let file =
        |url: &str| std::fs::read(dir.join(url.rsplit('/').next().unwrap_or(url))).expect("a file the save loads");
    let objects = save["ObjectStates"].as_array().expect("ObjectStates");

    let mut shapes = Vec::new();
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    let mut extend = |x: f64, z: f64, r: f64| {
        lo = (lo.0.min(x - r), lo.1.min(z - r));
        hi = (hi.0.max(x + r), hi.1.max(z + r));
    };
    for o in objects {
        let t = &o["Transform"];
        let (x, z, s) = (num(&t["posX"]), num(&t["posZ"]), num(&t["scaleX"]));
        match o["Name"].as_str().unwrap_or_default() {
            "Custom_Tile" => {
                let png = file(o["CustomImage"]["ImageURL"].as_str().unwrap_or_default());
                let (pw, ph) = png_size(&png);
                let d = s * f64::from(TILE_DEPTH_AT_SCALE_1);
                let w = d * pw / ph;
                extend(x, z, w.max(d) / 2.0);
                shapes.push(Shape::Image { x, z, w, d, png });
                for p in o["AttachedSnapPoints"].as_array().into_iter().flatten() {
                    // The tile is turned half round: local x and z point the
                    // other way to the table's.
                    let (px, pz) = (x - s * num(&p["Position"]["x"]), z - s * num(&p["Position"]["z"]));
                    shapes.push(Shape::Dot { x: px, z: pz, r: 0.12, fill: "#e02020".into(), label: String::new() });
                }
            }
            "PlayerPawn" => {
                let c = &o["ColorDiffuse"];
                let fill = format!("rgb({},{},{})", byte(&c["r"]), byte(&c["g"]), byte(&c["b"]));
                extend(x, z, 0.5);
                shapes.push(Shape::Dot { x, z, r: 0.35 * s, fill, label: String::new() });
            }
            "Bag" => {
                let n = o["ContainedObjects"].as_array().map_or(0, Vec::len);
                extend(x, z, 1.5);
                shapes.push(Shape::Dot { x, z, r: 1.2, fill: "#7a5c00".into(), label: format!("{n} chips") });
            }
            "Custom_PDF" => {
                extend(x, z, 2.5);
                shapes.push(Shape::Rect { x, z, w: 3.4, d: 4.4, label: "Rulebook".into() });
            }
            name if name.starts_with("Die_") => {
                extend(x, z, 1.0);
                shapes.push(Shape::Rect { x, z, w: 1.2, d: 1.2, label: format!("d{}", &name[4..]) });
            }
            _ => {}
        }
    }
    let (w, h) = ((hi.0 - lo.0 + 2.0) * MM, (hi.1 - lo.1 + 2.0) * MM);
    // Table x to the right, z away from the player: up on the picture.
    let at = |x: f64, z: f64| ((x - lo.0 + 1.0) * MM, (hi.1 - z + 1.0) * MM);
    let head = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.1}mm" height="{h:.1}mm" viewBox="0 0 {w:.1} {h:.1}" font-family="Ubuntu, sans-serif">"#
    );
    let under = format!(r##"{head}<rect width="{w:.1}" height="{h:.1}" fill="#5d6b57"/></svg>"##);
    let mut svg = head.clone();
    let mut pictures = Vec::new();
    for shape in &shapes {
        svg.push_str(&match shape {
            Shape::Image { x, z, w, d, png } => {
                let (left, top) = at(x - w / 2.0, z + d / 2.0);
                pictures.push((png.as_slice(), [left as f32, top as f32, (w * MM) as f32, (d * MM) as f32]));
                String::new()
            }
            Shape::Dot { x, z, r, fill, label } => {
                let (cx, cy) = at(*x, *z);
                format!(
                    r##"<circle cx="{cx:.2}" cy="{cy:.2}" r="{:.2}" fill="{fill}" stroke="#000" stroke-width="0.2"/><text x="{cx:.2}" y="{:.2}" font-size="{:.1}" text-anchor="middle" fill="#fff">{label}</text>"##,
                    r * MM,
                    cy + 0.15 * MM,
                    0.45 * MM
                )
            }
            Shape::Rect { x, z, w, d, label } => {
                let (left, top) = at(x - w / 2.0, z + d / 2.0);
                format!(
                    r##"<rect x="{left:.2}" y="{top:.2}" width="{:.2}" height="{:.2}" rx="1" fill="#fff" stroke="#000" stroke-width="0.3"/><text x="{:.2}" y="{:.2}" font-size="{:.1}" text-anchor="middle">{label}</text>"##,
                    w * MM,
                    d * MM,
                    left + w * MM / 2.0,
                    top + d * MM / 2.0 + 1.2,
                    0.5 * MM
                )
            }
        });
    }
    svg.push_str("</svg>");
    let png = ladderkit::render::png_layered(&under, &pictures, &svg, 90.0).expect("draw the view");
    std::fs::write(out, png).expect("write the picture");
    println!("wrote {out}: {} objects, {:.0} × {:.0} table units", objects.len(), hi.0 - lo.0, hi.1 - lo.1);
}

enum Shape {
    Image { x: f64, z: f64, w: f64, d: f64, png: Vec<u8> },
    Dot { x: f64, z: f64, r: f64, fill: String, label: String },
    Rect { x: f64, z: f64, w: f64, d: f64, label: String },
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

fn byte(v: &Value) -> u8 {
    (num(v) * 255.0).round() as u8
}

/// Width and height from the PNG's header.
fn png_size(png: &[u8]) -> (f64, f64) {
    let word = |at: usize| f64::from(u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]));
    (word(16), word(20))
}

//! Demo artwork: motorcycle and category pictures drawn as SVG in code.
//!
//! A fresh database gets demo categories and listings with pictures, without network
//! access or binary assets. Every picture is a small standalone SVG (no scripts, no
//! external references) in a flat-illustration style, 800x600.

use std::f64::consts::PI;

/// The silhouettes [`bike_svg`] and [`category_svg`] know; `variant` is taken modulo this.
pub const VARIANTS: usize = 6;

/// Where the tyres touch the floor.
const GROUND: f64 = 470.0;

/// The roles colours play in a drawing.
#[derive(Clone, Copy)]
enum Ink {
    Body,
    BodyDark,
    Accent,
    Tyre,
    Rim,
    Inner,
    Metal,
    Chrome,
    Dark,
    Seat,
    Light,
    Glass,
    Red,
    White,
}

/// One colour per [`Ink`], in its order. The banner draws the same bike with a
/// two-colour palette, which turns it into a silhouette.
struct Palette(Vec<String>);

/// The colours of the inks after [`Ink::Accent`], which do not depend on the bike.
const FIXED_INKS: [&str; 11] = [
    "#1e2226", "#c9d0d6", "#33393f", "#8e98a2", "#c4ccd4", "#3a4046", "#24282c", "#fff3bf",
    "#a9c7d8", "#e74c3c", "#ffffff",
];

impl Palette {
    fn colour(body: &str, dark: Rgb, accent: Rgb) -> Self {
        let mut inks = vec![body.to_owned(), dark.hex(), accent.hex()];
        inks.extend(FIXED_INKS.map(str::to_owned));
        Palette(inks)
    }

    fn silhouette(ink: &str, hollow: &str) -> Self {
        let see_through = [Ink::Inner, Ink::Light, Ink::White].map(|i| i as usize);
        let pick = |i| {
            if see_through.contains(&i) {
                hollow
            } else {
                ink
            }
        };
        Palette(
            (0..3 + FIXED_INKS.len())
                .map(|i| pick(i).to_owned())
                .collect(),
        )
    }

    fn get(&self, ink: Ink) -> &str {
        self.0.get(ink as usize).map_or("#000", String::as_str)
    }
}

/// A colour parsed from `#rgb` or `#rrggbb`.
#[derive(Clone, Copy)]
struct Rgb([u8; 3]);

impl Rgb {
    const BLACK: Rgb = Rgb([0; 3]);
    const WHITE: Rgb = Rgb([255; 3]);

    fn parse(hex: &str) -> Option<Rgb> {
        let digits = hex.strip_prefix('#')?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let wide: String = match digits.len() {
            3 => digits.chars().flat_map(|c| [c, c]).collect(),
            6 => digits.to_owned(),
            _ => return None,
        };
        let channel = |i: usize| u8::from_str_radix(wide.get(2 * i..2 * i + 2)?, 16).ok();
        Some(Rgb([channel(0)?, channel(1)?, channel(2)?]))
    }

    /// Moves `amount` (0..=1) of the way towards `other`.
    fn mix(self, other: Rgb, amount: f64) -> Rgb {
        Rgb(std::array::from_fn(|i| {
            let (a, b) = (f64::from(self.0[i]), f64::from(other.0[i]));
            // Clamped to 0..=255 first, so the cast cannot truncate.
            (a + (b - a) * amount).round().clamp(0.0, 255.0) as u8
        }))
    }

    /// Relative brightness, 0 (black) to 1 (white).
    fn luminance(self) -> f64 {
        let weights = [0.2126, 0.7152, 0.0722];
        (0..3)
            .map(|i| weights[i] * f64::from(self.0[i]))
            .sum::<f64>()
            / 255.0
    }

    fn hex(self) -> String {
        let [r, g, b] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// Returns the colour as given if it is a valid hex colour, else `fallback`; nothing
/// but a checked colour ever reaches the markup.
fn checked(colour: &str, fallback: Rgb) -> (String, Rgb) {
    match Rgb::parse(colour) {
        Some(rgb) => (colour.to_owned(), rgb),
        None => (fallback.hex(), fallback),
    }
}

/// How a wheel is built.
#[derive(Clone, Copy)]
enum Rim {
    /// Laced wire spokes.
    Wire,
    /// Cast alloy with this many spokes.
    Cast(u32),
}

/// One element of a bike drawing. Coordinates are in the 800x600 view box; wheels
/// stand on [`GROUND`] and are placed by the x of their axle and their radius.
enum Part {
    /// A filled path.
    Fill(&'static str, Ink),
    /// A stroked path with round ends, of the given width.
    Line(&'static str, Ink, u8),
    /// A filled circle: x, y, radius.
    Dot(i16, i16, i16, Ink),
    /// A wheel: axle x, radius, tyre depth, rim, knobby tyre.
    Wheel(i16, i16, i16, Rim, bool),
    /// A mudguard over the wheel (axle x, radius) from one angle to another, this thick.
    Fender(i16, i16, i16, i16, i16),
    /// A brake disc and caliper on the wheel at axle x with radius r.
    Disc(i16, i16),
    /// A finned engine cylinder from a base point to a top point, of the given width.
    Cylinder((i16, i16), (i16, i16), i16),
    /// The floor shadow under a bike spanning x0..x1.
    Shadow(i16, i16),
}

use Ink::*;
use Part::*;

#[rustfmt::skip]
const SPORT: &[Part] = &[
    Shadow(130, 690), Wheel(232, 90, 22, Rim::Cast(5), false),
    Fill("M385 300h125v95l-20 18h-95z", Dark), Line("M398 350L232 380", Dark, 20),
    Line("M398 328L306 286", Chrome, 24), Line("M306 286L298 282", Dark, 24),
    Wheel(592, 90, 22, Rim::Cast(5), false), Disc(592, 90), Fender(592, 90, 232, 292, 10),
    Line("M556 210L592 380", Chrome, 10), Line("M556 210L576 300", Accent, 18),
    Fill("M300 280L186 222L190 240L296 294z", Dark),
    Fill("M414 248L300 238L176 194L171 206L188 224L300 282L404 300z", Body),
    Fill("M176 194l14 2l-2 12l-17 -3z", Red),
    Fill("M408 246C422 206 492 194 546 202L548 256L412 264z", Body),
    Fill("M540 200L600 186C640 192 668 214 684 246L660 262C640 268 622 272 607 273A108 108 0 0 0 485 390L485 402L440 415L404 405C396 370 400 330 418 300C440 275 480 262 520 258C530 240 536 220 540 200z", Body),
    Line("M428 380L470 318L560 280L660 256", Accent, 8),
    Line("M446 352L486 318M462 360L502 326", BodyDark, 6),
    Line("M436 222C466 208 504 205 532 210", White, 6),
    Fill("M300 238C332 229 382 229 414 238L409 252L300 246z", Seat),
    Fill("M236 220C254 210 292 214 300 232L244 232z", Seat),
    Fill("M548 198L598 160C614 158 622 172 608 188z", Glass),
    Fill("M646 226L682 242L670 255L638 245z", Light), Line("M556 206L526 214", Seat, 10),
];

#[rustfmt::skip]
const CRUISER: &[Part] = &[
    Shadow(105, 725), Wheel(215, 86, 28, Rim::Wire, false), Fender(215, 86, 175, 300, 18),
    Fill("M104 352l14 -10l6 10l-14 10z", Red), Line("M340 355L215 384", Chrome, 12),
    Line("M250 285L300 350", Chrome, 10), Line("M512 210L450 378L340 370", Dark, 12),
    Cylinder((405, 345), (365, 262), 52), Cylinder((425, 345), (478, 268), 52),
    Fill("M360 330h120l10 35l-25 25h-95l-20 -22z", Metal), Dot(400, 360, 24, Chrome),
    Dot(418, 300, 20, Chrome), Line("M478 272C505 300 500 360 470 392L440 414L150 414", Chrome, 11),
    Line("M372 268C352 300 360 350 340 380L310 398L160 398", Chrome, 11),
    Line("M150 414L200 414M160 398L210 398", Metal, 15),
    Fill("M236 258C270 256 300 276 336 276C360 276 376 262 394 252L398 268C384 292 350 302 320 302L262 296C246 290 236 276 236 258z", Seat),
    Fill("M386 250C392 214 452 198 506 206L512 242C474 258 424 264 390 262z", Body),
    Line("M398 248L502 234", Accent, 7), Line("M404 228C432 214 470 211 496 214", White, 6),
    Wheel(628, 92, 18, Rim::Wire, false), Fender(628, 92, 215, 290, 12),
    Line("M515 195L628 378", Chrome, 12), Line("M515 195L545 245", Metal, 18),
    Dot(545, 222, 27, Chrome), Dot(550, 222, 19, Light),
    Line("M512 192L500 146L458 136", Chrome, 8), Line("M466 138L446 134", Seat, 12),
    Line("M520 372L548 368", Dark, 8),
];

#[rustfmt::skip]
const SCOOTER: &[Part] = &[
    Shadow(140, 680), Wheel(250, 62, 18, Rim::Cast(5), false), Line("M235 400L175 392", Chrome, 18),
    Fill("M150 330C150 275 215 250 300 255L430 262L455 330L440 372L190 372C165 368 150 352 150 330z", Body),
    Line("M175 300C220 285 300 282 350 290", Accent, 7), Fill("M150 318l14 -4v22l-14 -4z", Red),
    Fill("M330 360h190l-8 26h-178z", Dark),
    Fill("M215 250C250 230 380 232 420 246L418 266L220 264z", Seat),
    Fill("M460 386L528 386C552 300 568 235 562 185L524 180C516 250 495 320 460 386z", Body),
    Line("M555 200L590 400", Metal, 11), Wheel(595, 62, 18, Rim::Cast(5), false),
    Fender(595, 62, 200, 320, 14),
    Fill("M520 185C530 160 570 150 600 160L596 185C570 190 540 192 520 185z", BodyDark),
    Fill("M585 163l20 3l-3 18l-20 -2z", Light), Line("M540 160L505 150", Seat, 11),
    Line("M552 158L546 130", Dark, 4),
    Fill("M532 128C534 116 556 114 560 124C556 132 538 134 532 128z", Dark),
];

#[rustfmt::skip]
const COMMUTER: &[Part] = &[
    Shadow(130, 690), Wheel(235, 92, 20, Rim::Wire, false), Fender(235, 92, 195, 315, 12),
    Line("M345 352L235 378", Dark, 16), Line("M262 252L275 362", Chrome, 6),
    Line("M264 264L272 340", Accent, 14),
    Line("M520 205L440 330M522 212L340 235L252 246M340 235L345 355", Dark, 11),
    Cylinder((418, 330), (438, 248), 64), Fill("M352 318h124v42l-22 22h-80l-22 -22z", Dark),
    Line("M452 262C486 300 470 392 420 402L330 400", Chrome, 9),
    Line("M340 396L252 382", Chrome, 22), Fill("M255 245L345 240L335 300L280 290z", BodyDark),
    Fill("M345 232C360 195 450 182 515 198L510 248C470 262 400 265 352 255z", Body),
    Line("M375 215C410 200 460 196 495 203", White, 6), Line("M360 240L505 228", Accent, 8),
    Fill("M220 232C240 218 330 214 355 222L350 240L228 244z", Seat),
    Fill("M205 236L232 230L236 252L210 250z", BodyDark), Fill("M196 236h14v10h-14z", Red),
    Wheel(580, 92, 20, Rim::Wire, false), Fender(580, 92, 215, 320, 12),
    Line("M528 212L580 378", Metal, 13), Dot(565, 215, 24, Dark), Dot(570, 215, 17, Light),
    Line("M515 200L505 160L470 152", Dark, 8), Line("M480 154L462 151", Seat, 12),
    Line("M505 160L515 128", Dark, 4),
];

#[rustfmt::skip]
const OFF_ROAD: &[Part] = &[
    Shadow(120, 700), Wheel(225, 96, 22, Rim::Wire, true), Line("M350 330L225 374", Metal, 16),
    Line("M290 210L320 320", Accent, 12),
    Line("M515 170L420 300L350 330M515 178L330 200L300 215L350 330", Dark, 10),
    Fill("M370 280h90v50l-18 20h-58l-14 -18z", Dark), Cylinder((410, 285), (420, 232), 56),
    Line("M460 300C470 250 420 215 360 212L200 196", Chrome, 10),
    Line("M250 200L180 190", Chrome, 20),
    Fill("M330 198L250 196L140 170L150 190L250 222L320 230z", Body),
    Fill("M300 206L372 210L366 268L318 286z", Body),
    Fill("M318 226C330 216 352 218 356 232C352 250 326 254 318 240z", White),
    Fill("M250 186C300 180 420 186 470 196L466 208C420 204 300 200 250 200z", Seat),
    Fill("M410 198C430 180 490 172 520 180L512 250L440 262L420 225z", Body),
    Line("M430 238L505 228", Accent, 8), Wheel(590, 104, 22, Rim::Wire, true),
    Line("M520 168L590 366", Accent, 14), Line("M520 168L555 268", Chrome, 16),
    Fill("M550 222L660 208L652 228L560 244z", Body), Fill("M525 160l35 8l-6 55l-30 -8z", White),
    Dot(541, 188, 9, Light), Line("M515 165L505 132L468 126", Dark, 8),
    Line("M478 128L458 125", Seat, 12),
];

#[rustfmt::skip]
const NAKED: &[Part] = &[
    Shadow(130, 690), Wheel(232, 90, 22, Rim::Cast(5), false), Line("M398 325L232 380", Metal, 18),
    Line("M398 322L300 262", Accent, 8), Fill("M506 262l24 4l-8 62l-22 -4z", Dark),
    Fill("M395 310h125l-8 55l-24 22h-72l-21 -30z", Dark), Cylinder((458, 314), (474, 262), 104),
    Line("M548 222L398 322", Accent, 16),
    Line("M512 292C540 330 520 400 470 404L420 404M498 294C522 330 506 390 462 392", Chrome, 8),
    Line("M430 404L362 392", Chrome, 20), Line("M362 392L354 390", Dark, 20),
    Line("M262 262L226 306", Dark, 5), Fill("M212 300h28v16h-28z", White),
    Fill("M212 206l12 2l-1 10l-10 -2z", Red), Fill("M300 272L222 228L226 246L300 286z", Dark),
    Fill("M392 250L300 242L212 206L220 228L300 274L388 284z", Body),
    Fill("M292 238C322 230 372 230 402 238L397 254L292 248z", Seat),
    Fill("M392 242C402 200 472 186 532 200L545 250L505 275L402 264z", Body),
    Fill("M510 240L548 230L540 262L505 276z", Accent),
    Line("M420 218C450 204 490 200 520 206", White, 6), Wheel(592, 90, 22, Rim::Cast(5), false),
    Disc(592, 90), Fender(592, 90, 225, 295, 10), Line("M542 210L592 380", Chrome, 12),
    Line("M542 210L566 296", Dark, 16), Dot(572, 224, 20, Dark), Dot(577, 224, 14, Light),
    Fill("M562 206l22 -6l8 14l-22 4z", BodyDark), Line("M538 198L528 178L490 174", Dark, 8),
    Line("M498 175L478 173", Seat, 12),
];

/// A point at `angle` degrees (0 is right, 90 is down) on a circle.
fn polar(cx: f64, cy: f64, r: f64, angle: f64) -> (f64, f64) {
    let a = angle * PI / 180.0;
    (cx + r * a.cos(), cy + r * a.sin())
}

/// Draws parts into SVG markup.
struct Svg<'a> {
    out: String,
    palette: &'a Palette,
}

impl Svg<'_> {
    fn fill(&mut self, d: &str, ink: Ink) {
        let ink = self.palette.get(ink);
        self.out
            .push_str(&format!(r#"<path d="{d}" fill="{ink}"/>"#));
    }

    fn line(&mut self, d: &str, ink: Ink, width: u8) {
        let colour = self.palette.get(ink);
        self.out.push_str(&format!(r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>"#));
    }

    /// A disc of radius `r`, or a ring of that width if `ring` is not zero.
    fn dot(&mut self, (x, y, r): (f64, f64, f64), ink: Ink, ring: u8, extra: &str) {
        let colour = self.palette.get(ink);
        let paint = match ring {
            0 => format!(r#"fill="{colour}""#),
            width => format!(r#"fill="none" stroke="{colour}" stroke-width="{width}""#),
        };
        self.out.push_str(&format!(
            r#"<circle cx="{x:.0}" cy="{y:.0}" r="{r:.0}" {paint}{extra}/>"#
        ));
    }

    fn part(&mut self, part: &Part) {
        let f = f64::from;
        match *part {
            Fill(d, ink) => self.fill(d, ink),
            Line(d, ink, width) => self.line(d, ink, width),
            Dot(x, y, r, ink) => self.dot((f(x), f(y), f(r)), ink, 0, ""),
            Wheel(x, r, tyre, rim, knobby) => self.wheel(f(x), f(r), f(tyre), rim, knobby),
            Fender(x, r, from, to, thickness) => {
                let (x, cy) = (f(x), GROUND - f(r));
                let (inner, outer) = (f(r) + 5.0, f(r + thickness) + 5.0);
                let at = |radius, angle| {
                    let (px, py) = polar(x, cy, radius, f(angle));
                    format!("{px:.0} {py:.0}")
                };
                let (a, b) = (at(outer, from), at(outer, to));
                let (c, d) = (at(inner, to), at(inner, from));
                let arcs = format!("M{a}A{outer} {outer} 0 0 1 {b}L{c}A{inner} {inner} 0 0 0 {d}z");
                self.fill(&arcs, Body);
            }
            Disc(x, r) => {
                let (x, cy, r) = (f(x), GROUND - f(r), f(r) * 0.42);
                self.dot((x, cy, r), Chrome, 8, "");
                let ((ax, ay), (bx, by)) = (polar(x, cy, r, 200.0), polar(x, cy, r, 245.0));
                self.line(&format!("M{ax:.0} {ay:.0}L{bx:.0} {by:.0}"), Accent, 14);
            }
            Cylinder(base, top, width) => self.cylinder(base, top, f(width)),
            Shadow(x0, x1) => {
                let (cx, cy, rx) = (f(x0 + x1) / 2.0, GROUND + 4.0, f(x1 - x0) / 2.0);
                let shadow = format!(
                    r##"<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="14" fill="#000" opacity=".16"/>"##
                );
                self.out.push_str(&shadow);
            }
        }
    }

    fn wheel(&mut self, x: f64, r: f64, tyre: f64, rim: Rim, knobby: bool) {
        let y = GROUND - r;
        self.dot((x, y, r), Tyre, 0, "");
        if knobby {
            self.dot((x, y, r - 2.0), Tyre, 9, r#" stroke-dasharray="7 6""#);
        }
        let inner = r - tyre;
        self.dot((x, y, inner), Inner, 0, "");
        self.dot((x, y, inner), Rim, 5, "");
        let (count, twist, ink, width) = match rim {
            Rim::Wire => (16, 40.0, Metal, 2),
            Rim::Cast(n) => (n, 0.0, Accent, 7),
        };
        let mut d = String::new();
        for i in 0..count {
            let a = f64::from(i) * 360.0 / f64::from(count) - 90.0;
            let (x0, y0) = polar(x, y, r * 0.12, a);
            // Wire spokes leave the hub at a tangent, alternately one way and the other.
            let lace = if i % 2 == 0 { twist } else { -twist };
            let (x1, y1) = polar(x, y, inner - 2.0, a + lace);
            d.push_str(&format!("M{x0:.0} {y0:.0}L{x1:.0} {y1:.0}"));
        }
        self.line(&d, ink, width);
        self.dot((x, y, r * 0.13), Metal, 0, "");
        self.dot((x, y, r * 0.05), Dark, 0, "");
    }

    fn cylinder(&mut self, (bx, by): (i16, i16), (tx, ty): (i16, i16), width: f64) {
        let f = f64::from;
        let (bx, by, len_x, len_y) = (f(bx), f(by), f(tx - bx), f(ty - by));
        let length = len_x.hypot(len_y).max(1.0);
        // Unit normal to the cylinder's axis, for its width and its fins.
        let (nx, ny) = (-len_y / length, len_x / length);
        let at = |t: f64, w: f64| (bx + len_x * t + nx * w, by + len_y * t + ny * w);
        let half = width / 2.0;
        let corners = [at(0.0, half), at(1.0, half), at(1.0, -half), at(0.0, -half)];
        let outline = corners.map(|(x, y)| format!("{x:.0} {y:.0}")).join("L");
        self.fill(&format!("M{outline}z"), Metal);
        let mut fins = String::new();
        for t in [0.3, 0.5, 0.7, 0.9] {
            let ((x0, y0), (x1, y1)) = (at(t, half + 5.0), at(t, -half - 5.0));
            fins.push_str(&format!("M{x0:.0} {y0:.0}L{x1:.0} {y1:.0}"));
        }
        self.line(&fins, Inner, 4);
    }
}

/// The drawings, in the order of [`bike_svg`]'s variants.
const BIKES: [&[Part]; VARIANTS] = [SPORT, CRUISER, SCOOTER, COMMUTER, OFF_ROAD, NAKED];

/// Renders `variant` into markup with the given colours.
fn draw(variant: usize, palette: &Palette) -> String {
    let out = String::new();
    let mut svg = Svg { out, palette };
    BIKES[variant % VARIANTS]
        .iter()
        .for_each(|part| svg.part(part));
    svg.out
}

/// The opening of every picture, up to its gradient's id and colours.
const OPEN: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="bh-"#;

/// A side-view motorcycle illustration, 800x600 viewBox, in the given body colour
/// (hex like `"#c0392b"`) with details in `accent_color`, on a soft background.
///
/// `variant` (taken modulo [`VARIANTS`]) picks the kind of bike: 0 sport with fairing,
/// 1 cruiser, 2 scooter, 3 commuter, 4 off-road, 5 naked street bike. Colours that are
/// not `#rgb`/`#rrggbb` are replaced by defaults. The result is a standalone SVG under
/// 6 KB.
pub fn bike_svg(variant: usize, body_color: &str, accent_color: &str) -> String {
    let (body_hex, body) = checked(body_color, Rgb([0xc0, 0x39, 0x2b]));
    let (_, accent) = checked(accent_color, Rgb([0xf1, 0xc4, 0x0f]));
    // A pale bike on a pale tint of itself would vanish; those get a slate backdrop.
    let slate = Rgb([84, 101, 122]);
    let tint = Some(body).filter(|c| c.luminance() < 0.7).unwrap_or(slate);
    let top = tint.mix(Rgb::WHITE, 0.86).hex();
    let bottom = tint.mix(Rgb::WHITE, 0.76).hex();
    let sun = accent.mix(Rgb::WHITE, 0.7).hex();
    let floor = tint.mix(Rgb([148; 3]), 0.5).mix(Rgb::WHITE, 0.6).hex();
    let mut svg = format!(
        r#"{OPEN}sky" x2="0" y2="1"><stop stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/></linearGradient></defs><rect width="800" height="600" fill="url(#bh-sky)"/><circle cx="610" cy="150" r="90" fill="{sun}"/><path d="M0 {GROUND}H800V600H0z" fill="{floor}"/>"#
    );
    let palette = Palette::colour(&body_hex, body.mix(Rgb::BLACK, 0.3), accent);
    svg.push_str(&draw(variant, &palette));
    svg.push_str("</svg>");
    svg
}

/// A category banner, 800x600: a gradient in `color` with a simplified bike silhouette
/// of the given `variant` (see [`bike_svg`]). The category name is not drawn; the page
/// writes it. An invalid colour is replaced by a default.
pub fn category_svg(variant: usize, color: &str) -> String {
    let (given, base) = checked(color, Rgb([0x2c, 0x3e, 0x50]));
    let dark = base.mix(Rgb::BLACK, 0.35).hex();
    let hollow = base.mix(Rgb::BLACK, 0.15).hex();
    let mut svg = format!(
        r##"{OPEN}band" x2="1" y2="1"><stop stop-color="{given}"/><stop offset="1" stop-color="{dark}"/></linearGradient></defs><rect width="800" height="600" fill="url(#bh-band)"/><g fill="#fff" opacity=".08"><circle cx="660" cy="110" r="170"/><circle cx="90" cy="560" r="140"/></g><g transform="translate(80 40) scale(.8)" opacity=".92">"##
    );
    svg.push_str(&draw(variant, &Palette::silhouette("#fff", &hollow)));
    svg.push_str("</g></svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_standalone(svg: &str) {
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.ends_with("</svg>"));
        assert!(svg.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
        assert!(!svg.to_lowercase().contains("<script"));
        assert!(!svg.contains("href") && !svg.contains("<text"));
        assert!(svg.len() < 6 * 1024, "{} bytes", svg.len());
        for (open, close) in [("<svg", "</svg>"), ("<g", "</g>"), ("<", ">")] {
            assert_eq!(svg.matches(open).count(), svg.matches(close).count());
        }
    }

    #[test]
    fn every_variant_is_a_small_standalone_svg_in_its_colour() {
        for variant in 0..VARIANTS {
            let bike = bike_svg(variant, "#c0392b", "#f1c40f");
            assert_standalone(&bike);
            assert!(bike.contains("#c0392b"), "variant {variant}");
            let banner = category_svg(variant, "#16a085");
            assert_standalone(&banner);
            assert!(banner.contains("#16a085"), "variant {variant}");
        }
    }

    #[test]
    fn variants_differ_and_wrap_around() {
        let all: Vec<String> = (0..VARIANTS).map(|v| bike_svg(v, "#123", "#abc")).collect();
        let distinct: std::collections::HashSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), VARIANTS);
        assert_eq!(bike_svg(VARIANTS + 2, "#123", "#abc"), all[2]);
    }

    #[test]
    fn markup_injected_as_a_colour_is_replaced() {
        let svg = bike_svg(0, r#""/><script>alert(1)</script>"#, "red");
        assert_standalone(&svg);
        assert!(svg.contains("#c0392b"));
        let banner = category_svg(1, "#12345g");
        assert_standalone(&banner);
        assert!(banner.contains("#2c3e50"));
    }
}

//! A laid-out timeline drawn on PDF pages (`krilla`: a maintained PDF writer that embeds the
//! font's glyphs used, so Japanese prints with the font given): on every page the title, the
//! header of months and days, the names, the bars in their project's colour (tentative ones
//! lighter and hatched, as on screen), time off hatched grey, weekends shaded, and "page N of M".

use super::PrintWords;
use super::layout::{
    Bar, FOOTER_HEIGHT, HEADER_HEIGHT, LANE_HEIGHT, MARGIN, NAMES_WIDTH, Page, Paper, ROW_PADDING, Row,
    TITLE_HEIGHT, Zoom,
};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use planner_domain::{Date, DateRange};

const INK: [u8; 3] = [0x1d, 0x23, 0x30];
const MUTED: [u8; 3] = [0x6b, 0x72, 0x80];
const LINE: [u8; 3] = [0xe5, 0xe7, 0xeb];
const WEEKEND: [u8; 3] = [0xf3, 0xf4, 0xf6];
const HEADER: [u8; 3] = [0xf9, 0xfa, 0xfb];
const AWAY: [u8; 3] = [0x94, 0xa3, 0xb8];

/// What a printed document says besides its rows.
pub struct Sheet<'a> {
    pub title: &'a str,
    pub range: DateRange,
    pub paper: Paper,
    pub zoom: Zoom,
    pub words: &'a PrintWords,
    pub printed: Date,
}

/// The pages drawn, as a PDF's bytes.
pub fn document(sheet: &Sheet<'_>, rows: &[Row], pages: &[Page], font: &Font) -> Result<Vec<u8>, String> {
    let (w, h) = sheet.paper.size();
    let mut doc = Document::new();
    for (n, page) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(w, h).ok_or("the paper's size")?;
        let mut p = doc.start_page_with(settings);
        let mut s = p.surface();
        let mut pen = Pen { s: &mut s, font };
        pen.page(sheet, rows, page, n + 1, pages.len());
        s.finish();
        p.finish();
    }
    doc.finish().map_err(|e| format!("{e:?}"))
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.push_rect(Rect::from_xywh(x, y, w.max(0.01), h.max(0.01))?);
    pb.finish()
}

fn fill(c: [u8; 3], opacity: f32) -> Fill {
    Fill {
        paint: rgb::Color::new(c[0], c[1], c[2]).into(),
        opacity: NormalizedF32::new(opacity).unwrap_or(NormalizedF32::ONE),
        rule: FillRule::NonZero,
    }
}

/// Whether white text reads better than dark on `c` (its relative luminance).
fn light_text_on(c: [u8; 3]) -> bool {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]) < 0.4
}

struct Pen<'s, 'f> {
    s: &'s mut Surface<'f>,
    font: &'s Font,
}

impl Pen<'_, '_> {
    fn box_fill(&mut self, x: f32, y: f32, w: f32, h: f32, c: [u8; 3], opacity: f32) {
        if let Some(path) = rect(x, y, w, h) {
            self.s.set_stroke(None);
            self.s.set_fill(Some(fill(c, opacity)));
            self.s.draw_path(&path);
        }
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, c: [u8; 3], width: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x1, y1);
        pb.line_to(x2, y2);
        if let Some(path) = pb.finish() {
            self.s.set_fill(None);
            self.s.set_stroke(Some(Stroke {
                paint: rgb::Color::new(c[0], c[1], c[2]).into(),
                width,
                ..Stroke::default()
            }));
            self.s.draw_path(&path);
        }
    }

    /// `text` with its baseline at (x, y), cut at `clip` (x, y, w, h) when given.
    fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        c: [u8; 3],
        text: &str,
        clip: Option<(f32, f32, f32, f32)>,
    ) {
        let clipped = clip.and_then(|(cx, cy, cw, ch)| rect(cx, cy, cw, ch));
        if let Some(path) = &clipped {
            self.s.push_clip_path(path, &FillRule::NonZero);
        }
        self.s.set_stroke(None);
        self.s.set_fill(Some(fill(c, 1.0)));
        self.s.draw_text(Point::from_xy(x, y), self.font.clone(), size, text, false, TextDirection::Auto);
        if clipped.is_some() {
            self.s.pop();
        }
    }

    /// Diagonal lines across (x, y, w, h), as the screen hatches tentative bars and time off.
    fn hatch(&mut self, x: f32, y: f32, w: f32, h: f32, c: [u8; 3]) {
        let Some(path) = rect(x, y, w, h) else { return };
        self.s.push_clip_path(&path, &FillRule::NonZero);
        let mut at = x - h;
        while at < x + w {
            self.line(at, y + h, at + h, y, c, 0.8);
            at += 4.0;
        }
        self.s.pop();
    }

    fn page(&mut self, sheet: &Sheet<'_>, rows: &[Row], page: &Page, n: usize, of: usize) {
        let (w, h) = sheet.paper.size();
        let day_w = sheet.zoom.day_width(sheet.range.days(), sheet.paper);
        let shows_days = sheet.zoom.shows_days(sheet.range.days(), sheet.paper);
        let (first, end) = page.days;
        let grid_x = MARGIN + NAMES_WIDTH;
        let grid_w = first.days_until(end) as f32 * day_w;
        let header_y = MARGIN + TITLE_HEIGHT;
        let body_y = header_y + HEADER_HEIGHT;
        let body_h: f32 = rows[page.rows.0..page.rows.1].iter().map(Row::height).sum();
        let x_of = |d: Date| grid_x + first.days_until(d) as f32 * day_w;

        // The title, and when it was printed.
        let title = format!("{} — {} – {}", sheet.title, sheet.range.start(), sheet.range.last_day());
        self.text(
            MARGIN,
            MARGIN + 12.0,
            12.0,
            INK,
            &title,
            Some((MARGIN, MARGIN - 2.0, w - 2.0 * MARGIN - 160.0, 20.0)),
        );
        let printed = (sheet.words.printed)(sheet.printed);
        self.text(w - MARGIN - 155.0, MARGIN + 12.0, 8.0, MUTED, &printed, None);

        // Weekends under everything (a day wide enough to see).
        if shows_days {
            let mut d = first;
            while d < end {
                if d.weekday_from_monday() >= 5 {
                    self.box_fill(
                        x_of(d),
                        header_y + 15.0,
                        day_w,
                        HEADER_HEIGHT - 15.0 + body_h,
                        WEEKEND,
                        1.0,
                    );
                }
                d = d.add_days(1);
            }
        }
        // The header: months, then days (or weeks' Mondays).
        self.box_fill(MARGIN, header_y, NAMES_WIDTH + grid_w, 15.0, HEADER, 1.0);
        let mut d = first;
        while d < end {
            let t = d.as_time();
            let next_month = d.add_days(i64::from(t.month().length(t.year()) - t.day()) + 1).min(end);
            let label = (sheet.words.month)(t.year(), u8::from(t.month()));
            let (x, right) = (x_of(d), x_of(next_month));
            self.text(x + 2.0, header_y + 11.0, 8.0, INK, &label, Some((x, header_y, right - x, 15.0)));
            self.line(x, header_y, x, header_y + 15.0, LINE, 0.6);
            d = next_month;
        }
        let mut d = first;
        while d < end {
            let day = d.as_time().day();
            // Each day's number where a day is wide enough for it, else each week's Monday's.
            let show = match sheet.zoom {
                Zoom::Day => true,
                Zoom::Fit if day_w >= 14.0 => true,
                Zoom::Week | Zoom::Fit => shows_days && d.weekday_from_monday() == 0,
                Zoom::Month => false,
            };
            if show {
                let c = if d.weekday_from_monday() >= 5 { MUTED } else { INK };
                self.text(x_of(d) + 2.0, header_y + 26.0, 7.5, c, &day.to_string(), None);
                self.line(x_of(d), header_y + 15.0, x_of(d), body_y + body_h, LINE, 0.4);
            }
            d = d.add_days(1);
        }
        self.line(MARGIN, body_y, grid_x + grid_w, body_y, MUTED, 0.6);

        // The rows: names, time off, bars.
        let mut y = body_y;
        for row in &rows[page.rows.0..page.rows.1] {
            let rh = row.height();
            self.text(MARGIN + 2.0, y + 10.5, 8.5, INK, &row.name, Some((MARGIN, y, NAMES_WIDTH - 4.0, rh)));
            if shows_days {
                for shut in &row.closed {
                    let (a, b) = (shut.start().max(first), shut.end_exclusive().min(end));
                    if a < b {
                        self.box_fill(x_of(a), y, x_of(b) - x_of(a), rh, WEEKEND, 1.0);
                    }
                }
            }
            for away in &row.away {
                let (a, b) = (away.start().max(first), away.end_exclusive().min(end));
                if a < b {
                    self.box_fill(x_of(a), y, x_of(b) - x_of(a), rh, AWAY, 0.25);
                    self.hatch(x_of(a), y, x_of(b) - x_of(a), rh, AWAY);
                }
            }
            for bar in &row.bars {
                self.bar(
                    bar,
                    y,
                    first,
                    end,
                    x_of(bar.range.start().max(first)),
                    x_of(bar.range.end_exclusive().min(end)),
                );
            }
            y += rh;
            self.line(MARGIN, y, grid_x + grid_w, y, LINE, 0.5);
        }
        self.line(grid_x, header_y, grid_x, body_y + body_h, MUTED, 0.6);

        // The footer.
        let footer = (sheet.words.page_of)(n, of);
        self.text(MARGIN, h - MARGIN - FOOTER_HEIGHT + 12.0, 8.0, MUTED, &footer, None);
    }

    fn bar(&mut self, bar: &Bar, row_y: f32, first: Date, end: Date, x1: f32, x2: f32) {
        if bar.range.end_exclusive() <= first || bar.range.start() >= end || x2 <= x1 {
            return;
        }
        let y = row_y + ROW_PADDING / 2.0 + bar.lane as f32 * LANE_HEIGHT + 1.0;
        let (x, w, h) = (x1 + 0.75, (x2 - x1 - 1.5).max(0.75), LANE_HEIGHT - 2.0);
        let text_color = if bar.tentative {
            self.box_fill(x, y, w, h, bar.rgb, 0.25);
            self.hatch(x, y, w, h, bar.rgb);
            INK
        } else {
            self.box_fill(x, y, w, h, bar.rgb, 1.0);
            if light_text_on(bar.rgb) { [255, 255, 255] } else { INK }
        };
        if w > 12.0 {
            self.text(x + 3.0, y + h - 3.5, 7.5, text_color, &bar.label, Some((x, y, w, h)));
        }
    }
}

//! The font a printed timeline is set in: the first of the computer's fonts (`fontdb`, which
//! reads the OS's font folders and fontconfig's) that has Japanese as well as Latin letters —
//! Noto Sans CJK or Source Han Sans on Linux, Hiragino on macOS, Yu Gothic or Meiryo on Windows.
//! Found once, then kept.

use std::sync::OnceLock;

/// Families with Japanese and Latin letters, the likeliest first.
const FAMILIES: [&str; 14] = [
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic",
    "Yu Gothic UI",
    "Meiryo",
    "MS Gothic",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "Noto Sans CJK SC",
];

/// A font's bytes and its index in a collection.
#[derive(Clone)]
pub struct FontFile {
    pub family: &'static str,
    pub data: std::sync::Arc<Vec<u8>>,
    pub index: u32,
}

/// The computer's font with Japanese, or none (the caller says so: nothing is printed in a font
/// that would show boxes for names).
pub fn japanese() -> Option<FontFile> {
    static FOUND: OnceLock<Option<FontFile>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            FAMILIES.iter().find_map(|family| {
                let query = fontdb::Query { families: &[fontdb::Family::Name(family)], ..Default::default() };
                let id = db.query(&query)?;
                db.with_face_data(id, |data, index| FontFile {
                    family,
                    data: std::sync::Arc::new(data.to_vec()),
                    index,
                })
            })
        })
        .clone()
}

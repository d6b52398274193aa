//! A file as a table of text: its header and its rows, whatever it came as. CSV (RFC 4180, by
//! the `csv` crate) in UTF-8 (a BOM or not) or in Shift_JIS, as Japanese Excel saves it
//! (`encoding_rs`), separated by commas, semicolons or tabs (the header tells which); or the
//! first worksheet of an Excel workbook (`calamine`), its dates written as `YYYY-MM-DD`.

use super::ImportError;
use calamine::{Data, Reader};
use std::io::Cursor;

/// The most rows a file may hold (its header not counted).
pub const MAX_ROWS: usize = 50_000;
/// The largest file read.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// A file's header and rows, each cell trimmed. Row `i` of `rows` is line `i + 2` of the file
/// (the header is line 1), as a spreadsheet program numbers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// The file line of `rows[index]`.
    pub fn line(index: usize) -> usize {
        index + 2
    }

    /// Reads a CSV file or an Excel workbook (told apart by their first bytes, not their name).
    pub fn read(bytes: &[u8]) -> Result<Table, ImportError> {
        if bytes.len() > MAX_BYTES {
            return Err(ImportError::TooLarge { max_mib: MAX_BYTES / (1024 * 1024) });
        }
        let table = if bytes.starts_with(b"PK\x03\x04") { xlsx(bytes)? } else { csv(bytes)? };
        if table.header.iter().all(String::is_empty) {
            return Err(ImportError::NoHeader);
        }
        if table.rows.len() > MAX_ROWS {
            return Err(ImportError::TooManyRows { rows: table.rows.len(), max: MAX_ROWS });
        }
        Ok(table)
    }
}

/// The text of a CSV file: UTF-8 (its BOM dropped), else Shift_JIS.
fn text(bytes: &[u8]) -> Result<String, ImportError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(t) = std::str::from_utf8(bytes) {
        return Ok(t.to_owned());
    }
    let (t, _, bad) = encoding_rs::SHIFT_JIS.decode(bytes);
    if bad {
        return Err(ImportError::NotText);
    }
    Ok(t.into_owned())
}

/// The separator the header line uses most: a comma, a semicolon or a tab.
fn separator(text: &str) -> u8 {
    let first = text.lines().next().unwrap_or_default();
    [b',', b';', b'\t'].into_iter().max_by_key(|&c| first.bytes().filter(|&b| b == c).count()).unwrap_or(b',')
}

fn csv(bytes: &[u8]) -> Result<Table, ImportError> {
    let text = text(bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator(&text))
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut lines = Vec::new();
    for (at, record) in reader.records().enumerate() {
        let record = record.map_err(|e| ImportError::Csv { line: at + 1, reason: e.to_string() })?;
        let cells: Vec<String> = record.iter().map(|c| plain(c.trim())).collect();
        lines.push(cells);
        if lines.len() > MAX_ROWS + 1 {
            break;
        }
    }
    Ok(split(lines))
}

/// A cell as it was before an export kept it from running as a formula (this app's, and most
/// programs', put an apostrophe before `=`, `+`, `-`, `@`, a tab or a return).
fn plain(cell: &str) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest.to_owned(),
        _ => cell.to_owned(),
    }
}

/// The header (the first line) and the rows after it; lines with nothing in them are dropped
/// at the end only (a blank line inside keeps its number).
fn split(mut lines: Vec<Vec<String>>) -> Table {
    while lines.last().is_some_and(|l| l.iter().all(String::is_empty)) {
        lines.pop();
    }
    let mut lines = lines.into_iter();
    let header = lines.next().unwrap_or_default();
    Table { header, rows: lines.collect() }
}

fn xlsx(bytes: &[u8]) -> Result<Table, ImportError> {
    let bad = |e: &dyn std::fmt::Display| ImportError::Workbook(e.to_string());
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(|e| bad(&e))?;
    let range = book.worksheet_range_at(0).ok_or(ImportError::NoHeader)?.map_err(|e| bad(&e))?;
    // Rows from the sheet's first line, so that line numbers are the sheet's own.
    let skip = range.start().map_or(0, |(row, _)| row as usize);
    let width = range.end().map_or(0, |(_, col)| col as usize + 1);
    let lead = range.start().map_or(0, |(_, col)| col as usize);
    let mut lines: Vec<Vec<String>> = vec![Vec::new(); skip];
    for row in range.rows().take(MAX_ROWS + 2) {
        let mut cells = vec![String::new(); lead];
        cells.extend(row.iter().map(cell));
        cells.resize(width, String::new());
        lines.push(cells);
    }
    Ok(split(lines))
}

/// A workbook cell as text: a date as `YYYY-MM-DD` (with its time when it has one), a whole
/// number without a fraction.
fn cell(data: &Data) -> String {
    match data {
        Data::DateTime(d) if d.is_datetime() => {
            let (y, m, day, h, min, ..) = d.to_ymd_hms_milli();
            if (h, min) == (0, 0) {
                format!("{y:04}-{m:02}-{day:02}")
            } else {
                format!("{y:04}-{m:02}-{day:02} {h:02}:{min:02}")
            }
        }
        Data::DateTimeIso(s) => s.get(..10).unwrap_or(s).to_owned(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string().trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_bom_semicolons_and_quotes() {
        let t = Table::read(b"\xEF\xBB\xBFName;Hours\n\"Tanaka; Aiko\";7,5\n\n").unwrap();
        assert_eq!(t.header, ["Name", "Hours"]);
        assert_eq!(t.rows, [["Tanaka; Aiko", "7,5"]]);
    }

    #[test]
    fn a_formula_kept_as_text_reads_as_it_was() {
        let t = Table::read(b"Name,Note\n'=HYPERLINK(\"x\"),'tis\n").unwrap();
        assert_eq!(t.rows, [["=HYPERLINK(\"x\")", "'tis"]]);
    }

    #[test]
    fn shift_jis_is_read() {
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("名前,時間\n田中 愛子,8\n");
        let t = Table::read(&bytes).unwrap();
        assert_eq!(t.header, ["名前", "時間"]);
        assert_eq!(t.rows, [["田中 愛子", "8"]]);
    }

    #[test]
    fn binary_is_not_text() {
        assert_eq!(Table::read(b"\xff\xfe\x00\x81\x00"), Err(ImportError::NotText));
        assert_eq!(Table::read(b"\n\n"), Err(ImportError::NoHeader));
    }

    #[test]
    fn a_broken_workbook_is_named() {
        let e = Table::read(b"PK\x03\x04 not a zip").unwrap_err();
        assert!(matches!(e, ImportError::Workbook(_)), "{e:?}");
    }
}

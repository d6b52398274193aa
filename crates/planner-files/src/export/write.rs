//! Sheets as files: CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so that Excel reads
//! Japanese names right; a text a spreadsheet would run as a formula kept as text) and XLSX
//! (`rust_xlsxwriter`: a worksheet a sheet, text written as text cells — never formulas —, hours as
//! numbers with two decimals, days as dates, the header bold, frozen and filtered).

use super::sheet::{Cell, Sheet};
use crate::FileError;
use rust_xlsxwriter::{ExcelDateTime, Format as Look, Workbook, XlsxError};

/// A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first) kept
/// as text, with a leading apostrophe (as the report's and the activity log's CSV do).
fn inert(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text }
}

/// The sheet as a CSV file.
pub(crate) fn csv(sheet: &Sheet) -> Vec<u8> {
    let mut w =
        csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(b"\xEF\xBB\xBF".to_vec());
    let fail = "writing to memory does not fail";
    w.write_record(sheet.header).expect(fail);
    for row in &sheet.rows {
        w.write_record(row.iter().map(|c| match c {
            Cell::Text(_) => inert(c.text()),
            _ => c.text(),
        }))
        .expect(fail);
    }
    w.into_inner().expect(fail)
}

/// The sheets as one workbook.
pub(crate) fn xlsx(sheets: &[Sheet]) -> Result<Vec<u8>, FileError> {
    let failed = |e: XlsxError| FileError(format!("the workbook: {e}"));
    let mut book = Workbook::new();
    let bold = Look::new().set_bold();
    let hours = Look::new().set_num_format("0.00");
    let day = Look::new().set_num_format("yyyy-mm-dd");
    for sheet in sheets {
        let ws = book.add_worksheet();
        ws.set_name(sheet.name).map_err(failed)?;
        for (col, title) in sheet.header.iter().enumerate() {
            ws.write_string_with_format(0, col as u16, *title, &bold).map_err(failed)?;
        }
        for (i, row) in sheet.rows.iter().enumerate() {
            let r = u32::try_from(i + 1).map_err(|_| FileError("too many rows".into()))?;
            for (col, cell) in row.iter().enumerate() {
                let c = col as u16;
                match cell {
                    Cell::Text(t) => ws.write_string(r, c, t).map(|_| ()),
                    Cell::Hours(m) => ws.write_number_with_format(r, c, *m as f64 / 60.0, &hours).map(|_| ()),
                    Cell::Whole(n) => ws.write_number(r, c, *n as f64).map(|_| ()),
                    Cell::Day(d) => {
                        let t = d.as_time();
                        let date = ExcelDateTime::from_ymd(t.year() as u16, t.month() as u8, t.day())
                            .map_err(failed)?;
                        ws.write_datetime_with_format(r, c, &date, &day).map(|_| ())
                    }
                    Cell::Empty => Ok(()),
                }
                .map_err(failed)?;
            }
        }
        ws.set_freeze_panes(1, 0).map_err(failed)?;
        let last_col = sheet.header.len().saturating_sub(1) as u16;
        ws.autofilter(0, 0, sheet.rows.len() as u32, last_col).map_err(failed)?;
        ws.autofit();
    }
    book.save_to_buffer().map_err(failed)
}

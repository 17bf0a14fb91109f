//! Rules of the spreadsheet exports (orders, bookings, messages, subscribers).

use std::borrow::Cow;

/// Characters that make a spreadsheet read a cell as a formula (or, for tab
/// and carriage return, that some of them strip before doing so).
const FORMULA_TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell's text made safe to open in a spreadsheet: text that would start a
/// formula (`=HYPERLINK(...)`, `+1`, `-2+3`, `@SUM`) gets a leading
/// apostrophe, so the program shows it as text (OWASP "CSV injection").
/// Everything else is kept exactly.
pub fn neutralise_cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_TRIGGERS) { Cow::Owned(format!("'{text}")) } else { Cow::Borrowed(text) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_are_neutralised_and_other_text_is_kept() {
        for (input, expected) in [
            ("=HYPERLINK(\"http://evil\")", "'=HYPERLINK(\"http://evil\")"),
            ("+15551234", "'+15551234"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("Ada", "Ada"),
            ("", ""),
            ("a=b", "a=b"),
            ("120.00", "120.00"),
            ("Zoë, \"quoted\"\nline", "Zoë, \"quoted\"\nline"),
        ] {
            assert_eq!(neutralise_cell(input), expected, "{input:?}");
        }
    }
}

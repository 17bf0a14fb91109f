//! Reading a long list a page at a time (issue 23, docs/decisions.md §17).
//!
//! Every list the dashboard reads is newest first by `(created_at, id)`, and
//! a page starts *after* the last row of the one before (keyset paging): a
//! row added while the owner reads is never shown twice nor skips another,
//! and page 2,000 costs what page 1 costs. The cursor is that last row's
//! time and id, sent to the client as opaque text.
//!
//! Totals are counted up to [`COUNT_CAP`] rows ([`SEARCH_COUNT_CAP`] for a
//! search): past it the answer says "at least", so a page never counts a
//! million rows to say how many there are.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Rows a page holds unless the client asks for another size.
pub const DEFAULT_PAGE_SIZE: i64 = 50;
/// The most rows one page may hold.
pub const MAX_PAGE_SIZE: i64 = 100;
/// Rows counted for a total before it is given as "at least this many".
pub const COUNT_CAP: i64 = 10_000;
/// The same for a search. A filter's rows come straight from their index,
/// but every row a search counts is read and its text matched, and the
/// trigram index cannot stop early: to count a name on 3 % of the orders
/// to a thousand took 3,300 matches listed at 100,000 orders and 30,000
/// entries walked at a million (six times the work, the search's p99 ×2.3).
/// A hundred and one are found among the same 3,000 newest entries at any
/// volume; past a hundred the owner narrows the word rather than pages on
/// (docs/decisions.md §17).
pub const SEARCH_COUNT_CAP: i64 = 100;
/// The shortest search the database can look up through its trigram indexes
/// (a shorter one would read every row).
pub const MIN_SEARCH_CHARS: usize = 3;
pub const MAX_SEARCH_CHARS: usize = 100;
/// The fewest hexadecimal digits of an id a search takes as an id (the
/// dashboard shows eight).
const MIN_ID_DIGITS: usize = 4;

/// The last row of a page: the next page starts after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub at: DateTime<Utc>,
    pub id: Uuid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a page cursor")]
pub struct CursorError;

impl Cursor {
    /// The cursor as the client carries it: microseconds since 1970 and the
    /// id's 32 digits, joined by `_` (URL-safe as it is). Only times from
    /// 1970 up to 17 digits of microseconds (the year 5138) are cursors:
    /// every row is written after 1970, and PostgreSQL's times end long
    /// before chrono's.
    pub fn encode(&self) -> String {
        format!("{}_{}", self.at.timestamp_micros(), self.id.simple())
    }

    pub fn decode(text: &str) -> Result<Self, CursorError> {
        let (micros, id) = text.split_once('_').ok_or(CursorError)?;
        if micros.is_empty() || micros.len() > 17 || !micros.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CursorError);
        }
        let micros: i64 = micros.parse().map_err(|_| CursorError)?;
        let at = DateTime::from_timestamp_micros(micros).ok_or(CursorError)?;
        if id.len() != 32 {
            return Err(CursorError);
        }
        let id = Uuid::try_parse(id).map_err(|_| CursorError)?;
        Ok(Self { at, id })
    }
}

/// Where a page starts: at the newest row, after a row (the next, older
/// page) or before one (the previous, newer page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageStart {
    #[default]
    Newest,
    After(Cursor),
    Before(Cursor),
}

/// How many rows to read and from where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub start: PageStart,
    pub size: i64,
    /// Whether to count the matching rows (a list shown to the owner does;
    /// an export reading every page does not).
    pub count_total: bool,
}

impl PageRequest {
    /// The request's size when it is one a page may have.
    pub fn valid_size(size: Option<i64>) -> Option<i64> {
        let size = size.unwrap_or(DEFAULT_PAGE_SIZE);
        (1..=MAX_PAGE_SIZE).contains(&size).then_some(size)
    }
}

/// How many rows match, or at least how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    pub count: i64,
    /// False when more than the cap ([`Total::cap`]) match: `count` is then the cap.
    pub exact: bool,
}

impl Total {
    /// Rows counted before the total says "at least": fewer for a search.
    pub fn cap(searched: bool) -> i64 {
        if searched { SEARCH_COUNT_CAP } else { COUNT_CAP }
    }

    /// From a count of at most `cap + 1` rows (the store stops there).
    pub fn from_capped(counted: i64, cap: i64) -> Self {
        if counted > cap { Self { count: cap, exact: false } } else { Self { count: counted, exact: true } }
    }
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    /// Where the next (older) page starts; none on the last page.
    pub next: Option<Cursor>,
    /// Where the previous (newer) page ends; none on the first page.
    pub previous: Option<Cursor>,
    /// None when the request did not ask for it.
    pub total: Option<Total>,
}

impl<T> Page<T> {
    /// From up to `size + 1` rows read for `start` (the extra one only says
    /// there is more that way): newest first for `Newest` and `After`,
    /// oldest first for `Before`, which reads towards the newer rows.
    pub fn from_rows(
        mut rows: Vec<T>,
        start: PageStart,
        size: i64,
        total: Option<Total>,
        cursor_of: impl Fn(&T) -> Cursor,
    ) -> Self {
        let size = usize::try_from(size.max(0)).unwrap_or(0);
        let more = rows.len() > size;
        rows.truncate(size);
        if let PageStart::Before(_) = start {
            rows.reverse();
        }
        let (first, last) = (rows.first().map(&cursor_of), rows.last().map(&cursor_of));
        let (next, previous) = match start {
            PageStart::Newest => (last.filter(|_| more), None),
            // The row the page starts after is newer; more were read past the page.
            PageStart::After(_) => (last.filter(|_| more), first),
            // The row the page ends before is older; more were read before the page.
            PageStart::Before(_) => (last, first.filter(|_| more)),
        };
        Self { items: rows, next, previous, total }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            next: self.next,
            previous: self.previous,
            total: self.total,
        }
    }
}

/// What the owner typed into a list's search box, ready for the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Lower-cased and trimmed.
    text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("Type at least 3 characters to search")]
    TooShort,
    #[error("A search is at most 100 characters")]
    TooLong,
}

impl Search {
    /// `None` for an empty search (the whole list).
    pub fn parse(text: &str) -> Result<Option<Self>, SearchError> {
        // PostgreSQL text holds no NUL: one typed or pasted is dropped.
        let text = text.replace('\0', "");
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let chars = text.chars().count();
        if chars < MIN_SEARCH_CHARS {
            return Err(SearchError::TooShort);
        }
        if chars > MAX_SEARCH_CHARS {
            return Err(SearchError::TooLong);
        }
        Ok(Some(Self { text: text.to_lowercase() }))
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// A `LIKE` pattern that finds the text anywhere, its own `%`, `_` and
    /// `\` taken literally.
    pub fn like_pattern(&self) -> String {
        let mut pattern = String::with_capacity(self.text.len() + 2);
        pattern.push('%');
        for c in self.text.chars() {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    }

    /// When the text reads as the start of an id ("#3f9a1c2e…", "3f9a-1c"),
    /// the ids it covers, lowest and highest: found by the primary key's
    /// index, not by reading every id as text.
    pub fn id_range(&self) -> Option<(Uuid, Uuid)> {
        let digits: String = self
            .text
            .trim_start_matches('#')
            .trim_end_matches(['.', '…'])
            .chars()
            .filter(|c| *c != '-')
            .collect();
        if digits.len() < MIN_ID_DIGITS || digits.len() > 32 || !digits.chars().all(|c| c.is_ascii_hexdigit())
        {
            return None;
        }
        let low = format!("{digits:0<32}");
        let high = format!("{digits:f<32}");
        Some((Uuid::try_parse(&low).ok()?, Uuid::try_parse(&high).ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_itself_and_anything_else_is_refused() {
        let cursor = Cursor {
            at: DateTime::from_timestamp_micros(1_764_000_000_123_456).unwrap(),
            id: Uuid::from_u128(0x3f9a_1c2e_0000_4000_8000_0000_0000_0001),
        };
        assert_eq!(Cursor::decode(&cursor.encode()), Ok(cursor));
        for bad in [
            "",
            "_",
            "12",
            "12_",
            "x_3f9a1c2e000040008000000000000001",
            "1_3f9a",
            "1_zz9a1c2e000040008000000000000001",
        ] {
            assert_eq!(Cursor::decode(bad), Err(CursorError), "{bad}");
        }
        // A hyphenated id is not the cursor's form.
        assert!(Cursor::decode("1_3f9a1c2e-0000-4000-8000-000000000001").is_err());
        assert!(Cursor::decode(&format!("{}_{}", i64::MAX, Uuid::nil().simple())).is_err());
        assert!(Cursor::decode(&format!("-1_{}", Uuid::nil().simple())).is_err(), "before 1970");
        assert!(Cursor::decode(&format!("+1_{}", Uuid::nil().simple())).is_err());
        assert!(Cursor::decode(&format!("{}_{}", "9".repeat(17), Uuid::nil().simple())).is_ok());
        assert!(Cursor::decode(&format!("{}_{}", "1".repeat(18), Uuid::nil().simple())).is_err());
    }

    #[test]
    fn a_page_keeps_its_size_and_points_past_its_last_row_only_when_more_follow() {
        let cursor_of = |n: &u128| Cursor { at: DateTime::UNIX_EPOCH, id: Uuid::from_u128(*n) };
        let id = |cursor: Option<Cursor>| cursor.map(|c| c.id.as_u128());
        let total = Some(Total::from_capped(9, COUNT_CAP));
        let any = cursor_of(&0);
        // Rows 9 (newest) … 1 (oldest); pages of 2.
        let page = Page::from_rows(vec![9, 8, 7], PageStart::Newest, 2, total, cursor_of);
        assert_eq!((page.items, id(page.next), id(page.previous)), (vec![9, 8], Some(8), None));
        let middle = Page::from_rows(vec![7, 6, 5], PageStart::After(any), 2, total, cursor_of);
        assert_eq!((middle.items, id(middle.next), id(middle.previous)), (vec![7, 6], Some(6), Some(7)));
        let last = Page::from_rows(vec![1], PageStart::After(any), 2, total, cursor_of);
        assert_eq!((last.items, id(last.next), id(last.previous)), (vec![1], None, Some(1)));
        let exactly = Page::from_rows(vec![9, 8], PageStart::Newest, 2, total, cursor_of);
        assert_eq!(exactly.next, None);
        // Back towards the newest: read oldest first, shown newest first.
        let back = Page::from_rows(vec![7, 8, 9], PageStart::Before(any), 2, total, cursor_of);
        assert_eq!((back.items, id(back.next), id(back.previous)), (vec![8, 7], Some(7), Some(8)));
        let top = Page::from_rows(vec![8, 9], PageStart::Before(any), 2, total, cursor_of);
        assert_eq!((top.items, id(top.next), id(top.previous)), (vec![9, 8], Some(8), None));
    }

    #[test]
    fn totals_past_the_cap_are_at_least_the_cap() {
        assert_eq!(Total::from_capped(0, COUNT_CAP), Total { count: 0, exact: true });
        assert_eq!(Total::from_capped(COUNT_CAP, COUNT_CAP), Total { count: COUNT_CAP, exact: true });
        assert_eq!(Total::from_capped(COUNT_CAP + 1, COUNT_CAP), Total { count: COUNT_CAP, exact: false });
        // A search stops counting sooner.
        assert_eq!(Total::cap(true), SEARCH_COUNT_CAP);
        assert_eq!(Total::cap(false), COUNT_CAP);
        assert_eq!(
            Total::from_capped(SEARCH_COUNT_CAP + 1, Total::cap(true)),
            Total { count: SEARCH_COUNT_CAP, exact: false }
        );
    }

    #[test]
    fn page_sizes_run_from_one_to_the_maximum() {
        assert_eq!(PageRequest::valid_size(None), Some(DEFAULT_PAGE_SIZE));
        assert_eq!(PageRequest::valid_size(Some(1)), Some(1));
        assert_eq!(PageRequest::valid_size(Some(MAX_PAGE_SIZE)), Some(MAX_PAGE_SIZE));
        assert_eq!(PageRequest::valid_size(Some(0)), None);
        assert_eq!(PageRequest::valid_size(Some(MAX_PAGE_SIZE + 1)), None);
    }

    #[test]
    fn a_search_is_trimmed_lowered_and_escaped_for_like() {
        assert_eq!(Search::parse("  "), Ok(None));
        assert_eq!(Search::parse("al"), Err(SearchError::TooShort));
        assert_eq!(Search::parse(&"a".repeat(101)), Err(SearchError::TooLong));
        assert_eq!(Search::parse("a\0b"), Err(SearchError::TooShort));
        assert_eq!(Search::parse("ab\0c").unwrap().unwrap().text(), "abc");
        let search = Search::parse("  Mrs. ALVAREZ ").unwrap().unwrap();
        assert_eq!(search.text(), "mrs. alvarez");
        assert_eq!(search.like_pattern(), "%mrs. alvarez%");
        assert_eq!(Search::parse("50%_off\\").unwrap().unwrap().like_pattern(), "%50\\%\\_off\\\\%");
        // Accents and other scripts count as characters, not bytes.
        assert!(Search::parse("Zoë").unwrap().is_some());
    }

    #[test]
    fn the_start_of_an_id_covers_every_id_that_begins_so() {
        let search = |text: &str| Search::parse(text).unwrap().unwrap();
        let (low, high) = search("#3F9A1C2E…").id_range().unwrap();
        assert_eq!(low.to_string(), "3f9a1c2e-0000-0000-0000-000000000000");
        assert_eq!(high.to_string(), "3f9a1c2e-ffff-ffff-ffff-ffffffffffff");
        let whole = "3f9a1c2e-0000-4000-8000-000000000001";
        assert_eq!(
            search(whole).id_range(),
            Some((Uuid::parse_str(whole).unwrap(), Uuid::parse_str(whole).unwrap()))
        );
        assert_eq!(search("abc").id_range(), None, "too few digits");
        assert_eq!(search("alvarez").id_range(), None);
        assert_eq!(
            search("cafe").id_range().map(|(l, _)| l.to_string()),
            Some("cafe0000-0000-0000-0000-000000000000".into())
        );
    }
}

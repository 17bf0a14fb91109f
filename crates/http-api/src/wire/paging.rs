//! The query and answer of every paged list (issue 23, `domain::paging`):
//! `q` (search), `from`/`to` (days, yyyy-MM-dd, the retreat's time zone),
//! `after` (the `next` of the page before) or `before` (the `previous` of
//! the page after) and `limit` read into domain
//! values, each refusal keyed by its parameter.

use chrono::NaiveDate;

use domain::booking::parse_date;
use domain::paging::{Cursor, DEFAULT_PAGE_SIZE, PageRequest, PageStart, Search};
use http_common::ValidationErrors;

/// The parameters every paged list takes, as sent.
pub struct ListParams {
    pub q: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub after: Option<String>,
    pub before: Option<String>,
    pub limit: Option<i64>,
}

/// The same, read.
pub struct ListQuery {
    pub search: Option<Search>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub page: PageRequest,
}

impl ListParams {
    /// Records a refusal per parameter in `errors` (the caller answers 400
    /// when there is any; what was refused reads as not given).
    pub fn read(self, errors: &mut ValidationErrors) -> ListQuery {
        let search = self.q.as_deref().and_then(|q| errors.take("q", Search::parse(q)).flatten());
        let mut day = |field: &'static str, text: Option<String>| {
            let text = text.filter(|t| !t.is_empty())?;
            errors.take(field, parse_date(&text).map_err(|_| "Please use a date as yyyy-MM-dd"))
        };
        let (from, to) = (day("from", self.from), day("to", self.to));
        if let (Some(from), Some(to)) = (from, to)
            && to < from
        {
            errors.add("to", "The end date must not be before the start date");
        }
        let mut cursor = |field: &'static str, text: Option<String>| {
            let text = text.filter(|t| !t.is_empty())?;
            errors.take(
                field,
                Cursor::decode(&text).map_err(|_| "This page link is not valid: start from the first page"),
            )
        };
        let start = match (cursor("after", self.after), cursor("before", self.before)) {
            (None, None) => PageStart::Newest,
            (Some(after), None) => PageStart::After(after),
            (None, Some(before)) => PageStart::Before(before),
            (Some(_), Some(_)) => {
                errors.add("before", "A page starts after one row or before one, not both");
                PageStart::Newest
            }
        };
        let size = PageRequest::valid_size(self.limit).unwrap_or_else(|| {
            errors.add("limit", "Limit must be a whole number from 1 to 100");
            DEFAULT_PAGE_SIZE
        });
        ListQuery { search, from, to, page: PageRequest { start, size, count_total: true } }
    }
}

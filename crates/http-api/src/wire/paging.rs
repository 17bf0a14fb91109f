//! The query every paged list takes (issue 23, `domain::paging`), declared
//! once: `q`, `from`/`to` ([`ListSearch`], which its CSV export takes too)
//! and `after`/`before`/`limit` ([`PageParams`]); each list adds its own
//! filters in a struct of its own. A handler takes them as separate
//! `web::Query` extractors of the same query string. They read into domain
//! values, each refusal keyed by its parameter.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use domain::booking::parse_date;
use domain::paging::{Cursor, DEFAULT_PAGE_SIZE, PageRequest, PageStart, Search};
use http_common::ValidationErrors;

use crate::wire::fields::CalendarDate;

/// What a list is searched by and the days it covers.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListSearch {
    /// At least 3 characters (empty: everything): a name, an e-mail or the
    /// start of an id as the dashboard shows it (`#3f9a1c2e…`) for orders and
    /// bookings; also words of the message for messages; part of the address
    /// for subscribers; the recipient or subject for e-mails.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// From this day on (yyyy-MM-dd, the retreat's time zone): the day an
    /// order was placed, a message received, a subscriber signed up, an
    /// e-mail written; for bookings, a day of the visit (a stay's nights).
    #[param(value_type = Option<CalendarDate>)]
    pub from: Option<String>,
    /// Up to and including this day (yyyy-MM-dd), as `from`.
    #[param(value_type = Option<CalendarDate>)]
    pub to: Option<String>,
}

/// Where a page starts and how many rows it holds.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The `next` of the page before: the page of older rows (absent: the first page).
    #[param(pattern = r"^[0-9]{1,17}_[0-9a-f]{32}$")]
    pub after: Option<String>,
    /// The `previous` of the page after: the page of newer rows (not with `after`).
    #[param(pattern = r"^[0-9]{1,17}_[0-9a-f]{32}$")]
    pub before: Option<String>,
    /// Rows per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A list's search, days and page, read.
pub struct ListQuery {
    pub search: Option<Search>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub page: PageRequest,
}

impl ListSearch {
    /// Reads the search and days, and `page` (an export has none: it reads
    /// every page, uncounted). Records a refusal per parameter in `errors`
    /// (the caller answers 400 when there is any; what was refused reads as
    /// not given).
    pub fn read(self, page: Option<PageParams>, errors: &mut ValidationErrors) -> ListQuery {
        let search = self.q.as_deref().and_then(|q| errors.take("q", Search::parse(q)).flatten());
        // A day sent empty is malformed too (a filter, unlike a form field, has no "required").
        let mut day = |field: &'static str, text: Option<String>| {
            errors.take(field, parse_date(&text?).map_err(|_| "Please use a date as yyyy-MM-dd"))
        };
        let (from, to) = (day("from", self.from), day("to", self.to));
        if let (Some(from), Some(to)) = (from, to)
            && to < from
        {
            errors.add("to", "The end date must not be before the start date");
        }
        let page = match page {
            Some(page) => page.read(errors),
            None => PageRequest { start: PageStart::Newest, size: DEFAULT_PAGE_SIZE, count_total: false },
        };
        ListQuery { search, from, to, page }
    }
}

impl PageParams {
    pub fn read(self, errors: &mut ValidationErrors) -> PageRequest {
        let start = page_start(self.after, self.before, errors);
        let size = PageRequest::valid_size(self.limit).unwrap_or_else(|| {
            errors.add("limit", "Limit must be a whole number from 1 to 100");
            DEFAULT_PAGE_SIZE
        });
        PageRequest { start, size, count_total: true }
    }
}

/// Where a page starts, from its `after` or `before` cursor.
pub fn page_start(after: Option<String>, before: Option<String>, errors: &mut ValidationErrors) -> PageStart {
    let mut cursor = |field: &'static str, text: Option<String>| {
        errors.take(
            field,
            Cursor::decode(&text?).map_err(|_| "This page link is not valid: start from the first page"),
        )
    };
    match (cursor("after", after), cursor("before", before)) {
        (None, None) => PageStart::Newest,
        (Some(after), None) => PageStart::After(after),
        (None, Some(before)) => PageStart::Before(before),
        (Some(_), Some(_)) => {
            errors.add("before", "A page starts after one row or before one, not both");
            PageStart::Newest
        }
    }
}

/// A page of a list, newest first (the dashboard's orders, bookings,
/// messages, subscribers and e-mails), in one shape.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paged<T> {
    /// Newest first (a booking by its request).
    pub items: Vec<T>,
    /// The `after` of the next (older) page; null on the last page.
    pub next: Option<String>,
    /// The `before` of the previous (newer) page; null on the first page.
    pub previous: Option<String>,
    /// How many match (at most 10,000 are counted, 100 for a search: see `totalExact`).
    pub total: i64,
    /// False when more match than were counted: `total` is then "at least".
    pub total_exact: bool,
}

impl<T> Paged<T> {
    /// The wire's page of a store's page, each row made a wire `T`.
    pub fn of<D>(page: domain::paging::Page<D>) -> Self
    where
        T: From<D>,
    {
        Self {
            next: page.next.map(|cursor| cursor.encode()),
            previous: page.previous.map(|cursor| cursor.encode()),
            total: page.total.map_or(0, |total| total.count),
            total_exact: page.total.is_none_or(|total| total.exact),
            items: page.items.into_iter().map(T::from).collect(),
        }
    }
}

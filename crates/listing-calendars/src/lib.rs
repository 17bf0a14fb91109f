//! Fetching a listing's calendar (issue 44): the iCalendar export a site
//! such as Airbnb gives for a listing, read into the spans it takes.
//!
//! The address is the owner's, but where it leads is the internet's: the
//! server must not be made to fetch its own network for someone. So every
//! hop (the address and each redirect) is resolved first, and refused when
//! any of its addresses is private, loopback, link-local or otherwise not
//! public, unless the operator allows it (`ICAL_IMPORT_ALLOW_PRIVATE`, for
//! tests and a site on the retreat's own network); the connection then goes
//! to the address that was checked, never to a second lookup. Redirects are
//! followed by hand, at most five. The whole fetch has a time limit, and
//! the answer a size limit, read as it arrives.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::stay_sync::TakenSpan;
use icalendar::parser::{read_calendar, unfold};
use ports::FetchRefusal;
use reqwest::{StatusCode, Url, header, redirect};

const MAX_REDIRECTS: usize = 5;

/// How the fetcher behaves; the defaults suit Airbnb's, VRBO's and
/// Booking.com's exports (a few kilobytes, answered in well under a second).
#[derive(Debug, Clone)]
pub struct FetchLimits {
    /// The longest a whole fetch may take, redirects included.
    pub timeout: Duration,
    /// The largest calendar read.
    pub max_bytes: u64,
    /// Whether private and loopback addresses may be fetched.
    pub allow_private: bool,
}

impl Default for FetchLimits {
    fn default() -> Self {
        Self { timeout: Duration::from_secs(15), max_bytes: 2 * 1024 * 1024, allow_private: false }
    }
}

pub struct HttpListingCalendars {
    limits: FetchLimits,
}

impl HttpListingCalendars {
    pub fn new(limits: FetchLimits) -> Self {
        Self { limits }
    }

    async fn fetch_text(&self, address: &str) -> Result<String, FetchRefusal> {
        let mut url = Url::parse(address).map_err(|_| FetchRefusal::NotWeb)?;
        for _ in 0..=MAX_REDIRECTS {
            if !matches!(url.scheme(), "http" | "https") {
                return Err(FetchRefusal::NotWeb);
            }
            let host = url.host_str().ok_or(FetchRefusal::NotWeb)?.to_owned();
            let port = url.port_or_known_default().ok_or(FetchRefusal::NotWeb)?;
            let lookup_host = host.trim_start_matches('[').trim_end_matches(']').to_owned();
            let addresses: Vec<SocketAddr> = tokio::net::lookup_host((lookup_host.as_str(), port))
                .await
                .map_err(|_| FetchRefusal::UnknownHost)?
                .collect();
            if addresses.is_empty() {
                return Err(FetchRefusal::UnknownHost);
            }
            if !self.limits.allow_private && addresses.iter().any(|a| !is_public(a.ip())) {
                return Err(FetchRefusal::PrivateAddress);
            }
            // Connect only to the addresses just checked (no second lookup a
            // name server could answer differently).
            let client = reqwest::Client::builder()
                .redirect(redirect::Policy::none())
                .resolve_to_addrs(&lookup_host, &addresses)
                .user_agent("GoldenPineRetreat-CalendarSync/1.0")
                .build()
                .map_err(|_| FetchRefusal::Unreachable)?;
            let mut response = client
                .get(url.clone())
                .header(header::ACCEPT, "text/calendar, */*;q=0.5")
                .send()
                .await
                .map_err(|_| FetchRefusal::Unreachable)?;
            let status = response.status();
            if status.is_redirection() {
                let next = response
                    .headers()
                    .get(header::LOCATION)
                    .and_then(|value| value.to_str().ok())
                    .and_then(|location| url.join(location).ok())
                    .ok_or(FetchRefusal::Status(status.as_u16()))?;
                url = next;
                continue;
            }
            if status != StatusCode::OK {
                return Err(FetchRefusal::Status(status.as_u16()));
            }
            let max = self.limits.max_bytes;
            if response.content_length().is_some_and(|length| length > max) {
                return Err(FetchRefusal::TooLarge(max / (1024 * 1024)));
            }
            let mut body: Vec<u8> = Vec::new();
            while let Some(chunk) = response.chunk().await.map_err(|_| FetchRefusal::Unreachable)? {
                if body.len() as u64 + chunk.len() as u64 > max {
                    return Err(FetchRefusal::TooLarge(max / (1024 * 1024)));
                }
                body.extend_from_slice(&chunk);
            }
            return String::from_utf8(body).map_err(|_| FetchRefusal::NotICalendar);
        }
        Err(FetchRefusal::TooManyRedirects(MAX_REDIRECTS))
    }
}

#[async_trait]
impl ports::ListingCalendars for HttpListingCalendars {
    async fn fetch(&self, url: &str) -> Result<Vec<TakenSpan>, FetchRefusal> {
        let seconds = self.limits.timeout.as_secs();
        let text = tokio::time::timeout(self.limits.timeout, self.fetch_text(url))
            .await
            .map_err(|_| FetchRefusal::TooSlow(seconds))??;
        taken_spans(&text)
    }
}

/// Whether an address is on the public internet: not loopback, private,
/// link-local, shared (carrier NAT), documentation, unspecified, multicast
/// or broadcast, nor an IPv6 form of one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_multicast()
                || v4.is_broadcast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || first == 0x2001 && v6.segments()[1] == 0x0db8)
        }
    }
}

/// The spans a calendar's events take: each event's first day and the day
/// after its last (`DTEND`, or its start's next day when it has none).
/// Cancelled events take nothing. Anything but an iCalendar file is refused.
pub fn taken_spans(text: &str) -> Result<Vec<TakenSpan>, FetchRefusal> {
    let text = text.trim_start_matches('\u{feff}');
    if !text.trim_start().to_ascii_uppercase().starts_with("BEGIN:VCALENDAR") {
        return Err(FetchRefusal::NotICalendar);
    }
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).map_err(|_| FetchRefusal::NotICalendar)?;
    let mut spans = Vec::new();
    for event in calendar.components.iter().filter(|c| c.name.as_str().eq_ignore_ascii_case("VEVENT")) {
        let status = event.find_prop("STATUS").map(|p| p.val.as_str().to_ascii_uppercase());
        if status.as_deref() == Some("CANCELLED") {
            continue;
        }
        let Some(first) = event.find_prop("DTSTART").and_then(|p| day_of(p.val.as_str())) else { continue };
        let until = event.find_prop("DTEND").and_then(|p| day_of(p.val.as_str())).unwrap_or(first);
        spans.push(TakenSpan { first, until });
    }
    Ok(spans)
}

/// The day of a DATE (`20261210`) or DATE-TIME (`20261210T150000Z`) value.
fn day_of(value: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(value.get(..8)?, "%Y%m%d").ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const AIRBNB: &str = "BEGIN:VCALENDAR\r\nPRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\n\
        CALSCALE:GREGORIAN\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTEND;VALUE=DATE:20261213\r\nDTSTART;VALUE=DATE:20261210\r\n\
        UID:1418fb94e984-a1b2@airbnb.com\r\nDESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/\r\n \
        details/HMABCDEF\\nPhone Number (Last 4 Digits): 1234\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\n\
        DTEND;VALUE=DATE:20270102\r\nDTSTART;VALUE=DATE:20261230\r\nUID:7f3b@airbnb.com\r\nSUMMARY:Airbnb (Not available)\r\n\
        END:VEVENT\r\nBEGIN:VEVENT\r\nDTSTART:20270110T150000Z\r\nDTEND:20270111T110000Z\r\nSTATUS:CANCELLED\r\nUID:x\r\n\
        END:VEVENT\r\nEND:VCALENDAR\r\n";

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn an_airbnb_export_reads_as_its_reserved_and_blocked_spans() {
        let spans = taken_spans(AIRBNB).expect("an iCalendar file");
        assert_eq!(
            spans,
            vec![
                TakenSpan { first: day("2026-12-10"), until: day("2026-12-13") },
                TakenSpan { first: day("2026-12-30"), until: day("2027-01-02") },
            ]
        );
    }

    #[test]
    fn anything_else_is_refused() {
        for text in
            ["", "<!doctype html><html>Sign in</html>", "{\"events\": []}", "BEGIN:VCARD\r\nEND:VCARD\r\n"]
        {
            assert_eq!(taken_spans(text), Err(FetchRefusal::NotICalendar), "{text}");
        }
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::",
            "224.0.0.1",
            "255.255.255.255",
        ] {
            assert!(!is_public(private.parse().expect("ip")), "{private}");
        }
        for public in ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"] {
            assert!(is_public(public.parse().expect("ip")), "{public}");
        }
    }
}

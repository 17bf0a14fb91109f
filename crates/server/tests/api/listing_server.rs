//! A small local HTTP server that stands in for Airbnb's, VRBO's or
//! Booking.com's calendar export: it serves what the test sets (a real
//! Airbnb-shaped iCalendar file, a broken one, a status, a redirect), late
//! if asked, and counts the requests it answers. HTTP/1.1 over a plain
//! socket: one request per connection, as reqwest sends it here.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// What the next requests are answered with.
#[derive(Clone)]
pub struct Answer {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
    pub location: Option<String>,
    pub delay: Duration,
}

impl Answer {
    pub fn calendar(body: String) -> Self {
        Self {
            status: 200,
            content_type: "text/calendar; charset=utf-8",
            body,
            location: None,
            delay: Duration::ZERO,
        }
    }
}

pub struct ListingServer {
    pub port: u16,
    answer: Arc<Mutex<Answer>>,
    requests: Arc<AtomicUsize>,
}

impl ListingServer {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let port = listener.local_addr().expect("address").port();
        let answer = Arc::new(Mutex::new(Answer::calendar(airbnb(&[]))));
        let requests = Arc::new(AtomicUsize::new(0));
        let (shared, counted) = (answer.clone(), requests.clone());
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let (shared, counted) = (shared.clone(), counted.clone());
                tokio::spawn(async move {
                    let mut request = Vec::new();
                    let mut buffer = [0_u8; 4096];
                    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                        match socket.read(&mut buffer).await {
                            Ok(0) | Err(_) => return,
                            Ok(read) => request.extend_from_slice(&buffer[..read]),
                        }
                    }
                    counted.fetch_add(1, Ordering::SeqCst);
                    let answer = shared.lock().expect("answer").clone();
                    tokio::time::sleep(answer.delay).await;
                    let location = answer.location.map(|l| format!("Location: {l}\r\n")).unwrap_or_default();
                    let head = format!(
                        "HTTP/1.1 {} X\r\nContent-Type: {}\r\nContent-Length: {}\r\n{location}Connection: close\r\n\r\n",
                        answer.status,
                        answer.content_type,
                        answer.body.len()
                    );
                    let _ = socket.write_all(head.as_bytes()).await;
                    let _ = socket.write_all(answer.body.as_bytes()).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        Self { port, answer, requests }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn answer(&self, answer: Answer) {
        *self.answer.lock().expect("answer") = answer;
    }

    /// Serves an Airbnb-shaped calendar with these stays (check-in, check-out).
    pub fn stays(&self, stays: &[(&str, &str)]) {
        self.answer(Answer::calendar(airbnb(stays)));
    }

    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

/// An Airbnb host calendar export, as Airbnb writes it: a reservation per
/// stay ("Reserved", with its reservation link and the guest's phone's last
/// digits in the description), and the owner's own blocked nights
/// ("Airbnb (Not available)") look the same to an importer.
pub fn airbnb(stays: &[(&str, &str)]) -> String {
    let mut text = String::from(
        "BEGIN:VCALENDAR\r\nPRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\n\
         CALSCALE:GREGORIAN\r\nVERSION:2.0\r\n",
    );
    for (index, (check_in, check_out)) in stays.iter().enumerate() {
        let compact = |day: &str| day.replace('-', "");
        text.push_str(&format!(
            "BEGIN:VEVENT\r\nDTEND;VALUE=DATE:{}\r\nDTSTART;VALUE=DATE:{}\r\nUID:1418fb94e984-{index}@airbnb.com\r\n\
             DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM{index}ABCD\\nPhone \r\n \
             Number (Last 4 Digits): 4821\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n",
            compact(check_out),
            compact(check_in)
        ));
    }
    text.push_str("END:VCALENDAR\r\n");
    text
}

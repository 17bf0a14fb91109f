//! A real SMTP server for the mail tests: Debian's aiosmtpd, started on a
//! free port and writing every message it accepts to a maildir that the
//! tests read back and parse.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use mail_parser::MimeHeaders;

use crate::helpers::free_port;

/// The Python with aiosmtpd (Debian's `python3-aiosmtpd`; `.ci/run` installs it).
const PYTHON: &str = "/usr/bin/python3";

pub struct SmtpServer {
    pub port: u16,
    pub maildir: PathBuf,
    child: Option<Child>,
}

impl SmtpServer {
    /// A server on a fresh port, running.
    pub async fn start() -> Self {
        let mut server = Self::stopped().await;
        server.run().await;
        server
    }

    /// A port and a maildir, with nothing listening yet (SMTP "down").
    pub async fn stopped() -> Self {
        let maildir =
            std::env::temp_dir().join(format!("golden-pine-maildir-{}", uuid::Uuid::new_v4().simple()));
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(maildir.join(sub)).expect("maildir");
        }
        Self { port: free_port(), maildir, child: None }
    }

    /// Starts listening (again).
    pub async fn run(&mut self) {
        let child = Command::new(PYTHON)
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{}", self.port)])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&self.maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{PYTHON} -m aiosmtpd (apt-get install python3-aiosmtpd): {e}"));
        let child = self.child.insert(child);
        for _ in 0..200 {
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("aiosmtpd ended ({status}) before listening on port {}", self.port);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("aiosmtpd did not start on port {}", self.port);
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, raw.
    pub fn raw_messages(&self) -> Vec<Vec<u8>> {
        let mut files: Vec<PathBuf> = ["new", "cur"]
            .iter()
            .flat_map(|sub| std::fs::read_dir(self.maildir.join(sub)).into_iter().flatten())
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .collect();
        files.sort();
        files.iter().filter_map(|path| std::fs::read(path).ok()).collect()
    }

    /// Waits (bounded) until `count` messages have arrived, and returns them.
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        for _ in 0..600 {
            let raw = self.raw_messages();
            if raw.len() >= count {
                return raw.iter().map(|bytes| Received::parse(bytes)).collect();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected {count} messages, got {}", self.raw_messages().len());
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.maildir);
    }
}

/// A received message, parsed.
#[derive(Debug, Clone)]
pub struct Received {
    pub raw: String,
    pub to: String,
    pub from: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The `text/calendar` content, if any.
    pub calendar: Option<String>,
    pub headers: Vec<(String, String)>,
}

impl Received {
    fn parse(bytes: &[u8]) -> Self {
        let message = mail_parser::MessageParser::default().parse(bytes).expect("a parseable message");
        let address = |addr: Option<&mail_parser::Address>| {
            addr.and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_owned()
        };
        let calendar = message
            .parts
            .iter()
            .find(|part| {
                part.content_type().is_some_and(|ct| {
                    ct.ctype().eq_ignore_ascii_case("text")
                        && ct.subtype().is_some_and(|s| s.eq_ignore_ascii_case("calendar"))
                })
            })
            .and_then(|part| {
                part.text_contents()
                    .map(str::to_owned)
                    .or_else(|| std::str::from_utf8(part.contents()).ok().map(str::to_owned))
            });
        Self {
            raw: String::from_utf8_lossy(bytes).into_owned(),
            to: address(message.to()),
            from: address(message.from()),
            subject: message.subject().unwrap_or_default().to_owned(),
            text: message.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
            html: message.body_html(0).map(|t| t.into_owned()).unwrap_or_default(),
            calendar,
            headers: message
                .headers_raw()
                .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_owned()))
                .collect(),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }
}

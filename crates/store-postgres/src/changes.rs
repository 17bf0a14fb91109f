//! The catalogue change feed: PostgreSQL notifications on the
//! `catalogue_changed` channel, sent by the triggers of migration
//! 2026-11-23-000008 when a transaction that changed products, media,
//! services or posts commits, in any process.

use std::thread::JoinHandle;
use std::time::Duration;

use diesel::pg::PgConnection;
use diesel::prelude::*;

const CATALOGUE_CHANNEL: &str = "catalogue_changed";
/// How often the listening connection is looked at: a change made anywhere
/// reaches every process well within a second.
const POLL: Duration = Duration::from_millis(100);
const MAX_RECONNECT_WAIT: Duration = Duration::from_secs(5);

/// Listens on its own thread and connection. `on_change` runs after every
/// batch of notifications, and after each (re)connection too, since changes
/// made while disconnected were not heard. The thread ends once `wanted`
/// answers false (the process no longer keeps answers).
pub fn watch_catalogue(
    database_url: &str,
    wanted: impl Fn() -> bool + Send + 'static,
    on_change: impl Fn() + Send + 'static,
) -> std::io::Result<JoinHandle<()>> {
    let url = database_url.to_owned();
    std::thread::Builder::new().name("catalogue-changes".to_owned()).spawn(move || {
        let mut wait = POLL;
        while wanted() {
            match listen(&url) {
                Ok(mut conn) => {
                    wait = POLL;
                    on_change();
                    if let Err(error) = relay(&mut conn, &wanted, &on_change) {
                        tracing::warn!(%error, "catalogue change feed lost its connection; reconnecting");
                    }
                }
                Err(error) => {
                    tracing::debug!(%error, "catalogue change feed cannot connect yet");
                    std::thread::sleep(wait);
                    wait = (wait * 2).min(MAX_RECONNECT_WAIT);
                }
            }
        }
    })
}

fn listen(url: &str) -> Result<PgConnection, String> {
    let mut conn = PgConnection::establish(url).map_err(|e| e.to_string())?;
    diesel::sql_query(format!("LISTEN {CATALOGUE_CHANNEL}")).execute(&mut conn).map_err(|e| e.to_string())?;
    Ok(conn)
}

/// Passes notifications on until the connection fails or nobody wants them.
fn relay(conn: &mut PgConnection, wanted: &impl Fn() -> bool, on_change: &impl Fn()) -> Result<(), String> {
    while wanted() {
        let mut changed = false;
        for notification in conn.notifications_iter() {
            notification.map_err(|e| e.to_string())?;
            changed = true;
        }
        if changed {
            on_change();
        }
        std::thread::sleep(POLL);
    }
    Ok(())
}

//! Team members' calendar feeds (issue 44, `domain::calendar_feed`): turning
//! one's own on, giving it a new address, turning it off, and reading a feed
//! by its secret address. The feed's "today" is the clock's.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::NaiveDate;
use uuid::Uuid;

use domain::audit::{Actor, AuditAction};
use domain::booking::{Blackout, Booking};
use domain::calendar_feed::{FEED_MAX_BOOKINGS, feed_from};

use crate::auth::Clock;
use crate::error::RepoResult;

#[async_trait]
pub trait CalendarFeedRepository: Send + Sync {
    /// The member's feed key, while her feed is on and she may sign in
    /// (a deactivated member's feed stops with her account).
    async fn feed_key(&self, admin_id: Uuid) -> RepoResult<Option<String>>;
    /// Sets (turns on, or replaces: the old address stops) or removes (turns
    /// off) the member's key, audited as `action` by `actor`.
    async fn set_feed_key(
        &self,
        admin_id: Uuid,
        key: Option<String>,
        action: AuditAction,
        actor: Actor,
    ) -> RepoResult<()>;
    /// Every booking whose visit touches `from` or a later day, whatever its
    /// status, by date and time; at most `limit`.
    async fn feed_bookings(&self, from: NaiveDate, limit: usize) -> RepoResult<Vec<Booking>>;
    /// Blackouts that end on `from` or later.
    async fn feed_blackouts(&self, from: NaiveDate) -> RepoResult<Vec<Blackout>>;
}

/// The secret part of a feed's address: a signature of the member and her
/// key with the server's secret, so the store alone opens no feed.
pub trait FeedSigner: Send + Sync {
    /// A new random key.
    fn new_key(&self) -> String;
    /// The address's token for this member and key.
    fn token(&self, admin_id: Uuid, key: &str) -> String;
    /// The member a token names (not yet checked against her key).
    fn member_of(&self, token: &str) -> Option<Uuid>;
    /// Whether `token` is the one for this member and key (in constant time).
    fn matches(&self, token: &str, admin_id: Uuid, key: &str) -> bool;
}

/// What a feed shows, read at one moment.
#[derive(Debug, Clone)]
pub struct FeedContent {
    pub bookings: Vec<Booking>,
    pub blackouts: Vec<Blackout>,
}

#[derive(Clone)]
pub struct CalendarFeedService {
    store: Arc<dyn CalendarFeedRepository>,
    signer: Arc<dyn FeedSigner>,
    clock: Arc<dyn Clock>,
}

impl CalendarFeedService {
    pub fn new(
        store: Arc<dyn CalendarFeedRepository>,
        signer: Arc<dyn FeedSigner>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { store, signer, clock }
    }

    /// The member's feed token, while her feed is on.
    pub async fn token_of(&self, admin_id: Uuid) -> RepoResult<Option<String>> {
        Ok(self.store.feed_key(admin_id).await?.map(|key| self.signer.token(admin_id, &key)))
    }

    /// Turns the member's feed on, or gives it a new address (the old one
    /// stops at once). Answers the new token.
    pub async fn renew(&self, admin_id: Uuid, actor: Actor) -> RepoResult<String> {
        let action = match self.store.feed_key(admin_id).await? {
            Some(_) => AuditAction::Updated,
            None => AuditAction::Created,
        };
        let key = self.signer.new_key();
        self.store.set_feed_key(admin_id, Some(key.clone()), action, actor).await?;
        Ok(self.signer.token(admin_id, &key))
    }

    /// Turns the member's feed off; nothing when it is off.
    pub async fn turn_off(&self, admin_id: Uuid, actor: Actor) -> RepoResult<()> {
        if self.store.feed_key(admin_id).await?.is_some() {
            self.store.set_feed_key(admin_id, None, AuditAction::Deleted, actor).await?;
        }
        Ok(())
    }

    /// What the feed at `token` shows now; `None` for an address that opens
    /// no feed (forged, regenerated, turned off, or its member deactivated).
    pub async fn read(&self, token: &str) -> RepoResult<Option<FeedContent>> {
        let Some(admin_id) = self.signer.member_of(token) else { return Ok(None) };
        let Some(key) = self.store.feed_key(admin_id).await? else { return Ok(None) };
        if !self.signer.matches(token, admin_id, &key) {
            return Ok(None);
        }
        let from = feed_from(self.clock.local_now().date);
        let bookings = self.store.feed_bookings(from, FEED_MAX_BOOKINGS).await?;
        let blackouts = self.store.feed_blackouts(from).await?;
        Ok(Some(FeedContent { bookings, blackouts }))
    }
}

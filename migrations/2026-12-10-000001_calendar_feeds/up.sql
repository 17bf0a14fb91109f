-- A team member's calendar feed (issue 44): on while a row is here. `key` is
-- random and is not the secret: the feed's address carries an HMAC of the
-- member and this key made with the server's secret, so this table alone
-- opens no feed. A new key (regenerate) stops the old address at once;
-- deleting the row turns the feed off.
CREATE TABLE calendar_feeds (
    admin_id UUID PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
    key TEXT NOT NULL CHECK (length(key) BETWEEN 16 AND 64),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

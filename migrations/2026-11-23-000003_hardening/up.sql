-- Hardening (docs/decisions.md §2): revocable sessions, a login throttle per
-- account as well as per address, limits on public writes, idempotent retries.

-- Tokens carry the version they were issued under; ending sessions moves it on.
ALTER TABLE admin_users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 1 CHECK (session_version >= 1);

-- Failed logins per account, from all addresses; the key is a SHA-256 of the
-- lower-case email as typed, so no typed address is kept.
CREATE TABLE account_login_attempts (
    account           TEXT PRIMARY KEY,
    failures          INTEGER NOT NULL,
    window_started_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX account_login_attempts_window_idx ON account_login_attempts (window_started_at);
CREATE INDEX login_attempts_window_idx ON login_attempts (window_started_at);

-- Public writes (bookings, orders, messages, sign-ups) per client address.
CREATE TABLE public_write_counts (
    client     TEXT PRIMARY KEY,
    writes     INTEGER NOT NULL,
    started_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX public_write_counts_started_idx ON public_write_counts (started_at);

-- A client's retry of an order or booking with the same Idempotency-Key gets
-- the first answer again; the row is written in the same transaction as the
-- order or booking it names.
CREATE TABLE idempotency_keys (
    operation   TEXT NOT NULL CHECK (operation IN ('place_order', 'request_booking')),
    key         TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    fingerprint TEXT NOT NULL,
    -- Set in the same transaction, once the order or booking exists.
    resource_id UUID,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (operation, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Bookings are counted per guest (lower-case email) and date: pending
-- requests are capped.
CREATE INDEX bookings_date_email_idx ON bookings (date, email);

-- The mail outbox (docs/decisions.md §9): every message an event produces is
-- written here in the event's own transaction; delivery workers in every
-- server process claim due ones (FOR UPDATE SKIP LOCKED), send them and
-- record each attempt.
CREATE TABLE outbox_messages (
    id               UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    template         TEXT NOT NULL CHECK (template IN (
                         'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
                         'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
                         'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled')),
    recipient        TEXT NOT NULL,
    subject          TEXT NOT NULL,
    text_body        TEXT NOT NULL,
    html_body        TEXT NOT NULL,
    calendar_method  TEXT CHECK (calendar_method IN ('REQUEST', 'CANCEL')),
    calendar_ics     TEXT,
    list_unsubscribe TEXT,
    -- The booking, order, message or subscription it is about.
    related_id       UUID,
    state            TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- When a queued message is due, or when a worker's claim on it lapses.
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_error       TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at          TIMESTAMPTZ,
    CONSTRAINT outbox_calendar_complete CHECK ((calendar_method IS NULL) = (calendar_ics IS NULL))
);
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at) WHERE state IN ('queued', 'sending');
CREATE INDEX outbox_messages_created_idx ON outbox_messages (created_at DESC);
CREATE INDEX outbox_messages_related_idx ON outbox_messages (related_id);

CREATE TABLE outbox_attempts (
    id           UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    message_id   UUID NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent         BOOLEAN NOT NULL,
    reply        TEXT NOT NULL
);
CREATE INDEX outbox_attempts_message_idx ON outbox_attempts (message_id, attempted_at);

-- After the visit (issue 43, docs/decisions.md §9 "After the visit"): a
-- service's aftercare words and when its guests are invited back, each
-- follow-up sent (so it goes once across processes), guests' ratings, and
-- the addresses that asked for no more of these mails.

ALTER TABLE services
    ADD COLUMN aftercare TEXT CHECK (char_length(aftercare) BETWEEN 1 AND 2000),
    ADD COLUMN return_after_days INTEGER CHECK (return_after_days BETWEEN 1 AND 730);

-- One row per booking and kind, written in the same transaction as its mail.
CREATE TABLE visit_follow_ups (
    booking_id UUID NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('thanks', 'invitation')),
    sent_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (booking_id, kind)
);

-- A guest's rating of one booking. A deleted booking leaves its rating (the
-- owner cannot take a rating down by deleting what it rates).
CREATE TABLE ratings (
    id UUID PRIMARY KEY,
    booking_id UUID UNIQUE REFERENCES bookings (id) ON DELETE SET NULL,
    service_key TEXT NOT NULL CHECK (service_key IN ('massage', 'spa', 'accommodation', 'package')),
    stars SMALLINT NOT NULL CHECK (stars BETWEEN 1 AND 5),
    comment TEXT CHECK (char_length(comment) BETWEEN 1 AND 1000),
    may_quote BOOLEAN NOT NULL,
    author TEXT NOT NULL,
    email TEXT NOT NULL,
    visited_on DATE NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    reply TEXT CHECK (char_length(reply) BETWEEN 1 AND 1000),
    replied_at TIMESTAMPTZ,
    hidden_rule TEXT CHECK (hidden_rule IN ('abuse', 'others_privacy', 'off_topic')),
    hidden_at TIMESTAMPTZ,
    CHECK ((reply IS NULL) = (replied_at IS NULL)),
    CHECK ((hidden_rule IS NULL) = (hidden_at IS NULL))
);
CREATE INDEX ratings_newest_idx ON ratings (created_at DESC);

-- The site shows the ratings: every process's kept pages hear of a change.
CREATE TRIGGER ratings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ratings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

-- Addresses that asked for no more thank-yous and invitations (booking mail still goes).
CREATE TABLE follow_up_opt_outs (
    email TEXT PRIMARY KEY CHECK (email = lower(email)),
    at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The sweep reads the bookings over in the last weeks.
CREATE INDEX bookings_over_date_idx ON bookings (date) WHERE status IN ('confirmed', 'completed');

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder', 'visit_thanks', 'return_invitation', 'rating_hidden'));

-- When a follow-up round (one that read then) last finished.
ALTER TABLE visit_settings ADD COLUMN follow_ups_checked_at TIMESTAMPTZ;

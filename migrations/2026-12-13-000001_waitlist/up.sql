-- The waitlist (issue 43, docs/decisions.md §9 "The waitlist").

-- A guest waiting for a place: up to three wishes, each
-- {"from": "yyyy-mm-dd", "to": "yyyy-mm-dd", "time": "10:00" | null}
-- (for the Tiny Home, "to" is the check-out day). Offered in the order
-- they joined (created_at, then id).
CREATE TABLE waitlist_entries (
    id UUID PRIMARY KEY,
    service TEXT NOT NULL CHECK (service IN ('massage', 'spa', 'package', 'accommodation')),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    wishes JSONB NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting'
        CHECK (state IN ('waiting', 'booked', 'left', 'expired', 'removed')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    ended_at TIMESTAMPTZ
);
CREATE INDEX waitlist_entries_waiting_idx ON waitlist_entries (created_at, id) WHERE state = 'waiting';
CREATE INDEX waitlist_entries_email_idx ON waitlist_entries (lower(email)) WHERE state = 'waiting';

-- A place offered to a waiting guest, held for her until held_until (the
-- sweep marks it lapsed then). A held place counts as taken for everyone else.
CREATE TABLE waitlist_offers (
    id UUID PRIMARY KEY,
    entry_id UUID NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
    service TEXT NOT NULL,
    date DATE NOT NULL,
    check_out DATE,
    time TEXT NOT NULL,
    held_until TIMESTAMPTZ NOT NULL,
    state TEXT NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'taken', 'declined', 'lapsed')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One held offer per guest at a time.
CREATE UNIQUE INDEX waitlist_offers_one_held_idx ON waitlist_offers (entry_id) WHERE state = 'held';
CREATE INDEX waitlist_offers_held_idx ON waitlist_offers (date) WHERE state = 'held';
CREATE INDEX waitlist_offers_entry_idx ON waitlist_offers (entry_id);

-- How long an offer is held for its guest (the owner's setting).
ALTER TABLE visit_settings ADD COLUMN offer_hold_minutes INTEGER NOT NULL DEFAULT 120
    CHECK (offer_hold_minutes BETWEEN 15 AND 1440);

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder', 'visit_thanks', 'return_invitation', 'rating_hidden',
    'waitlist_joined', 'waitlist_offer'));

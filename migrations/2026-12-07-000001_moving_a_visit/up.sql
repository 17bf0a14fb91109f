-- Moving a visit (issue 42, docs/decisions.md §9 "Moving a visit"): how
-- often a booking was moved (its calendar invitation's SEQUENCE) and how
-- often by its guest (against the owner's free moves), the owner's setting,
-- and the messages that tell of a move.
ALTER TABLE bookings
    ADD COLUMN moves INTEGER NOT NULL DEFAULT 0 CHECK (moves >= 0),
    ADD COLUMN guest_moves INTEGER NOT NULL DEFAULT 0 CHECK (guest_moves >= 0 AND guest_moves <= moves);

-- The owner's settings for guests' visits: one row.
CREATE TABLE visit_settings (
    id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
    -- How many times a guest may move a booking herself, free (0–10).
    free_moves INTEGER NOT NULL DEFAULT 1 CHECK (free_moves BETWEEN 0 AND 10),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO visit_settings (id) VALUES (true);

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved'));

-- A move of a request not yet confirmed carries its tentative event (PUBLISH).
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_calendar_method_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_calendar_method_check
    CHECK (calendar_method IN ('REQUEST', 'CANCEL', 'PUBLISH'));

-- Reminders that ask for an answer (issue 42, docs/decisions.md §9
-- "Reminders"): the guest's own answer to them, the owner's settings, and
-- each reminder sent, kept so it goes out once even with several processes.

-- When the guest said she is coming (a reminder's Confirm, or her page);
-- cleared when the visit moves.
ALTER TABLE bookings ADD COLUMN guest_confirmed_at TIMESTAMPTZ;

ALTER TABLE visit_settings
    ADD COLUMN reminders_on BOOLEAN NOT NULL DEFAULT true,
    -- Treatments: the first reminder this many hours before the visit…
    ADD COLUMN treatment_first_hours INTEGER NOT NULL DEFAULT 48 CHECK (treatment_first_hours BETWEEN 1 AND 336),
    -- …and a second on the morning of the visit.
    ADD COLUMN treatment_morning_of BOOLEAN NOT NULL DEFAULT true,
    -- Stays: the first this many days before arrival, the second this many.
    ADD COLUMN stay_first_days INTEGER NOT NULL DEFAULT 7 CHECK (stay_first_days BETWEEN 1 AND 30),
    ADD COLUMN stay_second_days INTEGER NOT NULL DEFAULT 1 CHECK (stay_second_days BETWEEN 0 AND 29),
    -- No reminder leaves from this hour until that one (retreat time).
    ADD COLUMN quiet_from_hour INTEGER NOT NULL DEFAULT 21 CHECK (quiet_from_hour BETWEEN 0 AND 23),
    ADD COLUMN quiet_until_hour INTEGER NOT NULL DEFAULT 8 CHECK (quiet_until_hour BETWEEN 0 AND 23),
    -- When a sweep last looked (the owner sees reminders are at work).
    ADD COLUMN reminders_checked_at TIMESTAMPTZ,
    ADD CONSTRAINT visit_settings_stay_order CHECK (stay_second_days < stay_first_days);

-- One row per booking and reminder of its visit at its place then: a moved
-- visit is reminded again at its new place; a deleted booking takes its rows.
CREATE TABLE booking_reminders (
    booking_id UUID NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('first', 'second')),
    visit_date DATE NOT NULL,
    visit_time TEXT NOT NULL,
    -- Whether it asked the guest to confirm (else a plain reminder).
    asked BOOLEAN NOT NULL,
    sent_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (booking_id, kind, visit_date, visit_time)
);

-- The sweep reads the confirmed bookings of the coming days.
CREATE INDEX bookings_confirmed_date_idx ON bookings (date) WHERE status = 'confirmed';

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder'));

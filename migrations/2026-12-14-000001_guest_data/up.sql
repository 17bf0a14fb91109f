-- A guest's own data (issue 45, docs/decisions.md §21 "A guest's data").

-- A guest asking for a copy of what is held about her address, or for its
-- erasure. A request counts once she has confirmed it through the link
-- mailed to the address (confirmed_at); an unconfirmed one is deleted after
-- seven days. Done by the owner from the dashboard (done_at, done_by). After
-- an erasure, `email` holds the pseudonym's address.
CREATE TABLE privacy_requests (
    id UUID PRIMARY KEY,
    email TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('copy', 'erasure')),
    created_at TIMESTAMPTZ NOT NULL,
    confirmed_at TIMESTAMPTZ,
    done_at TIMESTAMPTZ,
    done_by TEXT
);
CREATE INDEX privacy_requests_open_idx ON privacy_requests (confirmed_at) WHERE done_at IS NULL;
CREATE INDEX privacy_requests_email_idx ON privacy_requests (lower(email));

-- Gathering and erasing by address: the tables the other lists never
-- search by e-mail get an index on it.
CREATE INDEX bookings_lower_email_idx ON bookings (lower(email));
CREATE INDEX orders_lower_email_idx ON orders (lower(email));
CREATE INDEX gift_cards_recipient_email_idx ON gift_cards (lower(recipient_email));
CREATE INDEX gift_cards_buyer_email_idx ON gift_cards (lower(buyer_email));
CREATE INDEX ratings_email_idx ON ratings (lower(email));
CREATE INDEX waitlist_entries_any_email_idx ON waitlist_entries (lower(email));
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (lower(recipient));
CREATE INDEX contact_messages_email_idx ON contact_messages (lower(email));
CREATE INDEX newsletter_subscriptions_email_idx ON newsletter_subscriptions (lower(email));

ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder', 'visit_thanks', 'return_invitation', 'rating_hidden',
    'waitlist_joined', 'waitlist_offer',
    'privacy_request_confirm', 'owner_privacy_request', 'privacy_copy_ready'));

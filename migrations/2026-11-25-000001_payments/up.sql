-- Taking money (docs/decisions.md §14). An order's payment as it stands
-- (the provider's word decides it), each attempt to take money for an order
-- or a booking's deposit (written before the provider is asked, so a crash
-- in between leaves a record to reconcile), each refund, and each webhook
-- event handled (once).

ALTER TABLE orders
    ADD COLUMN payment_state TEXT NOT NULL DEFAULT 'unpaid'
        CHECK (payment_state IN ('unpaid', 'awaiting_payment', 'requires_action', 'paid',
                                 'partially_refunded', 'refunded', 'expired')),
    ADD COLUMN payment_refunded NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (payment_refunded >= 0),
    ADD COLUMN payment_error TEXT;
-- The unpaid-order timeout looks for these.
CREATE INDEX orders_awaiting_payment_idx ON orders (created_at)
    WHERE payment_state IN ('awaiting_payment', 'requires_action');

ALTER TABLE services
    ADD COLUMN deposit_amount NUMERIC(10, 2) CHECK (deposit_amount > 0),
    ADD COLUMN deposit_percent SMALLINT CHECK (deposit_percent BETWEEN 1 AND 100),
    ADD CONSTRAINT services_one_deposit CHECK (deposit_amount IS NULL OR deposit_percent IS NULL);

ALTER TABLE bookings
    ADD COLUMN deposit_state TEXT NOT NULL DEFAULT 'none'
        CHECK (deposit_state IN ('none', 'card_saved', 'requires_authentication', 'paid', 'failed',
                                 'released', 'refunded', 'kept')),
    ADD COLUMN deposit_amount NUMERIC(10, 2) CHECK (deposit_amount > 0),
    ADD COLUMN deposit_refunded NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (deposit_refunded >= 0),
    ADD COLUMN deposit_customer TEXT,
    ADD COLUMN deposit_method TEXT,
    ADD COLUMN deposit_error TEXT;

CREATE TABLE payments (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id    UUID REFERENCES orders (id),
    booking_id  UUID REFERENCES bookings (id) ON DELETE SET NULL,
    amount      NUMERIC(10, 2) NOT NULL CHECK (amount > 0),
    -- The provider's payment, once it answered (null: asked, no answer kept).
    provider_id TEXT UNIQUE,
    -- As the provider last said: creating, succeeded, requires_action,
    -- requires_capture, processing, failed, canceled.
    status      TEXT NOT NULL DEFAULT 'creating',
    error       TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- An order's or a deposit's, never both (a deleted booking leaves its payment with neither).
    CHECK (order_id IS NULL OR booking_id IS NULL)
);
CREATE INDEX payments_order_idx ON payments (order_id, created_at);
CREATE INDEX payments_booking_idx ON payments (booking_id, created_at);
CREATE INDEX payments_created_idx ON payments (created_at);

CREATE TABLE refunds (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    payment_id  UUID NOT NULL REFERENCES payments (id),
    amount      NUMERIC(10, 2) NOT NULL CHECK (amount > 0),
    provider_id TEXT UNIQUE,
    status      TEXT NOT NULL DEFAULT 'creating',
    reason      TEXT,
    -- Who gave it back (an admin, or the guest's own cancellation).
    created_by  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX refunds_payment_idx ON refunds (payment_id);

CREATE TABLE payment_events (
    -- The provider's event id: a repeated delivery is recognised and ignored.
    event_id     TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    provider_id  TEXT,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_provider_idx ON payment_events (provider_id, received_at);

-- The messages about money.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required'));

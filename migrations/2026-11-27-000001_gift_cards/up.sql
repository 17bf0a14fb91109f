-- Gift cards (docs/decisions.md §16). A card is found by the SHA-256 of its
-- code (never the code itself; the dashboard sees only the last four), is
-- bought as an order (or given away free by the owner) and holds a balance
-- that only its ledger moves: every entry is written in the same
-- transaction as the order, booking or owner's action it records, under the
-- card's row lock, so two checkouts can never spend the same dollars.

CREATE TABLE gift_cards (
    id              UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Made when the card is issued (its order paid): a pending card has none.
    code_hash       BYTEA UNIQUE CHECK (length(code_hash) = 32),
    last_four       TEXT CHECK (last_four ~ '^[2-9A-HJKMNP-Z]{4}$'),
    kind            TEXT NOT NULL CHECK (kind IN ('purchased', 'promotional')),
    amount          NUMERIC(10, 2) NOT NULL CHECK (amount > 0),
    balance         NUMERIC(10, 2) NOT NULL CHECK (balance >= 0 AND balance <= amount),
    state           TEXT NOT NULL CHECK (state IN ('pending', 'active', 'voided')),
    -- "One Massage Therapy": a card bought as a service (its value is the price).
    label           TEXT,
    recipient_name  TEXT NOT NULL,
    recipient_email TEXT NOT NULL,
    from_name       TEXT NOT NULL,
    -- Who bought it (a purchased card), as they gave it at the checkout.
    buyer_email     TEXT,
    message         TEXT,
    deliver_on      DATE NOT NULL,
    -- California: a card sold for money never expires (Civil Code §1749.5).
    expires_on      DATE CHECK (expires_on IS NULL OR kind = 'promotional'),
    order_id        UUID UNIQUE REFERENCES orders (id),
    void_reason     TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((kind = 'purchased') = (order_id IS NOT NULL)),
    CHECK ((state = 'voided') = (void_reason IS NOT NULL)),
    CHECK ((code_hash IS NULL) = (last_four IS NULL)),
    CHECK (state <> 'active' OR code_hash IS NOT NULL)
);
CREATE INDEX gift_cards_created_idx ON gift_cards (created_at DESC);

CREATE TABLE gift_card_ledger (
    id            UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    card_id       UUID NOT NULL REFERENCES gift_cards (id),
    kind          TEXT NOT NULL CHECK (kind IN ('issued', 'redeemed', 'returned', 'cashed_out', 'voided')),
    -- Signed: what the entry added to the balance (negative: taken off).
    amount        NUMERIC(10, 2) NOT NULL,
    balance_after NUMERIC(10, 2) NOT NULL CHECK (balance_after >= 0),
    order_id      UUID REFERENCES orders (id),
    booking_id    UUID REFERENCES bookings (id),
    note          TEXT,
    actor         TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_ledger_card_idx ON gift_card_ledger (card_id, created_at);
-- An order's card payment is given back at most once.
CREATE UNIQUE INDEX gift_card_ledger_returned_once ON gift_card_ledger (order_id) WHERE kind = 'returned';
CREATE UNIQUE INDEX gift_card_ledger_deposit_returned_once ON gift_card_ledger (booking_id) WHERE kind = 'returned';

-- What a gift card paid of an order (the provider is asked for the rest).
ALTER TABLE orders
    ADD COLUMN gift_card_id UUID REFERENCES gift_cards (id),
    ADD COLUMN gift_card_amount NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (gift_card_amount >= 0),
    ADD COLUMN gift_card_last_four TEXT,
    ADD CONSTRAINT orders_gift_card_pair CHECK ((gift_card_id IS NULL) = (gift_card_last_four IS NULL)),
    ADD CONSTRAINT orders_gift_card_within_total CHECK (gift_card_amount <= total);

-- What a gift card paid of a booking's deposit.
ALTER TABLE bookings
    ADD COLUMN gift_card_id UUID REFERENCES gift_cards (id),
    ADD COLUMN gift_card_amount NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (gift_card_amount >= 0),
    ADD COLUMN gift_card_last_four TEXT,
    ADD CONSTRAINT bookings_gift_card_pair CHECK ((gift_card_id IS NULL) = (gift_card_last_four IS NULL));

-- Buying a card takes an Idempotency-Key as placing an order does.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_operation_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_operation_check
    CHECK (operation IN ('place_order', 'request_booking', 'buy_gift_card'));

-- The recipient's mail.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered'));

-- Promo codes (docs/decisions.md §15): the owner's codes, each order's use
-- of one (written in the order's transaction, under the code's row lock, so
-- a use limit holds however many checkouts arrive at once), and the
-- discount on the order itself. A cancelled order's use stops counting.

CREATE TABLE promo_codes (
    id                 UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    code               TEXT NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9-]{3,32}$'),
    percent_off        SMALLINT CHECK (percent_off BETWEEN 1 AND 100),
    amount_off         NUMERIC(10, 2) CHECK (amount_off > 0),
    applies_to         TEXT NOT NULL CHECK (applies_to IN ('shop', 'bookings', 'both')),
    min_subtotal       NUMERIC(10, 2) CHECK (min_subtotal > 0),
    starts_on          DATE,
    ends_on            DATE,
    max_uses           INTEGER CHECK (max_uses > 0),
    max_uses_per_guest INTEGER CHECK (max_uses_per_guest > 0),
    product_ids        UUID[] NOT NULL DEFAULT '{}',
    service_ids        UUID[] NOT NULL DEFAULT '{}',
    active             BOOLEAN NOT NULL DEFAULT true,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Percent or amount off, never both.
    CHECK ((percent_off IS NULL) <> (amount_off IS NULL)),
    CHECK (starts_on IS NULL OR ends_on IS NULL OR ends_on >= starts_on)
);

ALTER TABLE orders
    ADD COLUMN discount NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
    ADD COLUMN promo_code_id UUID REFERENCES promo_codes (id),
    -- The code as the guest used it (kept with the order, for its receipt).
    ADD COLUMN promo_code TEXT,
    ADD CONSTRAINT orders_promo_code_pair CHECK ((promo_code_id IS NULL) = (promo_code IS NULL));
CREATE INDEX orders_promo_code_idx ON orders (promo_code_id, email) WHERE promo_code_id IS NOT NULL;

-- A booking's use of a code: the same, counted with the orders'.
ALTER TABLE bookings
    ADD COLUMN discount NUMERIC(10, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
    ADD COLUMN promo_code_id UUID REFERENCES promo_codes (id),
    ADD COLUMN promo_code TEXT,
    ADD CONSTRAINT bookings_promo_code_pair CHECK ((promo_code_id IS NULL) = (promo_code IS NULL));
CREATE INDEX bookings_promo_code_idx ON bookings (promo_code_id, email) WHERE promo_code_id IS NOT NULL;

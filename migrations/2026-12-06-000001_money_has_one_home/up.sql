-- Money has one home (issue 41, docs/decisions.md §14 "What the owner's
-- figures count" and "Removing what holds money").

-- An order is goods to ship or a gift card bought (delivered by mail, never
-- shipped). Orders are not deleted, so the card's order is known for good.
ALTER TABLE orders ADD COLUMN kind TEXT NOT NULL DEFAULT 'goods' CHECK (kind IN ('goods', 'gift_card'));
UPDATE orders SET kind = 'gift_card' FROM gift_cards WHERE gift_cards.order_id = orders.id;

-- The records of money outlive the booking they were for: a deleted booking's
-- charges, refunds and gift card entries keep its id (the booking itself is
-- removed only once nothing it holds is unsettled; the store checks that).
ALTER TABLE payments DROP CONSTRAINT payments_booking_id_fkey;
ALTER TABLE gift_card_ledger DROP CONSTRAINT gift_card_ledger_booking_id_fkey;

-- Money received and given back, one row per movement, written in the
-- transaction that records the provider's word (a payment that succeeded,
-- a refund that went through) or the owner's cash-out of a gift card. The
-- dashboard's revenue with payments on is the sum of these: each dollar once,
-- a gift card when it is sold and not again when it pays.
CREATE TABLE money_movements (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- shop: an order of goods; deposit: a booking's deposit; gift_card: a
    -- gift card sold (or its balance paid out in cash).
    source      TEXT NOT NULL CHECK (source IN ('shop', 'deposit', 'gift_card')),
    -- Received (positive) or given back (negative).
    amount      NUMERIC(12, 2) NOT NULL CHECK (amount <> 0),
    payment_id  UUID REFERENCES payments (id),
    refund_id   UUID UNIQUE REFERENCES refunds (id),
    order_id    UUID,
    booking_id  UUID,
    gift_card_id UUID
);
CREATE INDEX money_movements_at_idx ON money_movements (at) INCLUDE (source, amount);
-- A payment is received once (its refunds are rows of their own).
CREATE UNIQUE INDEX money_movements_payment_received_idx ON money_movements (payment_id)
    WHERE refund_id IS NULL AND amount > 0;

-- What was received before this migration, from the payment records.
INSERT INTO money_movements (at, source, amount, payment_id, order_id, booking_id)
SELECT p.updated_at,
       CASE WHEN p.order_id IS NULL THEN 'deposit'
            WHEN o.kind = 'gift_card' THEN 'gift_card' ELSE 'shop' END,
       p.amount, p.id, p.order_id, p.booking_id
FROM payments p LEFT JOIN orders o ON o.id = p.order_id
WHERE p.status = 'succeeded';
INSERT INTO money_movements (at, source, amount, payment_id, refund_id, order_id, booking_id)
SELECT r.created_at,
       CASE WHEN p.order_id IS NULL THEN 'deposit'
            WHEN o.kind = 'gift_card' THEN 'gift_card' ELSE 'shop' END,
       -r.amount, p.id, r.id, p.order_id, p.booking_id
FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN orders o ON o.id = p.order_id
WHERE r.status = 'succeeded';

-- The all-time sum, kept beside the other all-time figures.
ALTER TABLE dashboard_totals
    ADD COLUMN money_received NUMERIC(14, 2) NOT NULL DEFAULT 0,
    -- Orders never paid (awaiting payment, the bank's step, expired): with
    -- payments on they count in no stat card.
    ADD COLUMN orders_unpaid BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN orders_pending_unpaid BIGINT NOT NULL DEFAULT 0;

LOCK TABLE orders, money_movements IN SHARE MODE;
UPDATE dashboard_totals SET
    money_received = (SELECT COALESCE(sum(amount), 0) FROM money_movements),
    orders_unpaid = (SELECT count(*) FROM orders
                     WHERE payment_state IN ('awaiting_payment', 'requires_action', 'expired')),
    orders_pending_unpaid = (SELECT count(*) FROM orders WHERE status = 'pending'
                             AND payment_state IN ('awaiting_payment', 'requires_action', 'expired'));

CREATE FUNCTION dashboard_count_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE dashboard_totals SET money_received = money_received + (SELECT sum(amount) FROM arrived);
    RETURN NULL;
END $$;
CREATE TRIGGER money_movements_counted AFTER INSERT ON money_movements REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_money();

-- Whether an order was never paid, as every count reads it.
CREATE FUNCTION order_unpaid(payment_state TEXT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
    SELECT payment_state IN ('awaiting_payment', 'requires_action', 'expired')
$$;

-- The unpaid orders moved in and out by a statement, as dashboard_count_pending
-- does for pending ones; the totals row is touched only when a count moved.
CREATE FUNCTION dashboard_count_unpaid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    unpaid bigint := 0;
    pending bigint := 0;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT unpaid + count(*) FILTER (WHERE order_unpaid(payment_state)),
               pending + count(*) FILTER (WHERE order_unpaid(payment_state) AND status = 'pending')
            INTO unpaid, pending FROM arrived;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT unpaid - count(*) FILTER (WHERE order_unpaid(payment_state)),
               pending - count(*) FILTER (WHERE order_unpaid(payment_state) AND status = 'pending')
            INTO unpaid, pending FROM departed;
    END IF;
    IF unpaid <> 0 OR pending <> 0 THEN
        UPDATE dashboard_totals SET orders_unpaid = orders_unpaid + unpaid,
            orders_pending_unpaid = orders_pending_unpaid + pending;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER orders_unpaid_in AFTER INSERT ON orders REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_unpaid();
CREATE TRIGGER orders_unpaid_changed AFTER UPDATE ON orders REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_unpaid();
CREATE TRIGGER orders_unpaid_out AFTER DELETE ON orders REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_unpaid();

-- The Orders tab's filter totals gain "paid or not" (its default view with
-- payments on hides the orders never paid): the kept counts by hour and day
-- are keyed by it too, so that view's total is still read, not counted.
LOCK TABLE order_counts_by_hour, order_counts_by_day IN EXCLUSIVE MODE;
ALTER TABLE order_counts_by_hour ADD COLUMN unpaid BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE order_counts_by_day ADD COLUMN unpaid BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE order_counts_by_hour DROP CONSTRAINT order_counts_by_hour_pkey,
    ADD PRIMARY KEY (hour, status, unpaid);
ALTER TABLE order_counts_by_day DROP CONSTRAINT order_counts_by_day_pkey,
    ADD PRIMARY KEY (day, status, unpaid);
DELETE FROM order_counts_by_hour;
DELETE FROM order_counts_by_day;
INSERT INTO order_counts_by_hour (hour, status, unpaid, orders)
SELECT date_trunc('hour', created_at, 'UTC'), status, order_unpaid(payment_state), count(*)
FROM orders GROUP BY 1, 2, 3;
INSERT INTO order_counts_by_day (day, status, unpaid, orders)
SELECT date_trunc('day', created_at, 'UTC'), status, order_unpaid(payment_state), count(*)
FROM orders GROUP BY 1, 2, 3;

CREATE OR REPLACE FUNCTION kept_counts_of_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format($sql$
        WITH moved AS (%s),
        hours AS (
            INSERT INTO order_counts_by_hour AS c (hour, status, unpaid, orders)
            SELECT date_trunc('hour', created_at, 'UTC'), status, unpaid, sum(n) FROM moved
            GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
            ON CONFLICT (hour, status, unpaid) DO UPDATE SET orders = c.orders + excluded.orders
        )
        INSERT INTO order_counts_by_day AS c (day, status, unpaid, orders)
        SELECT date_trunc('day', created_at, 'UTC'), status, unpaid, sum(n) FROM moved
        GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (day, status, unpaid) DO UPDATE SET orders = c.orders + excluded.orders
    $sql$, kept_counts_moved(TG_OP, 'created_at, status, order_unpaid(payment_state) AS unpaid'));
    RETURN NULL;
END $$;

-- As orders_counted(wanted, since, until), of the orders paid or never
-- paid as `unpaid` says (NULL: both).
CREATE FUNCTION orders_counted(wanted text, since timestamptz, until timestamptz, unpaid_wanted boolean)
RETURNS bigint LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
    low timestamptz := COALESCE(since, '-infinity');
    high timestamptz := COALESCE(until, 'infinity');
    hour_low timestamptz := date_trunc('hour', low + interval '1 hour' - interval '1 microsecond', 'UTC');
    hour_high timestamptz := date_trunc('hour', high, 'UTC');
    day_low timestamptz := date_trunc('day', low + interval '1 day' - interval '1 microsecond', 'UTC');
    day_high timestamptz := date_trunc('day', high, 'UTC');
    counted bigint;
BEGIN
    IF day_low < day_high THEN
        counted := COALESCE((SELECT sum(orders) FROM order_counts_by_day
                             WHERE day >= day_low AND day < day_high
                               AND (wanted IS NULL OR status = wanted)
                               AND (unpaid_wanted IS NULL OR unpaid = unpaid_wanted)), 0)
                 + COALESCE((SELECT sum(orders) FROM order_counts_by_hour
                             WHERE ((hour >= hour_low AND hour < day_low) OR (hour >= day_high AND hour < hour_high))
                               AND (wanted IS NULL OR status = wanted)
                               AND (unpaid_wanted IS NULL OR unpaid = unpaid_wanted)), 0);
    ELSE
        counted := COALESCE((SELECT sum(orders) FROM order_counts_by_hour
                             WHERE hour >= hour_low AND hour < hour_high
                               AND (wanted IS NULL OR status = wanted)
                               AND (unpaid_wanted IS NULL OR unpaid = unpaid_wanted)), 0);
    END IF;
    RETURN counted + (SELECT count(*) FROM orders
                      WHERE ((created_at >= low AND created_at < LEAST(high, hour_low))
                          OR (created_at >= GREATEST(low, hour_high) AND created_at < high))
                        AND (wanted IS NULL OR status = wanted)
                        AND (unpaid_wanted IS NULL OR order_unpaid(payment_state) = unpaid_wanted));
END $$;

CREATE OR REPLACE FUNCTION orders_counted(wanted text, since timestamptz, until timestamptz) RETURNS bigint
LANGUAGE sql STABLE AS $$ SELECT orders_counted(wanted, since, until, NULL) $$;

-- The totals of the dashboard's filtered lists (issue 23), kept by statement
-- triggers as rows come, change and go, like the all-time totals and the
-- revenue by hour (migrations 2026-11-29-000001, 2026-12-02-000002). Counted
-- from their indexes, a filter's total read one index entry per row up to
-- its cap of 10,000: the cancelled orders of a half-year, or the pending
-- massages, read ten times the entries at ten times the volume. Read from
-- here, a total costs the same at any volume.

-- Orders by status and the UTC hour and day they were placed in. A filter's
-- days are the retreat's own (BUSINESS_TZ), and every time zone's midnight
-- is a UTC hour or, where the offset has minutes, inside one: a range sums
-- its whole UTC days, the whole hours at either end, and reads the parts of
-- an hour left (`orders_counted`). Days keep a half-year's sum to some 180
-- rows a status; hours alone would be 4,380.
CREATE TABLE order_counts_by_hour (
    hour timestamptz NOT NULL,
    status text NOT NULL,
    orders bigint NOT NULL,
    PRIMARY KEY (hour, status)
);

CREATE TABLE order_counts_by_day (
    day timestamptz NOT NULL,
    status text NOT NULL,
    orders bigint NOT NULL,
    PRIMARY KEY (day, status)
);

-- Bookings by service and status: the bookings list's filters but the
-- search and the visit's days (a stay's nights overlap a range; no sum of
-- kept counts answers that, so those are counted from the bookings).
CREATE TABLE booking_counts (
    service text NOT NULL,
    status text NOT NULL,
    bookings bigint NOT NULL,
    PRIMARY KEY (service, status)
);

-- Counted under a lock, so no write slips between the count and the triggers.
LOCK TABLE orders, bookings IN SHARE MODE;
INSERT INTO order_counts_by_hour (hour, status, orders)
SELECT date_trunc('hour', created_at, 'UTC'), status, count(*) FROM orders GROUP BY 1, 2;
INSERT INTO order_counts_by_day (day, status, orders)
SELECT date_trunc('day', created_at, 'UTC'), status, count(*) FROM orders GROUP BY 1, 2;
INSERT INTO booking_counts (service, status, bookings)
SELECT service, status, count(*) FROM bookings GROUP BY 1, 2;

-- The rows a statement moved: +1 for each row inserted or as updated
-- (`arrived`), -1 for each row deleted or as it was before the update
-- (`departed`). The query is chosen by the operation and run with EXECUTE
-- (PL/pgSQL plans a statement when it first runs it, and a trigger has only
-- the transition tables of its own operation). Keys whose moves cancel out
-- (an update of a note, an address, a payment) write nothing, and the rest
-- are written in key order, so two statements never wait on each other's
-- counts in a cycle.
CREATE FUNCTION kept_counts_moved(operation text, columns text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE operation
        WHEN 'INSERT' THEN format('SELECT %s, 1 AS n FROM arrived', columns)
        WHEN 'DELETE' THEN format('SELECT %s, -1 AS n FROM departed', columns)
        ELSE format('SELECT %1$s, 1 AS n FROM arrived UNION ALL SELECT %1$s, -1 AS n FROM departed', columns)
    END
$$;

CREATE FUNCTION kept_counts_of_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format($sql$
        WITH moved AS (%s),
        hours AS (
            INSERT INTO order_counts_by_hour AS c (hour, status, orders)
            SELECT date_trunc('hour', created_at, 'UTC'), status, sum(n) FROM moved
            GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
            ON CONFLICT (hour, status) DO UPDATE SET orders = c.orders + excluded.orders
        )
        INSERT INTO order_counts_by_day AS c (day, status, orders)
        SELECT date_trunc('day', created_at, 'UTC'), status, sum(n) FROM moved
        GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
        ON CONFLICT (day, status) DO UPDATE SET orders = c.orders + excluded.orders
    $sql$, kept_counts_moved(TG_OP, 'created_at, status'));
    RETURN NULL;
END $$;

CREATE FUNCTION kept_counts_of_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format($sql$
        INSERT INTO booking_counts AS c (service, status, bookings)
        SELECT service, status, sum(n) FROM (%s) AS moved
        GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
        ON CONFLICT (service, status) DO UPDATE SET bookings = c.bookings + excluded.bookings
    $sql$, kept_counts_moved(TG_OP, 'service, status'));
    RETURN NULL;
END $$;

CREATE TRIGGER orders_kept_counts_in AFTER INSERT ON orders REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_orders();
CREATE TRIGGER orders_kept_counts_changed AFTER UPDATE ON orders REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_orders();
CREATE TRIGGER orders_kept_counts_out AFTER DELETE ON orders REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_orders();
CREATE TRIGGER bookings_kept_counts_in AFTER INSERT ON bookings REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_bookings();
CREATE TRIGGER bookings_kept_counts_changed AFTER UPDATE ON bookings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_bookings();
CREATE TRIGGER bookings_kept_counts_out AFTER DELETE ON bookings REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_of_bookings();

-- How many orders with `wanted` status (NULL: any) were placed from `since`
-- until `until` (NULL: no bound): the whole UTC days between them from
-- order_counts_by_day, the whole hours at either end from
-- order_counts_by_hour, and the parts of an hour left (a time zone whose
-- offset has minutes, or a bound inside an hour) from the orders, through
-- their (created_at, id) index.
CREATE FUNCTION orders_counted(wanted text, since timestamptz, until timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE
-- Planned for the bounds given: a generic plan cannot know that the parts
-- of an hour it reads from the orders are an hour at most.
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
    low timestamptz := COALESCE(since, '-infinity');
    high timestamptz := COALESCE(until, 'infinity');
    -- The first whole hour and day from `low`, and the last ones before `high`.
    hour_low timestamptz := date_trunc('hour', low + interval '1 hour' - interval '1 microsecond', 'UTC');
    hour_high timestamptz := date_trunc('hour', high, 'UTC');
    day_low timestamptz := date_trunc('day', low + interval '1 day' - interval '1 microsecond', 'UTC');
    day_high timestamptz := date_trunc('day', high, 'UTC');
    counted bigint;
BEGIN
    IF day_low < day_high THEN
        counted := COALESCE((SELECT sum(orders) FROM order_counts_by_day
                             WHERE day >= day_low AND day < day_high
                               AND (wanted IS NULL OR status = wanted)), 0)
                 + COALESCE((SELECT sum(orders) FROM order_counts_by_hour
                             WHERE ((hour >= hour_low AND hour < day_low) OR (hour >= day_high AND hour < hour_high))
                               AND (wanted IS NULL OR status = wanted)), 0);
    ELSE
        counted := COALESCE((SELECT sum(orders) FROM order_counts_by_hour
                             WHERE hour >= hour_low AND hour < hour_high
                               AND (wanted IS NULL OR status = wanted)), 0);
    END IF;
    RETURN counted + (SELECT count(*) FROM orders
                      WHERE ((created_at >= low AND created_at < LEAST(high, hour_low))
                          OR (created_at >= GREATEST(low, hour_high) AND created_at < high))
                        AND (wanted IS NULL OR status = wanted));
END $$;

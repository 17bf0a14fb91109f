-- The revenue of each hour (UTC) in which orders were placed, orders not
-- cancelled (GET /api/admin/summary: this month's and last month's revenue),
-- kept by statement triggers as orders come, change and go. A month's
-- revenue then sums at most 744 rows whatever the month's orders: read from
-- the orders themselves, a month at ten times the volume read ten times the
-- index entries (issue 23). Hours, not days: the retreat's months begin at
-- its own midnight (BUSINESS_TZ), and every time zone's midnight is a UTC
-- hour or, where the offset has minutes, inside one; `dashboard_revenue`
-- reads those partial hours from the orders.
CREATE TABLE dashboard_revenue_hours (
    hour timestamptz PRIMARY KEY,
    revenue numeric(14, 2) NOT NULL
);

LOCK TABLE orders IN SHARE MODE;
INSERT INTO dashboard_revenue_hours (hour, revenue)
SELECT date_trunc('hour', created_at, 'UTC'), sum(total)
FROM orders WHERE status <> 'cancelled'
GROUP BY 1;

-- What the statement moved into an hour's revenue (`arrived`: rows inserted
-- or as updated, not cancelled) less what it moved out (`departed`: rows
-- deleted or as they were before the update). An update that changes no
-- status or total moves nothing and writes nothing. PL/pgSQL plans a
-- statement when it first runs it, so each trigger reads only the
-- transition tables it has.
CREATE FUNCTION dashboard_count_revenue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO dashboard_revenue_hours AS h (hour, revenue)
        SELECT date_trunc('hour', created_at, 'UTC'), sum(total) FROM arrived
        WHERE status <> 'cancelled' GROUP BY 1
        ON CONFLICT (hour) DO UPDATE SET revenue = h.revenue + excluded.revenue;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE dashboard_revenue_hours h SET revenue = h.revenue - moved.amount
        FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, sum(total) AS amount FROM departed
              WHERE status <> 'cancelled' GROUP BY 1) moved
        WHERE h.hour = moved.hour;
    ELSE
        INSERT INTO dashboard_revenue_hours AS h (hour, revenue)
        SELECT hour, sum(amount) FROM (
            SELECT date_trunc('hour', created_at, 'UTC') AS hour, total AS amount FROM arrived
            WHERE status <> 'cancelled'
            UNION ALL
            SELECT date_trunc('hour', created_at, 'UTC'), -total FROM departed
            WHERE status <> 'cancelled'
        ) moved
        GROUP BY hour HAVING sum(amount) <> 0
        ON CONFLICT (hour) DO UPDATE SET revenue = h.revenue + excluded.revenue;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER orders_revenue_in AFTER INSERT ON orders REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_revenue();
CREATE TRIGGER orders_revenue_changed AFTER UPDATE ON orders REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_revenue();
CREATE TRIGGER orders_revenue_out AFTER DELETE ON orders REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_revenue();

-- The revenue of orders placed from `since` until `until` (not cancelled):
-- the whole UTC hours between them from dashboard_revenue_hours, and the
-- parts of an hour at either end (a time zone whose offset has minutes)
-- from the orders, through orders_revenue_idx.
CREATE FUNCTION dashboard_revenue(since timestamptz, until timestamptz) RETURNS numeric
LANGUAGE sql STABLE AS $$
    SELECT COALESCE((SELECT sum(revenue) FROM dashboard_revenue_hours
                     WHERE hour >= date_trunc('hour', since + interval '1 hour' - interval '1 microsecond', 'UTC')
                       AND hour < date_trunc('hour', until, 'UTC')), 0)
         + COALESCE((SELECT sum(total) FROM orders
                     WHERE status <> 'cancelled'
                       AND ((created_at >= since
                             AND created_at < LEAST(until, date_trunc('hour', since + interval '1 hour' - interval '1 microsecond', 'UTC')))
                         OR (created_at >= GREATEST(since, date_trunc('hour', until, 'UTC'))
                             AND created_at < until))), 0)
$$;

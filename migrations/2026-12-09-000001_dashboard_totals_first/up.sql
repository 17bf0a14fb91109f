-- The dashboard's counters are kept by statement triggers on orders and
-- bookings: some update the one `dashboard_totals` row, others the kept
-- counts' rows (by hour, day, status, unpaid). Triggers fire in the order of
-- their names, so an INSERT took the totals row before its count row and an
-- UPDATE (an order paid, a booking confirmed) its count rows before the
-- totals row: an order placed while another was paid could deadlock (seen
-- under `just bench`'s payments scenario, a 500 "deadlock detected").
-- Every write to these tables now takes the totals row first, before any of
-- its triggers, so the locks are always taken in one order.
CREATE FUNCTION dashboard_totals_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM dashboard_totals FOR NO KEY UPDATE;
    RETURN NULL;
END $$;

CREATE TRIGGER orders_totals_first BEFORE INSERT OR UPDATE OR DELETE ON orders
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_first();
CREATE TRIGGER bookings_totals_first BEFORE INSERT OR UPDATE OR DELETE ON bookings
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_first();

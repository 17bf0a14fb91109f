-- What waits for the owner (GET /api/admin/summary: pending orders and
-- bookings, new and unanswered messages), kept in dashboard_totals as rows
-- come, change and go, like the all-time figures beside them (migration
-- 2026-11-29-000001): counted from their indexes, these grew with the years
-- of rows behind them (issue 23). Each trigger counts its statement's rows
-- in and out of a state and touches the one totals row only when the count
-- moved, so the many updates that change no state (payments, notes, replies
-- to read messages) never queue behind it.
ALTER TABLE dashboard_totals
    ADD COLUMN orders_pending bigint NOT NULL DEFAULT 0,
    ADD COLUMN bookings_pending bigint NOT NULL DEFAULT 0,
    ADD COLUMN messages_new bigint NOT NULL DEFAULT 0,
    ADD COLUMN messages_unanswered bigint NOT NULL DEFAULT 0;

-- Counted under a lock, so no write slips between the count and the triggers.
LOCK TABLE orders, bookings, contact_messages IN SHARE MODE;
UPDATE dashboard_totals SET
    orders_pending = (SELECT count(*) FROM orders WHERE status = 'pending'),
    bookings_pending = (SELECT count(*) FROM bookings WHERE status = 'pending'),
    messages_new = (SELECT count(*) FROM contact_messages WHERE read_at IS NULL),
    messages_unanswered = (SELECT count(*) FROM contact_messages WHERE answered_at IS NULL);

-- Orders and bookings: the rows of the statement that are pending after it
-- (`arrived`: inserted or updated) less those that were before it
-- (`departed`: updated or deleted). The column is the trigger's argument.
-- PL/pgSQL plans a statement when it first runs it, so a trigger without
-- one of the two transition tables never reads it.
CREATE FUNCTION dashboard_count_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    moved bigint := 0;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        moved := moved + (SELECT count(*) FROM arrived WHERE status = 'pending');
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        moved := moved - (SELECT count(*) FROM departed WHERE status = 'pending');
    END IF;
    IF moved <> 0 THEN
        EXECUTE format('UPDATE dashboard_totals SET %1$I = %1$I + $1', TG_ARGV[0]) USING moved;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER orders_pending_in AFTER INSERT ON orders REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('orders_pending');
CREATE TRIGGER orders_pending_changed AFTER UPDATE ON orders REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('orders_pending');
CREATE TRIGGER orders_pending_out AFTER DELETE ON orders REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('orders_pending');
CREATE TRIGGER bookings_pending_in AFTER INSERT ON bookings REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('bookings_pending');
CREATE TRIGGER bookings_pending_changed AFTER UPDATE ON bookings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('bookings_pending');
CREATE TRIGGER bookings_pending_out AFTER DELETE ON bookings REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_pending('bookings_pending');

-- Messages: not yet read, and not yet answered, the same way.
CREATE FUNCTION dashboard_count_waiting_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    unread bigint := 0;
    unanswered bigint := 0;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT unread + count(*) FILTER (WHERE read_at IS NULL),
               unanswered + count(*) FILTER (WHERE answered_at IS NULL)
            INTO unread, unanswered FROM arrived;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT unread - count(*) FILTER (WHERE read_at IS NULL),
               unanswered - count(*) FILTER (WHERE answered_at IS NULL)
            INTO unread, unanswered FROM departed;
    END IF;
    IF unread <> 0 OR unanswered <> 0 THEN
        UPDATE dashboard_totals SET messages_new = messages_new + unread,
            messages_unanswered = messages_unanswered + unanswered;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER contact_messages_waiting_in AFTER INSERT ON contact_messages REFERENCING NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_waiting_messages();
CREATE TRIGGER contact_messages_waiting_changed AFTER UPDATE ON contact_messages
    REFERENCING OLD TABLE AS departed NEW TABLE AS arrived
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_waiting_messages();
CREATE TRIGGER contact_messages_waiting_out AFTER DELETE ON contact_messages REFERENCING OLD TABLE AS departed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_waiting_messages();

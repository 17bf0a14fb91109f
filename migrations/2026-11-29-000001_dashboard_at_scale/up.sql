-- The dashboard after years of business (issue 23, docs/decisions.md §17):
-- every list is read a page at a time, newest first, from an index on
-- (created_at, id) — the keyset the pages follow — and searched through
-- trigram indexes, so a page costs the same at 1,000 rows as at 1,000,000.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the
-- database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The search text of a row: the same expression in the index and in the
-- store's query (store-postgres/src/paging.rs), or the index is not used.
CREATE INDEX orders_newest_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_newest_idx ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_search_idx ON orders
    USING gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);

CREATE INDEX bookings_newest_idx ON bookings (created_at DESC, id DESC);
CREATE INDEX bookings_status_newest_idx ON bookings (status, created_at DESC, id DESC);
CREATE INDEX bookings_service_newest_idx ON bookings (service, created_at DESC, id DESC);
-- "Pending massages": the Bookings tab's two filters together.
CREATE INDEX bookings_service_status_newest_idx ON bookings (service, status, created_at DESC, id DESC);
CREATE INDEX bookings_search_idx ON bookings
    USING gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);
-- A visit as the days it holds: a treatment its day, a stay its nights (the
-- check-out day is not one). Found by overlap with the days asked for.
CREATE INDEX bookings_visit_idx ON bookings USING gist (daterange(date, COALESCE(check_out, date + 1)));

-- Contact messages the owner works through: read, then answered.
ALTER TABLE contact_messages
    ADD COLUMN read_at timestamptz,
    ADD COLUMN answered_at timestamptz,
    ADD CONSTRAINT contact_messages_answered_read CHECK (answered_at IS NULL OR read_at IS NOT NULL);
CREATE INDEX contact_messages_newest_idx ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_unread_idx ON contact_messages (created_at DESC, id DESC) WHERE read_at IS NULL;
CREATE INDEX contact_messages_unanswered_idx ON contact_messages (created_at DESC, id DESC) WHERE answered_at IS NULL;
CREATE INDEX contact_messages_search_idx ON contact_messages
    USING gin (lower(first_name || ' ' || last_name || ' ' || email || ' ' || message) gin_trgm_ops);

-- The owner's replies, kept with the message; each is sent through the outbox.
CREATE TABLE contact_message_replies (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    message_id uuid NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    body text NOT NULL,
    -- The admin who wrote it (their e-mail at the time, as the audit trail keeps it).
    sent_by text NOT NULL,
    outbox_id uuid REFERENCES outbox_messages (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_message_replies_message_idx ON contact_message_replies (message_id, created_at);

CREATE INDEX newsletter_subscriptions_newest_idx ON newsletter_subscriptions (created_at DESC, id DESC);
CREATE INDEX newsletter_subscriptions_search_idx ON newsletter_subscriptions USING gin (lower(email) gin_trgm_ops);

-- The mail log pages by (created_at, id) too.
DROP INDEX outbox_messages_created_idx;
CREATE INDEX outbox_messages_newest_idx ON outbox_messages (created_at DESC, id DESC);

-- The dashboard's all-time figures (GET /api/admin/summary): kept by
-- statement triggers as rows come and go, so the stat cards never sum a
-- million orders. An order's total never changes once placed (a refund is
-- recorded beside it), so inserts and deletes are all that move them.
CREATE TABLE dashboard_totals (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    orders bigint NOT NULL,
    order_revenue numeric(14, 2) NOT NULL,
    bookings bigint NOT NULL,
    contact_messages bigint NOT NULL,
    newsletter_subscriptions bigint NOT NULL
);
INSERT INTO dashboard_totals
SELECT true,
       (SELECT count(*) FROM orders),
       (SELECT COALESCE(sum(total), 0) FROM orders),
       (SELECT count(*) FROM bookings),
       (SELECT count(*) FROM contact_messages),
       (SELECT count(*) FROM newsletter_subscriptions);

CREATE FUNCTION dashboard_count_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE dashboard_totals SET orders = orders + (SELECT count(*) FROM changed),
            order_revenue = order_revenue + (SELECT COALESCE(sum(total), 0) FROM changed);
    ELSE
        UPDATE dashboard_totals SET orders = orders - (SELECT count(*) FROM changed),
            order_revenue = order_revenue - (SELECT COALESCE(sum(total), 0) FROM changed);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER orders_counted_in AFTER INSERT ON orders REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_orders();
CREATE TRIGGER orders_counted_out AFTER DELETE ON orders REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_orders();

-- The same count for the other tables: the column of dashboard_totals is the trigger's argument.
CREATE FUNCTION dashboard_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    moved bigint;
BEGIN
    SELECT count(*) INTO moved FROM changed;
    IF TG_OP = 'DELETE' THEN
        moved := -moved;
    END IF;
    EXECUTE format('UPDATE dashboard_totals SET %1$I = %1$I + $1', TG_ARGV[0]) USING moved;
    RETURN NULL;
END $$;
CREATE TRIGGER bookings_counted_in AFTER INSERT ON bookings REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('bookings');
CREATE TRIGGER bookings_counted_out AFTER DELETE ON bookings REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('bookings');
CREATE TRIGGER contact_messages_counted_in AFTER INSERT ON contact_messages REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('contact_messages');
CREATE TRIGGER contact_messages_counted_out AFTER DELETE ON contact_messages REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('contact_messages');
CREATE TRIGGER newsletter_subscriptions_counted_in AFTER INSERT ON newsletter_subscriptions REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('newsletter_subscriptions');
CREATE TRIGGER newsletter_subscriptions_counted_out AFTER DELETE ON newsletter_subscriptions REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_rows('newsletter_subscriptions');

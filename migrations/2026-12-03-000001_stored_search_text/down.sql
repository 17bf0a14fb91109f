DROP INDEX outbox_messages_search_idx;
ALTER TABLE outbox_messages DROP COLUMN search_text;
CREATE INDEX outbox_messages_search_idx ON outbox_messages USING gin (lower(recipient || ' ' || subject) gin_trgm_ops);

DROP INDEX newsletter_subscriptions_search_idx;
ALTER TABLE newsletter_subscriptions DROP COLUMN search_text;
CREATE INDEX newsletter_subscriptions_search_idx ON newsletter_subscriptions USING gin (lower(email) gin_trgm_ops);

DROP INDEX contact_messages_search_idx;
ALTER TABLE contact_messages DROP COLUMN search_text;
CREATE INDEX contact_messages_search_idx ON contact_messages
    USING gin (lower(first_name || ' ' || last_name || ' ' || email || ' ' || message) gin_trgm_ops);

DROP INDEX bookings_search_idx;
ALTER TABLE bookings DROP COLUMN search_text;
CREATE INDEX bookings_search_idx ON bookings
    USING gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);

DROP INDEX orders_search_idx;
ALTER TABLE orders DROP COLUMN search_text;
CREATE INDEX orders_search_idx ON orders
    USING gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);

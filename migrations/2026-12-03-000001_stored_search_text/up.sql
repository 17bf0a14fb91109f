-- A list's search text, lower-cased once when a row is written instead of on
-- every row a search reads (docs/decisions.md §17, "The search text is
-- stored"). A search's count rechecks up to 1,001 rows and its page walks up
-- to 40 pages' worth; lower-casing and joining the text of each was most of
-- that time. The trigram indexes keep their names and now index the column;
-- each list's conditions in store-postgres search it (`search_text.like(…)`).
ALTER TABLE orders ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED;
DROP INDEX orders_search_idx;
CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);

ALTER TABLE bookings ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED;
DROP INDEX bookings_search_idx;
CREATE INDEX bookings_search_idx ON bookings USING gin (search_text gin_trgm_ops);

ALTER TABLE contact_messages ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || message)) STORED;
DROP INDEX contact_messages_search_idx;
CREATE INDEX contact_messages_search_idx ON contact_messages USING gin (search_text gin_trgm_ops);

ALTER TABLE newsletter_subscriptions ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(email)) STORED;
DROP INDEX newsletter_subscriptions_search_idx;
CREATE INDEX newsletter_subscriptions_search_idx ON newsletter_subscriptions USING gin (search_text gin_trgm_ops);

ALTER TABLE outbox_messages ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(recipient || ' ' || subject)) STORED;
DROP INDEX outbox_messages_search_idx;
CREATE INDEX outbox_messages_search_idx ON outbox_messages USING gin (search_text gin_trgm_ops);

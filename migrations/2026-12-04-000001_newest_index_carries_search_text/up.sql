-- The newest-first indexes of the orders, bookings and subscribers carry each
-- row's search text, so a common word's count can walk them newest first and
-- stop at its 1,001 matches without reading the table (an index-only scan):
-- the trigram index cannot stop early, and its list of a word on 3 % of a
-- million orders is 33,000 entries (docs/decisions.md §17, "A common word's
-- count walks"; store-postgres `paging::walk_pays`). The messages' text is
-- too long for a B-tree entry, and the outbox keeps no total to judge by.
DROP INDEX orders_newest_idx;
CREATE INDEX orders_newest_idx ON orders (created_at DESC, id DESC) INCLUDE (search_text);
DROP INDEX bookings_newest_idx;
CREATE INDEX bookings_newest_idx ON bookings (created_at DESC, id DESC) INCLUDE (search_text);
DROP INDEX newsletter_subscriptions_newest_idx;
CREATE INDEX newsletter_subscriptions_newest_idx ON newsletter_subscriptions (created_at DESC, id DESC)
    INCLUDE (search_text);

DROP INDEX orders_newest_idx;
CREATE INDEX orders_newest_idx ON orders (created_at DESC, id DESC);
DROP INDEX bookings_newest_idx;
CREATE INDEX bookings_newest_idx ON bookings (created_at DESC, id DESC);
DROP INDEX newsletter_subscriptions_newest_idx;
CREATE INDEX newsletter_subscriptions_newest_idx ON newsletter_subscriptions (created_at DESC, id DESC);

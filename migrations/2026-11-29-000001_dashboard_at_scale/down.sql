DROP TRIGGER newsletter_subscriptions_counted_out ON newsletter_subscriptions;
DROP TRIGGER newsletter_subscriptions_counted_in ON newsletter_subscriptions;
DROP TRIGGER contact_messages_counted_out ON contact_messages;
DROP TRIGGER contact_messages_counted_in ON contact_messages;
DROP TRIGGER bookings_counted_out ON bookings;
DROP TRIGGER bookings_counted_in ON bookings;
DROP TRIGGER orders_counted_out ON orders;
DROP TRIGGER orders_counted_in ON orders;
DROP FUNCTION dashboard_count_rows();
DROP FUNCTION dashboard_count_orders();
DROP TABLE dashboard_totals;
DROP INDEX outbox_messages_newest_idx;
CREATE INDEX outbox_messages_created_idx ON outbox_messages (created_at DESC);
DROP INDEX newsletter_subscriptions_search_idx;
DROP INDEX newsletter_subscriptions_newest_idx;
DROP TABLE contact_message_replies;
DROP INDEX contact_messages_search_idx;
DROP INDEX contact_messages_unanswered_idx;
DROP INDEX contact_messages_unread_idx;
DROP INDEX contact_messages_newest_idx;
ALTER TABLE contact_messages
    DROP CONSTRAINT contact_messages_answered_read,
    DROP COLUMN answered_at,
    DROP COLUMN read_at;
DROP INDEX bookings_visit_idx;
DROP INDEX bookings_search_idx;
DROP INDEX bookings_service_status_newest_idx;
DROP INDEX bookings_service_newest_idx;
DROP INDEX bookings_status_newest_idx;
DROP INDEX bookings_newest_idx;
DROP INDEX orders_search_idx;
DROP INDEX orders_status_newest_idx;
DROP INDEX orders_newest_idx;

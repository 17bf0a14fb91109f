DROP TRIGGER contact_messages_waiting_out ON contact_messages;
DROP TRIGGER contact_messages_waiting_changed ON contact_messages;
DROP TRIGGER contact_messages_waiting_in ON contact_messages;
DROP FUNCTION dashboard_count_waiting_messages();
DROP TRIGGER bookings_pending_out ON bookings;
DROP TRIGGER bookings_pending_changed ON bookings;
DROP TRIGGER bookings_pending_in ON bookings;
DROP TRIGGER orders_pending_out ON orders;
DROP TRIGGER orders_pending_changed ON orders;
DROP TRIGGER orders_pending_in ON orders;
DROP FUNCTION dashboard_count_pending();
ALTER TABLE dashboard_totals
    DROP COLUMN messages_unanswered,
    DROP COLUMN messages_new,
    DROP COLUMN bookings_pending,
    DROP COLUMN orders_pending;

DELETE FROM outbox_attempts WHERE message_id IN (SELECT id FROM outbox_messages
    WHERE template IN ('order_refunded', 'deposit_refunded', 'deposit_action_required'));
DELETE FROM outbox_messages WHERE template IN ('order_refunded', 'deposit_refunded', 'deposit_action_required');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled'));
DROP TABLE payment_events;
DROP TABLE refunds;
DROP TABLE payments;
ALTER TABLE bookings
    DROP COLUMN deposit_state,
    DROP COLUMN deposit_amount,
    DROP COLUMN deposit_refunded,
    DROP COLUMN deposit_customer,
    DROP COLUMN deposit_method,
    DROP COLUMN deposit_error;
ALTER TABLE services
    DROP CONSTRAINT services_one_deposit,
    DROP COLUMN deposit_amount,
    DROP COLUMN deposit_percent;
DROP INDEX orders_awaiting_payment_idx;
ALTER TABLE orders
    DROP COLUMN payment_state,
    DROP COLUMN payment_refunded,
    DROP COLUMN payment_error;

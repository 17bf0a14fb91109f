DELETE FROM outbox_attempts WHERE message_id IN (SELECT id FROM outbox_messages WHERE template = 'gift_card_delivered');
DELETE FROM outbox_messages WHERE template = 'gift_card_delivered';
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required'));
DELETE FROM idempotency_keys WHERE operation = 'buy_gift_card';
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_operation_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_operation_check
    CHECK (operation IN ('place_order', 'request_booking'));
ALTER TABLE bookings
    DROP CONSTRAINT bookings_gift_card_pair,
    DROP COLUMN gift_card_last_four,
    DROP COLUMN gift_card_amount,
    DROP COLUMN gift_card_id;
ALTER TABLE orders
    DROP CONSTRAINT orders_gift_card_within_total,
    DROP CONSTRAINT orders_gift_card_pair,
    DROP COLUMN gift_card_last_four,
    DROP COLUMN gift_card_amount,
    DROP COLUMN gift_card_id;
DROP TABLE gift_card_ledger;
DROP TABLE gift_cards;

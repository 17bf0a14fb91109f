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

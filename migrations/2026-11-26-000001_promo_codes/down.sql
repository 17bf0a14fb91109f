DROP INDEX bookings_promo_code_idx;
ALTER TABLE bookings DROP COLUMN promo_code, DROP COLUMN promo_code_id, DROP COLUMN discount;
DROP INDEX orders_promo_code_idx;
ALTER TABLE orders DROP COLUMN promo_code, DROP COLUMN promo_code_id, DROP COLUMN discount;
DROP TABLE promo_codes;

ALTER TABLE orders DROP CONSTRAINT orders_items_is_a_list;
ALTER TABLE orders ALTER COLUMN items TYPE TEXT USING items::text;

ALTER TABLE bookings ALTER COLUMN date TYPE TEXT USING to_char(date, 'YYYY-MM-DD');
ALTER TABLE bookings ADD CONSTRAINT bookings_date_check CHECK (date ~ '^\d{4}-\d{2}-\d{2}$');

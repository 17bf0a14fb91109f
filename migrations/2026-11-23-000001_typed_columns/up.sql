-- Columns get the types of what they hold; the API's text forms are made at
-- the wire. Existing rows convert in place (every booking date already
-- matched yyyy-MM-dd, every order's items were JSON written by the server).

ALTER TABLE bookings DROP CONSTRAINT bookings_date_check;
ALTER TABLE bookings ALTER COLUMN date TYPE DATE USING date::date;

-- A JSON list of {productId, productName, price, quantity}, as priced by the server.
ALTER TABLE orders ALTER COLUMN items TYPE JSONB USING items::jsonb;
ALTER TABLE orders ADD CONSTRAINT orders_items_is_a_list CHECK (jsonb_typeof(items) = 'array');

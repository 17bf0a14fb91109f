ALTER TABLE services DROP COLUMN booking_key;

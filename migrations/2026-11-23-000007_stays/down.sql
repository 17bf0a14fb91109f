ALTER TABLE bookings DROP CONSTRAINT bookings_stay_nights;
ALTER TABLE bookings DROP COLUMN check_out;

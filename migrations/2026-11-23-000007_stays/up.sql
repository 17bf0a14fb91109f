-- Stays over several nights (docs/decisions.md §9): an accommodation booking
-- runs from `date` (check-in) to `check_out`, 1 to 14 nights. Other services
-- keep a single date and have none. Existing accommodation requests were one
-- night.
ALTER TABLE bookings ADD COLUMN check_out DATE;
UPDATE bookings SET check_out = date + 1 WHERE service = 'accommodation';
ALTER TABLE bookings ADD CONSTRAINT bookings_stay_nights
    CHECK (check_out IS NULL OR (check_out > date AND check_out <= date + 14));

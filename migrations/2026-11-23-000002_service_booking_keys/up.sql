-- A service record carries the booking key guests book it under
-- (docs/decisions.md §5). Capacity entries, prices and the quiz find a key's
-- record through this column, never through the record's display name, so
-- renaming a service changes nothing about its bookings. One record per key.
ALTER TABLE services
    ADD COLUMN booking_key TEXT UNIQUE
        CHECK (booking_key IN ('massage', 'spa', 'accommodation', 'package'));

-- Until now a key found its record by name: give each key to the first
-- record with the specification's name.
UPDATE services SET booking_key = keys.key
FROM (VALUES ('massage', 'Massage Therapy'),
             ('spa', 'Rustic Spa Treatments'),
             ('accommodation', 'Tiny Home Retreat'),
             ('package', 'Wellness Packages')) AS keys (key, name)
WHERE services.id = (SELECT s.id FROM services s WHERE s.name = keys.name ORDER BY s.id LIMIT 1);

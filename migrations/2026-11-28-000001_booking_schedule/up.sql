-- The retreat's standing schedule (issue 26, docs/decisions.md §5): one row,
-- or none for the specification's calendar (every time open, no standing
-- limit, bookable until it begins, however far ahead).
CREATE TABLE booking_schedule (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    -- Guests per time (massage, spa, package) and Tiny Home units per night;
    -- NULL is open, no standing limit.
    massage_capacity integer CHECK (massage_capacity BETWEEN 1 AND 10000),
    spa_capacity integer CHECK (spa_capacity BETWEEN 1 AND 10000),
    package_capacity integer CHECK (package_capacity BETWEEN 1 AND 10000),
    accommodation_capacity integer CHECK (accommodation_capacity BETWEEN 1 AND 10000),
    -- The open times, as 'mon 9:00' … 'sun 17:00'.
    open_times text[] NOT NULL,
    minimum_notice_hours integer NOT NULL CHECK (minimum_notice_hours BETWEEN 0 AND 720),
    -- NULL: no horizon (the specification's calendar).
    horizon_days integer CHECK (horizon_days BETWEEN 1 AND 730),
    updated_at timestamptz NOT NULL DEFAULT now()
);

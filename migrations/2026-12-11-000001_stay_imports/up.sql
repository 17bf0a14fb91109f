-- The Tiny Home in step with other sites (issue 44). Each row is a listing's
-- iCalendar export the owner pasted (Airbnb, VRBO, Booking.com); the server
-- fetches it on a schedule and every night taken there becomes a Tiny Home
-- blackout here, marked with its import. A failed fetch keeps the last
-- good state and says why.
CREATE TABLE stay_imports (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    url TEXT NOT NULL UNIQUE CHECK (length(url) BETWEEN 8 AND 2000),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- When a process last claimed it for a fetch (the schedule counts from here).
    attempted_at TIMESTAMPTZ,
    -- When a fetch last succeeded, and how many nights it held.
    synced_at TIMESTAMPTZ,
    nights INTEGER NOT NULL DEFAULT 0,
    -- Why the last fetch failed; NULL after a success.
    last_error TEXT
);

-- The blackouts an import made: replaced as a whole by each good fetch,
-- removed with the import. The owner's own blackouts have none.
ALTER TABLE blackout_dates ADD COLUMN import_id UUID REFERENCES stay_imports (id) ON DELETE CASCADE;
CREATE INDEX blackout_dates_import ON blackout_dates (import_id) WHERE import_id IS NOT NULL;

-- How often the imports are fetched (minutes), one row.
CREATE TABLE stay_sync_settings (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    every_minutes INTEGER NOT NULL DEFAULT 15 CHECK (every_minutes BETWEEN 5 AND 1440)
);

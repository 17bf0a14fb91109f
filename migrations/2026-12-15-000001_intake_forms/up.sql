-- Intake and consent forms (issue 45, docs/decisions.md §22 "Intake forms").

-- The owner's form for a service: its questions as a JSON list (see
-- store-postgres/src/intake.rs), raised a version on each save.
CREATE TABLE intake_forms (
    service TEXT PRIMARY KEY CHECK (service IN ('massage', 'spa', 'package', 'accommodation')),
    title TEXT NOT NULL,
    introduction TEXT NOT NULL DEFAULT '',
    questions JSONB NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
    version INTEGER NOT NULL DEFAULT 1,
    updated_at TIMESTAMPTZ NOT NULL
);

-- A guest's answers: health data, kept apart from bookings (no booking read,
-- export, feed or mail joins this table). Never updated: a new submission
-- is a new row, and the latest of a booking counts. The form is kept as she
-- answered it. Deleted by the purge a set time after her last visit.
CREATE TABLE intake_answers (
    id UUID PRIMARY KEY,
    booking_id UUID REFERENCES bookings (id) ON DELETE SET NULL,
    email TEXT NOT NULL,
    service TEXT NOT NULL,
    form JSONB NOT NULL,
    answers JSONB NOT NULL,
    signature TEXT,
    needs_review BOOLEAN NOT NULL,
    unchanged BOOLEAN NOT NULL DEFAULT false,
    signed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX intake_answers_booking_idx ON intake_answers (booking_id, signed_at DESC);
CREATE INDEX intake_answers_email_idx ON intake_answers (lower(email), service, signed_at DESC);

-- The owner's settings: forms lock this many hours before the visit;
-- answers are deleted this many months after the guest's last visit.
CREATE TABLE intake_settings (
    id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
    lock_hours INTEGER NOT NULL DEFAULT 12 CHECK (lock_hours BETWEEN 0 AND 168),
    keep_months INTEGER NOT NULL DEFAULT 24 CHECK (keep_months BETWEEN 1 AND 120),
    purged_at TIMESTAMPTZ
);
INSERT INTO intake_settings (id) VALUES (true);

-- Who may open guests' answers: a permission of its own, given by an owner.
ALTER TABLE admin_users ADD COLUMN can_read_intake BOOLEAN NOT NULL DEFAULT false;

-- The retreat's ten entities (docs/specification.md §3) plus the rows the server needs to
-- share between processes: settings, login throttling and newsletter sign-ups.
-- Enumerations are TEXT with CHECK constraints so values stay readable in SQL
-- and adding one is a one-line migration.

CREATE TABLE services (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    price       NUMERIC(10, 2) NOT NULL CHECK (price >= 0),
    duration    INTEGER NOT NULL CHECK (duration >= 1),
    image       TEXT NOT NULL
);

CREATE TABLE products (
    id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name        TEXT NOT NULL,
    category    TEXT NOT NULL CHECK (category IN ('skincare', 'candles', 'teas')),
    price       NUMERIC(10, 2) NOT NULL CHECK (price >= 0),
    description TEXT NOT NULL,
    image       TEXT NOT NULL
);

CREATE TABLE product_media (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    type       TEXT NOT NULL CHECK (type IN ('image', 'video')),
    title      TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX product_media_product_id_idx ON product_media (product_id, sort_order);

CREATE TABLE blog_posts (
    id           UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    title        TEXT NOT NULL,
    slug         TEXT NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    excerpt      TEXT NOT NULL,
    content      TEXT NOT NULL,
    image        TEXT NOT NULL,
    published_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    service    TEXT NOT NULL CHECK (service IN ('massage', 'spa', 'accommodation', 'package')),
    -- Text as the specification has it, but always a real yyyy-MM-dd date.
    date       TEXT NOT NULL CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
    time       TEXT NOT NULL CHECK (time IN ('9:00', '11:00', '13:00', '15:00', '17:00')),
    notes      TEXT,
    status     TEXT NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bookings_date_idx ON bookings (date);

CREATE TABLE contact_messages (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    interest   TEXT CHECK (interest IN ('massage', 'spa', 'accommodation', 'package', 'products', 'general')),
    message    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE orders (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    phone      TEXT,
    address    TEXT NOT NULL,
    city       TEXT NOT NULL,
    state      TEXT NOT NULL,
    zip        TEXT NOT NULL,
    -- A JSON list of {productId, productName, price, quantity}, as priced by the server.
    items      TEXT NOT NULL,
    subtotal   NUMERIC(10, 2) NOT NULL CHECK (subtotal >= 0),
    tax        NUMERIC(10, 2) NOT NULL CHECK (tax >= 0),
    shipping   NUMERIC(10, 2) NOT NULL CHECK (shipping >= 0),
    total      NUMERIC(10, 2) NOT NULL CHECK (total >= 0),
    status     TEXT NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE admin_users (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Stored lower-case, so uniqueness ignores case.
    email      TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
    password   TEXT NOT NULL,
    name       TEXT NOT NULL,
    is_active  BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_login TIMESTAMPTZ
);

CREATE TABLE availability (
    id                 UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    service_id         UUID REFERENCES services (id) ON DELETE CASCADE,
    accommodation_type TEXT CHECK (accommodation_type IN ('tiny_home', 'retreat')),
    date               DATE NOT NULL,
    time_slot          TEXT CHECK (time_slot IN ('9:00', '11:00', '13:00', '15:00', '17:00')),
    max_capacity       INTEGER NOT NULL DEFAULT 1 CHECK (max_capacity >= 1),
    current_bookings   INTEGER NOT NULL DEFAULT 0 CHECK (current_bookings >= 0),
    is_blocked         BOOLEAN NOT NULL DEFAULT FALSE,
    block_reason       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT availability_within_capacity CHECK (current_bookings <= max_capacity),
    -- One entry per (date, service, accommodation, slot); absent parts count as equal.
    CONSTRAINT availability_entry_key UNIQUE NULLS NOT DISTINCT (date, service_id, accommodation_type, time_slot)
);

CREATE TABLE blackout_dates (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    start_date DATE NOT NULL,
    end_date   DATE NOT NULL,
    type       TEXT NOT NULL DEFAULT 'all' CHECK (type IN ('all', 'services', 'tiny_home', 'retreat')),
    reason     TEXT,
    -- Removing an admin keeps the periods they created.
    created_by UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT blackout_dates_in_order CHECK (end_date >= start_date)
);
CREATE INDEX blackout_dates_range_idx ON blackout_dates (start_date, end_date);

CREATE TABLE newsletter_subscriptions (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    email      TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Failed logins per client address, shared by every server process.
CREATE TABLE login_attempts (
    client            TEXT PRIMARY KEY,
    failures          INTEGER NOT NULL,
    window_started_at TIMESTAMPTZ NOT NULL
);

-- Process-independent settings: the generated JWT secret, the demo-data marker.
CREATE TABLE app_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The media library (issue 24): every uploaded file, kept once under its
-- content-addressed name (SHA-256 of the cleaned bytes and the type's
-- extension) in the media store (a folder, or an S3-compatible bucket).
-- Where a file is shown is not recorded here: it is read from the
-- catalogue's own URLs (/media/uploads/<name>) when the library is listed
-- and when a file is deleted, so it is never out of date.
CREATE TABLE media_files (
    id            UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name          TEXT NOT NULL UNIQUE CHECK (name ~ '^[0-9a-f]{64}\.(jpg|png|webp|avif|mp4|webm)$'),
    kind          TEXT NOT NULL CHECK (kind IN ('jpeg', 'png', 'webp', 'avif', 'mp4', 'webm')),
    byte_size     BIGINT NOT NULL CHECK (byte_size > 0),
    width         INTEGER CHECK (width > 0),
    height        INTEGER CHECK (height > 0),
    original_name TEXT NOT NULL CHECK (char_length(original_name) BETWEEN 1 AND 120),
    uploaded_by   UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    uploaded_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX media_files_uploaded_at ON media_files (uploaded_at DESC, id DESC);

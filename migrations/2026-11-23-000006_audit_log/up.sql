-- The audit trail (docs/decisions.md §12): one row per admin write or
-- checked login, written in the change's own transaction.
CREATE TABLE audit_log (
    id        UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- The admin who acted (kept when the admin is later removed: the
    -- e-mail in `actor` still says who it was).
    actor_id  UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    actor     TEXT NOT NULL,
    entity    TEXT NOT NULL,
    entity_id UUID,
    action    TEXT NOT NULL,
    summary   TEXT NOT NULL
);

CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_entity_at ON audit_log (entity, at DESC);

-- The owner's team (issue 24): roles, invitations, one row per signed-in
-- device, and single-use password-reset links.

-- Everyone who was an administrator before roles existed could do
-- everything: they are owners.
ALTER TABLE admin_users
    ADD COLUMN role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'staff'));

-- One row per sign-in. A token names its session; logging out ends only
-- that row, and a token whose row has ended stops working at once.
CREATE TABLE admin_sessions (
    id UUID PRIMARY KEY,
    admin_id UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    ended_at TIMESTAMPTZ,
    -- What the browser said it was (cut to 300 characters) and where the
    -- sign-in came from, for the Security view.
    user_agent TEXT NOT NULL DEFAULT '',
    client_address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX admin_sessions_open_idx ON admin_sessions (admin_id, last_seen_at DESC) WHERE ended_at IS NULL;

-- Invitations to the team. Only a hash of the link's secret is kept: the
-- mail is the one place the secret exists.
CREATE TABLE admin_invitations (
    id UUID PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
    token_hash TEXT NOT NULL UNIQUE,
    invited_by UUID REFERENCES admin_users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    accepted_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);
-- At most one open invitation per address.
CREATE UNIQUE INDEX admin_invitations_open_email_idx
    ON admin_invitations (lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;

CREATE TABLE admin_password_resets (
    id UUID PRIMARY KEY,
    admin_id UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX admin_password_resets_admin_idx ON admin_password_resets (admin_id);

-- The invitation and the reset link are mailed through the outbox.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset'));

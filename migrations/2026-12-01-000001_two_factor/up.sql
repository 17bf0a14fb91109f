-- Two-factor sign-in (issue 24): passkeys (WebAuthn), an authenticator app
-- (TOTP, RFC 6238) with one-time recovery codes, the sign-in step between
-- the password and the second factor, and the owner's rule that everyone
-- must have one.

-- Whether the member has a second factor (a passkey or a confirmed
-- authenticator app). Kept by the store in the same transaction as the
-- factor it reflects, so every place that reads an admin knows it.
ALTER TABLE admin_users ADD COLUMN two_factor BOOLEAN NOT NULL DEFAULT FALSE;

-- At most one authenticator app per member. Its secret must be readable to
-- check codes; `last_used_step` is the newest 30-second step a code was
-- accepted for, so a code (or an older one) cannot be used twice.
CREATE TABLE admin_totp (
    admin_id UUID PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    confirmed_at TIMESTAMPTZ,
    last_used_step BIGINT
);

-- One-time recovery codes, kept only as their SHA-256.
CREATE TABLE admin_recovery_codes (
    id UUID PRIMARY KEY,
    admin_id UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX admin_recovery_codes_admin_idx ON admin_recovery_codes (admin_id);

-- Passkeys: the credential as the WebAuthn library keeps it (public key,
-- counter), found by its credential id at sign-in.
CREATE TABLE admin_passkeys (
    id UUID PRIMARY KEY,
    admin_id UUID NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    passkey JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ
);
CREATE INDEX admin_passkeys_admin_idx ON admin_passkeys (admin_id);

-- A sign-in or passkey ceremony in progress: the step after a correct
-- password (admin known), a passwordless passkey sign-in (admin unknown
-- until the passkey answers), or a passkey being added. Only a hash of the
-- secret the browser holds is kept; `state` is the WebAuthn challenge state.
CREATE TABLE admin_sign_in_challenges (
    id UUID PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    purpose TEXT NOT NULL CHECK (purpose IN ('second_factor', 'passkey_sign_in', 'passkey_registration')),
    admin_id UUID REFERENCES admin_users (id) ON DELETE CASCADE,
    state JSONB,
    failed_attempts INT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX admin_sign_in_challenges_expires_idx ON admin_sign_in_challenges (expires_at);

DROP TABLE admin_sign_in_challenges;
DROP TABLE admin_passkeys;
DROP TABLE admin_recovery_codes;
DROP TABLE admin_totp;
ALTER TABLE admin_users DROP COLUMN two_factor;

DROP INDEX bookings_date_email_idx;
DROP TABLE idempotency_keys;
DROP TABLE public_write_counts;
DROP INDEX login_attempts_window_idx;
DROP TABLE account_login_attempts;
ALTER TABLE admin_users DROP COLUMN session_version;

ALTER TABLE admin_users DROP COLUMN can_read_intake;
DROP TABLE intake_settings;
DROP TABLE intake_answers;
DROP TABLE intake_forms;

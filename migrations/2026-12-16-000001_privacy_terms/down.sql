DROP TRIGGER intake_settings_changed ON intake_settings;

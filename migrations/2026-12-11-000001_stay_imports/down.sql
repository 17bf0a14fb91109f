DROP TABLE stay_sync_settings;
DROP INDEX blackout_dates_import;
ALTER TABLE blackout_dates DROP COLUMN import_id;
DROP TABLE stay_imports;

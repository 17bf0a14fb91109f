-- The privacy page states how long health answers are kept (the owner's
-- setting), so it is part of what every process keeps in memory: a change
-- of it tells them all, as a catalogue table's change does. Only a change
-- of that figure: the purge's hourly stamp on the same row must not make
-- every page again.
CREATE TRIGGER intake_settings_changed AFTER UPDATE OF keep_months ON intake_settings
    FOR EACH ROW WHEN (OLD.keep_months IS DISTINCT FROM NEW.keep_months)
    EXECUTE FUNCTION notify_catalogue_changed();

-- Every process keeps the catalogue's answers in memory (docs/decisions.md
-- §13). Any transaction that changes a catalogue table tells every listening
-- process on commit, whichever code path (or person) made the change.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
    RETURN NULL;
END
$$;

CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER product_media_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_media
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER services_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER blog_posts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

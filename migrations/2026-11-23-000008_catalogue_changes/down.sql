DROP TRIGGER blog_posts_changed ON blog_posts;
DROP TRIGGER services_changed ON services;
DROP TRIGGER product_media_changed ON product_media;
DROP TRIGGER products_changed ON products;
DROP FUNCTION notify_catalogue_changed();

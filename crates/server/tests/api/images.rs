//! Media images: right-sized WebP copies at fixed widths (`/media/…?w=`),
//! made once and kept, and the intrinsic sizes the catalogue answers carry.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

fn header(response: &reqwest::Response, name: &str) -> String {
    response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

/// The width and height an image's bytes declare.
fn dimensions(bytes: &[u8]) -> (usize, usize) {
    let size = imagesize::blob_size(bytes).expect("an image");
    (size.width, size.height)
}

/// A fresh folder for the copies, so a test sees what it made itself.
fn copies_folder() -> std::path::PathBuf {
    let folder =
        std::env::temp_dir().join(format!("golden-pine-test-copies-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder).expect("copies folder");
    folder
}

fn files_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() { pending.push(path) } else { files.push(path) }
        }
    }
    files
}

#[tokio::test]
async fn a_copy_has_the_width_asked_in_webp_and_is_made_once() {
    let folder = copies_folder();
    let app = spawn_app_with(Options { image_cache_dir: Some(folder.clone()), ..Options::default() }).await;
    let service = &app.get_json("/api/services").await[0];
    let image = service["image"].as_str().expect("image").to_owned();
    let (width, height) = (
        service["imageSize"]["width"].as_u64().expect("width"),
        service["imageSize"]["height"].as_u64().expect("height"),
    );
    let original = app.get(&image).await.bytes().await.expect("original");
    assert_eq!(dimensions(&original), (width as usize, height as usize), "imageSize is the file's own size");
    assert!(width > 640, "the demo's service pictures are wider than a phone needs: {width}");

    let response = app.get(&format!("{image}?w=640")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/webp");
    let cache = header(&response, "cache-control");
    assert!(cache.contains("max-age=86400"), "{cache}");
    let etag = header(&response, "etag");
    assert!(!etag.is_empty(), "copies revalidate like the originals");
    let copy = response.bytes().await.expect("copy");
    assert_eq!(&copy[..4], b"RIFF");
    assert_eq!(&copy[8..12], b"WEBP");
    let expected_height = (height as f64 * 640.0 / width as f64).round() as usize;
    assert_eq!(dimensions(&copy), (640, expected_height), "aspect kept");
    assert!(
        copy.len() * 2 < original.len(),
        "a 640-px copy is far lighter: {} vs {}",
        copy.len(),
        original.len()
    );

    // Kept: one file, not made again, same validator; a revalidation is a 304.
    let kept = files_under(&folder);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let made_at = std::fs::metadata(&kept[0]).expect("kept").modified().expect("mtime");
    let again = app.get(&format!("{image}?w=640")).await;
    assert_eq!(header(&again, "etag"), etag);
    assert_eq!(again.bytes().await.expect("copy"), copy);
    assert_eq!(
        std::fs::metadata(&kept[0]).expect("kept").modified().expect("mtime"),
        made_at,
        "not made twice"
    );
    let revalidated = app
        .request(reqwest::Method::GET, &format!("{image}?w=640"))
        .header("if-none-match", &etag)
        .send()
        .await
        .expect("request");
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);

    // Never wider than the source: a wide request gets the source's own width.
    let wide = app.get(&format!("{image}?w=1920")).await.bytes().await.expect("copy");
    assert_eq!(dimensions(&wide), (width as usize, height as usize));
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn only_fixed_widths_of_media_images_are_made_and_bad_requests_get_clear_errors() {
    let folder = copies_folder();
    let app = spawn_app_with(Options { image_cache_dir: Some(folder.clone()), ..Options::default() }).await;
    let image = app.demo_image().await;
    for width in ["500", "0", "-320", "abc", "99999999999", "320.5", ""] {
        let response = app.get(&format!("{image}?w={width}")).await;
        let body = assert_error_code(response, StatusCode::BAD_REQUEST, "invalid_query").await;
        assert!(body["message"].as_str().expect("message").contains("320, 640, 960, 1280 or 1920"), "{body}");
    }
    for path in [
        "/media/nothing-here.webp",
        "/media/products/cedar-ember-candle-flame.webm",
        "/media/products",
        "/media/products/",
    ] {
        let response = app.get(&format!("{path}?w=320")).await;
        assert_error_code(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    assert!(files_under(&folder).is_empty(), "nothing was made for a refused request");
    // The original stays the original.
    let original = app.get(&image).await;
    assert_eq!(original.status(), StatusCode::OK);
    assert_eq!(dimensions(&original.bytes().await.expect("original")).0, 800);
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn catalogue_answers_carry_the_intrinsic_size_of_site_images_and_null_for_others() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let created = app
        .post_as(
            &token,
            "/api/products",
            &json!({
                "name": "Far Away Jar", "category": "candles", "price": "12.00",
                "description": "Pictured elsewhere.", "image": "https://images.example.com/jar.webp"
            }),
        )
        .await;
    let created = expect_json(created, StatusCode::CREATED).await;
    assert!(created["imageSize"].is_null(), "an external picture's size is unknown: {created}");

    let products = app.get_json("/api/products").await;
    for product in products.as_array().expect("list") {
        let image = product["image"].as_str().expect("image");
        if image.starts_with("/media/") {
            let bytes = app.get(image).await.bytes().await.expect("image");
            let (width, height) = dimensions(&bytes);
            assert_eq!(product["imageSize"], json!({"width": width, "height": height}), "{image}");
        } else {
            assert!(product["imageSize"].is_null(), "{product}");
        }
    }
    let id = app.product("Cedar & Ember Candle").await["id"].as_str().expect("id").to_owned();
    for media in app.get_json(&format!("/api/products/{id}/media")).await.as_array().expect("media") {
        match media["type"].as_str() {
            Some("video") => assert!(media["size"].is_null(), "{media}"),
            _ => assert_eq!(media["size"], json!({"width": 800, "height": 800}), "{media}"),
        }
    }
    let post = &app.get_json("/api/blog-posts").await[0];
    assert_eq!(post["imageSize"], json!({"width": 1200, "height": 800}));
    let slug = post["slug"].as_str().expect("slug");
    assert_eq!(app.get_json(&format!("/api/blog-posts/{slug}")).await["imageSize"], post["imageSize"]);

    // A picture changed in the dashboard to another site file: the next answer has its size.
    let service = &app.get_json("/api/services").await[0];
    let service_id = service["id"].as_str().expect("id");
    let mut changed = service.clone();
    changed["image"] = json!("/media/products/cedar-ember-candle.webp");
    let updated = app.put_as(&token, &format!("/api/admin/services/{service_id}"), &changed).await;
    assert_eq!(expect_json(updated, StatusCode::OK).await["imageSize"], json!({"width": 800, "height": 800}));
    let listed = app.get_json("/api/services").await;
    let listed =
        listed.as_array().expect("list").iter().find(|s| s["id"] == service["id"]).expect("listed").clone();
    assert_eq!(listed["imageSize"], json!({"width": 800, "height": 800}));
}

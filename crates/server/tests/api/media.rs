//! Uploads and the media library (issue 24): files are taken by their bytes,
//! cleaned (metadata, orientation), kept once under their content's name,
//! served with right-sized copies, listed with where each is shown, and
//! deleted when unused; hostile uploads are refused with a clear reason.
//! The S3 adapter is tested against a real S3-compatible server (moto),
//! with two server processes sharing one bucket.

use std::io::{Read, Write};

use image::{DynamicImage, ImageEncoder};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::s3_server::MotoServer;

/// A `width` × `height` JPEG whose EXIF says "turn 90° clockwise" and
/// carries a GPS marker (as a phone's photo does).
fn phone_photo(width: u32, height: u32) -> Vec<u8> {
    let image = DynamicImage::ImageRgb8(image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x * 7 % 256) as u8, (y * 5 % 256) as u8, 90])
    }));
    let mut plain = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 90).encode_image(&image).expect("jpeg");
    let mut exif = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0".to_vec();
    exif.extend_from_slice(b"GPS-SECRET 37.7749N 122.4194W");
    let mut jpeg = plain[..2].to_vec();
    jpeg.extend_from_slice(&[0xFF, 0xE1]);
    jpeg.extend_from_slice(&u16::try_from(exif.len() + 2).expect("short").to_be_bytes());
    jpeg.extend_from_slice(&exif);
    jpeg.extend_from_slice(&plain[2..]);
    jpeg
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let pixels = vec![120u8; (width * height) as usize];
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&pixels, width, height, image::ExtendedColorType::L8)
        .expect("png");
    out
}

/// A PNG whose header names 30000 × 30000 pixels (900 megapixels, 3.6 GB
/// decoded) in a few dozen bytes.
fn png_bomb() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend_from_slice(&30_000u32.to_be_bytes());
    bytes.extend_from_slice(&30_000u32.to_be_bytes());
    bytes.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes.extend_from_slice(b"\0\0\0\x0bIDATx\x9c\xed\xc1\x01\x01\0\0\0\x80\0\0\0\0\0\0\0\0IEND\xaeB`\x82");
    bytes
}

fn mp4_box(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
    let mut bytes = u32::try_from(payload.len() + 8).expect("small").to_be_bytes().to_vec();
    bytes.extend_from_slice(kind);
    bytes.extend_from_slice(payload);
    bytes
}

/// A tiny MP4 whose user data holds where it was filmed.
fn phone_video() -> Vec<u8> {
    let udta = mp4_box(b"udta", &mp4_box(b"\xa9xyz", b"\0\x12\x15\xc7+37.7749-122.4194/"));
    let moov = mp4_box(b"moov", &[mp4_box(b"mvhd", &[0; 100]), udta].concat());
    [mp4_box(b"ftyp", b"isom\0\0\x02\0isomiso2avc1mp41"), moov, mp4_box(b"mdat", &[7; 256])].concat()
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(width, height, image::Rgba([30, 120, 60, 200]));
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out)
        .encode(image.as_raw(), width, height, image::ExtendedColorType::Rgba8)
        .expect("webp");
    out
}

/// An AVIF's header (no pixels needed: it is checked, not decoded), with an EXIF item or not.
fn avif(width: u32, height: u32, exif: bool) -> Vec<u8> {
    let full = |kind: &[u8; 4], payload: &[u8]| mp4_box(kind, &[&[0, 0, 0, 0][..], payload].concat());
    let item =
        |id: u8, kind: &[u8; 4]| mp4_box(b"infe", &[&[2, 0, 0, 0][..], &[0, id, 0, 0], kind, b"\0"].concat());
    let mut items = vec![item(1, b"av01")];
    if exif {
        items.push(item(2, b"Exif"));
    }
    let count = u16::try_from(items.len()).expect("few").to_be_bytes();
    let iinf = full(b"iinf", &[&count[..], &items.concat()].concat());
    let hdlr = full(b"hdlr", &[&[0; 4][..], b"pict", &[0; 12], b"\0"].concat());
    let ispe = full(b"ispe", &[width.to_be_bytes(), height.to_be_bytes()].concat());
    let meta = full(b"meta", &[hdlr, iinf, mp4_box(b"iprp", &mp4_box(b"ipco", &ispe))].concat());
    [mp4_box(b"ftyp", b"avif\0\0\0\0avifmif1miaf"), meta].concat()
}

fn webm() -> Vec<u8> {
    let mut bytes = vec![0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01];
    bytes.extend_from_slice(&[0x42, 0x82, 0x84]);
    bytes.extend_from_slice(b"webm");
    bytes.extend_from_slice(&[0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, 0x20]);
    bytes.extend_from_slice(&[0; 32]);
    bytes
}

impl TestApp {
    async fn upload(&self, token: &str, name: &str, content_type: &str, bytes: Vec<u8>) -> reqwest::Response {
        self.request(Method::POST, "/api/admin/media")
            .query(&[("name", name)])
            .bearer_auth(token)
            .header("content-type", content_type)
            .body(bytes)
            .send()
            .await
            .expect("upload sent")
    }

    async fn library(&self, token: &str) -> Vec<Value> {
        self.admin_json(token, "/api/admin/media").await.as_array().cloned().expect("a list")
    }

    fn uploads_dir(&self) -> std::path::PathBuf {
        self.uploads.as_ref().expect("a local uploads folder").path().join("uploads")
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

#[tokio::test]
async fn a_phone_photo_is_kept_upright_without_its_place_once_and_served_with_copies() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let photo = phone_photo(400, 200);
    assert!(contains(&photo, b"GPS-SECRET"));
    let response = app.upload(&token, "IMG_2041.JPG", "image/jpeg", photo.clone()).await;
    let kept = expect_json(response, StatusCode::CREATED).await;
    let name = kept["name"].as_str().expect("name").to_owned();
    assert!(regex_like_content_name(&name, "jpg"), "{name}");
    assert_eq!(kept["url"], format!("/media/uploads/{name}"));
    assert_eq!(kept["kind"], "jpeg");
    assert_eq!(kept["contentType"], "image/jpeg");
    assert_eq!(kept["originalName"], "IMG_2041.JPG");
    assert_eq!((kept["width"].as_i64(), kept["height"].as_i64()), (Some(200), Some(400)), "turned upright");
    assert_eq!(kept["uses"], json!([]));

    let served = app.get(&format!("/media/uploads/{name}")).await;
    assert_eq!(served.status(), StatusCode::OK);
    let header =
        |name: &str| served.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert_eq!(header("content-type"), "image/jpeg");
    assert!(header("cache-control").contains("immutable"), "{}", header("cache-control"));
    let bytes = served.bytes().await.expect("bytes");
    assert!(!contains(&bytes, b"GPS-SECRET"), "the place is gone");
    assert!(!contains(&bytes, b"Exif"), "no EXIF block at all");
    assert_eq!(kept["byteSize"].as_u64(), Some(bytes.len() as u64));
    let size = imagesize::blob_size(&bytes).expect("an image");
    assert_eq!((size.width, size.height), (200, 400));

    // The right-sized copies of /media work for uploads too.
    let copy = app.get(&format!("/media/uploads/{name}?w=320")).await;
    assert_eq!(copy.status(), StatusCode::OK);
    assert_eq!(copy.headers()["content-type"], "image/webp");

    // The same photo again is the same file, kept once.
    let again = app.upload(&token, "copy of it.jpg", "application/octet-stream", photo).await;
    let again = expect_json(again, StatusCode::OK).await;
    assert_eq!(again["name"], name.as_str());
    assert_eq!(again["originalName"], "IMG_2041.JPG", "the first record stays");
    let library = app.library(&token).await;
    assert_eq!(library.len(), 1);
    assert_eq!(std::fs::read_dir(app.uploads_dir()).expect("uploads").count(), 1);
    assert_eq!(app.sql_count("SELECT count(*) FROM audit_log WHERE entity = 'media_file'"), 1);
}

fn regex_like_content_name(name: &str, extension: &str) -> bool {
    name.len() == 64 + 1 + extension.len()
        && name.ends_with(&format!(".{extension}"))
        && name[..64].bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[tokio::test]
async fn pngs_webp_and_videos_are_taken_and_a_video_loses_its_place() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let kept =
        expect_json(app.upload(&token, "plan.png", "image/png", png(64, 48)).await, StatusCode::CREATED)
            .await;
    assert_eq!((kept["kind"].as_str(), kept["width"].as_i64()), (Some("png"), Some(64)));

    let kept =
        expect_json(app.upload(&token, "leaf.webp", "image/webp", webp(30, 20)).await, StatusCode::CREATED)
            .await;
    assert_eq!((kept["kind"].as_str(), kept["width"].as_i64()), (Some("webp"), Some(30)));
    let served = app.get(kept["url"].as_str().expect("url")).await.bytes().await.expect("bytes");
    assert_eq!(&served[12..16], b"VP8L", "a lossless WebP stays lossless");

    let picture = avif(1600, 900, false);
    let kept =
        expect_json(app.upload(&token, "sky.avif", "image/avif", picture.clone()).await, StatusCode::CREATED)
            .await;
    assert_eq!((kept["kind"].as_str(), kept["width"].as_i64()), (Some("avif"), Some(1600)));
    let served = app.get(kept["url"].as_str().expect("url")).await;
    assert_eq!(served.headers()["content-type"], "image/avif");
    assert_eq!(served.bytes().await.expect("bytes").to_vec(), picture, "kept as it is");
    let with_exif = app.upload(&token, "sky.avif", "image/avif", avif(1600, 900, true)).await;
    let body = assert_error_code(with_exif, StatusCode::UNPROCESSABLE_ENTITY, "media_refused").await;
    assert!(body["message"].as_str().unwrap_or_default().contains("EXIF or XMP"), "{body}");

    let video = phone_video();
    let kept =
        expect_json(app.upload(&token, "clip.mp4", "video/mp4", video.clone()).await, StatusCode::CREATED)
            .await;
    assert_eq!(kept["kind"], "mp4");
    assert_eq!(kept["width"], Value::Null);
    let served = app.get(kept["url"].as_str().expect("url")).await;
    assert_eq!(served.headers()["content-type"], "video/mp4");
    let bytes = served.bytes().await.expect("bytes");
    assert_eq!(bytes.len(), video.len(), "nothing moved");
    assert!(!contains(&bytes, b"+37.7749"), "the place is gone");

    let kept =
        expect_json(app.upload(&token, "loop.webm", "video/webm", webm()).await, StatusCode::CREATED).await;
    assert_eq!(kept["kind"], "webm");
    assert_eq!(app.library(&token).await.len(), 5);
}

#[tokio::test]
async fn uploads_and_the_library_are_for_admins() {
    let app = spawn_app().await;
    let anonymous = app
        .request(Method::POST, "/api/admin/media")
        .header("content-type", "image/png")
        .body(png(8, 8))
        .send()
        .await
        .expect("sent");
    assert_error_code(anonymous, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    assert_error_code(app.get("/api/admin/media").await, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    let delete =
        app.request(Method::DELETE, &format!("/api/admin/media/{}.png", "a".repeat(64))).send().await;
    assert_error_code(delete.expect("sent"), StatusCode::UNAUTHORIZED, "unauthenticated").await;
}

#[tokio::test]
async fn an_upload_that_lies_about_its_type_or_is_no_picture_is_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let lie = app.upload(&token, "photo.jpg", "image/jpeg", png(16, 16)).await;
    let body = assert_error_code(lie, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type").await;
    assert_eq!(body["message"], "The file says it is JPEG but its contents are PNG");

    let script = app.upload(&token, "photo.png", "image/png", b"<script>alert(1)</script>".repeat(10)).await;
    assert_error_code(script, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type").await;

    let svg = app
        .upload(&token, "logo.svg", "image/svg+xml", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec())
        .await;
    let body = assert_error_code(svg, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type").await;
    assert!(body["message"].as_str().unwrap_or_default().contains("JPEG, PNG, WebP or AVIF"), "{body}");

    // A zip bomb (42.zip's first layer starts like any zip) is not a picture, whatever it claims.
    let mut zip = b"PK\x03\x04\x14\0\0\0\x08\0".to_vec();
    zip.extend_from_slice(&[0x42; 200]);
    let bomb = app.upload(&token, "42.zip", "application/octet-stream", zip.clone()).await;
    assert_error_code(bomb, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type").await;
    let disguised = app.upload(&token, "42.png", "image/png", zip).await;
    assert_error_code(disguised, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type").await;

    // A truncated JPEG: the right magic, then nothing readable.
    let broken = app
        .upload(&token, "half.jpg", "image/jpeg", [&[0xFF, 0xD8, 0xFF, 0xE0][..], &[0; 80]].concat())
        .await;
    assert_error_code(broken, StatusCode::UNPROCESSABLE_ENTITY, "media_refused").await;

    let empty = app.upload(&token, "nothing.jpg", "image/jpeg", Vec::new()).await;
    assert_error_code(empty, StatusCode::UNPROCESSABLE_ENTITY, "media_refused").await;

    assert!(app.library(&token).await.is_empty());
    assert_eq!(std::fs::read_dir(app.uploads_dir()).map(|dir| dir.count()).unwrap_or(0), 0);
}

#[tokio::test]
async fn decompression_bombs_and_huge_images_are_refused_before_decoding() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let bomb = app.upload(&token, "bomb.png", "image/png", png_bomb()).await;
    let body = assert_error_code(bomb, StatusCode::UNPROCESSABLE_ENTITY, "media_refused").await;
    assert!(
        body["message"].as_str().unwrap_or_default().contains("30000 × 30000 pixels (900 megapixels)"),
        "{body}"
    );

    // A real 50-megapixel PNG (one grey, so it is small on the wire).
    let big = png(10_000, 5_000);
    assert!(big.len() < 1024 * 1024, "{} bytes", big.len());
    let started = std::time::Instant::now();
    let refused = app.upload(&token, "panorama.png", "image/png", big).await;
    let body = assert_error_code(refused, StatusCode::UNPROCESSABLE_ENTITY, "media_refused").await;
    assert_eq!(
        body["message"],
        "The image is 10000 × 5000 pixels (50 megapixels); at most 36 megapixels and 12000 pixels a side are taken: export it smaller"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "refused from the header, not decoded");
    assert!(app.library(&token).await.is_empty());
}

#[tokio::test]
async fn a_path_in_a_file_name_is_only_ever_a_label() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let kept = app.upload(&token, "../../../etc/cron.d/evil.png", "image/png", png(10, 10)).await;
    let kept = expect_json(kept, StatusCode::CREATED).await;
    assert_eq!(kept["originalName"], "evil.png");
    let name = kept["name"].as_str().expect("name");
    assert!(regex_like_content_name(name, "png"), "{name}");
    let files: Vec<String> = std::fs::read_dir(app.uploads_dir())
        .expect("uploads")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, vec![name.to_owned()]);

    let windows = app.upload(&token, "C:\\Users\\ana\\..\\spa.png", "image/png", png(11, 10)).await;
    assert_eq!(expect_json(windows, StatusCode::CREATED).await["originalName"], "spa.png");

    // Names that are not content names are never looked up.
    for path in ["/media/uploads/..%2F..%2FCargo.toml", "/media/uploads/passwd", "/media/uploads/.hidden.png"]
    {
        assert_eq!(app.get(path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let escape = app.delete_as(&token, "/api/admin/media/..%2F..%2FCargo.toml").await;
    assert_error_code(escape, StatusCode::BAD_REQUEST, "invalid_id").await;
}

/// Sends an upload by hand: `content_length` in the header (or chunked when
/// `None`), then up to `send` bytes starting like a JPEG; the status answered.
fn raw_upload(address: &str, token: &str, content_length: Option<u64>, send: usize) -> u16 {
    let host = address.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).expect("connect");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).expect("timeout");
    let length = match content_length {
        Some(length) => format!("Content-Length: {length}\r\n"),
        None => "Transfer-Encoding: chunked\r\n".to_owned(),
    };
    let head = format!(
        "POST /api/admin/media?name=big.jpg HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: image/jpeg\r\n{length}Connection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).expect("head");
    let mut chunk = vec![0u8; 64 * 1024];
    chunk[..4].copy_from_slice(&[0xFF, 0xD8, 0xFF, 0xE0]);
    let mut sent = 0;
    while sent < send {
        let piece = if content_length.is_some() {
            stream.write_all(&chunk)
        } else {
            stream.write_all(format!("{:x}\r\n", chunk.len()).as_bytes()).and_then(|()| {
                stream.write_all(&chunk)?;
                stream.write_all(b"\r\n")
            })
        };
        if piece.is_err() {
            break;
        }
        sent += chunk.len();
    }
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(read) = stream.read(&mut buffer) {
        if read == 0 {
            break;
        }
        answer.extend_from_slice(&buffer[..read]);
        if contains(&answer, b"\r\n\r\n") {
            break;
        }
    }
    let text = String::from_utf8_lossy(&answer);
    text.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("an answer: {text}"))
}

#[tokio::test]
async fn an_oversized_body_is_refused_without_being_read_whole() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let address = app.address.clone();

    // Declared too large: refused from the header.
    let (a, t) = (address.clone(), token.clone());
    let status = tokio::task::spawn_blocking(move || raw_upload(&a, &t, Some(200 * 1024 * 1024), 0))
        .await
        .expect("ran");
    assert_eq!(status, 413);
    let too_big = app.upload(&token, "big.jpg", "image/jpeg", vec![0xFF; 21 * 1024 * 1024]).await;
    let body = assert_error_code(too_big, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;
    assert_eq!(body["message"], "The file is larger than 20 MB, the most taken for an image");

    // Sent without a length: refused once it grows past the limit.
    let (a, t) = (address, token.clone());
    let status =
        tokio::task::spawn_blocking(move || raw_upload(&a, &t, None, 22 * 1024 * 1024)).await.expect("ran");
    assert_eq!(status, 413);
    assert!(app.library(&token).await.is_empty());
}

#[tokio::test]
async fn the_library_says_where_a_file_is_shown_and_deletes_only_unused_files() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let kept =
        expect_json(app.upload(&token, "oil.png", "image/png", png(32, 32)).await, StatusCode::CREATED).await;
    let (name, url) =
        (kept["name"].as_str().expect("name").to_owned(), kept["url"].as_str().expect("url").to_owned());

    let product = app.create_product(&token, "Cedar Oil", "skincare", "24.00").await;
    let id = product["id"].as_str().expect("id").to_owned();
    let mut body = json!({
        "name": "Cedar Oil", "category": "skincare", "price": "24.00",
        "description": "Made for a test.", "image": url,
    });
    expect_json(app.put_as(&token, &format!("/api/admin/products/{id}"), &body).await, StatusCode::OK).await;
    let gallery = json!({"url": url, "type": "image", "title": "Bottle"});
    expect_json(
        app.post_as(&token, &format!("/api/products/{id}/media"), &gallery).await,
        StatusCode::CREATED,
    )
    .await;

    let library = app.library(&token).await;
    assert_eq!(library[0]["name"], name.as_str());
    assert_eq!(
        library[0]["uses"],
        json!([
            {"kind": "product", "id": id, "label": "Cedar Oil"},
            {"kind": "productGallery", "id": id, "label": "Cedar Oil"},
        ])
    );
    let refused = app.delete_as(&token, &format!("/api/admin/media/{name}")).await;
    let refusal = assert_error_code(refused, StatusCode::CONFLICT, "media_in_use").await;
    assert!(refusal["message"].as_str().unwrap_or_default().contains("Cedar Oil"), "{refusal}");
    assert_eq!(app.get(&url).await.status(), StatusCode::OK, "still served");

    // Once nothing shows it, it goes, from the store too.
    body["image"] = json!("/media/products/test.webp");
    expect_json(app.put_as(&token, &format!("/api/admin/products/{id}"), &body).await, StatusCode::OK).await;
    app.sql("DELETE FROM product_media");
    assert_eq!(app.library(&token).await[0]["uses"], json!([]));
    let deleted = app.delete_as(&token, &format!("/api/admin/media/{name}")).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get(&url).await.status(), StatusCode::NOT_FOUND);
    assert!(app.library(&token).await.is_empty());
    let again = app.delete_as(&token, &format!("/api/admin/media/{name}")).await;
    assert_error_code(again, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(
        app.sql_count("SELECT count(*) FROM audit_log WHERE entity = 'media_file' AND action = 'deleted'"),
        1
    );
}

#[tokio::test]
async fn two_processes_share_one_s3_compatible_store() {
    let bucket = "golden-pine-media";
    let moto = MotoServer::start(bucket).await;
    let copies_a = tempfile::tempdir().expect("copies");
    let copies_b = tempfile::tempdir().expect("copies");
    let first = spawn_app_with(Options {
        media: Some(moto.media_config(bucket, copies_a.path())),
        ..Options::default()
    })
    .await;
    let second = spawn_app_with(Options {
        media: Some(moto.media_config(bucket, copies_b.path())),
        database_url: Some(first.database_url.clone()),
        demo_data: false,
        ..Options::default()
    })
    .await;
    let token = first.admin_token().await;

    let kept = first.upload(&token, "IMG_1.jpg", "image/jpeg", phone_photo(300, 200)).await;
    let kept = expect_json(kept, StatusCode::CREATED).await;
    let (name, url) =
        (kept["name"].as_str().expect("name").to_owned(), kept["url"].as_str().expect("url").to_owned());

    // In the bucket, under the prefix, with its type.
    let (content_type, stored) =
        moto.object(bucket, &format!("uploads/{name}")).await.expect("in the bucket");
    assert_eq!(content_type, "image/jpeg");
    assert!(!contains(&stored, b"GPS-SECRET"));

    // The other process, which never saw the upload, serves it and its copies.
    assert!(!copies_b.path().join(&name).exists());
    let served = second.get(&url).await;
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.bytes().await.expect("bytes").to_vec(), stored);
    assert_eq!(second.get(&format!("{url}?w=320")).await.status(), StatusCode::OK);
    let token_b = second.admin_token().await;
    assert_eq!(second.library(&token_b).await.len(), 1);

    // An upload through the second is seen by the first; a delete by the second empties the bucket.
    let other =
        expect_json(second.upload(&token_b, "p.png", "image/png", png(20, 20)).await, StatusCode::CREATED)
            .await;
    assert_eq!(first.get(other["url"].as_str().expect("url")).await.status(), StatusCode::OK);
    assert_eq!(
        second.delete_as(&token_b, &format!("/api/admin/media/{name}")).await.status(),
        StatusCode::NO_CONTENT
    );
    assert!(moto.object(bucket, &format!("uploads/{name}")).await.is_none(), "gone from the bucket");
    assert_eq!(first.library(&token).await.len(), 1);
}

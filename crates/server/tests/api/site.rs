//! The website around the API: per-page head tags in the app's HTML, 404s,
//! sitemap and robots, security and cache headers, the offline API docs and
//! compression. A tiny stand-in for the built frontend is enough.

use std::path::PathBuf;

use reqwest::header::HeaderMap;
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, expect_json, is_money, spawn_app_with};

const PUBLIC_URL: &str = "https://goldenpine.test";
const INDEX_HTML: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" src="/assets/app-4f3a9c.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
"#;

/// A throw-away frontend build: index.html with the head marker and one asset.
struct Frontend(PathBuf);

impl Frontend {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("golden-pine-site-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(dir.join("assets")).expect("temp dir");
        std::fs::write(dir.join("index.html"), INDEX_HTML).expect("index.html");
        std::fs::write(dir.join("assets/app-4f3a9c.js"), "console.log('pine');\n").expect("asset");
        Self(dir)
    }
}

impl Drop for Frontend {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn site() -> (TestApp, Frontend) {
    let frontend = Frontend::new();
    let app = spawn_app_with(Options { frontend_dir: Some(frontend.0.clone()), ..Options::default() }).await;
    (app, frontend)
}

fn header(headers: &HeaderMap, name: &str) -> String {
    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

/// The page's status, headers and HTML.
async fn page(app: &TestApp, path: &str) -> (StatusCode, HeaderMap, String) {
    let response = app.get(path).await;
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.text().await.expect("html"))
}

fn title(html: &str) -> String {
    let start = html.find("<title>").expect("a <title>") + "<title>".len();
    let end = html[start..].find("</title>").expect("</title>") + start;
    html[start..end].to_owned()
}

/// The content of `<meta property|name="{key}" content="...">`.
fn meta(html: &str, key: &str) -> Option<String> {
    for attribute in ["property", "name"] {
        let needle = format!(r#"<meta {attribute}="{key}" content=""#);
        if let Some(at) = html.find(&needle) {
            let rest = &html[at + needle.len()..];
            return Some(rest[..rest.find('"').expect("closing quote")].to_owned());
        }
    }
    None
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn assert_app_html(html: &str, path: &str) {
    assert!(html.contains(r#"<div id="root"></div>"#), "{path} is the app's HTML");
    assert!(
        html.contains(r#"<script type="module" src="/assets/app-4f3a9c.js">"#),
        "{path} keeps the build's tags"
    );
    assert!(!html.contains("<!--app-head-->"), "{path}: the marker is replaced");
    assert_eq!(html.matches("<title>").count(), 1, "{path}: one title");
}

fn assert_security_headers(headers: &HeaderMap, what: &str) {
    let csp = header(headers, "content-security-policy");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: CSP {csp:?}");
    assert!(csp.contains("default-src 'self'"), "{what}: CSP {csp:?}");
    assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{what}: no inline scripts");
    assert_eq!(header(headers, "x-content-type-options"), "nosniff", "{what}");
    assert!(!header(headers, "referrer-policy").is_empty(), "{what}: Referrer-Policy");
}

#[tokio::test]
async fn each_page_has_its_own_title_and_open_graph_tags_and_is_not_cached() {
    let (app, _frontend) = site().await;
    let (status, headers, html) = page(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(header(&headers, "content-type").starts_with("text/html"));
    assert!(header(&headers, "cache-control").contains("no-cache"), "index.html is revalidated");
    assert_app_html(&html, "/");
    let home = title(&html);
    assert!(home.starts_with("Golden Pine Wellness Retreat"), "{home}");
    assert_eq!(meta(&html, "og:title").map(|t| unescape(&t)), Some(unescape(&home)));
    assert_eq!(meta(&html, "og:type").as_deref(), Some("website"));
    assert_eq!(meta(&html, "og:url"), Some(format!("{PUBLIC_URL}/")));
    assert!(meta(&html, "og:description").is_some_and(|d| d.len() > 40));
    assert!(meta(&html, "description").is_some_and(|d| d.len() > 40));
    assert!(meta(&html, "og:image").is_some_and(|i| i.starts_with(PUBLIC_URL)));
    assert!(meta(&html, "robots").is_none(), "the home page is indexable");

    let mut titles = vec![home];
    for (path, word, indexable) in [
        ("/services", "Experiences", true),
        ("/products", "Shop", true),
        ("/blog", "Journal", true),
        ("/contact", "Contact", true),
        ("/wellness-quiz", "Quiz", true),
        ("/checkout", "Checkout", false),
        ("/admin/login", "Admin", false),
        ("/admin/dashboard", "Admin", false),
    ] {
        let (status, headers, html) = page(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(header(&headers, "cache-control").contains("no-cache"), "{path}");
        assert_app_html(&html, path);
        let own = title(&html);
        assert!(own.contains(word) && own.contains("Golden Pine"), "{path}: {own}");
        assert_eq!(meta(&html, "og:url"), Some(format!("{PUBLIC_URL}{path}")));
        assert_eq!(meta(&html, "robots").is_none(), indexable, "{path} indexable: {indexable}");
        if path != "/admin/dashboard" {
            assert!(!titles.contains(&own), "{path} has its own title");
        }
        titles.push(own);
    }

    // /index.html is the same page, never the raw template.
    let (status, headers, html) = page(&app, "/index.html").await;
    assert_eq!(status, StatusCode::OK);
    assert!(header(&headers, "cache-control").contains("no-cache"), "index.html is revalidated");
    assert_app_html(&html, "/index.html");
    assert_eq!(title(&html), titles[0]);
}

#[tokio::test]
async fn a_blog_post_page_carries_the_posts_title_excerpt_image_and_article_type() {
    let (app, _frontend) = site().await;
    let slug = app.demo_slug().await;
    let path = format!("/blog/{slug}");
    let post = app.get_json(&format!("/api/blog-posts/{slug}")).await;
    let (status, headers, html) = page(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(header(&headers, "cache-control").contains("no-cache"));
    assert_app_html(&html, &path);
    let own = unescape(&title(&html));
    assert!(own.starts_with(post["title"].as_str().expect("title")), "{own}");
    assert_eq!(meta(&html, "description").map(|d| unescape(&d)).as_deref(), post["excerpt"].as_str());
    assert_eq!(meta(&html, "og:description").map(|d| unescape(&d)).as_deref(), post["excerpt"].as_str());
    assert_eq!(meta(&html, "og:type").as_deref(), Some("article"));
    assert_eq!(meta(&html, "og:url"), Some(format!("{PUBLIC_URL}{path}")));
    assert_eq!(
        meta(&html, "og:image"),
        Some(format!("{PUBLIC_URL}{}", post["image"].as_str().expect("image")))
    );

    // An admin-entered script in a title or excerpt is text in the page, never markup.
    let token = app.admin_token().await;
    let hostile = json!({
        "title": "Tea </title><script>alert(1)</script>",
        "slug": "hostile-post",
        "excerpt": "\"><script>alert(2)</script>",
        "content": "<script>alert(3)</script>",
        "image": "/media/blog/hostile.webp",
    });
    expect_json(app.post_as(&token, "/api/blog-posts", &hostile).await, StatusCode::CREATED).await;
    let (status, _, html) = page(&app, "/blog/hostile-post").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("<script>alert"), "no admin script reaches the page");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_eq!(html.matches("</title>").count(), 1);
}

#[tokio::test]
async fn unknown_pages_and_slugs_are_404_with_the_app_html_and_unknown_api_paths_are_json() {
    let (app, _frontend) = site().await;
    for path in [
        "/nowhere",
        "/blog/no-such-post",
        "/services/extra",
        "/admin",
        "/admin/settings",
        "/blog/%00",
        "/products.php",
    ] {
        let (status, headers, html) = page(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(header(&headers, "content-type").starts_with("text/html"), "{path}");
        assert_app_html(&html, path);
        assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"), "{path}");
        assert!(title(&html).contains("Not Found"), "{path}");
    }
    for path in ["/api/unknown", "/api/products/x/y", "/api", "/api/", "/api/admin/nothing"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(header(response.headers(), "content-type").starts_with("application/json"), "{path}");
        let body: Value = response.json().await.expect("json");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}");
    }
}

#[tokio::test]
async fn guest_pages_from_mail_links_are_served_unindexed_and_never_repeat_the_token() {
    let (app, _frontend) = site().await;
    let token = "eyJhbGciOiJIUzI1NiJ9.secret-part.signature";
    for (path, title_part) in [
        (format!("/bookings/manage/{token}"), "Your Booking"),
        ("/newsletter/unsubscribe?token=abc".to_owned(), "Newsletter"),
        ("/newsletter/unsubscribe/".to_owned(), "Newsletter"),
    ] {
        let (status, _, html) = page(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(title(&html).contains(title_part), "{path}");
        assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"), "{path}");
        assert!(!html.contains("secret-part"), "no head tag repeats the token: {path}");
    }
}

/// The page's JSON-LD blocks, parsed.
fn structured_data(html: &str) -> Vec<Value> {
    let open = r#"<script type="application/ld+json">"#;
    html.match_indices(open)
        .map(|(at, _)| {
            let rest = &html[at + open.len()..];
            serde_json::from_str(&rest[..rest.find("</script>").expect("closed")]).expect("JSON")
        })
        .collect()
}

fn of_type<'a>(graphs: &'a [Value], kind: &str) -> &'a Value {
    graphs.iter().find(|g| g["@type"] == kind).unwrap_or_else(|| panic!("no {kind} in {graphs:#?}"))
}

#[tokio::test]
async fn public_pages_carry_structured_data_that_follows_the_catalogue() {
    let (app, _frontend) = site().await;
    let token = app.admin_token().await;

    let home = structured_data(&page(&app, "/").await.2);
    let spa = of_type(&home, "DaySpa");
    assert_eq!(spa["address"]["addressLocality"], "Idyllwild");
    assert_eq!(spa["address"]["postalCode"], "92549");
    assert!(spa["geo"]["latitude"].as_f64().is_some_and(|lat| (33.0..34.0).contains(&lat)));
    assert_eq!(spa["openingHoursSpecification"][0]["opens"], "09:00");
    assert_eq!(spa["openingHoursSpecification"][1]["closes"], "19:00");

    let services = structured_data(&page(&app, "/services").await.2);
    let list = of_type(&services, "ItemList")["itemListElement"].as_array().expect("items").clone();
    let massage = list.iter().find(|i| i["item"]["name"] == "Massage Therapy").expect("massage");
    assert_eq!(massage["item"]["@type"], "Service");
    assert_eq!(massage["item"]["offers"]["priceCurrency"], "USD");
    assert!(is_money(&massage["item"]["offers"]["price"]));
    assert_eq!(of_type(&services, "BreadcrumbList")["itemListElement"][1]["name"], "Experiences");

    // A product sold out in the dashboard is out of stock on the next request.
    let body = json!({"name": "Zephyr Candle", "category": "candles", "price": "20.00", "description": "d",
        "image": "/media/products/x.webp", "stock": 0});
    expect_json(app.post_as(&token, "/api/products", &body).await, StatusCode::CREATED).await;
    let products = structured_data(&page(&app, "/products").await.2);
    let items = of_type(&products, "ItemList")["itemListElement"].as_array().expect("items").clone();
    let zephyr = items.iter().find(|i| i["item"]["name"] == "Zephyr Candle").expect("the new product");
    assert_eq!(zephyr["item"]["@type"], "Product");
    assert_eq!(zephyr["item"]["offers"]["availability"], "https://schema.org/OutOfStock");
    assert_eq!(zephyr["item"]["offers"]["price"], "20.00");
    assert!(
        items
            .iter()
            .filter(|i| i["item"]["name"] != "Zephyr Candle")
            .all(|i| i["item"]["offers"]["availability"] == "https://schema.org/InStock")
    );

    // A post, even one whose title tries to end the element.
    let post = json!({"title": "Rituals </script><script>alert(1)</script>", "slug": "rituals-ld",
        "excerpt": "Short.", "content": "Long.", "image": "/media/b.webp"});
    expect_json(app.post_as(&token, "/api/blog-posts", &post).await, StatusCode::CREATED).await;
    let html = page(&app, "/blog/rituals-ld").await.2;
    assert!(!html.contains("<script>alert(1)"), "the title cannot open a script");
    let graphs = structured_data(&html);
    let posting = of_type(&graphs, "BlogPosting");
    assert_eq!(posting["headline"], "Rituals </script><script>alert(1)</script>");
    assert_eq!(posting["url"], "https://goldenpine.test/blog/rituals-ld");
    let crumbs = of_type(&graphs, "BreadcrumbList")["itemListElement"].as_array().expect("crumbs").clone();
    assert_eq!(crumbs.len(), 3);

    // Pages that are not public carry none.
    for path in ["/checkout", "/admin/login", "/nowhere"] {
        assert!(structured_data(&page(&app, path).await.2).is_empty(), "{path}");
    }
}

#[tokio::test]
async fn the_sitemap_lists_every_post_and_robots_hides_admin() {
    let (app, _frontend) = site().await;
    let token = app.admin_token().await;
    expect_json(
        app.post_as(
            &token,
            "/api/blog-posts",
            &json!({"title": "New", "slug": "brand-new-post", "excerpt": "e", "content": "c", "image": "/media/x.webp"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(response.headers(), "content-type").contains("xml"));
    let xml = response.text().await.expect("xml");
    assert!(xml.starts_with("<?xml"));
    assert!(xml.contains("http://www.sitemaps.org/schemas/sitemap/0.9"));
    let posts = app.get_json("/api/blog-posts").await;
    let posts = posts.as_array().expect("list");
    let demo_posts = crate::helpers::demo_catalogue()["blogPosts"].as_array().expect("demo posts").len();
    assert_eq!(posts.len(), demo_posts + 1);
    for post in posts {
        let loc = format!("<loc>{PUBLIC_URL}/blog/{}</loc>", post["slug"].as_str().expect("slug"));
        assert!(xml.contains(&loc), "sitemap lists {loc}");
    }
    for path in ["/", "/services", "/products", "/blog", "/contact", "/wellness-quiz"] {
        assert!(xml.contains(&format!("<loc>{PUBLIC_URL}{path}</loc>")), "sitemap lists {path}");
    }
    assert!(!xml.contains("/admin"), "no admin pages in the sitemap");
    assert!(!xml.contains("/checkout"));

    let response = app.get("/robots.txt").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(response.headers(), "content-type").starts_with("text/plain"));
    let robots = response.text().await.expect("text");
    let lines: Vec<&str> = robots.lines().map(str::trim).collect();
    assert!(lines.contains(&"User-agent: *"), "{robots}");
    assert!(lines.contains(&"Disallow: /admin/"), "{robots}");
    assert!(lines.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml").as_str()), "{robots}");
}

#[tokio::test]
async fn security_headers_are_on_api_page_file_and_error_responses() {
    let (app, _frontend) = site().await;
    let token = app.admin_token().await;
    let mut responses: Vec<(String, Response)> = Vec::new();
    let post_page = format!("/blog/{}", app.demo_slug().await);
    let image = app.demo_image().await;
    for path in [
        "/",
        "/services",
        "/nowhere",
        post_page.as_str(),
        "/api/products",
        "/api/unknown",
        "/api/orders",
        "/sitemap.xml",
        "/robots.txt",
        image.as_str(),
        "/assets/app-4f3a9c.js",
        "/api/docs/",
        "/api/openapi.json",
    ] {
        responses.push((path.to_owned(), app.get(path).await));
    }
    responses.push(("POST /api/bookings {}".to_owned(), app.post_json("/api/bookings", &json!({})).await));
    responses.push(("GET /api/bookings as admin".to_owned(), app.get_as(&token, "/api/bookings").await));
    let huge = json!({"message": "x".repeat(1024 * 1024)});
    let too_large = app.post_json("/api/contact-messages", &huge).await;
    assert_eq!(too_large.status(), StatusCode::PAYLOAD_TOO_LARGE);
    responses.push(("a 413".to_owned(), too_large));
    for (what, response) in responses {
        assert!(!response.status().is_server_error(), "{what}");
        assert_security_headers(response.headers(), &what);
    }
}

#[tokio::test]
async fn media_and_hashed_assets_are_cached_and_served_with_their_types() {
    let (app, _frontend) = site().await;
    let image = app.demo_image().await;
    assert!(image.ends_with(".webp"), "{image}");
    let response = app.get(&image).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(response.headers(), "content-type"), "image/webp");
    let cache = header(response.headers(), "cache-control");
    assert!(cache.contains("max-age=") && !cache.contains("max-age=0"), "media cached: {cache}");
    let bytes = response.bytes().await.expect("image");
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(&bytes[8..12], b"WEBP");

    // Every image the demo catalogue names is served.
    let mut urls: Vec<String> = Vec::new();
    for product in app.get_json("/api/products").await.as_array().expect("list") {
        urls.push(product["image"].as_str().expect("image").to_owned());
        let id = product["id"].as_str().expect("id");
        for media in app.get_json(&format!("/api/products/{id}/media")).await.as_array().expect("media") {
            urls.push(media["url"].as_str().expect("url").to_owned());
        }
    }
    for list in ["/api/services", "/api/blog-posts"] {
        for item in app.get_json(list).await.as_array().expect("list") {
            urls.push(item["image"].as_str().expect("image").to_owned());
        }
    }
    for url in &urls {
        assert!(url.starts_with("/media/"), "{url} is served by the server, not a third party");
        assert_eq!(app.get(url).await.status(), StatusCode::OK, "{url}");
    }

    let response = app.get("/assets/app-4f3a9c.js").await;
    assert_eq!(response.status(), StatusCode::OK);
    let cache = header(response.headers(), "cache-control");
    assert!(cache.contains("immutable") && cache.contains("max-age=31536000"), "{cache}");
    assert_eq!(app.get("/media/nothing-here.webp").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/media/../Cargo.toml").await.status(), StatusCode::NOT_FOUND);
}

/// Sends `GET {path}` exactly as written (no client-side normalisation of
/// `..` or `%2e%2e`) and returns the status code and the whole response.
async fn raw_get(app: &TestApp, path: &str) -> (u16, String) {
    raw_request(app, "GET", path).await
}

async fn raw_request(app: &TestApp, method: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let address = app.address.trim_start_matches("http://").to_owned();
    let request = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&address).expect("connect");
        stream.write_all(request.as_bytes()).expect("write");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).expect("read");
        let text = String::from_utf8_lossy(&response).into_owned();
        let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("status line");
        (status, text)
    })
    .await
    .expect("raw request")
}

#[tokio::test]
async fn no_path_escapes_the_media_asset_or_site_folders() {
    let (app, _frontend) = site().await;
    let (status, _) = raw_get(&app, &app.demo_image().await).await;
    assert_eq!(status, 200, "the raw client works");
    for path in [
        "/media/../Cargo.toml",
        "/media/../../Cargo.toml",
        "/media/%2e%2e/%2e%2e/Cargo.toml",
        "/media/..%2f..%2fCargo.toml",
        "/media/products/..%5c..%5c..%5cCargo.toml",
        "/assets/../../../Cargo.toml",
        "/assets/%2e%2e/%2e%2e/%2e%2e/Cargo.toml",
        "/../../Cargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/..%2f..%2fCargo.toml",
        "/media/../catalogue.json",
        "/media/.%2e/catalogue.json",
        "/../../../../etc/passwd",
        "/media/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let (status, response) = raw_get(&app, path).await;
        assert!((400..500).contains(&status), "{path} → {status}");
        assert!(
            !response.contains("[workspace]") && !response.contains("root:x:0:0"),
            "{path} leaked a file"
        );
        assert!(!response.contains("\"services\""), "{path} leaked the demo catalogue");
    }
}

#[tokio::test]
async fn head_requests_answer_like_get_without_a_body() {
    let (app, _frontend) = site().await;
    let post_page = format!("/blog/{}", app.demo_slug().await);
    let image = app.demo_image().await;
    for (path, status) in [
        ("/", 200),
        ("/services", 200),
        (post_page.as_str(), 200),
        ("/sitemap.xml", 200),
        ("/robots.txt", 200),
        (image.as_str(), 200),
        ("/assets/app-4f3a9c.js", 200),
        ("/nowhere", 404),
        ("/blog/no-such-post", 404),
    ] {
        let (get_status, _) = raw_request(&app, "GET", path).await;
        assert_eq!(get_status, status, "GET {path}");
        let (head_status, response) = raw_request(&app, "HEAD", path).await;
        assert_eq!(head_status, status, "HEAD {path} answers like GET");
        let body = response.split_once("\r\n\r\n").map(|(_, body)| body).unwrap_or_default();
        assert!(body.is_empty(), "HEAD {path} sends no body: {body:.80}");
    }
}

#[tokio::test]
async fn the_api_docs_work_offline_and_the_document_is_served() {
    let (app, _frontend) = site().await;
    let response = app.get("/api/docs").await; // redirected to /api/docs/
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.url().path().ends_with("/api/docs/"), "{}", response.url());
    let html = response.text().await.expect("html");
    assert!(html.contains("swagger-ui"), "the Swagger UI page");
    let mut references = Vec::new();
    for attribute in ["src=\"", "href=\""] {
        let mut rest = html.as_str();
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let end = rest.find('"').expect("closing quote");
            references.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    assert!(references.iter().any(|r| r.ends_with(".js")), "{references:?}");
    assert!(references.iter().any(|r| r.ends_with(".css")), "{references:?}");
    for reference in &references {
        assert!(
            !reference.starts_with("http:")
                && !reference.starts_with("https:")
                && !reference.starts_with("//"),
            "{reference} must be served by the server itself"
        );
        let path = format!("/api/docs/{}", reference.trim_start_matches("./"));
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let text = response.text().await.unwrap_or_default();
        assert!(!text.is_empty(), "{path}");
        if reference.ends_with(".js") {
            assert!(
                !text.contains("unpkg.com") && !text.contains("cdn.jsdelivr"),
                "{path} loads nothing from a CDN"
            );
        }
    }
    let initializer = app.get("/api/docs/swagger-initializer.js").await.text().await.expect("js");
    assert!(initializer.contains("/api/openapi.json"), "the UI reads the served document");

    let document = expect_json(app.get("/api/openapi.json").await, StatusCode::OK).await;
    assert!(document["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    assert_eq!(document["info"]["title"], "Golden Pine Wellness Retreat API");
    assert!(document["paths"]["/api/products"]["get"].is_object());
}

#[tokio::test]
async fn responses_are_gzipped_when_the_client_asks() {
    let (app, _frontend) = site().await;
    let plain = app.get("/api/products").await;
    assert!(header(plain.headers(), "content-encoding").is_empty());
    let plain_body = plain.bytes().await.expect("body");

    let response = app
        .request(reqwest::Method::GET, "/api/products")
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(response.headers(), "content-encoding"), "gzip");
    assert!(header(response.headers(), "vary").to_ascii_lowercase().contains("accept-encoding"));
    let compressed = response.bytes().await.expect("body");
    assert_eq!(&compressed[..2], &[0x1f, 0x8b], "a gzip stream");
    assert!(
        compressed.len() < plain_body.len(),
        "smaller than {} bytes: {}",
        plain_body.len(),
        compressed.len()
    );

    let (_, _, _) = page(&app, "/").await;
    let response =
        app.request(reqwest::Method::GET, "/").header("Accept-Encoding", "gzip").send().await.expect("sent");
    assert_eq!(header(response.headers(), "content-encoding"), "gzip", "pages too");
}

#[tokio::test]
async fn the_browser_app_gets_time_zone_and_titles_from_the_server() {
    let (app, _frontend) = site().await;
    let info = expect_json(app.get("/api/site").await, StatusCode::OK).await;
    assert_eq!(info["timeZone"], "America/Los_Angeles");
    assert_eq!(info["name"], "Golden Pine Wellness Retreat");
    let pages = info["pages"].as_array().expect("pages");
    for path in ["/", "/services", "/products", "/blog", "/contact", "/checkout", "/wellness-quiz"] {
        let page_info = pages.iter().find(|p| p["path"] == path).unwrap_or_else(|| panic!("{path} listed"));
        let (_, _, html) = page(&app, path).await;
        let title = page_info["title"].as_str().expect("title");
        let escaped = title.replace('&', "&amp;");
        assert!(
            html.contains(&format!("<title>{escaped}</title>")),
            "{path}: the HTML's title is the listed one"
        );
    }
    // The same information travels in the page itself, before any script runs.
    let (_, _, html) = page(&app, "/products").await;
    let start =
        html.find(r#"<script id="site-info" type="application/json">"#).expect("site info in the page");
    let json_start = html[start..].find('>').expect("tag end") + start + 1;
    let json_end = html[json_start..].find("</script>").expect("closed") + json_start;
    let inline: Value = serde_json::from_str(&html[json_start..json_end]).expect("json");
    assert_eq!(inline, info);
    assert_eq!(info["postTitleSuffix"], " | Golden Pine Journal");
    let post = app.demo_slug().await;
    let (_, _, html) = page(&app, &format!("/blog/{post}")).await;
    assert!(html.contains(" | Golden Pine Journal</title>"), "a post's title ends with the suffix");
}

/// `GET {path}` sent with `Accept-Encoding: {encoding}` (and `If-None-Match`).
async fn get_encoded(app: &TestApp, path: &str, encoding: &str, if_none_match: Option<&str>) -> Response {
    let mut request = app.request(reqwest::Method::GET, path).header("Accept-Encoding", encoding);
    if let Some(tag) = if_none_match {
        request = request.header("If-None-Match", tag);
    }
    request.send().await.expect("sent")
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).expect("a brotli stream");
    out
}

fn ungzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("a gzip stream");
    out
}

#[tokio::test]
async fn pages_go_out_from_memory_in_the_encoding_asked_for_with_a_tag_each() {
    let (app, _frontend) = site().await;
    for path in ["/", "/services", &format!("/blog/{}", app.demo_slug().await)] {
        let plain = get_encoded(&app, path, "identity", None).await;
        assert!(header(plain.headers(), "content-encoding").is_empty(), "{path}");
        let plain_tag = header(plain.headers(), "etag");
        let html = plain.bytes().await.expect("html");
        assert!(std::str::from_utf8(&html).expect("utf-8").contains("<title>"), "{path}");

        let br = get_encoded(&app, path, "gzip, deflate, br, zstd", None).await;
        assert_eq!(header(br.headers(), "content-encoding"), "br", "{path}: the browser's first choice");
        assert!(header(br.headers(), "vary").to_ascii_lowercase().contains("accept-encoding"), "{path}");
        assert!(header(br.headers(), "cache-control").contains("no-cache"), "{path}: revalidated");
        let br_tag = header(br.headers(), "etag");
        let compressed = br.bytes().await.expect("body");
        assert!(compressed.len() * 3 < html.len(), "{path}: {} of {} bytes", compressed.len(), html.len());
        assert_eq!(unbrotli(&compressed), html.to_vec(), "{path}: the same page");

        let gzip = get_encoded(&app, path, "gzip", None).await;
        assert_eq!(header(gzip.headers(), "content-encoding"), "gzip", "{path}");
        let gzip_tag = header(gzip.headers(), "etag");
        assert_eq!(ungzip(&gzip.bytes().await.expect("body")), html.to_vec(), "{path}: the same page");

        // One strong tag per representation; a browser's revalidation of its own costs no body.
        let tags = [&plain_tag, &br_tag, &gzip_tag];
        assert!(tags.iter().all(|tag| tag.starts_with('"') && tag.ends_with('"')), "{tags:?}");
        assert!(plain_tag != br_tag && br_tag != gzip_tag && plain_tag != gzip_tag, "{tags:?}");
        let again = get_encoded(&app, path, "br", Some(&br_tag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert!(again.bytes().await.expect("body").is_empty());
        let other = get_encoded(&app, path, "br", Some(&plain_tag)).await;
        assert_eq!(other.status(), StatusCode::OK, "{path}: another representation's tag is not a match");
    }
}

#[tokio::test]
async fn a_page_kept_in_memory_follows_the_catalogue_and_the_app_shell() {
    let (app, frontend) = site().await;
    let token = app.admin_token().await;
    let path = format!("/blog/{}", app.demo_slug().await);
    let before = get_encoded(&app, &path, "br", None).await;
    let tag = header(before.headers(), "etag");
    let post = app.get_json(&format!("/api/blog-posts/{}", app.demo_slug().await)).await;
    let mut changed = post.clone();
    changed["title"] = json!("A Lantern-Lit Walk");
    let id = post["id"].as_str().expect("id");
    expect_json(app.put_as(&token, &format!("/api/admin/blog-posts/{id}"), &changed).await, StatusCode::OK)
        .await;
    let after = get_encoded(&app, &path, "br", Some(&tag)).await;
    assert_eq!(after.status(), StatusCode::OK, "the kept page was forgotten with the change");
    let html = String::from_utf8(unbrotli(&after.bytes().await.expect("body"))).expect("utf-8");
    assert!(html.contains("A Lantern-Lit Walk | Golden Pine Journal"), "the new title");

    // A rebuilt frontend (a new app shell) is picked up on the next request.
    let shell = std::fs::read_to_string(frontend.0.join("index.html")).expect("shell");
    std::fs::write(frontend.0.join("index.html"), shell.replace("app-4f3a9c.js", "app-77e1b2c0.js"))
        .expect("rebuilt");
    let (_, _, html) = page(&app, &path).await;
    assert!(html.contains("/assets/app-77e1b2c0.js"), "the new build's script");
}

#[tokio::test]
async fn hashed_assets_go_out_in_their_build_time_brotli_copy_to_browsers_that_take_it() {
    let (app, frontend) = site().await;
    let script = "console.log('pine');\n".repeat(40);
    std::fs::write(frontend.0.join("assets/app-4f3a9c.js"), &script).expect("asset");
    let mut copy = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, ..Default::default() };
    brotli::BrotliCompress(&mut script.as_bytes(), &mut copy, &params).expect("compressed");
    std::fs::write(frontend.0.join("assets/app-4f3a9c.js.br"), &copy).expect("copy");

    let response = get_encoded(&app, "/assets/app-4f3a9c.js", "gzip, deflate, br", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(response.headers(), "content-encoding"), "br");
    assert!(header(response.headers(), "content-type").contains("javascript"));
    assert!(header(response.headers(), "content-disposition").is_empty(), "shown, not downloaded");
    assert!(header(response.headers(), "vary").to_ascii_lowercase().contains("accept-encoding"));
    assert!(header(response.headers(), "cache-control").contains("immutable"));
    let br_tag = header(response.headers(), "etag");
    assert_eq!(response.bytes().await.expect("body").to_vec(), copy, "the copy made at build time, as it is");

    let plain = get_encoded(&app, "/assets/app-4f3a9c.js", "identity", None).await;
    assert!(header(plain.headers(), "content-encoding").is_empty());
    assert_ne!(header(plain.headers(), "etag"), br_tag, "a tag per representation");
    assert_eq!(plain.text().await.expect("script"), script);
    assert_eq!(
        get_encoded(&app, "/assets/nothing-here.js", "br", None).await.status(),
        StatusCode::NOT_FOUND
    );
}

/// The journal's feed (issue 44), read by a third-party feed parser: every
/// post the journal shows, newest first, with its link, date, excerpt and
/// picture; linked from the pages' head; kept and revalidated like a page,
/// and following the journal when a post is added or deleted.
#[tokio::test]
async fn the_journal_feed_lists_the_posts_the_journal_shows_and_follows_it() {
    let (app, _frontend) = site().await;
    let token = app.admin_token().await;
    let post = json!({"title": "Lanterns & Cedar Smoke", "slug": "lanterns-cedar-smoke",
        "excerpt": "An evening <walk> at the retreat.", "content": "The whole post, never in the feed.",
        "image": "/media/blog/forest-bathing-san-jacinto.webp"});
    let created = expect_json(app.post_as(&token, "/api/blog-posts", &post).await, StatusCode::CREATED).await;

    let response = get_encoded(&app, "/blog/feed.xml", "identity", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(response.headers(), "content-type").starts_with("application/rss+xml"));
    assert!(header(response.headers(), "cache-control").contains("no-cache"), "revalidated like a page");
    let tag = header(response.headers(), "etag");
    let body = response.bytes().await.expect("body");
    assert!(!String::from_utf8_lossy(&body).contains("never in the feed"), "the excerpt, not the post");
    let feed = feed_rs::parser::parse(&body[..]).expect("a feed a reader's app can read");
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::RSS2);
    assert_eq!(feed.title.expect("title").content, "The Golden Pine Journal");

    let journal = app.get_json("/api/blog-posts").await;
    let shown: Vec<String> = journal
        .as_array()
        .expect("posts")
        .iter()
        .map(|p| format!("{PUBLIC_URL}/blog/{}", p["slug"].as_str().expect("slug")))
        .collect();
    let listed: Vec<String> = feed.entries.iter().map(|e| e.links[0].href.clone()).collect();
    assert_eq!(listed, shown, "the journal's posts, in its order (newest first)");
    let entry = &feed.entries[0];
    assert_eq!(entry.title.as_ref().expect("title").content, "Lanterns & Cedar Smoke");
    assert_eq!(entry.summary.as_ref().expect("excerpt").content, "An evening <walk> at the retreat.");
    assert!(entry.published.is_some(), "dated");
    let picture = &entry.media[0].content[0];
    assert_eq!(
        picture.url.as_ref().expect("picture").as_str(),
        format!("{PUBLIC_URL}/media/blog/forest-bathing-san-jacinto.webp")
    );

    // A reader's app asking again with its tag costs no body.
    let again = get_encoded(&app, "/blog/feed.xml", "identity", Some(&tag)).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // Readers find it from any page.
    let (_, _, home) = page(&app, "/").await;
    assert!(
        home.contains(&format!(
            r#"<link rel="alternate" type="application/rss+xml" title="The Golden Pine Journal" href="{PUBLIC_URL}/blog/feed.xml">"#
        )),
        "the head links the feed"
    );

    // A deleted post leaves the feed with the next request.
    let id = created["id"].as_str().expect("id");
    assert!(app.delete_as(&token, &format!("/api/admin/blog-posts/{id}")).await.status().is_success());
    let after = get_encoded(&app, "/blog/feed.xml", "identity", Some(&tag)).await;
    assert_eq!(after.status(), StatusCode::OK, "the kept feed was forgotten with the change");
    let feed = feed_rs::parser::parse(&after.bytes().await.expect("body")[..]).expect("feed");
    assert!(feed.entries.iter().all(|e| !e.links[0].href.ends_with("/lanterns-cedar-smoke")));
    assert_eq!(feed.entries.len(), shown.len() - 1);
}

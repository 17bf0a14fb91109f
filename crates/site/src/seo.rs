//! For search engines: the sitemap (the table's indexed pages and every
//! journal post) and robots.txt.

use actix_web::{HttpResponse, web};

use crate::head::{absolute, escape};
use crate::pages::{PAGES, POST_PATH_PREFIX};
use crate::state::SiteState;

pub async fn sitemap(state: web::Data<SiteState>) -> HttpResponse {
    let base = &state.config.public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in PAGES.iter().filter(|page| page.indexed) {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape(&absolute(base, page.path))));
    }
    // A sitemap without posts is still a valid sitemap; the error is logged.
    match state.catalogue.posts().await {
        Ok(posts) => {
            for post in posts {
                xml.push_str(&format!(
                    "  <url><loc>{}</loc><lastmod>{}</lastmod></url>\n",
                    escape(&absolute(base, &format!("{POST_PATH_PREFIX}{}", post.slug.as_str()))),
                    post.published_at.format("%Y-%m-%d"),
                ));
            }
        }
        Err(error) => tracing::error!(error = %error, "sitemap could not list posts"),
    }
    xml.push_str("</urlset>\n");
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml)
}

pub async fn robots(state: web::Data<SiteState>) -> HttpResponse {
    let mut body = String::from("User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /api/\n");
    // The pages a search engine has no use for, but the admin's and guests'
    // (already covered, or reached only by a link in their mail).
    for page in PAGES.iter().filter(|page| !page.indexed && page.rendered) {
        body.push_str(&format!("Disallow: {}\n", page.path));
    }
    body.push_str(&format!("\nSitemap: {}/sitemap.xml\n", state.config.public_url));
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

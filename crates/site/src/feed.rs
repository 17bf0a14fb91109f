//! The journal's feed (issue 44): RSS 2.0 of the published posts, newest
//! first, for readers' apps. Every post in the catalogue is published (the
//! journal has no drafts; a post is public from the moment it is saved), and
//! the feed lists exactly the posts `/blog` shows, from the same catalogue
//! read. Kept as sent, like the pages, until the catalogue changes.

use actix_web::{HttpRequest, HttpResponse, web};
use domain::content::BlogPost;

use crate::head::{absolute, escape};
use crate::kept::{Keep, SentPage, ShellVersion};
use crate::pages::POST_PATH_PREFIX;
use crate::state::SiteState;

/// Where the feed is, linked from every page's head.
pub const FEED_PATH: &str = "/blog/feed.xml";
/// The feed's name in readers' apps and in the head's link.
pub const FEED_TITLE: &str = "The Golden Pine Journal";
const FEED_DESCRIPTION: &str =
    "Stories, rituals and seasonal guides from Golden Pine Wellness Retreat in Idyllwild, California.";
/// Readers' apps show the newest; a long back catalogue stays on the site.
const FEED_ITEMS: usize = 50;
const CONTENT_TYPE: &str = "application/rss+xml; charset=utf-8";

/// The `<link rel="alternate">` every page's head carries.
pub fn head_link(public_url: &str) -> String {
    format!(
        r#"<link rel="alternate" type="application/rss+xml" title="{FEED_TITLE}" href="{}">"#,
        escape(&absolute(public_url, FEED_PATH))
    )
}

/// `GET /blog/feed.xml`.
pub async fn journal_feed(req: HttpRequest, state: web::Data<SiteState>) -> HttpResponse {
    let made = state
        .kept
        .sent(
            FEED_PATH,
            || state.catalogue.generation(),
            // Not made from the app shell: the same feed whatever the build.
            ShellVersion(None),
            || async {
                let posts = state.catalogue.posts().await.map_err(|error| {
                    tracing::error!(%error, "the journal's feed could not list posts");
                    HttpResponse::ServiceUnavailable()
                        .content_type("text/plain; charset=utf-8")
                        .body("The journal's feed is not available just now. Please try again shortly.")
                })?;
                let xml = rss(&state.config.public_url, &posts);
                let sent = SentPage::of_type(ShellVersion(None), xml, CONTENT_TYPE).map_err(|error| {
                    tracing::error!(%error, "the journal's feed could not be compressed");
                    HttpResponse::InternalServerError().finish()
                })?;
                Ok::<_, HttpResponse>((sent, Keep::Yes))
            },
        )
        .await;
    match made {
        Ok(feed) => feed.respond(&req),
        Err(response) => response,
    }
}

/// The posts (newest first, as the catalogue lists them) as RSS 2.0.
pub fn rss(public_url: &str, posts: &[BlogPost]) -> String {
    let journal = absolute(public_url, "/blog");
    let mut xml = String::from(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" ",
        "xmlns:media=\"http://search.yahoo.com/mrss/\">\n<channel>\n"
    ));
    xml.push_str(&format!("  <title>{}</title>\n", escape(FEED_TITLE)));
    xml.push_str(&format!("  <link>{}</link>\n", escape(&journal)));
    xml.push_str(&format!("  <description>{}</description>\n", escape(FEED_DESCRIPTION)));
    xml.push_str("  <language>en-us</language>\n");
    xml.push_str(&format!(
        "  <atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        escape(&absolute(public_url, FEED_PATH))
    ));
    if let Some(newest) = posts.iter().map(|post| post.published_at).max() {
        xml.push_str(&format!("  <lastBuildDate>{}</lastBuildDate>\n", newest.to_rfc2822()));
    }
    for post in posts.iter().take(FEED_ITEMS) {
        let link = absolute(public_url, &format!("{POST_PATH_PREFIX}{}", post.slug.as_str()));
        xml.push_str("  <item>\n");
        xml.push_str(&format!("    <title>{}</title>\n", escape(&post.title)));
        xml.push_str(&format!("    <link>{}</link>\n", escape(&link)));
        xml.push_str(&format!("    <guid isPermaLink=\"true\">{}</guid>\n", escape(&link)));
        xml.push_str(&format!("    <pubDate>{}</pubDate>\n", post.published_at.to_rfc2822()));
        xml.push_str(&format!("    <description>{}</description>\n", escape(&post.excerpt)));
        let image = absolute(public_url, &post.image);
        match image_type(&post.image) {
            Some(kind) => xml.push_str(&format!(
                "    <media:content url=\"{}\" medium=\"image\" type=\"{kind}\"/>\n",
                escape(&image)
            )),
            None => {
                xml.push_str(&format!("    <media:content url=\"{}\" medium=\"image\"/>\n", escape(&image)))
            }
        }
        xml.push_str("  </item>\n");
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

fn image_type(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.')?.1.to_ascii_lowercase();
    match extension.as_str() {
        "webp" => Some("image/webp"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "png" => Some("image/png"),
        "avif" => Some("image/avif"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use domain::content::Slug;
    use uuid::Uuid;

    fn post(title: &str, slug: &str, day: u32) -> BlogPost {
        BlogPost {
            id: Uuid::new_v4(),
            title: title.to_owned(),
            slug: Slug::parse(slug).expect("slug"),
            excerpt: "Tea & <quiet>".to_owned(),
            content: "Body text never goes in the feed.".to_owned(),
            image: "/media/blog/tea.webp".to_owned(),
            published_at: Utc.with_ymd_and_hms(2026, 11, day, 16, 0, 0).single().expect("time"),
        }
    }

    #[test]
    fn the_feed_names_each_post_with_its_link_date_excerpt_and_picture() {
        let xml = rss("https://example.test", &[post("Pine & Snow", "pine-snow", 20), post("Tea", "tea", 2)]);
        assert!(xml.contains("<title>Pine &amp; Snow</title>"));
        assert!(xml.contains("<link>https://example.test/blog/pine-snow</link>"));
        assert!(xml.contains("<pubDate>Fri, 20 Nov 2026 16:00:00 +0000</pubDate>"));
        assert!(xml.contains("<description>Tea &amp; &lt;quiet&gt;</description>"));
        assert!(xml.contains(
            r#"<media:content url="https://example.test/media/blog/tea.webp" medium="image" type="image/webp"/>"#
        ));
        assert!(xml.contains("<lastBuildDate>Fri, 20 Nov 2026 16:00:00 +0000</lastBuildDate>"));
        assert!(!xml.contains("Body text"), "the excerpt, not the whole post");
        assert!(xml.find("pine-snow").expect("first") < xml.find("/blog/tea<").expect("second"));
    }

    #[test]
    fn an_empty_journal_is_a_valid_empty_channel() {
        let xml = rss("https://example.test", &[]);
        assert!(xml.contains("<channel>") && xml.contains("</channel>") && !xml.contains("<item>"));
        assert!(!xml.contains("lastBuildDate"));
    }
}

//! What goes into a page's `<head>`: its title, description, canonical
//! address and Open Graph tags, and the JSON data blocks the app starts from
//! (the site information, the rendered page's data), each safe inside its
//! element.

use crate::info::site_info;
use crate::pages::SITE_NAME;
use crate::state::SiteConfig;

/// The head tags of one page.
pub struct PageMeta {
    pub title: String,
    pub description: String,
    /// Site-relative path of the page.
    pub path: String,
    /// Site-relative or absolute image for social cards.
    pub image: Option<String>,
    pub og_type: &'static str,
    pub indexable: bool,
}

impl PageMeta {
    /// A page of the table at `path` (the not-found page names the path asked for).
    pub fn of(page: &crate::pages::Page, path: &str) -> Self {
        Self {
            title: page.title.to_owned(),
            description: page.description.to_owned(),
            path: path.to_owned(),
            image: None,
            og_type: "website",
            indexable: page.indexed,
        }
    }
}

/// Text made safe inside an HTML element or attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A site-relative address made absolute; an absolute one as it is.
pub fn absolute(public_url: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{public_url}{url}")
    }
}

/// JSON made safe inside a `<script>` element: every `<` is escaped (valid
/// JSON still), so no text, such as a title with `</script>`, can end it.
pub fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

pub fn head_tags(meta: &PageMeta, public_url: &str) -> String {
    let url = absolute(public_url, &meta.path);
    let mut tags = vec![
        format!("<title>{}</title>", escape(&meta.title)),
        format!(r#"<meta name="description" content="{}">"#, escape(&meta.description)),
        format!(r#"<link rel="canonical" href="{}">"#, escape(&url)),
        format!(r#"<meta property="og:site_name" content="{SITE_NAME}">"#),
        format!(r#"<meta property="og:title" content="{}">"#, escape(&meta.title)),
        format!(r#"<meta property="og:description" content="{}">"#, escape(&meta.description)),
        format!(r#"<meta property="og:type" content="{}">"#, meta.og_type),
        format!(r#"<meta property="og:url" content="{}">"#, escape(&url)),
        r#"<meta name="twitter:card" content="summary_large_image">"#.to_owned(),
    ];
    let image = meta.image.clone().unwrap_or_else(|| "/og-image.jpg".to_owned());
    tags.push(format!(r#"<meta property="og:image" content="{}">"#, escape(&absolute(public_url, &image))));
    if !meta.indexable {
        tags.push(r#"<meta name="robots" content="noindex">"#.to_owned());
    }
    tags.join("\n    ")
}

/// The site information as a JSON data block for the page's head, so the
/// app has it before its first render.
pub fn site_info_tag(config: &SiteConfig) -> String {
    let json = script_safe(&serde_json::to_string(&site_info(config)).unwrap_or_default());
    format!(r#"<script id="site-info" type="application/json">{json}</script>"#)
}

/// The rendered page's starting data as a JSON data block.
pub fn query_state_tag(state: &str) -> String {
    format!(r#"<script id="query-state" type="application/json">{}</script>"#, script_safe(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_tags_escape_and_absolutise() {
        let meta = PageMeta {
            title: "Tea & <Tonics>".to_owned(),
            description: "\"Quoted\"".to_owned(),
            path: "/blog/tea".to_owned(),
            image: Some("/media/blog/tea.webp".to_owned()),
            og_type: "article",
            indexable: true,
        };
        let tags = head_tags(&meta, "https://goldenpine.example");
        assert!(tags.contains("<title>Tea &amp; &lt;Tonics&gt;</title>"));
        assert!(tags.contains(r#"content="&quot;Quoted&quot;""#));
        assert!(tags.contains(
            r#"<meta property="og:image" content="https://goldenpine.example/media/blog/tea.webp">"#
        ));
        assert!(tags.contains(r#"<link rel="canonical" href="https://goldenpine.example/blog/tea">"#));
        assert!(!tags.contains("noindex"));
    }

    #[test]
    fn the_site_info_tag_cannot_close_its_element() {
        let config = SiteConfig {
            frontend_dir: "dist".into(),
            media_dir: "media".into(),
            public_url: "https://goldenpine.example".to_owned(),
            time_zone: "</script><script>alert(1)</script>".to_owned(),
        };
        let tag = site_info_tag(&config);
        assert_eq!(tag.matches("</script>").count(), 1, "{tag}");
        assert!(tag.contains("\\u003c/script>\\u003cscript>alert(1)"), "{tag}");
        let info = site_info(&config);
        assert_eq!(info.pages.len(), crate::pages::PAGES.len(), "every page has a title");
    }
}

//! The page table: every page of the site with its title and description,
//! whether the server renders it, whether it is indexed (sitemap, robots)
//! and what it says as structured data. The head tags, the sitemap, server
//! rendering, the `/api/site` titles, the server's routes and the frontend's
//! generated list (`frontend/src/config/pages.json`) all come from here.

use serde::Serialize;

/// What a page says as schema.org data besides its breadcrumb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Graph {
    /// Nothing more.
    None,
    /// The retreat itself (a DaySpa with address and opening hours).
    Business,
    /// The services and their offers.
    Services,
    /// The products and their offers.
    Products,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// Site-relative path, without a trailing slash.
    pub path: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// The server sends the page with its content (rendered by the app's
    /// server bundle); otherwise the browser renders it (a guest's own
    /// records, the admin).
    pub rendered: bool,
    /// Listed in the sitemap and open to search engines; otherwise `noindex`.
    pub indexed: bool,
    /// The breadcrumb's name, when the page has one.
    pub crumb: Option<&'static str>,
    pub graph: Graph,
}

const SITE: &str = "Golden Pine Wellness Retreat";

/// Every page of the browser app.
pub const PAGES: &[Page] = &[
    Page {
        path: "/",
        title: "Golden Pine Wellness Retreat | Mountain Spa & Tiny Home Stays in Idyllwild, California",
        description: "A boutique mountain wellness retreat in Idyllwild, California: massage therapy, rustic spa \
             treatments, tiny-home stays under the stars and wellness packages among the pines.",
        rendered: true,
        indexed: true,
        crumb: None,
        graph: Graph::Business,
    },
    Page {
        path: "/services",
        title: "Experiences | Golden Pine Wellness Retreat",
        description: "Massage therapy, rustic spa treatments, tiny-home retreats and wellness packages in the San \
             Jacinto mountains. Book your sanctuary.",
        rendered: true,
        indexed: true,
        crumb: Some("Experiences"),
        graph: Graph::Services,
    },
    Page {
        path: "/products",
        title: "Shop Skincare, Candles & Teas | Golden Pine Wellness Retreat",
        description: "Take the retreat home: botanical skincare, hand-poured candles and herbal teas made in small \
             batches in the mountains of California.",
        rendered: true,
        indexed: true,
        crumb: Some("Shop"),
        graph: Graph::Products,
    },
    Page {
        path: "/blog",
        title: "The Wellness Journal | Golden Pine Wellness Retreat",
        description: "Stories, rituals and seasonal guides from our mountain retreat: forest bathing, self-care, \
             herbal teas and slow living.",
        rendered: true,
        indexed: true,
        crumb: Some("Journal"),
        graph: Graph::None,
    },
    Page {
        path: "/contact",
        title: "Contact & Visit | Golden Pine Wellness Retreat",
        description: "Write to us or plan your visit to our retreat in Idyllwild, California. Open Mon-Fri 9:00 \
             AM-6:00 PM, Sat-Sun 8:00 AM-7:00 PM.",
        rendered: true,
        indexed: true,
        crumb: Some("Contact"),
        graph: Graph::Business,
    },
    Page {
        path: "/checkout",
        title: "Checkout | Golden Pine Wellness Retreat",
        description: "Complete your order.",
        rendered: true,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/wellness-quiz",
        title: "Wellness Quiz | Golden Pine Wellness Retreat",
        description: "Five questions to your personal wellness profile, with the experience and take-home rituals \
             that suit you best.",
        rendered: true,
        indexed: true,
        crumb: Some("Wellness Quiz"),
        graph: Graph::None,
    },
    Page {
        path: "/gift-cards",
        title: "Gift Cards | Golden Pine Wellness Retreat",
        description: "Give an afternoon of quiet: an e-gift card for a massage, a spa treatment or a stay in the \
             pines, delivered by e-mail on the day you choose. It never expires.",
        rendered: true,
        indexed: true,
        crumb: Some("Gift Cards"),
        graph: Graph::None,
    },
    Page {
        path: "/privacy",
        title: "Privacy | Golden Pine Wellness Retreat",
        description: "What Golden Pine keeps about you, why and for how long, and how to ask for a copy of your \
             data or its erasure.",
        rendered: true,
        indexed: true,
        crumb: Some("Privacy"),
        graph: Graph::None,
    },
    // Reached from links in guests' mail; one person's records, never indexed.
    Page {
        path: "/gift-cards/print",
        title: "Your Gift Card | Golden Pine Wellness Retreat",
        description: "Your Golden Pine gift card, to keep or print.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    // Rendered in its loading state only, the same for every guest's link:
    // the booking is one person's, and loads in her browser.
    Page {
        path: "/bookings/manage",
        title: "Your Booking | Golden Pine Wellness Retreat",
        description: "See or cancel your booking.",
        rendered: true,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/newsletter/unsubscribe",
        title: "Newsletter | Golden Pine Wellness Retreat",
        description: "Unsubscribe from the Golden Pine journal.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/visits/rate",
        title: "Rate Your Visit | Golden Pine Wellness Retreat",
        description: "Tell us how your visit to Golden Pine was.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/waitlist/offer",
        title: "A Place for You | Golden Pine Wellness Retreat",
        description: "A place you waited for at Golden Pine, held for you.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/waitlist/leave",
        title: "Leave the Waitlist | Golden Pine Wellness Retreat",
        description: "Leave the Golden Pine waitlist.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/privacy/confirm",
        title: "Confirm Your Request | Golden Pine Wellness Retreat",
        description: "Confirm your request for a copy of your data or its erasure.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/visits/unsubscribe",
        title: "After-Visit Mail | Golden Pine Wellness Retreat",
        description: "No more thank-you notes or invitations from Golden Pine.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/admin/login",
        title: "Admin | Golden Pine Wellness Retreat",
        description: "Administration.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/admin/dashboard",
        title: "Admin | Golden Pine Wellness Retreat",
        description: "Administration.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/admin/forgot-password",
        title: "Admin | Golden Pine Wellness Retreat",
        description: "Administration.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/admin/reset-password",
        title: "Admin | Golden Pine Wellness Retreat",
        description: "Administration.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
    Page {
        path: "/admin/join",
        title: "Admin | Golden Pine Wellness Retreat",
        description: "Administration.",
        rendered: false,
        indexed: false,
        crumb: None,
        graph: Graph::None,
    },
];

/// A journal post's page: `/blog/{slug}`, titled by the post.
pub const POST_PATH_PREFIX: &str = "/blog/";
/// What a journal post's title is followed by ("Forest Bathing | Golden Pine Journal").
pub const POST_TITLE_SUFFIX: &str = " | Golden Pine Journal";
/// The journal's breadcrumb, above each post's.
pub const JOURNAL_CRUMB: (&str, &str) = ("Journal", "/blog");

/// The not-found page, for every path no page has.
pub const NOT_FOUND: Page = Page {
    path: "",
    title: "Page Not Found | Golden Pine Wellness Retreat",
    description: "This page does not exist.",
    rendered: true,
    indexed: false,
    crumb: None,
    graph: Graph::None,
};

pub const SITE_NAME: &str = SITE;

/// The page at `path` (`/index.html` is the home page).
pub fn page(path: &str) -> Option<&'static Page> {
    let path = if path == "/index.html" { "/" } else { path };
    PAGES.iter().find(|page| page.path == path)
}

/// What the frontend keeps of the table (`frontend/src/config/pages.json`):
/// each page's path, title and whether the server renders it, so the
/// browser's route table and titles can be checked against it.
#[derive(Debug, Serialize)]
pub struct FrontendPage {
    pub path: &'static str,
    pub title: &'static str,
    pub rendered: bool,
}

/// The frontend's list as committed (pretty JSON, trailing newline).
pub fn frontend_list_json() -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct FrontendList {
        #[serde(rename = "$comment")]
        comment: &'static str,
        pages: Vec<FrontendPage>,
        post_title_suffix: &'static str,
        not_found_title: &'static str,
    }
    let list = FrontendList {
        comment: "Generated from crates/site/src/pages.rs by `just openapi`; do not edit.",
        pages: PAGES
            .iter()
            .map(|page| FrontendPage { path: page.path, title: page.title, rendered: page.rendered })
            .collect(),
        post_title_suffix: POST_TITLE_SUFFIX,
        not_found_title: NOT_FOUND.title,
    };
    let mut text = serde_json::to_string_pretty(&list).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_is_listed_once_and_indexed_pages_are_described() {
        for (index, page) in PAGES.iter().enumerate() {
            assert!(PAGES[..index].iter().all(|other| other.path != page.path), "{} twice", page.path);
            assert!(page.path.starts_with('/') && (page.path == "/" || !page.path.ends_with('/')));
            if page.indexed {
                assert!(page.rendered, "{}: an indexed page arrives whole", page.path);
                assert!(page.description.len() > 20, "{}", page.path);
            }
        }
        assert_eq!(page("/index.html").map(|p| p.path), Some("/"));
        assert!(page("/nowhere").is_none());
    }
}

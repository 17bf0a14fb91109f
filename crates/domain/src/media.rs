//! Uploaded media: which files are taken (by their bytes, never by the name
//! or the type a browser claims), how large they may be, the content-addressed
//! names they are kept under, and the names shown for them.
//!
//! Pure rules: the adapters read the bytes, clean them (metadata, orientation)
//! and keep them; this module decides.

use std::fmt;

/// Where uploaded files are served: `/media/uploads/{name}`.
pub const UPLOAD_URL_PREFIX: &str = "/media/uploads/";

/// The largest image taken, in bytes (a phone's photo is 2 to 8 MB).
pub const MAX_IMAGE_BYTES: u64 = 20 * 1024 * 1024;
/// The largest video taken, in bytes (a short product clip).
pub const MAX_VIDEO_BYTES: u64 = 64 * 1024 * 1024;
/// The most pixels an image may have: 36 megapixels (6000 × 6000, a 24 MP
/// camera's photo with room to spare). Decoding one takes up to 144 MB.
pub const MAX_PIXELS: u64 = 36_000_000;
/// The longest side an image may have, in pixels.
pub const MAX_SIDE: u32 = 12_000;
/// Bytes enough to tell every accepted type by its signature.
pub const SNIFF_BYTES: usize = 64;
/// The longest name shown for a file, in characters.
pub const DISPLAY_NAME_MAX: usize = 120;

/// An accepted file type, told by its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MediaKind {
    Jpeg,
    Png,
    Webp,
    Avif,
    Mp4,
    Webm,
}

impl MediaKind {
    pub const ALL: [MediaKind; 6] =
        [MediaKind::Jpeg, MediaKind::Png, MediaKind::Webp, MediaKind::Avif, MediaKind::Mp4, MediaKind::Webm];

    /// The type of these bytes (their first [`SNIFF_BYTES`] suffice), or
    /// `None` for anything else: a zip, a text file, a HEIC photo, a GIF.
    pub fn sniff(bytes: &[u8]) -> Option<MediaKind> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            return Some(MediaKind::Jpeg);
        }
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            return Some(MediaKind::Png);
        }
        if bytes.len() >= 16 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            return Some(MediaKind::Webp);
        }
        if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
            // EBML: WebM names its DocType in the header; Matroska is not taken.
            let header = &bytes[..bytes.len().min(SNIFF_BYTES)];
            return header.windows(4).any(|window| window == b"webm").then_some(MediaKind::Webm);
        }
        if bytes.len() >= 16 && &bytes[4..8] == b"ftyp" {
            let size = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
            let end = size.clamp(16, bytes.len().min(SNIFF_BYTES));
            let brands: Vec<&[u8]> =
                std::iter::once(&bytes[8..12]).chain(bytes[16.min(end)..end].chunks_exact(4)).collect();
            if brands.iter().any(|brand| matches!(*brand, b"avif" | b"avis")) {
                return Some(MediaKind::Avif);
            }
            // HEIF/HEIC stills are not taken: browsers other than Safari cannot show them.
            let still = brands.iter().any(|brand| matches!(*brand, b"heic" | b"heix" | b"mif1" | b"msf1"));
            let video = brands.iter().any(|brand| {
                matches!(
                    *brand,
                    b"isom"
                        | b"iso2"
                        | b"iso4"
                        | b"iso5"
                        | b"iso6"
                        | b"mp41"
                        | b"mp42"
                        | b"avc1"
                        | b"dash"
                        | b"M4V "
                )
            });
            return (video && !still).then_some(MediaKind::Mp4);
        }
        None
    }

    /// The type a browser names for an upload (`Content-Type`): `Ok(None)`
    /// when it names none in particular (`application/octet-stream`, empty),
    /// `Err` for a type that is never taken.
    pub fn from_declared(content_type: &str) -> Result<Option<MediaKind>, MediaError> {
        let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match essence.as_str() {
            "" | "application/octet-stream" => Ok(None),
            "image/jpeg" | "image/jpg" | "image/pjpeg" => Ok(Some(MediaKind::Jpeg)),
            "image/png" => Ok(Some(MediaKind::Png)),
            "image/webp" => Ok(Some(MediaKind::Webp)),
            "image/avif" => Ok(Some(MediaKind::Avif)),
            "video/mp4" => Ok(Some(MediaKind::Mp4)),
            "video/webm" => Ok(Some(MediaKind::Webm)),
            _ => Err(MediaError::NotAccepted),
        }
    }

    /// The kind of a stored name's extension.
    pub fn from_extension(extension: &str) -> Option<MediaKind> {
        Self::ALL.into_iter().find(|kind| kind.extension() == extension)
    }

    /// The stored code of the kind (`jpeg`, `mp4`…).
    pub fn code(self) -> &'static str {
        match self {
            MediaKind::Jpeg => "jpeg",
            MediaKind::Png => "png",
            MediaKind::Webp => "webp",
            MediaKind::Avif => "avif",
            MediaKind::Mp4 => "mp4",
            MediaKind::Webm => "webm",
        }
    }

    /// The kind of a stored code.
    pub fn from_code(code: &str) -> Option<MediaKind> {
        Self::ALL.into_iter().find(|kind| kind.code() == code)
    }

    pub fn mime(self) -> &'static str {
        match self {
            MediaKind::Jpeg => "image/jpeg",
            MediaKind::Png => "image/png",
            MediaKind::Webp => "image/webp",
            MediaKind::Avif => "image/avif",
            MediaKind::Mp4 => "video/mp4",
            MediaKind::Webm => "video/webm",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            MediaKind::Jpeg => "jpg",
            MediaKind::Png => "png",
            MediaKind::Webp => "webp",
            MediaKind::Avif => "avif",
            MediaKind::Mp4 => "mp4",
            MediaKind::Webm => "webm",
        }
    }

    pub fn is_video(self) -> bool {
        matches!(self, MediaKind::Mp4 | MediaKind::Webm)
    }

    /// The largest file of this kind taken.
    pub fn max_bytes(self) -> u64 {
        if self.is_video() { MAX_VIDEO_BYTES } else { MAX_IMAGE_BYTES }
    }

    /// Whether a file the browser declared as `declared` may be this kind:
    /// a file that says it is a PNG and is a JPEG is refused (it lies, or
    /// was renamed by something that should not be trusted).
    pub fn check_declared(self, declared: Option<MediaKind>) -> Result<(), MediaError> {
        match declared {
            Some(claimed) if claimed != self => {
                Err(MediaError::TypeMismatch { declared: claimed, actual: self })
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Display for MediaKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MediaKind::Jpeg => "JPEG",
            MediaKind::Png => "PNG",
            MediaKind::Webp => "WebP",
            MediaKind::Avif => "AVIF",
            MediaKind::Mp4 => "MP4",
            MediaKind::Webm => "WebM",
        })
    }
}

/// Why an upload is refused. The messages are the owner's to read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MediaError {
    #[error("This file type is not taken: upload a JPEG, PNG, WebP or AVIF image, or an MP4 or WebM video")]
    NotAccepted,
    #[error("The file says it is {declared} but its contents are {actual}")]
    TypeMismatch { declared: MediaKind, actual: MediaKind },
    #[error("The file is larger than {limit_mb} MB, the most taken for {what}")]
    TooLarge { limit_mb: u64, what: &'static str },
    #[error("The file is empty")]
    Empty,
    #[error(
        "The image is {width} × {height} pixels ({megapixels} megapixels); at most 36 megapixels and 12000 pixels a side are taken: export it smaller"
    )]
    TooManyPixels { width: u32, height: u32, megapixels: u64 },
    #[error("The image could not be read: {0}")]
    Unreadable(String),
    #[error("{0}")]
    Refused(String),
}

impl MediaError {
    /// A body over the limit for this kind (or for any file, when the kind is not known yet).
    pub fn too_large(kind: Option<MediaKind>) -> Self {
        let (limit, what) = match kind {
            Some(kind) if kind.is_video() => (MAX_VIDEO_BYTES, "a video"),
            Some(_) => (MAX_IMAGE_BYTES, "an image"),
            None => (MAX_VIDEO_BYTES, "a file"),
        };
        MediaError::TooLarge { limit_mb: limit / (1024 * 1024), what }
    }
}

/// Whether an image of this size may be decoded and kept: checked from the
/// header, before any pixel is decoded (a small file can name a huge image:
/// a decompression bomb).
pub fn check_dimensions(width: u32, height: u32) -> Result<(), MediaError> {
    if width == 0 || height == 0 {
        return Err(MediaError::Unreadable("the image has no pixels".to_owned()));
    }
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS || width > MAX_SIDE || height > MAX_SIDE {
        return Err(MediaError::TooManyPixels { width, height, megapixels: pixels.div_ceil(1_000_000) });
    }
    Ok(())
}

/// The name a file is kept under: its SHA-256 (lowercase hex, of the bytes
/// as kept) and its kind's extension. The same file uploaded twice is kept once.
pub fn content_name(sha256_hex: &str, kind: MediaKind) -> String {
    format!("{}.{}", sha256_hex.to_ascii_lowercase(), kind.extension())
}

/// The kind of a content-addressed name (`<64 hex>.<ext>`), or `None` for
/// anything else: nothing but such names is ever looked up in the store, so
/// no path can leave it.
pub fn parse_content_name(name: &str) -> Option<MediaKind> {
    let (hash, extension) = name.split_once('.')?;
    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !hex {
        return None;
    }
    MediaKind::from_extension(extension)
}

/// The site URL of a kept file.
pub fn upload_url(name: &str) -> String {
    format!("{UPLOAD_URL_PREFIX}{name}")
}

/// The name shown for an upload: the last part of what the browser sent
/// (a path in a file name is dropped), without control characters or
/// leading dots, at most [`DISPLAY_NAME_MAX`] characters; "upload" when
/// nothing is left. Only ever shown, never used to keep or find the file.
pub fn display_name(sent: &str) -> String {
    let last = sent.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '<' | '>' | '"' | ':' | '|' | '?' | '*'))
        .collect();
    let trimmed = cleaned.trim().trim_start_matches('.').trim();
    let shortened: String = trimmed.chars().take(DISPLAY_NAME_MAX).collect();
    let shortened = shortened.trim().to_owned();
    if shortened.is_empty() { "upload".to_owned() } else { shortened }
}

/// A file kept in the media library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    pub id: uuid::Uuid,
    /// The content-addressed name ([`content_name`]).
    pub name: String,
    pub kind: MediaKind,
    pub byte_size: i64,
    /// Pixels, for images (a video's are not read).
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// The name it was uploaded with ([`display_name`]).
    pub original_name: String,
    pub uploaded_at: chrono::DateTime<chrono::Utc>,
}

impl MediaFile {
    pub fn url(&self) -> String {
        upload_url(&self.name)
    }
}

/// An upload ready to keep: its bytes as they are to be stored (metadata
/// removed, turned upright) and an image's size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanedUpload {
    pub bytes: Vec<u8>,
    pub kind: MediaKind,
    pub width: Option<u32>,
    pub height: Option<u32>,
}

/// A cleaned upload to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMediaFile {
    pub name: String,
    pub kind: MediaKind,
    pub byte_size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub original_name: String,
}

/// What shows a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MediaUser {
    Product,
    ProductGallery,
    Service,
    BlogPost,
}

/// One place a file is shown: a product's picture, a product's gallery, a
/// service's or a journal post's picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaUse {
    pub user: MediaUser,
    /// The product, service or post.
    pub id: uuid::Uuid,
    /// Its name or title, for the owner.
    pub label: String,
}

/// A library file with the places it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryEntry {
    pub file: MediaFile,
    pub uses: Vec<MediaUse>,
}

/// The audit summary of a kept or deleted file.
pub fn audit_summary(file: &NewMediaFile) -> String {
    let size = match (file.width, file.height) {
        (Some(width), Some(height)) => format!(", {width} × {height}"),
        _ => String::new(),
    };
    format!("{} ({}{size}, {} bytes) as {}", file.original_name, file.kind, file.byte_size, file.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
        let size = 16 + 4 * compatible.len();
        let mut bytes = (size as u32).to_be_bytes().to_vec();
        bytes.extend_from_slice(b"ftyp");
        bytes.extend_from_slice(major);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        for brand in compatible {
            bytes.extend_from_slice(*brand);
        }
        bytes.extend_from_slice(&[0; 8]);
        bytes
    }

    #[test]
    fn types_are_told_by_their_bytes() {
        assert_eq!(MediaKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some(MediaKind::Jpeg));
        assert_eq!(MediaKind::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(MediaKind::Png));
        assert_eq!(MediaKind::sniff(b"RIFF\x10\0\0\0WEBPVP8 \0\0\0\0"), Some(MediaKind::Webp));
        assert_eq!(MediaKind::sniff(&ftyp(b"avif", &[b"mif1", b"miaf"])), Some(MediaKind::Avif));
        assert_eq!(MediaKind::sniff(&ftyp(b"isom", &[b"isom", b"iso2", b"mp41"])), Some(MediaKind::Mp4));
        let mut webm = vec![0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84];
        webm.extend_from_slice(b"webm");
        assert_eq!(MediaKind::sniff(&webm), Some(MediaKind::Webm));
    }

    #[test]
    fn other_files_are_not_taken() {
        assert_eq!(MediaKind::sniff(b"PK\x03\x04zipzipzip"), None, "a zip");
        assert_eq!(MediaKind::sniff(b"GIF89a......"), None);
        assert_eq!(MediaKind::sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None);
        assert_eq!(MediaKind::sniff(&ftyp(b"heic", &[b"mif1", b"heic"])), None, "HEIC");
        assert_eq!(MediaKind::sniff(b"RIFF\x10\0\0\0AVI LIST"), None);
        let matroska =
            [0x1A, 0x45, 0xDF, 0xA3, 0x42, 0x82, 0x88, b'm', b'a', b't', b'r', b'o', b's', b'k', b'a'];
        assert_eq!(MediaKind::sniff(&matroska), None);
        assert_eq!(MediaKind::sniff(b""), None);
    }

    #[test]
    fn a_declared_type_must_match_the_contents() {
        assert_eq!(MediaKind::from_declared("image/png"), Ok(Some(MediaKind::Png)));
        assert_eq!(MediaKind::from_declared("application/octet-stream"), Ok(None));
        assert_eq!(MediaKind::from_declared("IMAGE/JPEG; charset=binary"), Ok(Some(MediaKind::Jpeg)));
        assert_eq!(MediaKind::from_declared("application/zip"), Err(MediaError::NotAccepted));
        assert!(MediaKind::Jpeg.check_declared(None).is_ok());
        assert!(MediaKind::Jpeg.check_declared(Some(MediaKind::Jpeg)).is_ok());
        let lie = MediaKind::Jpeg.check_declared(Some(MediaKind::Png)).unwrap_err();
        assert_eq!(lie.to_string(), "The file says it is PNG but its contents are JPEG");
    }

    #[test]
    fn sizes_and_pixels_are_bounded() {
        assert_eq!(MediaKind::Png.max_bytes(), MAX_IMAGE_BYTES);
        assert_eq!(MediaKind::Webm.max_bytes(), MAX_VIDEO_BYTES);
        assert!(check_dimensions(6000, 6000).is_ok());
        assert!(check_dimensions(4032, 3024).is_ok());
        let fifty = check_dimensions(8660, 5774).unwrap_err();
        assert_eq!(
            fifty.to_string(),
            "The image is 8660 × 5774 pixels (51 megapixels); at most 36 megapixels and 12000 pixels a side are taken: export it smaller"
        );
        assert!(matches!(check_dimensions(20_000, 10), Err(MediaError::TooManyPixels { .. })));
        assert!(check_dimensions(0, 10).is_err());
    }

    #[test]
    fn names_are_the_content_s_hash() {
        let hash = "A".repeat(64);
        let name = content_name(&hash, MediaKind::Webp);
        assert_eq!(name, format!("{}.webp", "a".repeat(64)));
        assert_eq!(parse_content_name(&name), Some(MediaKind::Webp));
        assert_eq!(upload_url(&name), format!("/media/uploads/{name}"));
        assert_eq!(parse_content_name("../../etc/passwd"), None);
        assert_eq!(parse_content_name(&format!("{}.exe", "a".repeat(64))), None);
        assert_eq!(parse_content_name(&format!("{}.jpg", "g".repeat(64))), None);
        assert_eq!(parse_content_name(&format!("{}.jpg/x", "a".repeat(64))), None);
    }

    #[test]
    fn shown_names_lose_paths_and_control_characters() {
        assert_eq!(display_name("IMG_2041.JPG"), "IMG_2041.JPG");
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\Users\\ana\\Desktop\\spa room.png"), "spa room.png");
        assert_eq!(display_name("..hidden.jpg"), "hidden.jpg");
        assert_eq!(display_name("bad\u{0}name\n.jpg"), "badname.jpg");
        assert_eq!(display_name("/"), "upload");
        assert_eq!(display_name(""), "upload");
        assert_eq!(display_name(&"x".repeat(500)).chars().count(), DISPLAY_NAME_MAX);
    }
}

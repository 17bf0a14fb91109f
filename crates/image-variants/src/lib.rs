//! Right-sized copies of the site's media images.
//!
//! The catalogue's pictures are files under the media folder, served at
//! `/media/…` at their full size (800 to 1200 px wide). A phone showing a card
//! 350 px wide needs a third of that. This crate makes a WebP copy of an image
//! at one of a few fixed widths ([`WIDTHS`]) the first time it is asked for and
//! keeps it in a cache folder, so each copy is made once per source file,
//! never per request; a replaced source file (new size or modification time)
//! gets new copies. Only fixed widths are made, so the work and the disk a
//! client can cause are bounded by the number of files times five.
//!
//! It also reads an image's intrinsic size from its header (without decoding
//! it), for the pages' `width`/`height` attributes, remembered per file.

pub mod clean;

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use image::imageops::FilterType;

/// The widths copies are made at: a phone's card (320), a phone's full width
/// at 2× (640, 960), a desktop card or column at 2× (1280), a full-bleed
/// picture (1920). A request for another width is refused.
pub const WIDTHS: [u32; 5] = [320, 640, 960, 1280, 1920];

/// The file types made into copies, by extension.
const SOURCE_TYPES: [&str; 4] = ["webp", "jpg", "jpeg", "png"];

/// WebP quality of the copies: visually the same as the sources at the sizes
/// they are shown, at about half the bytes of quality 90.
const QUALITY: f32 = 78.0;

/// A source larger than this is not decoded (a 16-megapixel photo is about
/// 64 MB of pixels): no single file can exhaust the server's memory.
const MAX_DECODED_BYTES: u64 = 96 * 1024 * 1024;

/// An image's size in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    #[error("no copies are made at {0} px (widths: 320, 640, 960, 1280, 1920)")]
    Width(u32),
    #[error("no image at this path")]
    NotFound,
    #[error("the image could not be read: {0}")]
    Unreadable(String),
    #[error("the copy could not be kept: {0}")]
    Io(#[from] io::Error),
}

/// The media folder, its cache of copies, and the sizes read so far.
pub struct ImageLibrary {
    media_dir: PathBuf,
    /// Uploaded files (`/media/uploads/…`): the local media store's folder,
    /// or this process's copies of a shared store's files.
    uploads_dir: Option<PathBuf>,
    cache_dir: PathBuf,
    /// Intrinsic sizes by file, with the version of the file they were read from.
    sizes: Mutex<HashMap<PathBuf, (FileVersion, Option<Size>)>>,
    /// One copy is made at a time: making one takes a core for tens of
    /// milliseconds, and the server's other requests must keep theirs.
    making: Mutex<()>,
}

/// What tells one content of a file from the next without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileVersion {
    len: u64,
    modified_nanos: u128,
}

impl FileVersion {
    fn of(path: &Path) -> Option<Self> {
        let meta = fs::metadata(path).ok().filter(|meta| meta.is_file())?;
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let modified_nanos = modified.duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        Some(Self { len: meta.len(), modified_nanos })
    }
}

impl ImageLibrary {
    pub fn new(media_dir: impl Into<PathBuf>, cache_dir: impl Into<PathBuf>) -> Self {
        Self {
            media_dir: media_dir.into(),
            uploads_dir: None,
            cache_dir: cache_dir.into(),
            sizes: Mutex::new(HashMap::new()),
            making: Mutex::new(()),
        }
    }

    /// Uploaded files are under `uploads_dir`, served at `/media/uploads/…`.
    pub fn with_uploads_dir(mut self, uploads_dir: impl Into<PathBuf>) -> Self {
        self.uploads_dir = Some(uploads_dir.into());
        self
    }

    /// Where uploaded files are read from, if anywhere.
    pub fn uploads_dir(&self) -> Option<&Path> {
        self.uploads_dir.as_deref()
    }

    /// The intrinsic size of the image a site URL (`/media/…`) names; `None`
    /// for another URL (an external picture), a missing or unreadable file,
    /// or a file that is not an image copies are made of (a video).
    pub fn size_of_url(&self, url: &str) -> Option<Size> {
        let relative = url.strip_prefix("/media/")?;
        let relative = relative.split(['?', '#']).next().unwrap_or_default();
        let source = self.source(relative)?;
        let version = FileVersion::of(&source)?;
        if let Some((_, size)) = self.sizes.lock().ok()?.get(&source).filter(|(known, _)| *known == version) {
            return *size;
        }
        let size = imagesize::size(&source)
            .ok()
            .and_then(|dim| {
                Some(Size { width: u32::try_from(dim.width).ok()?, height: u32::try_from(dim.height).ok()? })
            })
            .filter(|size| size.width > 0 && size.height > 0);
        self.sizes.lock().ok()?.insert(source, (version, size));
        size
    }

    /// The file of the copy of `relative` (a path under the media folder)
    /// `width` pixels wide, or as wide as the source if that is narrower,
    /// made now if it was not made before. Blocking: call it off the server's
    /// event loop.
    pub fn variant(&self, relative: &str, width: u32) -> Result<PathBuf, VariantError> {
        if !WIDTHS.contains(&width) {
            return Err(VariantError::Width(width));
        }
        let source = self.source(relative).ok_or(VariantError::NotFound)?;
        let version = FileVersion::of(&source).ok_or(VariantError::NotFound)?;
        let kept = self
            .cache_dir
            .join(width.to_string())
            .join(format!("{relative}.{}-{}.webp", version.len, version.modified_nanos));
        if kept.is_file() {
            return Ok(kept);
        }
        let _one_at_a_time = self.making.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Made by another request while this one waited.
        if kept.is_file() {
            return Ok(kept);
        }
        let bytes = make_copy(&source, width)?;
        let folder = kept.parent().ok_or(VariantError::NotFound)?;
        fs::create_dir_all(folder)?;
        // Written aside and renamed, so a reader never sees half a file.
        let partial = kept.with_extension(format!("partial-{}", std::process::id()));
        fs::write(&partial, bytes)?;
        fs::rename(&partial, &kept)?;
        tracing::debug!(source = %source.display(), width, "image copy made");
        Ok(kept)
    }

    /// The source file of a relative media path, if the path stays inside the
    /// media folder, names no hidden file and has an image extension.
    fn source(&self, relative: &str) -> Option<PathBuf> {
        let path = Path::new(relative);
        let plain = path.components().all(|component| match component {
            Component::Normal(part) => !part.to_string_lossy().starts_with('.'),
            _ => false,
        });
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        if !(plain && !relative.is_empty() && SOURCE_TYPES.contains(&extension.as_str())) {
            return None;
        }
        match (relative.strip_prefix("uploads/"), &self.uploads_dir) {
            (Some(name), Some(uploads)) => Some(uploads.join(name)),
            _ => Some(self.media_dir.join(path)),
        }
    }
}

/// The WebP bytes of `source` at `width` (never wider than the source). A
/// WebP source already at or below that width is kept as it is: encoding it
/// again would lose quality and save nothing.
fn make_copy(source: &Path, width: u32) -> Result<Vec<u8>, VariantError> {
    let unreadable = |error: image::ImageError| VariantError::Unreadable(error.to_string());
    let (natural_width, _) = reader(source)?.into_dimensions().map_err(unreadable)?;
    let is_webp =
        image::ImageFormat::from_path(source).is_ok_and(|format| format == image::ImageFormat::WebP);
    if natural_width <= width && is_webp {
        return Ok(fs::read(source)?);
    }
    let decoded = reader(source)?.decode().map_err(unreadable)?;
    let resized = if decoded.width() > width {
        // Rounded to the nearest pixel, as the browser scales the source.
        let (source_width, source_height) = (u64::from(decoded.width()), u64::from(decoded.height()));
        let height = ((source_height * u64::from(width) * 2 + source_width) / (source_width * 2)).max(1);
        decoded.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Lanczos3)
    } else {
        decoded
    };
    // libwebp takes 8-bit RGB or RGBA; keep the alpha channel only if there is one.
    let encoded = if resized.color().has_alpha() {
        let rgba = resized.to_rgba8();
        webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height()).encode(QUALITY).to_vec()
    } else {
        let rgb = resized.to_rgb8();
        webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height()).encode(QUALITY).to_vec()
    };
    Ok(encoded)
}

/// A reader of `source` by its content's format, refusing to allocate more
/// than [`MAX_DECODED_BYTES`].
fn reader(source: &Path) -> Result<image::ImageReader<std::io::BufReader<fs::File>>, VariantError> {
    let mut reader =
        image::ImageReader::open(source).map_err(|_| VariantError::NotFound)?.with_guessed_format()?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    Ok(reader)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn library() -> (tempfile::TempDir, ImageLibrary) {
        let dir = tempfile::tempdir().expect("temp dir");
        let media = dir.path().join("media");
        fs::create_dir_all(media.join("products")).expect("media folder");
        let library = ImageLibrary::new(&media, dir.path().join("cache"));
        (dir, library)
    }

    /// A gradient with detail, so sizes and encodings are like a photo's.
    fn write_png(path: &Path, width: u32, height: u32) {
        let picture = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 251) as u8])
        });
        picture.save(path).expect("png written");
    }

    fn decoded(path: &Path) -> image::DynamicImage {
        image::ImageReader::open(path)
            .expect("open")
            .with_guessed_format()
            .expect("format")
            .decode()
            .expect("decode")
    }

    #[test]
    fn a_copy_is_webp_at_the_width_asked_with_the_aspect_kept() {
        let (dir, library) = library();
        write_png(&dir.path().join("media/products/jar.png"), 1200, 800);
        let copy = library.variant("products/jar.png", 640).expect("copy");
        assert_eq!(image::ImageFormat::from_path(&copy).ok(), Some(image::ImageFormat::WebP));
        let bytes = fs::read(&copy).expect("read");
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(&bytes[8..12], b"WEBP");
        let picture = decoded(&copy);
        assert_eq!((picture.width(), picture.height()), (640, 427));
    }

    #[test]
    fn a_copy_is_made_once_and_again_when_the_source_changes() {
        let (dir, library) = library();
        let source = dir.path().join("media/products/jar.png");
        write_png(&source, 900, 900);
        let first = library.variant("products/jar.png", 320).expect("copy");
        let made = fs::metadata(&first).expect("kept").modified().expect("mtime");
        let again = library.variant("products/jar.png", 320).expect("copy");
        assert_eq!(first, again);
        assert_eq!(fs::metadata(&again).expect("kept").modified().expect("mtime"), made, "not made twice");

        write_png(&source, 700, 350);
        let replaced = library.variant("products/jar.png", 320).expect("copy");
        assert_ne!(replaced, first, "a new source gets a new copy");
        assert_eq!((decoded(&replaced).width(), decoded(&replaced).height()), (320, 160));
    }

    #[test]
    fn a_copy_is_never_wider_than_its_source_and_a_small_webp_is_kept_as_it_is() {
        let (dir, library) = library();
        write_png(&dir.path().join("media/products/small.png"), 500, 250);
        let copy = library.variant("products/small.png", 1920).expect("copy");
        assert_eq!(decoded(&copy).width(), 500);

        let webp_source = dir.path().join("media/products/small.webp");
        fs::copy(&copy, &webp_source).expect("webp source");
        let kept = library.variant("products/small.webp", 640).expect("copy");
        assert_eq!(fs::read(kept).expect("read"), fs::read(&webp_source).expect("read"));
    }

    #[test]
    fn only_fixed_widths_inside_the_media_folder_are_made() {
        let (dir, library) = library();
        write_png(&dir.path().join("media/products/jar.png"), 400, 400);
        fs::write(dir.path().join("secret.png"), b"not media").expect("outside file");
        assert!(matches!(library.variant("products/jar.png", 500), Err(VariantError::Width(500))));
        for path in [
            "../secret.png",
            "/etc/passwd.png",
            "products/../../secret.png",
            ".hidden.png",
            "products/missing.png",
            "products/clip.webm",
            "",
        ] {
            assert!(matches!(library.variant(path, 320), Err(VariantError::NotFound)), "{path}");
        }
        fs::write(dir.path().join("media/products/broken.png"), b"not a png at all").expect("broken file");
        assert!(matches!(library.variant("products/broken.png", 320), Err(VariantError::Unreadable(_))));
    }

    #[test]
    fn the_intrinsic_size_is_read_from_the_file_and_follows_a_replacement() {
        let (dir, library) = library();
        let source = dir.path().join("media/products/jar.png");
        write_png(&source, 300, 200);
        assert_eq!(library.size_of_url("/media/products/jar.png"), Some(Size { width: 300, height: 200 }));
        assert_eq!(
            library.size_of_url("/media/products/jar.png?v=2"),
            Some(Size { width: 300, height: 200 })
        );
        write_png(&source, 120, 90);
        assert_eq!(library.size_of_url("/media/products/jar.png"), Some(Size { width: 120, height: 90 }));
        for url in [
            "https://example.com/media/products/jar.png",
            "/media/products/none.png",
            "/media/../secret.png",
            "/media/products/clip.webm",
            "/assets/hero.webp",
        ] {
            assert_eq!(library.size_of_url(url), None, "{url}");
        }
    }
}

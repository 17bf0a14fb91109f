//! Uploads made safe to publish: the image's size is read from its header
//! and checked before a pixel is decoded (a small file can name a huge
//! image), then JPEG, PNG and WebP images are decoded (within
//! `image::Limits`), turned upright by their EXIF orientation and encoded
//! again, which leaves every metadata block behind (EXIF with the GPS
//! position a phone writes, XMP, comments) but the colour profile. AVIF
//! cannot be decoded here (no pure-Rust AV1 decoder): its header is checked
//! and it is kept as it is, and one that carries EXIF or XMP is refused
//! (docs/decisions.md §19). An MP4's metadata boxes (`udta`, `meta`, where a
//! phone writes the place a video was taken) are blanked in place; a WebM is
//! kept as it is.

use std::io::Cursor;

use domain::media::{
    CleanedUpload as Cleaned, MAX_PIXELS, MAX_SIDE, MediaError, MediaKind, check_dimensions,
};
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageFormat};

/// JPEG quality of a re-encoded photo: indistinguishable from the phone's own.
const JPEG_QUALITY: u8 = 90;
/// WebP quality of a re-encoded lossy WebP.
const WEBP_QUALITY: f32 = 90.0;

/// The uploads' cleaner the media use case is given (`ports::UploadCleaner`).
#[derive(Debug, Clone, Copy, Default)]
pub struct UploadCleaner;

impl ports::UploadCleaner for UploadCleaner {
    fn clean(&self, bytes: Vec<u8>, kind: MediaKind) -> Result<Cleaned, MediaError> {
        clean_upload(bytes, kind)
    }
}

/// The bytes of an upload of this kind (told by its bytes) as they are to
/// be kept, or why it is refused. Blocking and CPU-heavy: call it off the
/// server's event loop, one at a time.
pub fn clean_upload(bytes: Vec<u8>, kind: MediaKind) -> Result<Cleaned, MediaError> {
    match kind {
        MediaKind::Jpeg | MediaKind::Png | MediaKind::Webp => reencode(&bytes, kind),
        MediaKind::Avif => check_avif(bytes),
        MediaKind::Mp4 => blank_mp4_metadata(bytes),
        MediaKind::Webm => Ok(Cleaned { bytes, kind, width: None, height: None }),
    }
}

fn header_size(bytes: &[u8]) -> Result<(u32, u32), MediaError> {
    let size = imagesize::blob_size(bytes).map_err(|error| MediaError::Unreadable(error.to_string()))?;
    let width = u32::try_from(size.width).unwrap_or(u32::MAX);
    let height = u32::try_from(size.height).unwrap_or(u32::MAX);
    check_dimensions(width, height)?;
    Ok((width, height))
}

fn unreadable(error: impl std::fmt::Display) -> MediaError {
    MediaError::Unreadable(error.to_string())
}

fn reencode(bytes: &[u8], kind: MediaKind) -> Result<Cleaned, MediaError> {
    header_size(bytes)?;
    let format = match kind {
        MediaKind::Jpeg => ImageFormat::Jpeg,
        MediaKind::Png => ImageFormat::Png,
        _ => ImageFormat::WebP,
    };
    let mut reader = image::ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // Every pixel at 16 bits a channel with alpha, and a copy to turn it.
    limits.max_alloc = Some(MAX_PIXELS * 8 * 2);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    image.apply_orientation(orientation);
    let (width, height) = (image.width(), image.height());
    let mut out = Vec::new();
    match kind {
        MediaKind::Jpeg => {
            let image = match image {
                DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image,
                other => DynamicImage::ImageRgb8(other.to_rgb8()),
            };
            let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            encoder.encode_image(&image).map_err(unreadable)?;
        }
        MediaKind::Png => {
            let mut encoder = image::codecs::png::PngEncoder::new(&mut out);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            encoder
                .write_image(image.as_bytes(), image.width(), image.height(), image.color().into())
                .map_err(unreadable)?;
        }
        _ => {
            // A lossless WebP (VP8L) stays lossless; a lossy one is encoded at quality 90.
            let lossless = bytes.get(12..16) == Some(b"VP8L");
            let encoded = if image.color().has_alpha() {
                let rgba = image.to_rgba8();
                let encoder = webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height());
                if lossless { encoder.encode_lossless() } else { encoder.encode(WEBP_QUALITY) }.to_vec()
            } else {
                let rgb = image.to_rgb8();
                let encoder = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height());
                if lossless { encoder.encode_lossless() } else { encoder.encode(WEBP_QUALITY) }.to_vec()
            };
            out = encoded;
        }
    }
    Ok(Cleaned { bytes: out, kind, width: Some(width), height: Some(height) })
}

/// One ISO-BMFF box: its type, where its payload starts and where it ends.
struct BoxAt {
    kind: [u8; 4],
    start: usize,
    payload: usize,
    end: usize,
}

/// The boxes in `bytes[from..to]`, or `None` when one runs past the end.
fn boxes(bytes: &[u8], from: usize, to: usize) -> Option<Vec<BoxAt>> {
    let mut found = Vec::new();
    let mut at = from;
    while at + 8 <= to {
        let size32 = u32::from_be_bytes(bytes[at..at + 4].try_into().ok()?);
        let kind: [u8; 4] = bytes[at + 4..at + 8].try_into().ok()?;
        let (size, header) = match size32 {
            0 => (to - at, 8),
            1 => {
                let large = u64::from_be_bytes(bytes.get(at + 8..at + 16)?.try_into().ok()?);
                (usize::try_from(large).ok()?, 16)
            }
            size => (size as usize, 8),
        };
        if size < header || at.checked_add(size)? > to {
            return None;
        }
        found.push(BoxAt { kind, start: at, payload: at + header, end: at + size });
        at += size;
    }
    (at == to || to - at < 8).then_some(found)
}

/// An AVIF's header is read (its size checked) and it is kept unchanged;
/// one with an EXIF or XMP item is refused, as it cannot be cleaned here.
fn check_avif(bytes: Vec<u8>) -> Result<Cleaned, MediaError> {
    let (width, height) = header_size(&bytes)?;
    let top = boxes(&bytes, 0, bytes.len()).ok_or_else(|| unreadable("the AVIF's boxes are broken"))?;
    for meta in top.iter().filter(|b| &b.kind == b"meta") {
        // `meta` is a full box: version and flags before its children.
        let children = boxes(&bytes, meta.payload + 4, meta.end).unwrap_or_default();
        for info in children.iter().filter(|b| &b.kind == b"iinf") {
            let version = bytes.get(info.payload).copied().unwrap_or(0);
            let first = info.payload + 4 + if version == 0 { 2 } else { 4 };
            for entry in boxes(&bytes, first.min(info.end), info.end).unwrap_or_default() {
                if &entry.kind != b"infe" {
                    continue;
                }
                let entry_version = bytes.get(entry.payload).copied().unwrap_or(0);
                // version 2: id (2 bytes), protection (2), then the type; version 3: id (4).
                let type_at = entry.payload + 4 + if entry_version >= 3 { 4 } else { 2 } + 2;
                if let Some(item_type) = bytes.get(type_at..type_at + 4)
                    && (item_type == b"Exif" || item_type == b"mime")
                {
                    return Err(MediaError::Refused(
                        "This AVIF carries EXIF or XMP metadata (which can hold where the photo was taken) \
                         that the server cannot remove: export it without metadata, or upload a JPEG, PNG or WebP"
                            .to_owned(),
                    ));
                }
            }
        }
    }
    Ok(Cleaned { bytes, kind: MediaKind::Avif, width: Some(width), height: Some(height) })
}

/// Boxes holding a video's metadata: user data (a phone's `©xyz` place),
/// `meta` (Apple's location keys) and XMP `uuid` boxes at the top level.
const METADATA_BOXES: [&[u8; 4]; 2] = [b"udta", b"meta"];
/// Boxes whose children are walked for metadata.
const CONTAINERS: [&[u8; 4]; 2] = [b"moov", b"trak"];

/// An MP4 with its metadata boxes turned into `free` boxes of zeros of the
/// same size: nothing moves, so the sample offsets stay right.
fn blank_mp4_metadata(mut bytes: Vec<u8>) -> Result<Cleaned, MediaError> {
    let broken = || unreadable("the MP4's boxes are broken");
    let mut pending = vec![(0, bytes.len(), true)];
    let mut blanks = Vec::new();
    while let Some((from, to, top_level)) = pending.pop() {
        for found in boxes(&bytes, from, to).ok_or_else(broken)? {
            let metadata = METADATA_BOXES.contains(&&found.kind) || (top_level && &found.kind == b"uuid");
            if metadata {
                blanks.push(found);
            } else if CONTAINERS.contains(&&found.kind) {
                pending.push((found.payload, found.end, false));
            }
        }
    }
    if bytes.get(4..8).is_none_or(|kind| kind != b"ftyp") {
        return Err(broken());
    }
    for blank in blanks {
        bytes[blank.start + 4..blank.start + 8].copy_from_slice(b"free");
        bytes[blank.payload..blank.end].fill(0);
    }
    Ok(Cleaned { bytes, kind: MediaKind::Mp4, width: None, height: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mp4_box(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut bytes = u32::try_from(payload.len() + 8).expect("small").to_be_bytes().to_vec();
        bytes.extend_from_slice(kind);
        bytes.extend_from_slice(payload);
        bytes
    }

    #[test]
    fn an_mp4_loses_its_place_but_keeps_its_layout() {
        let udta = mp4_box(b"udta", &mp4_box(b"\xa9xyz", b"+37.7749-122.4194/"));
        let mvhd = mp4_box(b"mvhd", &[1; 20]);
        let moov = mp4_box(b"moov", &[mvhd.clone(), udta].concat());
        let file = [mp4_box(b"ftyp", b"isom\0\0\0\0isomiso2mp41"), moov, mp4_box(b"mdat", &[7; 32])].concat();
        let cleaned = blank_mp4_metadata(file.clone()).expect("cleaned");
        assert_eq!(cleaned.bytes.len(), file.len());
        assert!(!cleaned.bytes.windows(8).any(|w| w == b"+37.7749"), "the place is gone");
        assert!(cleaned.bytes.windows(4).any(|w| w == b"free"));
        assert!(cleaned.bytes.windows(mvhd.len()).any(|w| w == mvhd.as_slice()), "the movie header stays");
        assert!(blank_mp4_metadata(b"\0\0\0\x40ftypisom".to_vec()).is_err(), "a box past the end");
    }

    #[test]
    fn a_photo_is_turned_upright_and_loses_its_exif() {
        // A 4 × 2 JPEG with an EXIF block saying "rotate 90° clockwise" and a GPS marker.
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(4, 2, image::Rgb([200, 150, 50])));
        let mut plain = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 90)
            .encode_image(&image)
            .expect("jpeg");
        let mut exif = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0".to_vec();
        exif.extend_from_slice(b"GPS-SECRET");
        let mut jpeg = plain[..2].to_vec();
        jpeg.extend_from_slice(&[0xFF, 0xE1]);
        jpeg.extend_from_slice(&u16::try_from(exif.len() + 2).expect("short").to_be_bytes());
        jpeg.extend_from_slice(&exif);
        jpeg.extend_from_slice(&plain[2..]);
        let cleaned = clean_upload(jpeg, MediaKind::Jpeg).expect("cleaned");
        assert_eq!((cleaned.width, cleaned.height), (Some(2), Some(4)), "turned upright");
        assert!(!cleaned.bytes.windows(10).any(|w| w == b"GPS-SECRET"));
        assert!(!cleaned.bytes.windows(4).any(|w| w == b"Exif"));
    }

    /// An AVIF's header (no pixels): `width` × `height`, with an EXIF item or not.
    fn avif(width: u32, height: u32, exif: bool) -> Vec<u8> {
        let full = |kind: &[u8; 4], version: u8, payload: &[u8]| {
            mp4_box(kind, &[&[version, 0, 0, 0][..], payload].concat())
        };
        let item = |id: u8, kind: &[u8; 4]| full(b"infe", 2, &[&[0, id, 0, 0][..], kind, b"\0"].concat());
        let mut items = vec![item(1, b"av01")];
        if exif {
            items.push(item(2, b"Exif"));
        }
        let count = u16::try_from(items.len()).expect("few").to_be_bytes();
        let iinf = full(b"iinf", 0, &[&count[..], &items.concat()].concat());
        let hdlr = full(b"hdlr", 0, &[&[0; 4][..], b"pict", &[0; 12], b"\0"].concat());
        let ispe = full(b"ispe", 0, &[width.to_be_bytes(), height.to_be_bytes()].concat());
        let iprp = mp4_box(b"iprp", &mp4_box(b"ipco", &ispe));
        let meta = full(b"meta", 0, &[hdlr, iinf, iprp].concat());
        [mp4_box(b"ftyp", b"avif\0\0\0\0avifmif1miaf"), meta].concat()
    }

    #[test]
    fn an_avif_is_kept_as_it_is_unless_it_carries_exif() {
        let plain = avif(1200, 800, false);
        assert_eq!(MediaKind::sniff(&plain), Some(MediaKind::Avif));
        let kept = clean_upload(plain.clone(), MediaKind::Avif).expect("kept");
        assert_eq!((kept.bytes, kept.width, kept.height), (plain, Some(1200), Some(800)));
        let refused = clean_upload(avif(1200, 800, true), MediaKind::Avif).unwrap_err();
        assert!(refused.to_string().contains("EXIF or XMP"), "{refused}");
        let huge = clean_upload(avif(20_000, 20_000, false), MediaKind::Avif);
        assert!(matches!(huge, Err(MediaError::TooManyPixels { .. })));
    }

    #[test]
    fn a_png_naming_too_many_pixels_is_refused_before_decoding() {
        // A valid PNG header naming 20000 × 20000 pixels, and nothing more.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&20_000u32.to_be_bytes());
        png.extend_from_slice(&20_000u32.to_be_bytes());
        png.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(clean_upload(png, MediaKind::Png), Err(MediaError::TooManyPixels { .. })));
    }
}

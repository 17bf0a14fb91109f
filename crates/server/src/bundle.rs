//! The built frontend and the demo catalogue (with its media), carried inside
//! the binary so that copying the release binary to a server is a deployment.
//!
//! At start they are written once into a cache directory named after their
//! content (`$TMPDIR/golden-pine/<hash>/`) and served from there like any
//! directory, so files keep ranges (video seeking), ETags and caching. In a
//! debug build rust-embed reads the repository's folders instead, and so do
//! we: `frontend/dist` and `demo` are used in place. `FRONTEND_DIR` and
//! `DEMO_DIR` override both.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use rust_embed::Embed;
use sha2::{Digest, Sha256};

#[derive(Embed)]
#[folder = "../../frontend/dist"]
#[allow_missing = true]
struct Frontend;

#[derive(Embed)]
#[folder = "../../demo"]
#[include = "catalogue.json"]
#[include = "media/*"]
struct Demo;

/// Where the built frontend is.
pub fn frontend_dir() -> anyhow::Result<PathBuf> {
    place::<Frontend>("frontend", "../../frontend/dist")
}

/// Where the demo catalogue (`catalogue.json`, `media/`) is.
pub fn demo_dir() -> anyhow::Result<PathBuf> {
    place::<Demo>("demo", "../../demo")
}

fn place<E: Embed>(name: &str, source: &str) -> anyhow::Result<PathBuf> {
    if cfg!(debug_assertions) {
        return Ok(Path::new(env!("CARGO_MANIFEST_DIR")).join(source));
    }
    let mut files: Vec<String> = E::iter().map(|file| file.into_owned()).collect();
    files.sort();
    let mut digest = Sha256::new();
    for file in &files {
        let embedded = E::get(file).with_context(|| format!("embedded {file}"))?;
        digest.update(file.as_bytes());
        digest.update(embedded.metadata.sha256_hash());
    }
    let hash: String = digest.finalize().iter().take(12).map(|byte| format!("{byte:02x}")).collect();
    let root = std::env::temp_dir().join("golden-pine").join(format!("{name}-{hash}"));
    if root.join(".complete").is_file() {
        return Ok(root);
    }
    // Written beside, then renamed into place: processes starting together
    // never see a half-written directory.
    let staging = root.with_extension(format!("staging-{}", std::process::id()));
    for file in &files {
        let embedded = E::get(file).with_context(|| format!("embedded {file}"))?;
        let path = staging.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::File::create(&path)
            .and_then(|mut out| out.write_all(&embedded.data))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    std::fs::create_dir_all(&staging)?;
    std::fs::write(staging.join(".complete"), b"")?;
    match std::fs::rename(&staging, &root) {
        Ok(()) => Ok(root),
        // Another process got there first with the same content.
        Err(_) if root.join(".complete").is_file() => {
            let _ = std::fs::remove_dir_all(&staging);
            Ok(root)
        }
        Err(error) => Err(error).with_context(|| format!("moving into {}", root.display())),
    }
}

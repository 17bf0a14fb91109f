//! Adapters of the `MediaStore` port: where uploaded files' bytes are kept.
//!
//! - [`LocalMediaStore`]: a folder on this machine, the default (`just run`
//!   needs nothing more). The site serves `/media/uploads` from it directly.
//! - [`S3MediaStore`]: a bucket of any S3-compatible service (AWS S3,
//!   Cloudflare R2, Backblaze B2, MinIO) through `object_store`, so several
//!   server processes on several machines share one store. The site keeps a
//!   copy of each file it serves in its local folder (files never change
//!   under a content-addressed name, so such a copy is never stale).
//!
//! Names are content-addressed and checked by the caller
//! (`domain::media::parse_content_name`): nothing here builds a path from
//! what a client sent.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::{Attribute, Attributes, ObjectStore, ObjectStoreExt, PutOptions, PutPayload};
use ports::{MediaStore, MediaStoreError};

/// Files in a folder of this machine.
#[derive(Debug, Clone)]
pub struct LocalMediaStore {
    dir: PathBuf,
}

impl LocalMediaStore {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

#[async_trait]
impl MediaStore for LocalMediaStore {
    async fn put(&self, name: &str, bytes: Vec<u8>, _content_type: &str) -> Result<(), MediaStoreError> {
        write_whole(&self.dir, name, &bytes).await
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, MediaStoreError> {
        match tokio::fs::read(self.dir.join(name)).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(MediaStoreError::failed(error)),
        }
    }

    async fn delete(&self, name: &str) -> Result<(), MediaStoreError> {
        match tokio::fs::remove_file(self.dir.join(name)).await {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(MediaStoreError::failed(error)),
            _ => Ok(()),
        }
    }

    fn is_local(&self) -> bool {
        true
    }

    fn describe(&self) -> String {
        format!("the folder {}", self.dir.display())
    }
}

/// Writes `bytes` as `dir/name`, aside first and then renamed, so a reader
/// (the site, another request) never sees half a file. A file already
/// there is left: under a content-addressed name its bytes are the same.
pub async fn write_whole(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), MediaStoreError> {
    let target = dir.join(name);
    if tokio::fs::try_exists(&target).await.unwrap_or(false) {
        return Ok(());
    }
    tokio::fs::create_dir_all(dir).await.map_err(MediaStoreError::failed)?;
    let partial = dir.join(format!(".{name}.partial-{}-{}", std::process::id(), unique()));
    tokio::fs::write(&partial, bytes).await.map_err(MediaStoreError::failed)?;
    tokio::fs::rename(&partial, &target).await.map_err(|error| {
        let _ = std::fs::remove_file(&partial);
        MediaStoreError::failed(error)
    })
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// How to reach an S3-compatible bucket.
#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// The service's address (`https://<account>.r2.cloudflarestorage.com`,
    /// `https://s3.us-west-004.backblazeb2.com`, `http://minio:9000`); AWS's
    /// own when `None`.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: String,
    /// Path-style URLs (`endpoint/bucket/key`, MinIO and most local
    /// servers) rather than virtual-hosted ones (`bucket.endpoint/key`).
    pub path_style: bool,
    /// Keys are kept under this prefix (`uploads/` by default).
    pub prefix: String,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("path_style", &self.path_style)
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

/// Files in an S3-compatible bucket, shared by every process.
#[derive(Debug)]
pub struct S3MediaStore {
    store: AmazonS3,
    prefix: String,
    description: String,
}

impl S3MediaStore {
    pub fn new(settings: &S3Settings) -> Result<Self, MediaStoreError> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_access_key_id(&settings.access_key_id)
            .with_secret_access_key(&settings.secret_access_key)
            .with_virtual_hosted_style_request(!settings.path_style);
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        let store = builder.build().map_err(MediaStoreError::failed)?;
        let prefix = settings.prefix.trim_matches('/').to_owned();
        let description = format!(
            "the S3 bucket {} at {} ({})",
            settings.bucket,
            settings.endpoint.as_deref().unwrap_or("AWS"),
            if prefix.is_empty() { "no prefix".to_owned() } else { format!("under {prefix}/") }
        );
        Ok(Self { store, prefix, description })
    }

    fn key(&self, name: &str) -> ObjectPath {
        if self.prefix.is_empty() {
            ObjectPath::from(name)
        } else {
            ObjectPath::from(format!("{}/{name}", self.prefix))
        }
    }
}

#[async_trait]
impl MediaStore for S3MediaStore {
    async fn put(&self, name: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaStoreError> {
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, content_type.to_owned().into());
        attributes.insert(Attribute::CacheControl, "public, max-age=31536000, immutable".into());
        let options = PutOptions { attributes, ..PutOptions::default() };
        self.store
            .put_opts(&self.key(name), PutPayload::from(bytes::Bytes::from(bytes)), options)
            .await
            .map(|_| ())
            .map_err(MediaStoreError::failed)
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, MediaStoreError> {
        match self.store.get(&self.key(name)).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(MediaStoreError::failed)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(MediaStoreError::failed(error)),
        }
    }

    async fn delete(&self, name: &str) -> Result<(), MediaStoreError> {
        match self.store.delete(&self.key(name)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(MediaStoreError::failed(error)),
        }
    }

    fn is_local(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        self.description.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_folder_keeps_reads_and_forgets_files() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = LocalMediaStore::new(dir.path().join("uploads"));
        assert_eq!(store.get("a.jpg").await.expect("get"), None);
        store.put("a.jpg", b"one".to_vec(), "image/jpeg").await.expect("put");
        store.put("a.jpg", b"one".to_vec(), "image/jpeg").await.expect("put again");
        assert_eq!(store.get("a.jpg").await.expect("get"), Some(b"one".to_vec()));
        let leftovers = std::fs::read_dir(store.dir()).expect("dir").count();
        assert_eq!(leftovers, 1, "no partial file is left");
        store.delete("a.jpg").await.expect("delete");
        store.delete("a.jpg").await.expect("delete of a missing file");
        assert_eq!(store.get("a.jpg").await.expect("get"), None);
    }
}

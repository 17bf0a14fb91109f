//! Uploaded media: where the files' bytes are kept (a folder, or an
//! S3-compatible bucket shared by every server process) and the library's
//! records (what is kept, and where each file is shown).

use std::sync::Arc;

use async_trait::async_trait;
use sha2::{Digest, Sha256};

use domain::audit::Actor;
use domain::media::{CleanedUpload, LibraryEntry, MediaError, MediaFile, MediaKind, MediaUse, NewMediaFile};

use crate::error::RepoResult;

type Cause = Box<dyn std::error::Error + Send + Sync>;

/// What keeping or reading a file can fail with.
#[derive(Debug, thiserror::Error)]
pub enum MediaStoreError {
    /// The store did not answer, or refused; the cause is for the logs.
    #[error("the media store failed: {0}")]
    Failed(#[source] Cause),
}

impl MediaStoreError {
    pub fn failed(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        MediaStoreError::Failed(Box::new(error))
    }
}

/// Where uploaded files' bytes live, by content-addressed name
/// (`domain::media::content_name`; the adapters are never given another
/// name). Writing a name that exists is harmless: its bytes are the same.
#[async_trait]
pub trait MediaStore: Send + Sync {
    /// Keeps `bytes` under `name`, whole or not at all (a reader never sees
    /// half a file).
    async fn put(&self, name: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaStoreError>;
    /// The bytes kept under `name`, or `None`.
    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, MediaStoreError>;
    /// Removes `name`; removing a missing name is not an error.
    async fn delete(&self, name: &str) -> Result<(), MediaStoreError>;
    /// Whether the files are on this machine's disk already, in the folder
    /// the site serves `/media/uploads` from (the local adapter): then there
    /// is nothing to copy before serving.
    fn is_local(&self) -> bool;
    /// Where the files go, for the start-up log (no secrets).
    fn describe(&self) -> String;
}

/// Deleting a library file.
#[derive(Debug, thiserror::Error)]
pub enum MediaDeleteError {
    #[error("not found")]
    NotFound,
    /// It is shown somewhere: the places are listed.
    #[error("This file is still used")]
    InUse(Vec<MediaUse>),
    #[error(transparent)]
    Repo(#[from] crate::error::RepoError),
}

/// The media library's records, shared by every process.
#[async_trait]
pub trait MediaLibraryRepository: Send + Sync {
    /// Records a kept file; the same name recorded before answers the
    /// existing record (`false`: not new) and changes nothing.
    async fn record_media_file(&self, file: NewMediaFile, actor: Actor) -> RepoResult<(MediaFile, bool)>;
    /// Every recorded file, newest first, with where each is shown.
    async fn media_library(&self) -> RepoResult<Vec<LibraryEntry>>;
    /// Forgets a file no product, gallery, service or post shows (checked in
    /// the same transaction); the store's bytes are the caller's to remove.
    async fn delete_media_file(&self, name: &str, actor: Actor) -> Result<MediaFile, MediaDeleteError>;
}

/// Makes an upload safe to publish (the image crate): metadata removed,
/// turned upright, its size read, or the reason it is refused. Blocking
/// and CPU-heavy: the use case calls it off the event loop, one at a time.
pub trait UploadCleaner: Send + Sync {
    fn clean(&self, bytes: Vec<u8>, kind: MediaKind) -> Result<CleanedUpload, MediaError>;
}

/// Why an upload was not kept.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// Refused for what it is (unreadable, too many pixels, metadata that
    /// cannot be removed).
    #[error(transparent)]
    Refused(#[from] MediaError),
    /// The files' store failed; nothing was recorded.
    #[error(transparent)]
    Store(#[from] MediaStoreError),
    #[error(transparent)]
    Repo(#[from] crate::error::RepoError),
}

/// What the upload use case works with.
#[derive(Clone)]
pub struct MediaPorts {
    /// The files' bytes (a folder, or an S3-compatible bucket).
    pub store: Arc<dyn MediaStore>,
    /// This process's folder of copies, when the store is elsewhere: an
    /// upload is kept there too, so this process serves it without fetching it back.
    pub local_copies: Option<Arc<dyn MediaStore>>,
    pub library: Arc<dyn MediaLibraryRepository>,
    pub cleaner: Arc<dyn UploadCleaner>,
}

/// The media library's use cases: uploads cleaned, named by their content
/// and kept; files shown nowhere deleted with their bytes.
#[derive(Clone)]
pub struct MediaService {
    ports: MediaPorts,
    /// One upload is cleaned at a time (memory: a 36-megapixel photo takes ~150 MB).
    cleaning: Arc<tokio::sync::Semaphore>,
}

impl MediaService {
    pub fn new(ports: MediaPorts) -> Self {
        Self { ports, cleaning: Arc::new(tokio::sync::Semaphore::new(1)) }
    }

    /// The bytes as kept by the store (and this process's copies).
    pub fn store(&self) -> &Arc<dyn MediaStore> {
        &self.ports.store
    }

    /// Cleans an upload of `kind` (told by its bytes), keeps it under its
    /// content's name and records it; the same file uploaded before
    /// answers that record (`false`: not new).
    pub async fn upload(
        &self,
        bytes: Vec<u8>,
        kind: MediaKind,
        original_name: String,
        actor: Actor,
    ) -> Result<(MediaFile, bool), UploadError> {
        let cleaned = {
            let _permit = self.cleaning.acquire().await.map_err(MediaStoreError::failed)?;
            let cleaner = self.ports.cleaner.clone();
            tokio::task::spawn_blocking(move || cleaner.clean(bytes, kind))
                .await
                .map_err(MediaStoreError::failed)??
        };
        let digest: String =
            Sha256::digest(&cleaned.bytes).iter().map(|byte| format!("{byte:02x}")).collect();
        let name = domain::media::content_name(&digest, cleaned.kind);
        let byte_size = i64::try_from(cleaned.bytes.len()).unwrap_or(i64::MAX);
        if let Some(local) = &self.ports.local_copies
            && let Err(error) = local.put(&name, cleaned.bytes.clone(), cleaned.kind.mime()).await
        {
            tracing::warn!(%error, "a local copy of an upload could not be kept");
        }
        self.ports.store.put(&name, cleaned.bytes, cleaned.kind.mime()).await?;
        let to_i32 = |value: Option<u32>| value.and_then(|value| i32::try_from(value).ok());
        let file = NewMediaFile {
            name,
            kind: cleaned.kind,
            byte_size,
            width: to_i32(cleaned.width),
            height: to_i32(cleaned.height),
            original_name,
        };
        Ok(self.ports.library.record_media_file(file, actor).await?)
    }

    /// Every kept file, newest first, with where each is shown.
    pub async fn library(&self) -> crate::error::RepoResult<Vec<LibraryEntry>> {
        self.ports.library.media_library().await
    }

    /// Forgets a file shown nowhere and removes its bytes (a failure to
    /// remove them is logged: the record is gone, the name is never served).
    pub async fn delete(&self, name: &str, actor: Actor) -> Result<MediaFile, MediaDeleteError> {
        let file = self.ports.library.delete_media_file(name, actor).await?;
        if let Err(error) = self.ports.store.delete(&file.name).await {
            tracing::warn!(%error, name = %file.name, "a deleted file's bytes could not be removed from the store");
        }
        if let Some(local) = &self.ports.local_copies {
            let _ = local.delete(&file.name).await;
        }
        Ok(file)
    }
}

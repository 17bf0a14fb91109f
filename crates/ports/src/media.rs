//! Uploaded media: where the files' bytes are kept (a folder, or an
//! S3-compatible bucket shared by every server process) and the library's
//! records (what is kept, and where each file is shown).

use async_trait::async_trait;

use domain::audit::Actor;
use domain::media::{LibraryEntry, MediaFile, MediaUse, NewMediaFile};

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

use domain::ValidationErrors;
use domain::booking::BookingRejection;
use domain::order::PricingError;

/// What a repository call can fail with. Adapters map their own errors into
/// these; the HTTP layer maps these to status codes.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("not found")]
    NotFound,
    /// The request clashes with stored state (a duplicate slug, capacity).
    #[error("{0}")]
    Conflict(String),
    /// The request refers to something that does not exist or breaks a rule
    /// only the store can check (an unknown service id).
    #[error("{0}")]
    Invalid(ValidationErrors),
    /// The store itself failed; the cause is for the logs, not the client.
    #[error("storage failure")]
    Storage(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl RepoError {
    pub fn storage(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        RepoError::Storage(Box::new(error))
    }
}

pub type RepoResult<T> = Result<T, RepoError>;

#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error(transparent)]
    Rejected(#[from] BookingRejection),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error(transparent)]
    Pricing(#[from] PricingError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

//! Use cases that combine several ports with the domain rules.

use domain::catalog::{Product, Service};
use domain::quiz::{Answers, Profile, recommend as recommend_rules};

use crate::error::RepoResult;
use crate::repositories::CatalogRepository;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizResult {
    pub profile: Option<Profile>,
    /// `None` when no service record carries the recommended booking key.
    pub primary: Option<Service>,
    pub secondary: Option<Service>,
    pub products: Vec<Product>,
}

/// Applies the quiz rules and resolves the recommended services by their
/// booking key (so a renamed service is still recommended) and the products
/// from the live catalogue.
pub async fn recommend(catalog: &dyn CatalogRepository, answers: &Answers) -> RepoResult<QuizResult> {
    let recommendation = recommend_rules(answers);
    let services = catalog.list_services().await?;
    let products = catalog.list_products().await?;
    let by_key = |key| services.iter().find(|s| s.booking_key == Some(key)).cloned();
    Ok(QuizResult {
        profile: recommendation.profile,
        primary: by_key(recommendation.primary),
        secondary: by_key(recommendation.secondary),
        products: recommendation.pick_products(&products).into_iter().cloned().collect(),
    })
}

//! Use cases that combine several ports with the domain rules.

use domain::catalog::{Product, Service};
use domain::quiz::{Answers, Profile, recommend as recommend_rules};

use crate::error::RepoResult;
use crate::repositories::CatalogRepository;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizResult {
    pub profile: Option<Profile>,
    /// `None` when no service record carries the recommended name.
    pub primary: Option<Service>,
    pub secondary: Option<Service>,
    pub products: Vec<Product>,
}

/// Applies the quiz rules and resolves the recommended services by exact
/// name and the products from the live catalogue.
pub async fn recommend(catalog: &dyn CatalogRepository, answers: &Answers) -> RepoResult<QuizResult> {
    let recommendation = recommend_rules(answers);
    let services = catalog.list_services().await?;
    let products = catalog.list_products().await?;
    let by_name = |name: &str| services.iter().find(|s| s.name == name).cloned();
    Ok(QuizResult {
        profile: recommendation.profile,
        primary: by_name(recommendation.primary.service_name()),
        secondary: by_name(recommendation.secondary.service_name()),
        products: recommendation.pick_products(&products).into_iter().cloned().collect(),
    })
}

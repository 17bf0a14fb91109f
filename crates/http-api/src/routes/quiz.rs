//! The wellness quiz's recommendation.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::quiz as model;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::routes::catalog::{Product, Service};
use crate::state::AppState;
use crate::wire;
use crate::wire::Pictured;

/// The five answers, by question; all are required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuizAnswers {
    #[serde(default)]
    #[schema(required = true, value_type = wire::WellnessGoal)]
    pub wellness_goal: String,
    #[serde(default)]
    #[schema(required = true, value_type = wire::StressLevel)]
    pub stress_level: String,
    #[serde(default)]
    #[schema(required = true, value_type = wire::TimePreference)]
    pub time_preference: String,
    #[serde(default)]
    #[schema(required = true, value_type = wire::ExperienceType)]
    pub experience_type: String,
    #[serde(default)]
    #[schema(required = true, value_type = wire::ProductInterest)]
    pub product_interest: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WellnessProfile {
    pub title: String,
    pub message: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuizRecommendation {
    /// Absent when the answers match no profile.
    pub profile: Option<WellnessProfile>,
    /// The perfect match; absent only if no service carries its name.
    pub primary_service: Option<Service>,
    pub secondary_service: Option<Service>,
    /// Up to 3 products of the categories the guest is interested in.
    pub products: Vec<Product>,
}

#[utoipa::path(post, path = "/api/quiz/recommendation", tag = "Quiz", request_body = QuizAnswers,
    responses(
        (status = 200, description = "Profile, services and products for these answers", body = QuizRecommendation),
        (status = 400, description = "A missing or unknown answer", body = ErrorBody)))]
pub async fn recommend(
    state: web::Data<AppState>,
    input: JsonBody<QuizAnswers>,
) -> Result<web::Json<QuizRecommendation>, ApiError> {
    let input = input.into_inner();
    let answers = model::AnswersForm {
        wellness_goal: input.wellness_goal,
        stress_level: input.stress_level,
        time_preference: input.time_preference,
        experience_type: input.experience_type,
        product_interest: input.product_interest,
    }
    .validate()?;
    let result = ports::recommend(state.catalog.as_ref(), &answers).await?;
    Ok(web::Json(QuizRecommendation {
        profile: result
            .profile
            .map(|p| WellnessProfile { title: p.title.to_owned(), message: p.message.to_owned() }),
        primary_service: result.primary.map(Service::from).sized(&state.images),
        secondary_service: result.secondary.map(Service::from).sized(&state.images),
        products: result.products.into_iter().map(Product::from).collect::<Vec<_>>().sized(&state.images),
    }))
}

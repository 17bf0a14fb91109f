//! The wellness quiz's recommendation.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::quiz as model;

use crate::extract::JsonBody;
use crate::state::ApiState;
use crate::wire;
use catalogue::model::{Pictured, Product, Service};
use http_common::{ApiError, ErrorBody, ValidationErrors};

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

/// One of `all`, or why not: the options a guest could choose.
fn choose<T: Copy + Into<&'static str>>(
    text: &str,
    parse: fn(&str) -> Option<T>,
    all: &[T],
) -> Result<T, String> {
    parse(text).ok_or_else(|| {
        let options: Vec<&str> = all.iter().map(|value| (*value).into()).collect();
        format!("Please choose one of: {}", options.join(", "))
    })
}

impl QuizAnswers {
    pub fn try_into_domain(self) -> Result<model::Answers, ValidationErrors> {
        use model::{ExperienceType, ProductInterest, StressLevel, TimePreference, WellnessGoal};
        let mut errors = ValidationErrors::new();
        let wellness_goal = errors
            .take("wellnessGoal", choose(&self.wellness_goal, WellnessGoal::from_text, WellnessGoal::ALL));
        let stress_level =
            errors.take("stressLevel", choose(&self.stress_level, StressLevel::from_text, StressLevel::ALL));
        let time_preference = errors.take(
            "timePreference",
            choose(&self.time_preference, TimePreference::from_text, TimePreference::ALL),
        );
        let experience_type = errors.take(
            "experienceType",
            choose(&self.experience_type, ExperienceType::from_text, ExperienceType::ALL),
        );
        let product_interest = errors.take(
            "productInterest",
            choose(&self.product_interest, ProductInterest::from_text, ProductInterest::ALL),
        );
        match (wellness_goal, stress_level, time_preference, experience_type, product_interest) {
            (
                Some(wellness_goal),
                Some(stress_level),
                Some(time_preference),
                Some(experience_type),
                Some(product_interest),
            ) => Ok(model::Answers {
                wellness_goal,
                stress_level,
                time_preference,
                experience_type,
                product_interest,
            }),
            _ => Err(errors),
        }
    }
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
    state: web::Data<ApiState>,
    input: JsonBody<QuizAnswers>,
) -> Result<web::Json<QuizRecommendation>, ApiError> {
    let answers = input.into_inner().try_into_domain()?;
    let result = ports::recommend(state.catalog_store.as_ref(), &answers).await?;
    Ok(web::Json(QuizRecommendation {
        profile: result
            .profile
            .map(|p| WellnessProfile { title: p.title.to_owned(), message: p.message.to_owned() }),
        primary_service: result.primary.map(Service::from).sized(state.catalogue.images()),
        secondary_service: result.secondary.map(Service::from).sized(state.catalogue.images()),
        products: result
            .products
            .into_iter()
            .map(Product::from)
            .collect::<Vec<_>>()
            .sized(state.catalogue.images()),
    }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn answers_must_be_known_options() {
        let input: QuizAnswers = serde_json::from_value(json!({})).expect("shape");
        let errors = input.try_into_domain().expect_err("invalid");
        assert_eq!(errors.entries().len(), 5);
        assert_eq!(
            errors.message_for("stressLevel"),
            Some("Please choose one of: low, moderate, high, burnout")
        );
        let input: QuizAnswers =
            serde_json::from_value(json!({"wellnessGoal": "self-care", "stressLevel": "low",
            "timePreference": "overnight", "experienceType": "holistic", "productInterest": "all"}))
            .expect("shape");
        assert!(input.try_into_domain().is_ok());
    }
}

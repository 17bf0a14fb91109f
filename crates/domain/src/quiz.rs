//! The five-question wellness quiz and its recommendation rules (docs/specification.md §4,
//! read literally as docs/decisions.md §7 asks).

use crate::booking::ServiceKey;
use crate::catalog::{Product, ProductCategory};

crate::text_enum! {
    WellnessGoal {
        #[strum(serialize = "stress-relief")] StressRelief,
        #[strum(serialize = "physical-healing")] PhysicalHealing,
        #[strum(serialize = "spiritual-growth")] SpiritualGrowth,
        #[strum(serialize = "self-care")] SelfCare,
    }
}

crate::text_enum! {
    StressLevel { Low, Moderate, High, Burnout }
}

crate::text_enum! {
    TimePreference { Quick, #[strum(serialize = "half-day")] HalfDay, #[strum(serialize = "full-day")] FullDay, Overnight }
}

crate::text_enum! {
    ExperienceType { #[strum(serialize = "hands-on")] HandsOn, Passive, Active, Holistic }
}

crate::text_enum! {
    ProductInterest { Skincare, Aromatherapy, Teas, All }
}

/// The most products a result shows.
pub const MAX_PRODUCTS: usize = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answers {
    pub wellness_goal: WellnessGoal,
    pub stress_level: StressLevel,
    pub time_preference: TimePreference,
    pub experience_type: ExperienceType,
    pub product_interest: ProductInterest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub title: &'static str,
    pub message: &'static str,
}

pub const STRESS_WARRIOR: Profile = Profile {
    title: "The Stress Warrior",
    message: "You carry a great deal, and you carry it well, but your body is asking for a pause. \
              Let skilled hands release what the week has knotted, then give yourself a night of \
              true quiet among the pines, where the only schedule is the light on the ridge.",
};
pub const HEALING_SEEKER: Profile = Profile {
    title: "The Healing Seeker",
    message: "Your body has been telling you something, and you are ready to listen. Therapeutic \
              massage and warm mineral rituals work together to ease tension, restore movement \
              and let you leave lighter than you arrived.",
};
pub const MINDFUL_EXPLORER: Profile = Profile {
    title: "The Mindful Explorer",
    message: "You are drawn to stillness and the questions it brings. A stay in our tiny home under \
              the stars, followed by a guided day of breath, movement and reflection, will give \
              that curiosity the space it deserves.",
};
pub const SELF_CARE_ENTHUSIAST: Profile = Profile {
    title: "The Self-Care Enthusiast",
    message: "You know that caring for yourself is not a luxury but a practice. Our rustic spa \
              rituals and curated wellness packages turn that practice into a celebration: slow, \
              sensory and entirely yours.",
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recommendation {
    pub profile: Option<Profile>,
    pub primary: ServiceKey,
    pub secondary: ServiceKey,
    pub categories: Vec<ProductCategory>,
}

/// Applies the rules in the specification's order: the profile rule first,
/// then the time-preference override of the primary service.
pub fn recommend(answers: &Answers) -> Recommendation {
    use ServiceKey::{Accommodation as TinyHome, Massage, Package, Spa};
    let (profile, primary, secondary) = match (answers.wellness_goal, answers.stress_level) {
        (WellnessGoal::StressRelief, StressLevel::High) => (Some(STRESS_WARRIOR), Massage, TinyHome),
        (WellnessGoal::PhysicalHealing, _) => (Some(HEALING_SEEKER), Massage, Spa),
        (WellnessGoal::SpiritualGrowth, _) => (Some(MINDFUL_EXPLORER), TinyHome, Package),
        (WellnessGoal::SelfCare, _) => (Some(SELF_CARE_ENTHUSIAST), Spa, Package),
        (WellnessGoal::StressRelief, _) => (None, Massage, Spa),
    };
    let primary = match answers.time_preference {
        TimePreference::Overnight => TinyHome,
        TimePreference::Quick => Spa,
        TimePreference::HalfDay | TimePreference::FullDay => primary,
    };
    let categories = match answers.product_interest {
        ProductInterest::Skincare => vec![ProductCategory::Skincare],
        ProductInterest::Aromatherapy => vec![ProductCategory::Candles],
        ProductInterest::Teas => vec![ProductCategory::Teas],
        ProductInterest::All => ProductCategory::ALL.to_vec(),
    };
    Recommendation { profile, primary, secondary, categories }
}

impl Recommendation {
    /// The first few catalogue products in the recommended categories, in
    /// catalogue order.
    pub fn pick_products<'a>(&self, catalogue: &'a [Product]) -> Vec<&'a Product> {
        catalogue.iter().filter(|p| self.categories.contains(&p.category)).take(MAX_PRODUCTS).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;

    fn every_answer_combination() -> Vec<Answers> {
        let mut all = Vec::new();
        for &wellness_goal in WellnessGoal::ALL {
            for &stress_level in StressLevel::ALL {
                for &time_preference in TimePreference::ALL {
                    for &experience_type in ExperienceType::ALL {
                        for &product_interest in ProductInterest::ALL {
                            all.push(Answers {
                                wellness_goal,
                                stress_level,
                                time_preference,
                                experience_type,
                                product_interest,
                            });
                        }
                    }
                }
            }
        }
        all
    }

    /// The specification's table, written out as text so the test does not
    /// share code with the implementation.
    fn expected(answers: &Answers) -> (Option<&'static str>, &'static str, &'static str) {
        let goal = answers.wellness_goal.as_str();
        let stress = answers.stress_level.as_str();
        let (profile, primary, secondary) = if goal == "stress-relief" && stress == "high" {
            (Some("The Stress Warrior"), "Massage Therapy", "Tiny Home Retreat")
        } else if goal == "physical-healing" {
            (Some("The Healing Seeker"), "Massage Therapy", "Rustic Spa Treatments")
        } else if goal == "spiritual-growth" {
            (Some("The Mindful Explorer"), "Tiny Home Retreat", "Wellness Packages")
        } else if goal == "self-care" {
            (Some("The Self-Care Enthusiast"), "Rustic Spa Treatments", "Wellness Packages")
        } else {
            (None, "Massage Therapy", "Rustic Spa Treatments")
        };
        let primary = match answers.time_preference.as_str() {
            "overnight" => "Tiny Home Retreat",
            "quick" => "Rustic Spa Treatments",
            _ => primary,
        };
        (profile, primary, secondary)
    }

    #[test]
    fn every_combination_follows_the_specification() {
        let combinations = every_answer_combination();
        assert_eq!(combinations.len(), 4 * 4 * 4 * 4 * 4);
        for answers in &combinations {
            let result = recommend(answers);
            let (profile, primary, secondary) = expected(answers);
            assert_eq!(result.profile.map(|p| p.title), profile, "{answers:?}");
            assert_eq!(result.primary.service_name(), primary, "{answers:?}");
            assert_eq!(result.secondary.service_name(), secondary, "{answers:?}");
            let categories: Vec<&str> = result.categories.iter().map(|c| c.as_str()).collect();
            let expected_categories: &[&str] = match answers.product_interest.as_str() {
                "skincare" => &["skincare"],
                "aromatherapy" => &["candles"],
                "teas" => &["teas"],
                _ => &["skincare", "candles", "teas"],
            };
            assert_eq!(categories, expected_categories, "{answers:?}");
        }
    }

    #[test]
    fn burnout_is_not_high_stress() {
        let answers = Answers {
            wellness_goal: WellnessGoal::StressRelief,
            stress_level: StressLevel::Burnout,
            time_preference: TimePreference::HalfDay,
            experience_type: ExperienceType::Passive,
            product_interest: ProductInterest::Teas,
        };
        assert_eq!(recommend(&answers).profile, None);
    }

    #[test]
    fn every_profile_has_its_own_message() {
        let messages =
            [STRESS_WARRIOR, HEALING_SEEKER, MINDFUL_EXPLORER, SELF_CARE_ENTHUSIAST].map(|p| p.message);
        for (i, a) in messages.iter().enumerate() {
            assert!(!a.is_empty());
            for b in &messages[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn at_most_three_products_of_the_chosen_categories() {
        let product = |name: &str, category| Product {
            id: uuid::Uuid::new_v4(),
            name: name.into(),
            category,
            price: Money::ZERO,
            description: String::new(),
            image: String::new(),
            stock: None,
        };
        let catalogue = vec![
            product("a", ProductCategory::Candles),
            product("b", ProductCategory::Teas),
            product("c", ProductCategory::Candles),
            product("d", ProductCategory::Skincare),
            product("e", ProductCategory::Candles),
            product("f", ProductCategory::Candles),
        ];
        let mut answers = every_answer_combination()[0];
        answers.product_interest = ProductInterest::Aromatherapy;
        let names: Vec<&str> =
            recommend(&answers).pick_products(&catalogue).iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "c", "e"]);
        answers.product_interest = ProductInterest::Skincare;
        assert_eq!(recommend(&answers).pick_products(&catalogue).len(), 1);
    }
}

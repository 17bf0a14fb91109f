//! `cargo bench -p domain`: time per call of the rules on the hot paths
//! (order pricing, availability, quiz). A plain harness: warm up, then the
//! median of several timed batches, so no extra dependency is compiled.

use std::hint::black_box;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, NaiveTime, Utc};
use domain::Email;
use domain::Money;
use domain::booking::{
    AccommodationType, AvailabilityEntry, LocalNow, Schedule, ServiceKey, TimeSlot, day_availability,
};
use domain::catalog::{Product, ProductCategory};
use domain::order::{Customer, OrderRequest, OrderTotals, PromoBook, cart_lines};
use domain::quiz::{
    Answers, ExperienceType, ProductInterest, StressLevel, TimePreference, WellnessGoal, recommend,
};
use uuid::Uuid;

fn measure(name: &str, mut work: impl FnMut()) {
    let mut batch = 1u32;
    loop {
        let start = Instant::now();
        for _ in 0..batch {
            work();
        }
        if start.elapsed() > Duration::from_millis(20) {
            break;
        }
        batch *= 2;
    }
    let mut samples: Vec<f64> = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                work();
            }
            start.elapsed().as_nanos() as f64 / f64::from(batch)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    println!("{name:<48} {:>10.0} ns/op", samples[samples.len() / 2]);
}

fn main() {
    let catalogue: Vec<Product> = (0..50)
        .map(|i| Product {
            id: Uuid::new_v4(),
            name: format!("Product {i:02}"),
            category: ProductCategory::ALL[i % 3],
            price: Money::from_cents(1_000 + i as i64 * 137).expect("price"),
            description: String::new(),
            image: String::new(),
            stock: None,
        })
        .collect();

    measure("order totals, 20-line cart", || {
        let lines = catalogue.iter().take(20).map(|p| (p.price, 3));
        black_box(OrderTotals::for_lines(black_box(lines)));
    });

    measure("checkout lines + price, 10 lines of 50", || {
        let chosen = &catalogue[..10];
        let totals = OrderTotals::for_lines(chosen.iter().map(|p| (p.price, 2))).expect("totals");
        let lines: Vec<_> = chosen.iter().map(|p| (Some(p.id), Some(2))).collect();
        let request = OrderRequest {
            customer: Customer {
                first_name: "Ada".into(),
                last_name: "Lovelace".into(),
                email: Email::parse("ada@example.com").expect("email"),
                phone: None,
                address: "1 Pine Crest Rd".into(),
                city: "Idyllwild".into(),
                state: "CA".into(),
                zip: "92549".into(),
            },
            lines: cart_lines(black_box(&lines)).expect("valid"),
            claimed: totals,
            promo: None,
            placed_on: NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"),
            gift_card: None,
        };
        black_box(request.price(black_box(&catalogue), &PromoBook::default()).expect("priced"));
    });

    let date = NaiveDate::from_ymd_opt(2026, 12, 18).expect("date");
    let entries: Vec<AvailabilityEntry> = (0..100)
        .map(|i| AvailabilityEntry {
            id: Uuid::new_v4(),
            service_id: (i % 2 == 0).then(Uuid::new_v4),
            service_key: (i % 2 == 0).then_some(ServiceKey::ALL[i % 4]),
            service_name: (i % 2 == 0).then(|| ServiceKey::ALL[i % 4].service_name().to_owned()),
            accommodation_type: (i % 2 == 1).then_some(AccommodationType::TinyHome),
            date: date + chrono::Duration::days((i % 5) as i64),
            time_slot: (i % 3 != 0).then_some(TimeSlot::ALL[i % 5]),
            max_capacity: 4,
            current_bookings: (i % 5) as i32,
            is_blocked: false,
            block_reason: None,
            created_at: Utc::now(),
        })
        .collect();
    let now = LocalNow { date, time: NaiveTime::from_hms_opt(8, 0, 0).expect("time") };
    measure("day availability, 100 entries", || {
        black_box(day_availability(
            ServiceKey::Massage,
            date,
            now,
            &Schedule::default(),
            &[],
            black_box(&entries),
        ));
    });

    measure("quiz recommendation + product pick (50)", || {
        let answers = Answers {
            wellness_goal: WellnessGoal::SelfCare,
            stress_level: StressLevel::High,
            time_preference: TimePreference::Overnight,
            experience_type: ExperienceType::Holistic,
            product_interest: ProductInterest::All,
        };
        let result = recommend(black_box(&answers));
        black_box(result.pick_products(&catalogue));
    });
}

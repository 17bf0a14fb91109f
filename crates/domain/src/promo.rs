//! Promo codes (docs/decisions.md §15): what a code takes off, when it
//! applies and why it does not. The server decides every discount here; the
//! browser only shows what the server answered.
//!
//! Rules, in the order they are checked (the first that fails is the answer):
//! the code exists and is active; today is within its dates (the retreat's
//! calendar days, both ends included); it is for this kind of purchase (the
//! shop, bookings, or both); its use limits are not reached (all guests, and
//! this guest by e-mail address); the purchase's subtotal (before any
//! discount) reaches its minimum; at least one line is one it applies to.
//! Percent codes take that percent of the lines they apply to, rounded half
//! up to the cent; fixed codes take their amount, never more than those lines.

use chrono::NaiveDate;
use uuid::Uuid;

use crate::money::Money;

/// Longest and shortest code.
pub const CODE_MAX: usize = 32;
pub const CODE_MIN: usize = 3;

/// A promo code as guests type it: letters, digits and hyphens, compared
/// without regard to case (kept in capitals).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PromoCodeText(String);

pub const CODE_SHAPE_MESSAGE: &str = "A promo code is 3 to 32 letters, digits or hyphens";

impl PromoCodeText {
    /// The code in capitals, spaces around it ignored.
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let code = text.trim();
        let shaped = (CODE_MIN..=CODE_MAX).contains(&code.len())
            && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if shaped { Ok(Self(code.to_ascii_uppercase())) } else { Err(CODE_SHAPE_MESSAGE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

crate::text_enum! {
    /// What a code is good for.
    PromoScope {
        Shop,
        Bookings,
        Both,
    }
}

crate::text_enum! {
    /// What a purchase is: a shop order or a booking.
    Purchase {
        Shop,
        Booking,
    }
}

impl PromoScope {
    pub fn covers(self, purchase: Purchase) -> bool {
        matches!(
            (self, purchase),
            (PromoScope::Both, _)
                | (PromoScope::Shop, Purchase::Shop)
                | (PromoScope::Bookings, Purchase::Booking)
        )
    }
}

/// What a code takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoValue {
    /// 1 to 100 percent of the lines it applies to.
    Percent(u8),
    /// This much, never more than the lines it applies to.
    Fixed(Money),
}

/// A promo code as the owner set it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCode {
    pub id: Uuid,
    pub code: PromoCodeText,
    pub value: PromoValue,
    pub scope: PromoScope,
    /// The purchase's subtotal must reach this (before the discount).
    pub min_subtotal: Option<Money>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    /// Uses by all guests together.
    pub max_uses: Option<u32>,
    /// Uses by one guest (by e-mail address).
    pub max_uses_per_guest: Option<u32>,
    /// The products it applies to (none: every product).
    pub products: Vec<Uuid>,
    /// The services it applies to (none: every service).
    pub services: Vec<Uuid>,
    /// The owner can switch a code off without losing its history.
    pub active: bool,
}

/// How often a code has been used (by purchases that stand: a cancelled
/// order or booking gives its use back).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PromoUsage {
    pub total: u32,
    pub by_guest: u32,
}

/// One line of a purchase: what it is (a product or a service) and what it costs in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PromoLine {
    pub item: Uuid,
    pub amount: Money,
}

/// Why a code does not apply, in words for the guest.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromoRefusal {
    #[error("We don't recognise this promo code")]
    Unknown,
    #[error("This promo code is no longer active")]
    Inactive,
    #[error("This promo code starts on {}", .0.format("%B %-d, %Y"))]
    NotStarted(NaiveDate),
    #[error("This promo code ended on {}", .0.format("%B %-d, %Y"))]
    Ended(NaiveDate),
    #[error("This promo code is for bookings, not the shop")]
    BookingsOnly,
    #[error("This promo code is for the shop, not bookings")]
    ShopOnly,
    #[error("This promo code has been fully redeemed")]
    UsedUp,
    #[error("You have already used this promo code")]
    UsedByGuest,
    #[error("This promo code needs a subtotal of at least ${0}")]
    BelowMinimum(Money),
    #[error("This promo code does not apply to anything in your cart")]
    NothingApplies,
    #[error("This promo code does not apply to this treatment")]
    NotForService,
}

/// A code's discount on a purchase, or why it does not apply.
pub fn discount(
    promo: &PromoCode,
    usage: PromoUsage,
    today: NaiveDate,
    purchase: Purchase,
    lines: &[PromoLine],
) -> Result<Money, PromoRefusal> {
    if !promo.active {
        return Err(PromoRefusal::Inactive);
    }
    if let Some(start) = promo.starts_on.filter(|start| today < *start) {
        return Err(PromoRefusal::NotStarted(start));
    }
    if let Some(end) = promo.ends_on.filter(|end| today > *end) {
        return Err(PromoRefusal::Ended(end));
    }
    if !promo.scope.covers(purchase) {
        return Err(match purchase {
            Purchase::Shop => PromoRefusal::BookingsOnly,
            Purchase::Booking => PromoRefusal::ShopOnly,
        });
    }
    if promo.max_uses.is_some_and(|max| usage.total >= max) {
        return Err(PromoRefusal::UsedUp);
    }
    if promo.max_uses_per_guest.is_some_and(|max| usage.by_guest >= max) {
        return Err(PromoRefusal::UsedByGuest);
    }
    let subtotal: Money = lines.iter().map(|line| line.amount).sum();
    if let Some(minimum) = promo.min_subtotal.filter(|minimum| subtotal < *minimum) {
        return Err(PromoRefusal::BelowMinimum(minimum));
    }
    let chosen = match purchase {
        Purchase::Shop => &promo.products,
        Purchase::Booking => &promo.services,
    };
    let eligible: Money = lines
        .iter()
        .filter(|line| chosen.is_empty() || chosen.contains(&line.item))
        .map(|line| line.amount)
        .sum();
    if eligible == Money::ZERO {
        return Err(match purchase {
            Purchase::Shop => PromoRefusal::NothingApplies,
            Purchase::Booking => PromoRefusal::NotForService,
        });
    }
    Ok(match promo.value {
        PromoValue::Percent(percent) => eligible.percent_half_up(i64::from(percent)),
        PromoValue::Fixed(amount) => amount.min(eligible),
    })
}

/// A code's discount on a booking of `service` whose price is `price` (a
/// stay's: all its nights).
pub fn booking_discount(
    promo: &PromoCode,
    usage: PromoUsage,
    today: NaiveDate,
    service: Uuid,
    price: Money,
) -> Result<Money, PromoRefusal> {
    discount(promo, usage, today, Purchase::Booking, &[PromoLine { item: service, amount: price }])
}

/// A code's discount applied: the code and what it took off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedPromo {
    pub promo: Uuid,
    pub code: PromoCodeText,
    pub amount: Money,
}

/// Why a code as the owner writes it cannot be saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PromoSetupError {
    #[error("A percent is a whole number from 1 to 100")]
    Percent,
    #[error("The amount off must be more than $0.00")]
    Amount,
    #[error("The end date must not be before the start date")]
    Dates,
    #[error("A limit is a whole number from 1 to 1000000")]
    Limit,
}

/// The most uses a limit may name.
pub const MAX_USE_LIMIT: u32 = 1_000_000;

impl PromoCode {
    /// Checks what the owner wrote (each field's shape is checked at the edge).
    pub fn check(&self) -> Result<(), PromoSetupError> {
        match self.value {
            PromoValue::Percent(percent) if !(1..=100).contains(&percent) => {
                return Err(PromoSetupError::Percent);
            }
            PromoValue::Fixed(amount) if amount == Money::ZERO => return Err(PromoSetupError::Amount),
            _ => {}
        }
        if let (Some(start), Some(end)) = (self.starts_on, self.ends_on)
            && end < start
        {
            return Err(PromoSetupError::Dates);
        }
        let limit_ok = |limit: Option<u32>| limit.is_none_or(|n| (1..=MAX_USE_LIMIT).contains(&n));
        if !limit_ok(self.max_uses) || !limit_ok(self.max_uses_per_guest) {
            return Err(PromoSetupError::Limit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        Money::parse(text).expect(text)
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().expect(text)
    }

    fn promo(value: PromoValue) -> PromoCode {
        PromoCode {
            id: Uuid::from_u128(1),
            code: PromoCodeText::parse("spring-10").expect("code"),
            value,
            scope: PromoScope::Both,
            min_subtotal: None,
            starts_on: None,
            ends_on: None,
            max_uses: None,
            max_uses_per_guest: None,
            products: Vec::new(),
            services: Vec::new(),
            active: true,
        }
    }

    fn line(item: u128, amount: &str) -> PromoLine {
        PromoLine { item: Uuid::from_u128(item), amount: money(amount) }
    }

    fn shop(promo: &PromoCode, lines: &[PromoLine]) -> Result<Money, PromoRefusal> {
        discount(promo, PromoUsage::default(), day("2026-12-01"), Purchase::Shop, lines)
    }

    #[test]
    fn codes_are_read_in_capitals_and_only_in_their_shape() {
        assert_eq!(PromoCodeText::parse("  spring-10 ").expect("code").as_str(), "SPRING-10");
        for bad in ["", "ab", "WITH SPACE", "ÉTÉ10", "aß", &"A".repeat(33), "SUMMER!"] {
            assert!(PromoCodeText::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_percent_rounds_half_up_to_the_cent_on_the_lines_it_applies_to() {
        let ten = promo(PromoValue::Percent(10));
        assert_eq!(shop(&ten, &[line(1, "34.00"), line(2, "0.05")]), Ok(money("3.41")));
        // 15 % of 0.10 is 1.5 cents: half up is 2.
        assert_eq!(shop(&promo(PromoValue::Percent(15)), &[line(1, "0.10")]), Ok(money("0.02")));
        let mut candles_only = promo(PromoValue::Percent(50));
        candles_only.products = vec![Uuid::from_u128(2)];
        assert_eq!(shop(&candles_only, &[line(1, "40.00"), line(2, "20.00")]), Ok(money("10.00")));
        assert_eq!(shop(&candles_only, &[line(1, "40.00")]), Err(PromoRefusal::NothingApplies));
        assert_eq!(shop(&promo(PromoValue::Percent(100)), &[line(1, "12.34")]), Ok(money("12.34")));
    }

    #[test]
    fn a_fixed_amount_never_takes_more_than_the_lines_it_applies_to() {
        let twenty = promo(PromoValue::Fixed(money("20.00")));
        assert_eq!(shop(&twenty, &[line(1, "50.00")]), Ok(money("20.00")));
        assert_eq!(shop(&twenty, &[line(1, "12.50")]), Ok(money("12.50")));
    }

    #[test]
    fn each_rule_refuses_with_its_own_words() {
        let base = promo(PromoValue::Percent(10));
        let lines = [line(1, "30.00")];
        let refused = |promo: &PromoCode, usage: PromoUsage, today: &str, purchase: Purchase| {
            discount(promo, usage, day(today), purchase, &lines).expect_err("refused").to_string()
        };
        let none = PromoUsage::default();

        let off = PromoCode { active: false, ..base.clone() };
        assert_eq!(refused(&off, none, "2026-12-01", Purchase::Shop), "This promo code is no longer active");

        let dated = PromoCode {
            starts_on: Some(day("2026-12-05")),
            ends_on: Some(day("2026-12-31")),
            ..base.clone()
        };
        assert_eq!(
            refused(&dated, none, "2026-12-04", Purchase::Shop),
            "This promo code starts on December 5, 2026"
        );
        assert!(
            discount(&dated, none, day("2026-12-05"), Purchase::Shop, &lines).is_ok(),
            "first day counts"
        );
        assert!(discount(&dated, none, day("2026-12-31"), Purchase::Shop, &lines).is_ok(), "last day counts");
        assert_eq!(
            refused(&dated, none, "2027-01-01", Purchase::Shop),
            "This promo code ended on December 31, 2026"
        );

        let shop_only = PromoCode { scope: PromoScope::Shop, ..base.clone() };
        assert_eq!(
            refused(&shop_only, none, "2026-12-01", Purchase::Booking),
            "This promo code is for the shop, not bookings"
        );
        let bookings_only = PromoCode { scope: PromoScope::Bookings, ..base.clone() };
        assert_eq!(
            refused(&bookings_only, none, "2026-12-01", Purchase::Shop),
            "This promo code is for bookings, not the shop"
        );

        let limited = PromoCode { max_uses: Some(3), max_uses_per_guest: Some(1), ..base.clone() };
        assert_eq!(
            refused(&limited, PromoUsage { total: 3, by_guest: 0 }, "2026-12-01", Purchase::Shop),
            "This promo code has been fully redeemed"
        );
        assert_eq!(
            refused(&limited, PromoUsage { total: 2, by_guest: 1 }, "2026-12-01", Purchase::Shop),
            "You have already used this promo code"
        );
        assert!(
            discount(
                &limited,
                PromoUsage { total: 2, by_guest: 0 },
                day("2026-12-01"),
                Purchase::Shop,
                &lines
            )
            .is_ok()
        );

        let minimum = PromoCode { min_subtotal: Some(money("50.00")), ..base.clone() };
        assert_eq!(
            refused(&minimum, none, "2026-12-01", Purchase::Shop),
            "This promo code needs a subtotal of at least $50.00"
        );
        let mut one_service = base.clone();
        one_service.services = vec![Uuid::from_u128(9)];
        assert_eq!(
            refused(&one_service, none, "2026-12-01", Purchase::Booking),
            "This promo code does not apply to this treatment"
        );
    }

    #[test]
    fn the_owners_setup_is_checked() {
        let mut code = promo(PromoValue::Percent(0));
        assert_eq!(code.check(), Err(PromoSetupError::Percent));
        code.value = PromoValue::Fixed(Money::ZERO);
        assert_eq!(code.check(), Err(PromoSetupError::Amount));
        code.value = PromoValue::Percent(20);
        code.starts_on = Some(day("2026-12-02"));
        code.ends_on = Some(day("2026-12-01"));
        assert_eq!(code.check(), Err(PromoSetupError::Dates));
        code.ends_on = None;
        code.max_uses = Some(0);
        assert_eq!(code.check(), Err(PromoSetupError::Limit));
        code.max_uses = Some(100);
        assert_eq!(code.check(), Ok(()));
    }
}

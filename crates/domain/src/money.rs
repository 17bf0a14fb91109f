//! Exact money in whole cents. Prices are NUMERIC(10,2) in the database and
//! two-decimal strings on the wire; floats never touch an amount.

use std::fmt;
use std::iter::Sum;
use std::ops::Add;

/// A non-negative amount of US dollars, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// NUMERIC(10,2) holds at most 99,999,999.99.
pub const MAX_CENTS: i64 = 9_999_999_999;

/// Why an amount was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("Must be an amount like 12.50")]
    NotAnAmount,
    #[error("Must have at most 2 decimal places")]
    TooPrecise,
    #[error("Amount is out of range")]
    OutOfRange,
}

impl Money {
    pub const ZERO: Money = Money(0);

    pub fn from_cents(cents: i64) -> Result<Self, MoneyError> {
        if (0..=MAX_CENTS).contains(&cents) { Ok(Self(cents)) } else { Err(MoneyError::OutOfRange) }
    }

    /// For constants: an out-of-range value fails the build.
    pub const fn constant(cents: i64) -> Money {
        assert!(cents >= 0 && cents <= MAX_CENTS, "money constant out of range");
        Money(cents)
    }

    pub fn cents(self) -> i64 {
        self.0
    }

    /// Parses "120", "120.5" or "120.50". Rejects signs, exponents, more than
    /// two decimals and anything above NUMERIC(10,2)'s range, so what is
    /// accepted is exactly what the database stores.
    pub fn parse(text: &str) -> Result<Self, MoneyError> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty() || !digits_only(whole) || !digits_only(fraction) {
            return Err(MoneyError::NotAnAmount);
        }
        if fraction.len() > 2 {
            return Err(MoneyError::TooPrecise);
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 8 {
            return Err(MoneyError::OutOfRange);
        }
        let dollars: i64 =
            if whole.is_empty() { 0 } else { whole.parse().map_err(|_| MoneyError::OutOfRange)? };
        let cents: i64 = match fraction.len() {
            0 => 0,
            1 => fraction.parse::<i64>().unwrap_or(0) * 10,
            _ => fraction.parse::<i64>().unwrap_or(0),
        };
        Self::from_cents(dollars * 100 + cents)
    }

    /// `self × quantity`, or `None` past NUMERIC(10,2)'s range.
    pub fn times(self, quantity: u32) -> Option<Money> {
        self.0.checked_mul(i64::from(quantity)).filter(|c| *c <= MAX_CENTS).map(Money)
    }

    /// The amount less `other`, never below zero.
    pub fn minus(self, other: Money) -> Money {
        Money((self.0 - other.0).max(0))
    }

    /// `percent`% of the amount, rounded half-up to the cent.
    pub fn percent_half_up(self, percent: i64) -> Money {
        Money((self.0 * percent + 50) / 100)
    }
}

impl Add for Money {
    type Output = Money;

    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl fmt::Display for Money {
    /// Always two decimals: "120.00".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_two_decimals() {
        for (input, cents, shown) in [
            ("120", 12_000, "120.00"),
            ("120.5", 12_050, "120.50"),
            ("0.07", 7, "0.07"),
            ("007.10", 710, "7.10"),
            ("99999999.99", MAX_CENTS, "99999999.99"),
        ] {
            let money = Money::parse(input).expect(input);
            assert_eq!(money.cents(), cents, "{input}");
            assert_eq!(money.to_string(), shown, "{input}");
        }
    }

    #[test]
    fn rejects_what_numeric_10_2_cannot_hold() {
        for bad in ["", "-1", "+1", "1e3", "1.005", "abc", "1.2.3", ".5", "100000000", "NaN", "1,00", " 1 2"]
        {
            assert!(Money::parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn percent_rounds_half_up_to_the_cent() {
        // 8% of 0.06 = 0.0048 → 0.00; of 0.07 = 0.0056 → 0.01; of 6.25 = 0.50 exactly.
        assert_eq!(Money::parse("0.06").unwrap().percent_half_up(8).to_string(), "0.00");
        assert_eq!(Money::parse("0.07").unwrap().percent_half_up(8).to_string(), "0.01");
        assert_eq!(Money::parse("6.25").unwrap().percent_half_up(8).to_string(), "0.50");
        // 8% of 10.31 = 0.8248 → 0.82; of 10.32 = 0.8256 → 0.83.
        assert_eq!(Money::parse("10.31").unwrap().percent_half_up(8).to_string(), "0.82");
        assert_eq!(Money::parse("10.32").unwrap().percent_half_up(8).to_string(), "0.83");
        // Exactly half a cent rounds up: 1% of 0.50 = 0.005 → 0.01.
        assert_eq!(Money::parse("0.50").unwrap().percent_half_up(1).to_string(), "0.01");
    }

    #[test]
    fn multiplication_stays_in_range() {
        let price = Money::parse("99999999.99").unwrap();
        assert_eq!(price.times(1), Some(price));
        assert_eq!(price.times(2), None);
        assert_eq!(Money::parse("2.50").unwrap().times(3).unwrap().to_string(), "7.50");
    }
}

//! NUMERIC(10,2) ↔ domain money.

use bigdecimal::{BigDecimal, ToPrimitive};
use domain::Money;
use ports::RepoError;

pub fn to_numeric(money: Money) -> BigDecimal {
    BigDecimal::new(money.cents().into(), 2)
}

pub fn from_numeric(value: &BigDecimal) -> Result<Money, RepoError> {
    let cents = (value * BigDecimal::from(100)).with_scale(0);
    cents
        .to_i64()
        .ok_or_else(|| format!("numeric {value} out of range"))
        .and_then(|cents| Money::from_cents(cents).map_err(|reason| reason.to_string()))
        .map_err(|reason| RepoError::storage(CorruptRow(reason)))
}

/// A stored value the domain cannot represent (a constraint was bypassed).
#[derive(Debug, thiserror::Error)]
#[error("stored row does not fit the domain: {0}")]
pub struct CorruptRow(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_cents() {
        let money = Money::parse("1234.05").expect("amount");
        let numeric = to_numeric(money);
        assert_eq!(numeric.to_string(), "1234.05");
        assert_eq!(from_numeric(&numeric).unwrap(), money);
    }
}

//! The order-total vectors shared with the frontend's cart tests: both sides
//! must compute the same figures from the same lines.

use domain::Money;
use domain::order::OrderTotals;
use serde::Deserialize;

#[derive(Deserialize)]
struct Line {
    price: String,
    quantity: u32,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    lines: Vec<Line>,
    subtotal: String,
    tax: String,
    shipping: String,
    total: String,
}

#[test]
fn shared_vectors_match_the_domain() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("vectors/order_totals.json")).expect("vectors parse");
    assert!(cases.len() >= 8);
    for case in cases {
        let lines = case.lines.iter().map(|l| (Money::parse(&l.price).expect("price"), l.quantity));
        let totals = OrderTotals::for_lines(lines).expect("in range");
        let shown = [totals.subtotal, totals.tax, totals.shipping, totals.total].map(|m| m.to_string());
        assert_eq!(shown, [case.subtotal, case.tax, case.shipping, case.total], "{}", case.name);
    }
}

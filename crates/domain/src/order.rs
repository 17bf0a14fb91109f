//! Orders: the authoritative totals (8 % tax, shipping free above $100) and
//! the checks that make a browser's cart an order the retreat can honour.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::catalog::Product;
use crate::money::Money;
use crate::promo::{
    self, AppliedPromo, PromoCode, PromoCodeText, PromoLine, PromoRefusal, PromoUsage, Purchase,
};
use crate::validation::Email;

crate::text_enum! {
    /// Fulfilment states; the admin may set any of them at any time.
    OrderStatus {
        Pending,
        Processing,
        Shipped,
        Delivered,
        Cancelled,
    }
}

crate::text_enum! {
    /// What an order sells: goods to ship, or a gift card (delivered by mail,
    /// never shipped: docs/decisions.md §16).
    OrderKind {
        Goods,
        GiftCard,
    }
}

impl OrderKind {
    /// Whether an order of this kind may be given `status` (a gift card is
    /// never shipped: it is delivered when its mail goes out).
    pub fn allows(self, status: OrderStatus) -> bool {
        !(self == OrderKind::GiftCard && status == OrderStatus::Shipped)
    }
}

/// Setting a gift card's order to "shipped".
pub const NOT_A_PARCEL_MESSAGE: &str = "A gift card is not shipped: it is delivered by mail on its delivery day, and its order then shows as delivered.";

/// Sales tax rate in percent.
pub const TAX_PERCENT: i64 = 8;
/// Orders whose subtotal is strictly above this ship free.
pub const FREE_SHIPPING_ABOVE: Money = Money::constant(10_000);
pub const SHIPPING_FEE: Money = Money::constant(1_500);
pub const MAX_QUANTITY: i64 = 999;
/// Most lines one order may hold.
pub const MAX_LINES: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderTotals {
    pub subtotal: Money,
    /// What a promo code took off the subtotal (zero without one).
    pub discount: Money,
    pub tax: Money,
    pub shipping: Money,
    pub total: Money,
}

impl OrderTotals {
    pub fn for_subtotal(subtotal: Money) -> Self {
        Self::with_discount(subtotal, Money::ZERO)
    }

    /// Totals after a discount (at most the subtotal): tax is on the
    /// discounted subtotal, and so is the free-shipping threshold
    /// (docs/decisions.md §15).
    pub fn with_discount(subtotal: Money, discount: Money) -> Self {
        let discount = discount.min(subtotal);
        let charged = subtotal.minus(discount);
        let tax = charged.percent_half_up(TAX_PERCENT);
        let shipping = if charged > FREE_SHIPPING_ABOVE { Money::ZERO } else { SHIPPING_FEE };
        Self { subtotal, discount, tax, shipping, total: charged + tax + shipping }
    }

    /// Totals of (unit price, quantity) lines, or `None` when an amount would
    /// not fit NUMERIC(10,2).
    pub fn for_lines(lines: impl IntoIterator<Item = (Money, u32)>) -> Option<Self> {
        let mut subtotal = Money::ZERO;
        for (price, quantity) in lines {
            subtotal = Money::from_cents(subtotal.cents() + price.times(quantity)?.cents()).ok()?;
        }
        let totals = Self::for_subtotal(subtotal);
        Money::from_cents(totals.total.cents()).ok().map(|_| totals)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItem {
    pub product_id: Uuid,
    pub product_name: String,
    pub price: Money,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone: Option<String>,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub id: Uuid,
    pub kind: OrderKind,
    pub customer: Customer,
    pub items: Vec<OrderItem>,
    pub totals: OrderTotals,
    pub status: OrderStatus,
    pub created_at: DateTime<Utc>,
    /// Whether (and how much) it is paid; the amount is `totals.total`.
    pub payment: crate::payment::OrderPayment,
    /// The promo code it used, if any (its amount is `totals.discount`).
    pub promo: Option<AppliedPromo>,
    /// What a gift card paid of it, if one did.
    pub gift_card: Option<crate::gift_card::CardPayment>,
}

impl Order {
    /// What is left to pay at the payment provider: the total less what a
    /// gift card paid.
    pub fn amount_due(&self) -> Money {
        self.totals.total.minus(self.gift_card.as_ref().map_or(Money::ZERO, |card| card.amount))
    }
}

/// The short number guests, mails and the provider's dashboard know an
/// order by: "#" and the first 8 characters of its id ("#1a2b3c4d").
pub fn order_reference(id: Uuid) -> String {
    let simple = id.simple().to_string();
    format!("#{}", simple.get(..8).unwrap_or(&simple))
}

/// An order as priced by the server, ready to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    pub customer: Customer,
    pub items: Vec<OrderItem>,
    pub totals: OrderTotals,
    pub promo: Option<AppliedPromo>,
}

impl NewOrder {
    /// The order this becomes once stored with `id` at `created_at`, its
    /// payment unpaid (payments off) or awaiting payment.
    pub fn placed(
        &self,
        id: Uuid,
        created_at: DateTime<Utc>,
        payment: crate::payment::PaymentState,
    ) -> Order {
        Order {
            id,
            kind: OrderKind::Goods,
            customer: self.customer.clone(),
            items: self.items.clone(),
            totals: self.totals,
            status: OrderStatus::Pending,
            created_at,
            payment: crate::payment::OrderPayment::new(payment),
            promo: self.promo.clone(),
            gift_card: None,
        }
    }
}

/// A gift card bought online as an order (docs/decisions.md §16): its one
/// line and its totals. A gift card
/// is not taxed and not shipped; what is sold is the right to redeem it.
pub fn gift_card_order(
    value: Money,
    label: Option<&str>,
    dedication: &crate::gift_card::Dedication,
) -> (OrderItem, OrderTotals) {
    let product_name = match label {
        Some(label) => format!("E-gift card for {}: {label}", dedication.recipient_name),
        None => format!("E-gift card for {}", dedication.recipient_name),
    };
    let item = OrderItem { product_id: Uuid::nil(), product_name, price: value, quantity: 1 };
    let totals = OrderTotals {
        subtotal: value,
        discount: Money::ZERO,
        tax: Money::ZERO,
        shipping: Money::ZERO,
        total: value,
    };
    (item, totals)
}

/// The buyer of a card, as an order's customer: a gift card ships nowhere.
pub fn gift_card_buyer(first_name: String, last_name: String, email: Email) -> Customer {
    Customer {
        first_name,
        last_name,
        email,
        phone: None,
        address: String::new(),
        city: String::new(),
        state: String::new(),
        zip: String::new(),
    }
}

/// A checkout whose fields are valid; its lines still need the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRequest {
    pub customer: Customer,
    pub lines: Vec<(Uuid, u32)>,
    pub claimed: OrderTotals,
    /// The promo code the guest gave, if any.
    pub promo: Option<PromoCodeText>,
    /// The retreat's date when it is placed (a promo code's dates are days).
    pub placed_on: NaiveDate,
    /// The gift card the guest pays (part of) it with, if any.
    pub gift_card: Option<crate::gift_card::GiftCardCode>,
}

pub const EMPTY_CART_MESSAGE: &str = "Your cart is empty";
pub const QUANTITY_MESSAGE: &str = "Each quantity must be a whole number from 1 to 999";

/// Why a cart's lines were refused (the first wrong line decides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CartError {
    #[error("{EMPTY_CART_MESSAGE}")]
    Empty,
    #[error("An order may hold at most {MAX_LINES} different products")]
    TooManyLines,
    #[error("Each item needs a valid productId")]
    NoProduct,
    #[error("Each product may appear only once")]
    Repeated,
    #[error("{QUANTITY_MESSAGE}")]
    Quantity,
}

/// A cart line as sent: the product (`None` when the id was not one) and
/// the quantity (`None` when it was not a whole number).
pub type SentLine = (Option<Uuid>, Option<i64>);

/// A cart's lines, checked. Only the ids and quantities are trusted; names
/// and prices come from the catalogue.
pub fn cart_lines(lines: &[SentLine]) -> Result<Vec<(Uuid, u32)>, CartError> {
    if lines.is_empty() {
        return Err(CartError::Empty);
    }
    if lines.len() > MAX_LINES {
        return Err(CartError::TooManyLines);
    }
    let mut seen = HashSet::new();
    lines
        .iter()
        .map(|(id, quantity)| {
            let id = id.ok_or(CartError::NoProduct)?;
            if !seen.insert(id) {
                return Err(CartError::Repeated);
            }
            let quantity = quantity
                .filter(|q| (1..=MAX_QUANTITY).contains(q))
                .and_then(|q| u32::try_from(q).ok())
                .ok_or(CartError::Quantity)?;
            Ok((id, quantity))
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    #[error("Unknown product: {0}")]
    UnknownProduct(Uuid),
    #[error("Prices have changed, please review your cart")]
    PricesChanged,
    #[error("This order is too large to process online; please contact us")]
    TooLarge,
    /// A line asks for more than is left (`left` may be 0: sold out).
    #[error("{}", stock_message(name, *left))]
    OutOfStock { product_id: Uuid, name: String, left: u32 },
    /// The promo code does not apply (the words say why).
    #[error(transparent)]
    Promo(#[from] PromoRefusal),
}

fn stock_message(name: &str, left: u32) -> String {
    match left {
        0 => format!("{name} is sold out"),
        _ => format!("Only {left} left of {name}"),
    }
}

/// What an order's status change does to the stock of its products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockMovement {
    /// Into `cancelled`: the items go back on the shelf.
    GiveBack,
    /// Out of `cancelled` (reinstated): the items are taken again, as far as
    /// any are left (an admin's status change is never refused for stock).
    TakeAgain,
    None,
}

impl StockMovement {
    pub fn between(before: OrderStatus, after: OrderStatus) -> Self {
        match (before == OrderStatus::Cancelled, after == OrderStatus::Cancelled) {
            (false, true) => StockMovement::GiveBack,
            (true, false) => StockMovement::TakeAgain,
            _ => StockMovement::None,
        }
    }

    /// A product's stock after moving `quantity`; unlimited stays unlimited.
    pub fn apply(self, level: Option<u32>, quantity: u32) -> Option<u32> {
        level.map(|left| match self {
            StockMovement::GiveBack => left.saturating_add(quantity).min(crate::catalog::MAX_STOCK),
            StockMovement::TakeAgain => left.saturating_sub(quantity),
            StockMovement::None => left,
        })
    }
}

/// The stock left of each limited product after an order takes its lines
/// (the lines were checked against it by [`OrderRequest::price`]).
pub fn stock_after_order(items: &[OrderItem], catalogue: &[Product]) -> Vec<(Uuid, u32)> {
    items
        .iter()
        .filter_map(|item| {
            let left = catalogue.iter().find(|p| p.id == item.product_id)?.stock?;
            Some((item.product_id, left.saturating_sub(item.quantity)))
        })
        .collect()
}

/// What [`price_orders`] decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedOrders {
    /// Each order's pricing, in the order they came.
    pub decisions: Vec<Result<NewOrder, PricingError>>,
    /// The stock left of every limited product the accepted orders took from.
    pub stock_left: Vec<(Uuid, u32)>,
}

/// Prices orders in the order they came, each against the stock the ones
/// before it took, so one transaction can decide many simultaneous orders
/// exactly as if they had come one after another.
///
/// Promo codes are spent the same way: each accepted order counts as a use
/// of its code for the orders after it, so a code's limits hold for a batch
/// as they would one order at a time.
pub fn price_orders(
    requests: impl IntoIterator<Item = OrderRequest>,
    catalogue: &[Product],
    promos: &PromoBook,
) -> PricedOrders {
    let mut catalogue = catalogue.to_vec();
    let mut promos = promos.clone();
    let mut taken: Vec<Uuid> = Vec::new();
    let decisions = requests
        .into_iter()
        .map(|request| {
            let order = request.price(&catalogue, &promos)?;
            if let Some(applied) = &order.promo {
                promos.record_use(&applied.code, &order.customer.email);
            }
            for (id, left) in stock_after_order(&order.items, &catalogue) {
                if let Some(product) = catalogue.iter_mut().find(|p| p.id == id) {
                    product.stock = Some(left);
                }
                if !taken.contains(&id) {
                    taken.push(id);
                }
            }
            Ok(order)
        })
        .collect();
    let stock_left =
        catalogue.iter().filter(|p| taken.contains(&p.id)).filter_map(|p| Some((p.id, p.stock?))).collect();
    PricedOrders { decisions, stock_left }
}

impl OrderRequest {
    /// Prices the lines from the catalogue, applies the promo code (from
    /// `promos`, with its uses so far) and insists the browser's figures
    /// match the server's, so a tampered or stale cart never becomes an order.
    pub fn price(self, catalogue: &[Product], promos: &PromoBook) -> Result<NewOrder, PricingError> {
        let cart = Cart {
            lines: &self.lines,
            promo: self.promo.as_ref(),
            guest: Some(&self.customer.email),
            placed_on: self.placed_on,
        };
        let Quote { items, totals, promo } = cart.quote(catalogue, promos)?;
        if totals != self.claimed {
            return Err(PricingError::PricesChanged);
        }
        Ok(NewOrder { customer: self.customer, items, totals, promo })
    }
}

/// A cart to price: its lines, the promo code given, and the guest when
/// known (a code's per-guest limit is checked once it is).
#[derive(Debug, Clone, Copy)]
pub struct Cart<'a> {
    pub lines: &'a [(Uuid, u32)],
    pub promo: Option<&'a PromoCodeText>,
    pub guest: Option<&'a Email>,
    pub placed_on: NaiveDate,
}

/// What a cart costs, as the server prices it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub items: Vec<OrderItem>,
    pub totals: OrderTotals,
    pub promo: Option<AppliedPromo>,
}

impl Cart<'_> {
    /// The lines priced from the catalogue (refused past the stock left),
    /// and the promo code's discount taken off.
    pub fn quote(&self, catalogue: &[Product], promos: &PromoBook) -> Result<Quote, PricingError> {
        let items = self
            .lines
            .iter()
            .map(|(id, quantity)| {
                let product =
                    catalogue.iter().find(|p| p.id == *id).ok_or(PricingError::UnknownProduct(*id))?;
                if let Some(left) = product.stock.filter(|left| *quantity > *left) {
                    return Err(PricingError::OutOfStock {
                        product_id: product.id,
                        name: product.name.clone(),
                        left,
                    });
                }
                Ok(OrderItem {
                    product_id: product.id,
                    product_name: product.name.clone(),
                    price: product.price,
                    quantity: *quantity,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let totals = OrderTotals::for_lines(items.iter().map(|i| (i.price, i.quantity)))
            .ok_or(PricingError::TooLarge)?;
        let Some(code) = self.promo else {
            return Ok(Quote { items, totals, promo: None });
        };
        let (promo, usage) = promos.usage(code, self.guest).ok_or(PromoRefusal::Unknown)?;
        let lines: Vec<PromoLine> = items
            .iter()
            .map(|item| PromoLine {
                item: item.product_id,
                amount: item.price.times(item.quantity).unwrap_or(Money::ZERO),
            })
            .collect();
        let amount = promo::discount(promo, usage, self.placed_on, Purchase::Shop, &lines)?;
        Ok(Quote {
            totals: OrderTotals::with_discount(totals.subtotal, amount),
            items,
            promo: Some(AppliedPromo { promo: promo.id, code: promo.code.clone(), amount }),
        })
    }
}

/// The promo codes a batch of orders names, each with its uses so far (in
/// all, and by each guest's address), as read under the code's lock.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromoBook {
    entries: Vec<PromoEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PromoEntry {
    promo: PromoCode,
    total: u32,
    by_guest: HashMap<String, u32>,
}

/// A guest as a promo code's per-guest limit counts them: the address, in small letters.
pub fn promo_guest(email: &Email) -> String {
    email.as_str().to_lowercase()
}

impl PromoBook {
    /// A code with its uses: in all, and by each guest (`promo_guest`).
    pub fn add(&mut self, promo: PromoCode, total: u32, by_guest: HashMap<String, u32>) {
        self.entries.push(PromoEntry { promo, total, by_guest });
    }

    /// The code and its uses by everyone and by this guest (none when the
    /// guest is not known yet); `None` for a code that does not exist.
    pub fn usage(&self, code: &PromoCodeText, guest: Option<&Email>) -> Option<(&PromoCode, PromoUsage)> {
        let entry = self.entries.iter().find(|entry| entry.promo.code == *code)?;
        let by_guest = guest.and_then(|email| entry.by_guest.get(&promo_guest(email)).copied()).unwrap_or(0);
        Some((&entry.promo, PromoUsage { total: entry.total, by_guest }))
    }

    /// The codes it holds.
    pub fn codes(&self) -> impl Iterator<Item = &PromoCode> {
        self.entries.iter().map(|entry| &entry.promo)
    }

    /// A code's discount on a booking of `service` (its id) whose price is
    /// `price` (a stay's: all its nights), by `guest` when known.
    pub fn booking_promo(
        &self,
        code: &PromoCodeText,
        guest: Option<&Email>,
        today: NaiveDate,
        service: Uuid,
        price: Money,
    ) -> Result<AppliedPromo, PromoRefusal> {
        let (promo, usage) = self.usage(code, guest).ok_or(PromoRefusal::Unknown)?;
        let amount = promo::booking_discount(promo, usage, today, service, price)?;
        Ok(AppliedPromo { promo: promo.id, code: promo.code.clone(), amount })
    }

    /// Counts one more use of `code` by this guest (a purchase accepted in the batch).
    pub fn record_use(&mut self, code: &PromoCodeText, email: &Email) {
        if let Some(entry) = self.entries.iter_mut().find(|entry| entry.promo.code == *code) {
            entry.total += 1;
            *entry.by_guest.entry(promo_guest(email)).or_default() += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bought_card_is_one_untaxed_unshipped_line() {
        let dedication = crate::gift_card::Dedication {
            recipient_name: "Ana".into(),
            recipient_email: "ana@example.com".into(),
            from_name: "Ben".into(),
            message: None,
            deliver_on: NaiveDate::from_ymd_opt(2027, 1, 10).expect("date"),
        };
        let (item, totals) = gift_card_order(money("100.00"), None, &dedication);
        assert_eq!(item.product_name, "E-gift card for Ana");
        assert_eq!(
            (totals.subtotal, totals.tax, totals.shipping, totals.total),
            (money("100.00"), Money::ZERO, Money::ZERO, money("100.00"))
        );
        let (item, _) = gift_card_order(money("85.00"), Some("One Massage Therapy"), &dedication);
        assert_eq!(item.product_name, "E-gift card for Ana: One Massage Therapy");
    }

    fn money(text: &str) -> Money {
        Money::parse(text).expect(text)
    }

    #[test]
    fn shipping_boundary_is_strictly_above_one_hundred() {
        let at = OrderTotals::for_subtotal(money("100.00"));
        assert_eq!(at.shipping, money("15.00"));
        assert_eq!(at.tax, money("8.00"));
        assert_eq!(at.total, money("123.00"));
        let above = OrderTotals::for_subtotal(money("100.01"));
        assert_eq!(above.shipping, Money::ZERO);
        assert_eq!(above.tax, money("8.00"));
        assert_eq!(above.total, money("108.01"));
    }

    fn product(name: &str, price: &str) -> Product {
        Product {
            id: Uuid::new_v4(),
            name: name.into(),
            category: crate::catalog::ProductCategory::Teas,
            price: money(price),
            description: "d".into(),
            image: "/i.webp".into(),
            stock: None,
        }
    }

    #[test]
    fn stock_exactly_used_up_is_fine_and_one_more_is_refused_naming_what_is_left() {
        let mut candle = product("Cedar Candle", "20.00");
        candle.stock = Some(2);
        let exact =
            form(vec![line(candle.id, 2)], ["40.00", "3.20", "15.00", "58.20"]).validate().expect("valid");
        let order =
            exact.price(std::slice::from_ref(&candle), &PromoBook::default()).expect("exactly the stock");
        assert_eq!(stock_after_order(&order.items, std::slice::from_ref(&candle)), [(candle.id, 0)]);

        let more =
            form(vec![line(candle.id, 3)], ["60.00", "4.80", "15.00", "79.80"]).validate().expect("valid");
        let refused =
            more.price(std::slice::from_ref(&candle), &PromoBook::default()).expect_err("one too many");
        assert_eq!(
            refused,
            PricingError::OutOfStock { product_id: candle.id, name: "Cedar Candle".into(), left: 2 }
        );
        assert_eq!(refused.to_string(), "Only 2 left of Cedar Candle");

        candle.stock = Some(0);
        let one =
            form(vec![line(candle.id, 1)], ["20.00", "1.60", "15.00", "36.60"]).validate().expect("valid");
        assert_eq!(
            one.price(std::slice::from_ref(&candle), &PromoBook::default())
                .expect_err("sold out")
                .to_string(),
            "Cedar Candle is sold out"
        );
    }

    #[test]
    fn unlimited_products_take_no_stock() {
        let tea = product("Mountain Mint", "18.00");
        let request = form(vec![line(tea.id, 999)], ["17982.00", "1438.56", "0.00", "19420.56"])
            .validate()
            .expect("valid");
        let order = request.price(std::slice::from_ref(&tea), &PromoBook::default()).expect("unlimited");
        assert!(stock_after_order(&order.items, &[tea]).is_empty());
    }

    #[test]
    fn simultaneous_orders_take_the_stock_one_after_another() {
        let mut candle = product("Cedar Candle", "20.00");
        candle.stock = Some(3);
        let tea = product("Mountain Mint", "18.00");
        let two = || form(vec![line(candle.id, 2)], ["40.00", "3.20", "15.00", "58.20"]).validate();
        let one_each = form(vec![line(candle.id, 1), line(tea.id, 1)], ["38.00", "3.04", "15.00", "56.04"])
            .validate()
            .expect("valid");
        let tampered =
            form(vec![line(candle.id, 1)], ["1.00", "0.08", "15.00", "16.08"]).validate().expect("valid");
        let requests = [two().expect("valid"), tampered, two().expect("valid"), one_each];
        let PricedOrders { decisions, stock_left } =
            price_orders(requests, &[candle.clone(), tea.clone()], &PromoBook::default());
        assert!(decisions[0].is_ok(), "the first takes two of three");
        assert_eq!(decisions[1], Err(PricingError::PricesChanged), "a refused order takes nothing");
        assert_eq!(
            decisions[2],
            Err(PricingError::OutOfStock { product_id: candle.id, name: "Cedar Candle".into(), left: 1 }),
            "the third sees what the first left"
        );
        assert!(decisions[3].is_ok(), "the last candle, and an unlimited tea");
        assert_eq!(stock_left, [(candle.id, 0)], "limited products only, with what is left after all");

        let PricedOrders { decisions, stock_left } = price_orders([], &[candle], &PromoBook::default());
        assert!(decisions.is_empty() && stock_left.is_empty());
    }

    #[test]
    fn cancelling_gives_stock_back_and_reinstating_takes_it_as_far_as_there_is() {
        use OrderStatus::*;
        assert_eq!(StockMovement::between(Pending, Cancelled), StockMovement::GiveBack);
        assert_eq!(StockMovement::between(Shipped, Cancelled), StockMovement::GiveBack);
        assert_eq!(StockMovement::between(Cancelled, Pending), StockMovement::TakeAgain);
        assert_eq!(StockMovement::between(Cancelled, Cancelled), StockMovement::None);
        assert_eq!(StockMovement::between(Pending, Shipped), StockMovement::None);
        assert_eq!(StockMovement::GiveBack.apply(Some(1), 2), Some(3));
        assert_eq!(StockMovement::GiveBack.apply(None, 2), None);
        assert_eq!(StockMovement::TakeAgain.apply(Some(1), 2), Some(0));
        assert_eq!(
            StockMovement::GiveBack.apply(Some(crate::catalog::MAX_STOCK), 5),
            Some(crate::catalog::MAX_STOCK)
        );
    }

    fn form(lines: Vec<(Option<Uuid>, Option<i64>)>, totals: [&str; 4]) -> Request {
        Request { lines, totals: totals.map(str::to_owned) }
    }

    /// A checkout as the tests write it: the lines as sent, the totals claimed.
    struct Request {
        lines: Vec<(Option<Uuid>, Option<i64>)>,
        totals: [String; 4],
    }

    impl Request {
        fn validate(self) -> Result<OrderRequest, CartError> {
            let [subtotal, tax, shipping, total] = self.totals.map(|amount| money(&amount));
            Ok(OrderRequest {
                customer: Customer {
                    first_name: "Ada".into(),
                    last_name: "Lovelace".into(),
                    email: Email::parse("ada@example.com").expect("email"),
                    phone: None,
                    address: "1 Pine Rd".into(),
                    city: "Idyllwild".into(),
                    state: "CA".into(),
                    zip: "92549".into(),
                },
                lines: cart_lines(&self.lines)?,
                claimed: OrderTotals { subtotal, discount: Money::ZERO, tax, shipping, total },
                promo: None,
                placed_on: NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"),
                gift_card: None,
            })
        }
    }

    fn line(id: Uuid, quantity: i64) -> (Option<Uuid>, Option<i64>) {
        (Some(id), Some(quantity))
    }

    #[test]
    fn prices_come_from_the_catalogue() {
        let tea = product("Mountain Mint", "18.00");
        let request =
            form(vec![line(tea.id, 2)], ["36.00", "2.88", "15.00", "53.88"]).validate().expect("valid");
        assert_eq!(request.customer.phone, None);
        let order = request.price(std::slice::from_ref(&tea), &PromoBook::default()).expect("priced");
        assert_eq!(order.items[0].product_name, "Mountain Mint");
        assert_eq!(order.totals.total, money("53.88"));
    }

    #[test]
    fn a_tampered_total_is_a_price_change() {
        let tea = product("Mountain Mint", "18.00");
        let request =
            form(vec![line(tea.id, 2)], ["36.00", "2.88", "15.00", "0.01"]).validate().expect("valid");
        assert_eq!(request.price(&[tea], &PromoBook::default()), Err(PricingError::PricesChanged));
    }

    #[test]
    fn unknown_products_are_reported() {
        let ghost = Uuid::new_v4();
        let request =
            form(vec![line(ghost, 1)], ["1.00", "0.08", "15.00", "16.08"]).validate().expect("valid");
        assert_eq!(request.price(&[], &PromoBook::default()), Err(PricingError::UnknownProduct(ghost)));
    }

    #[test]
    fn quantities_outside_1_to_999_are_invalid() {
        let id = Uuid::new_v4();
        for quantity in [Some(0), Some(-1), Some(1000), Some(i64::MAX), None] {
            assert_eq!(cart_lines(&[(Some(id), quantity)]), Err(CartError::Quantity), "{quantity:?}");
        }
        assert_eq!(CartError::Quantity.to_string(), QUANTITY_MESSAGE);
    }

    #[test]
    fn empty_repeated_and_unknown_lines_are_invalid_and_the_first_wrong_line_says_why() {
        assert_eq!(cart_lines(&[]), Err(CartError::Empty));
        assert_eq!(CartError::Empty.to_string(), EMPTY_CART_MESSAGE);
        let id = Uuid::new_v4();
        assert_eq!(cart_lines(&[line(id, 1), line(id, 2)]), Err(CartError::Repeated));
        assert_eq!(cart_lines(&[line(id, 0), (None, Some(1))]), Err(CartError::Quantity));
        assert_eq!(cart_lines(&[(None, Some(0)), line(id, 1)]), Err(CartError::NoProduct));
        let many: Vec<_> = (0..=MAX_LINES).map(|_| line(Uuid::new_v4(), 1)).collect();
        assert_eq!(cart_lines(&many), Err(CartError::TooManyLines));
    }

    fn promo_code(text: &str, value: promo::PromoValue) -> PromoCode {
        PromoCode {
            id: Uuid::new_v4(),
            code: PromoCodeText::parse(text).expect("code"),
            value,
            scope: promo::PromoScope::Shop,
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

    #[test]
    fn tax_and_free_shipping_follow_the_discounted_subtotal() {
        // 8 % of 90.00 is 7.20; 90.00 is not above 100, so shipping is due.
        let totals = OrderTotals::with_discount(money("120.00"), money("30.00"));
        assert_eq!(
            [totals.subtotal, totals.discount, totals.tax, totals.shipping, totals.total],
            [money("120.00"), money("30.00"), money("7.20"), money("15.00"), money("112.20")]
        );
        // Rounding with the tax: 10 % off 33.35 is 3.34 (3.335 half up);
        // 8 % of 30.01 is 2.4008, so 2.40.
        let odd = OrderTotals::with_discount(money("33.35"), money("33.35").percent_half_up(10));
        assert_eq!([odd.discount, odd.tax, odd.total], [money("3.34"), money("2.40"), money("47.41")]);
        // A discount never takes more than the subtotal.
        let all = OrderTotals::with_discount(money("10.00"), money("25.00"));
        assert_eq!([all.discount, all.tax, all.total], [money("10.00"), Money::ZERO, money("15.00")]);
    }

    #[test]
    fn a_promo_code_is_priced_by_the_server_and_its_limit_holds_across_a_batch() {
        let tea = product("Mountain Tea", "60.00");
        let mut code = promo_code("WELCOME", promo::PromoValue::Percent(10));
        code.max_uses = Some(1);
        let mut book = PromoBook::default();
        book.add(code, 0, HashMap::new());
        let with_code = |claimed: [&str; 4], discount: &str| {
            let mut request = form(vec![line(tea.id, 1)], claimed).validate().expect("valid");
            request.claimed.discount = money(discount);
            request.promo = Some(PromoCodeText::parse("welcome").expect("code"));
            request
        };
        // 60.00 − 6.00 = 54.00; tax 4.32; shipping 15.00.
        let first = with_code(["60.00", "4.32", "15.00", "73.32"], "6.00");
        let order = first.clone().price(std::slice::from_ref(&tea), &book).expect("priced");
        assert_eq!(order.promo.as_ref().map(|p| p.amount), Some(money("6.00")));
        // The browser's figures must include the discount the server gives.
        let mut no_discount_claimed = first.clone();
        no_discount_claimed.claimed = OrderTotals::for_subtotal(money("60.00"));
        assert_eq!(
            no_discount_claimed.price(std::slice::from_ref(&tea), &book),
            Err(PricingError::PricesChanged)
        );
        // Two orders in one transaction: the second finds the code used up.
        let PricedOrders { decisions, .. } =
            price_orders([first.clone(), first], std::slice::from_ref(&tea), &book);
        assert!(decisions[0].is_ok());
        assert_eq!(decisions[1], Err(PricingError::Promo(PromoRefusal::UsedUp)));
        // A code nobody created.
        let mut unknown = with_code(["60.00", "4.32", "15.00", "73.32"], "6.00");
        unknown.promo = Some(PromoCodeText::parse("NOPE").expect("code"));
        assert_eq!(
            unknown.price(std::slice::from_ref(&tea), &book).map_err(|e| e.to_string()),
            Err("We don't recognise this promo code".to_owned())
        );
    }
}

/// A page of orders as the dashboard asks for it (issue 23): newest first,
/// matching a search (a name, an e-mail or the start of the order's id), a
/// status and the days it was placed on.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderQuery {
    pub search: Option<crate::paging::Search>,
    pub status: Option<OrderStatus>,
    /// Placed at or after.
    pub placed_from: Option<DateTime<Utc>>,
    /// Placed before.
    pub placed_until: Option<DateTime<Utc>>,
    /// Only the orders never paid (`Some(true)`: awaiting payment, at the
    /// bank's step, or expired), only the others (`Some(false)`), or both.
    pub unpaid: Option<bool>,
    pub page: crate::paging::PageRequest,
}

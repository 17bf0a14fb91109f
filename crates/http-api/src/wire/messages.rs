//! The specification's words for each form field a guest or the owner
//! leaves blank or fills wrongly (docs/specification.md; the tests hold them
//! exactly). The domain's rules say the rest in their own errors.

pub const FIRST_NAME_REQUIRED: &str = "First name is required";
pub const LAST_NAME_REQUIRED: &str = "Last name is required";
pub const MESSAGE_REQUIRED: &str = "Message is required";
pub const REPLY_REQUIRED: &str = "Please write your reply";
pub const SERVICE_REQUIRED: &str = "Please select a service";
pub const DATE_REQUIRED: &str = "Please select a date";
/// A booking's `offerToken` that is not a good waitlist offer link.
pub const OFFER_LINK_INVALID: &str = "This offer link is not valid. Please open it again from your email.";
pub const TIME_REQUIRED: &str = "Please select a time";
pub const NAME_REQUIRED: &str = "Name is required";
pub const TITLE_REQUIRED: &str = "Title is required";
pub const DESCRIPTION_REQUIRED: &str = "Description is required";
pub const EXCERPT_REQUIRED: &str = "Excerpt is required";
pub const CONTENT_REQUIRED: &str = "Content is required";
pub const IMAGE_REQUIRED: &str = "Image URL is required";
pub const MEDIA_URL_REQUIRED: &str = "Please provide a media URL";
pub const PRICE_REQUIRED: &str = "Price is required";
pub const DURATION_REQUIRED: &str = "Duration is required";
pub const ADDRESS_REQUIRED: &str = "Address is required";
pub const CITY_REQUIRED: &str = "City is required";
pub const STATE_REQUIRED: &str = "State is required";
pub const ZIP_REQUIRED: &str = "ZIP code is required";
pub const START_DATE_REQUIRED: &str = "Start date is required";
pub const END_DATE_REQUIRED: &str = "End date is required";
pub const DATE_IS_REQUIRED: &str = "Date is required";
pub const MONTH_FORMAT: &str = "Please use a month in the yyyy-MM format";
pub const CATEGORY_CHOICE: &str = "Please choose a category: skincare, candles or teas";
pub const MEDIA_TYPE_CHOICE: &str = "Type must be image or video";
pub const BLACKOUT_TYPE_CHOICE: &str = "Type must be all, services, tiny_home or retreat";
pub const ACCOMMODATION_CHOICE: &str = "Accommodation must be none, tiny_home or retreat";
pub const TIME_SLOT_CHOICE: &str = "Time slot must be one of 9:00, 11:00, 13:00, 15:00, 17:00";
pub const BOOKING_KEY_CHOICE: &str = "Booking key must be massage, spa, accommodation, package or none";
pub const INTEREST_CHOICE: &str = "Please choose one of the listed interests";
pub const BOOKING_STATUS_CHOICE: &str = "Status must be pending, confirmed, completed or cancelled";
pub const MESSAGE_STATE_CHOICE: &str = "State must be new, read or answered";
pub const ORDER_STATUS_CHOICE: &str = "Status must be pending, processing, shipped, delivered or cancelled";

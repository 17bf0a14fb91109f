pub mod admin;
pub mod bookings;
pub mod catalog;
pub mod content;
pub mod emails;
pub mod guest;
pub mod orders;
pub mod quiz;

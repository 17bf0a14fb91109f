//! Ports: what the application needs from the outside world, stated as
//! traits, and the use-case services that combine them with the domain rules.
//!
//! Adapters (PostgreSQL, bcrypt/JWT, HTTP) depend on this crate; it depends
//! only on the domain. Every repository method is one unit of work: a method
//! that writes several rows does so in one transaction.

mod auth;
mod error;
mod repositories;
mod services;

pub use auth::{AuthError, AuthService, Clock, IssuedToken, PasswordHasher, TokenError, TokenIssuer};
pub use error::{BookingError, OrderError, RepoError, RepoResult};
pub use repositories::{
    AdminRepository, BookingRepository, CatalogRepository, ContentRepository, DemoCatalogue, DemoPost,
    DemoProduct, OrderRepository,
};
pub use services::{QuizResult, recommend};

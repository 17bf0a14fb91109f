//! Black-box tests of the whole server: real actix-web app, real Diesel
//! adapter, real PostgreSQL (a fresh database per test).

mod helpers;

mod auth;
mod auth_matrix;
mod bookings;
mod calendar;
mod catalog;
mod cli;
mod concurrency;
mod content;
mod hostile;
mod orders;
mod quiz;
mod site;
mod smoke;

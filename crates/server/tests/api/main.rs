//! Black-box tests of the whole server: real actix-web app, real Diesel
//! adapter, real PostgreSQL (a fresh database per test).

mod hardening;
mod helpers;

mod audit;
mod auth;
mod auth_matrix;
mod bookings;
mod calendar;
mod catalog;
mod catalogue_cache;
mod cli;
mod concurrency;
mod content;
mod error_codes;
mod exports;
mod hostile;
mod images;
mod mail;
mod migrations;
mod ops;
mod orders;
mod quiz;
mod server_rendering;
mod site;
mod smoke;
mod smtp;
mod stays;
mod stock;
mod write_bursts;

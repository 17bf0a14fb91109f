//! Black-box tests of the whole server: real actix-web app, real Diesel
//! adapter, real PostgreSQL (a fresh database per test).

mod hardening;
mod helpers;

mod audit;
mod auth;
mod auth_matrix;
mod availability_races;
mod bookings;
mod calendar;
mod catalog;
mod catalogue_cache;
mod cli;
mod concurrency;
mod content;
mod deposits;
mod error_codes;
mod exports;
mod gift_cards;
mod hostile;
mod images;
mod mail;
mod media;
mod messages;
mod migrations;
mod money;
mod openapi;
mod ops;
mod orders;
mod paging;
mod paging_plans;
mod payments;
mod promos;
mod quiz;
mod s3_server;
mod schedule;
mod server_rendering;
mod site;
mod smoke;
mod smtp;
mod stays;
mod stock;
mod stripe_server;
mod team;
mod two_factor;
mod write_bursts;

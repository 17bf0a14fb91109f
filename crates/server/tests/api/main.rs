//! Black-box tests of the whole server: real actix-web app, real Diesel
//! adapter, real PostgreSQL (a fresh database per test).

mod helpers;
mod smoke;

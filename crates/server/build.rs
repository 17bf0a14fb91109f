//! Release builds carry the built frontend and the demo catalogue inside the
//! binary (`src/bundle.rs`, rust-embed reads them at compile time). Cargo does
//! not see those folders as inputs, so a rebuilt frontend (a new server
//! bundle, new asset names) would not be embedded until something else
//! changed: these lines make it recompile when they change.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../../frontend/dist");
    println!("cargo:rerun-if-changed=../../demo/catalogue.json");
    println!("cargo:rerun-if-changed=../../demo/media");
}

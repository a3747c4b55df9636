//! The fuzz targets' shared checks; see `checks.rs`.
pub mod checks;

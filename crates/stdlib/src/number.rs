//! TODO

pub fn install() {}

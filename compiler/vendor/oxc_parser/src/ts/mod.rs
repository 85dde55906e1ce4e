mod statement;
mod types;

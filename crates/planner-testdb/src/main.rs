//! `rp-test-dynamodb --port N [--db-path FILE]`: dynoxide's DynamoDB-protocol HTTP server on
//! 127.0.0.1, the same engine the app embeds, for the end-to-end tests' team tables
//! (tests/e2e/team-table.mjs). A test tool: no authentication, loopback only.

use std::path::PathBuf;

use clap::Parser;

#[derive(Parser)]
#[command(name = "rp-test-dynamodb", about = "A DynamoDB-protocol server on loopback, for tests")]
struct Args {
    /// The port on 127.0.0.1.
    #[arg(long)]
    port: u16,
    /// The SQLite file that holds the tables (in memory without it).
    #[arg(long)]
    db_path: Option<PathBuf>,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let db = match &args.db_path {
        Some(path) => dynoxide::Database::new(&path.to_string_lossy())?,
        None => dynoxide::Database::memory()?,
    };
    let quiet = dynoxide::ServerOptions::quiet();
    dynoxide::server::start_with_options("127.0.0.1", args.port, db, quiet).await?;
    Ok(())
}

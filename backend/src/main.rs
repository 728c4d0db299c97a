//! `bikehaat`: parse the command line, set up logging, run the command.

use std::process::ExitCode;

use bikehaat::config::{AdminCommand, Cli, Command};
use bikehaat::{server, store};
use clap::Parser;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let outcome = match cli.command {
        Command::Serve(args) => server::serve(*args).await,
        Command::Migrate(db) => migrate(&db).await,
        Command::Admin {
            command: AdminCommand::Grant { email, database },
        } => grant_admin(&database, &email).await,
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bikehaat: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn open(
    db: &bikehaat::config::DatabaseArgs,
) -> Result<std::sync::Arc<dyn store::Store>, String> {
    tokio::fs::create_dir_all(&db.data_dir)
        .await
        .map_err(|e| format!("cannot create {}: {e}", db.data_dir.display()))?;
    let store = store::open(&db.url())
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    store.migrate().await.map_err(|e| e.to_string())?;
    Ok(store)
}

async fn migrate(db: &bikehaat::config::DatabaseArgs) -> Result<(), String> {
    open(db).await?;
    println!("The database is up to date.");
    Ok(())
}

async fn grant_admin(db: &bikehaat::config::DatabaseArgs, email: &str) -> Result<(), String> {
    let store = open(db).await?;
    let email = email.trim().to_lowercase();
    if store.grant_admin(&email).await.map_err(|e| e.to_string())? {
        println!("{email} is now an admin.");
        Ok(())
    } else {
        Err(format!(
            "no user has the email {email} yet: they must sign up first (or list them in ADMIN_EMAILS to become admin on sign-in)"
        ))
    }
}

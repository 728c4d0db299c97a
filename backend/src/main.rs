//! `bikehaat`: parse the command line, set up logging, run the command.

use std::process::ExitCode;

use bikehaat::config::{AdminCommand, Cli, Command};
use bikehaat::{server, store};
use clap::Parser;

/// Buffers of at least this size are mapped on their own and unmapped when freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 1024 * 1024;

/// glibc keeps freed large buffers for reuse once it has seen one freed (its "dynamic
/// mmap threshold"), so every thread that hashed a password (19 MiB each) or decoded a
/// photo holds that memory for good: 64 sign-ins took a server past 360 MiB. A fixed
/// threshold hands such buffers back at once; measured in `tests/marketplace/sign_in_load.rs`.
fn return_large_buffers_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator tuning; it is called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}

/// Everything the server creates (the SQLite database and its journal, uploads, mails)
/// is its owner's alone: the database holds password hashes, e-mails and phone numbers.
fn keep_new_files_private() {
    #[cfg(unix)]
    // SAFETY: umask only sets this process's file-creation mask; called before any thread.
    unsafe {
        libc::umask(0o077);
    }
}

fn main() -> ExitCode {
    return_large_buffers_to_the_system();
    keep_new_files_private();
    match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime.block_on(run()),
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> ExitCode {
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

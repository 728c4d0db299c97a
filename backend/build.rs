//! Builds the crate again when a migration is added: `sqlx::migrate!` embeds the files
//! of `migrations/` and notices a change to one of them, but not a new file.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}

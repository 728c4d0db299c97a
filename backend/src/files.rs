//! Files only their owner may read: the data directory (the database, uploads, the token
//! secret, mails holding sign-in links). Created with their mode in one step, so no
//! moment exists when others could read them; the server also runs with umask 077 (see
//! `main.rs`), so what SQLite and the uploads create is private too.

use std::path::{Path, PathBuf};

/// Creates `dir` (and its parents) if needed; a directory this creates is `0700`.
pub async fn create_private_dir(dir: &Path) -> Result<(), String> {
    let mut builder = tokio::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(0o700);
    builder
        .create(dir)
        .await
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Writes a new file that only its owner can read (`0600`), replacing any file there.
pub async fn write_private(path: &Path, contents: &[u8]) -> Result<(), String> {
    use tokio::io::AsyncWriteExt;
    let mut options = tokio::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut file = options
        .open(path)
        .await
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.write_all(contents)
        .await
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.flush()
        .await
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes one file into an outbox directory (`<data-dir>/outbox/`: mails, text
/// messages), named by the time and a random tail and readable by its owner only: it
/// holds a sign-in link or a code. Written under a `.part` name and renamed when whole,
/// so a reader of the directory never sees half a message.
pub async fn write_to_outbox(dir: &Path, extension: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    create_private_dir(dir).await?;
    let name = format!(
        "{}-{}.{extension}",
        chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ"),
        crate::random::random_hex(6)
    );
    let file = dir.join(name);
    let part = file.with_extension(format!("{extension}.part"));
    write_private(&part, bytes).await?;
    tokio::fs::rename(&part, &file)
        .await
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    Ok(file)
}

/// Logs a warning when `dir`, which the server did not create, lets others in: the
/// database holds password hashes, e-mail addresses and phone numbers.
pub async fn warn_if_others_can_read(dir: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        match tokio::fs::metadata(dir).await {
            Ok(meta) if meta.permissions().mode() & 0o077 != 0 => tracing::warn!(
                dir = %dir.display(),
                mode = format!("{:o}", meta.permissions().mode() & 0o777),
                "the data directory is open to other users of this machine: `chmod 700` it"
            ),
            Ok(_) => {}
            Err(err) => {
                tracing::warn!(dir = %dir.display(), %err, "cannot read the data directory's permissions")
            }
        }
    }
}

//! Files only their owner may read: the token secret and mails holding sign-in links.
//! Created with their mode in one step, so no moment exists when others could read them.

use std::path::Path;

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

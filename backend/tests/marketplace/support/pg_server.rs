//! A PostgreSQL server of a test's own, in a temporary directory on a port of its own,
//! for tests that stop it and start it again: the machine's server is shared by every
//! test and must never stop.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{free_port, skip};

/// A private PostgreSQL server (trust authentication, user `postgres`), stopped and
/// removed when dropped.
pub struct PgServer {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    /// initdb and pg_ctl refuse to run as root: then they run as the `postgres` user.
    as_postgres: bool,
}

/// Where Debian puts each major version's server programs; the newest is used.
const DEBIAN_SERVERS: &str = "/usr/lib/postgresql";

fn server_bin() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(DEBIAN_SERVERS)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            (bin.join("initdb").is_file() && bin.join("pg_ctl").is_file()).then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

impl PgServer {
    /// Creates a cluster and starts it; None (a skip) without PostgreSQL's server
    /// programs. Runs blocking commands: call it from a multi-threaded runtime.
    pub fn start() -> Option<PgServer> {
        let Some(bin) = server_bin() else {
            skip(
                "test with its own PostgreSQL server",
                &format!("no initdb and pg_ctl under {DEBIAN_SERVERS}/*/bin"),
            );
            return None;
        };
        let as_postgres = std::fs::metadata("/proc/self").is_ok_and(|me| me.uid() == 0);
        let dir = std::env::temp_dir().join(format!(
            "bikehaat_pg_{}_{}",
            std::process::id(),
            free_port()
        ));
        std::fs::create_dir_all(&dir).expect("PostgreSQL's directory");
        let server = PgServer {
            bin,
            dir,
            port: free_port(),
            as_postgres,
        };
        if as_postgres {
            server.run(Command::new("chown").arg("postgres:").arg(&server.dir));
        }
        server.run(
            server
                .pg("initdb")
                .args(["-A", "trust", "-U", "postgres", "-E", "UTF8"])
                .args(["--no-sync", "--no-instructions", "-D"])
                .arg(server.data()),
        );
        server.resume();
        Some(server)
    }

    /// `postgres://` URL of its `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops it the hard way (`pg_ctl stop -m immediate`): every connection is cut at
    /// once and the next start recovers from the write-ahead log, as after a crash.
    pub fn stop_now(&self) {
        self.run(
            self.pg("pg_ctl")
                .args(["stop", "-m", "immediate", "-w", "-D"])
                .arg(self.data()),
        );
    }

    /// Starts it (again) and waits until it accepts connections.
    pub fn resume(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.display()
        );
        self.run(
            self.pg("pg_ctl")
                .args(["start", "-w", "-o", &options, "-l"])
                .arg(self.dir.join("server.log"))
                .arg("-D")
                .arg(self.data()),
        );
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// `program` of the server's, as the user that may run it.
    fn pg(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(path);
            command
        } else {
            Command::new(path)
        }
    }

    #[track_caller]
    fn run(&self, command: &mut Command) {
        let output = command.output().expect("run a PostgreSQL command");
        assert!(
            output.status.success(),
            "{command:?} failed: {}{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            server_log(&self.dir),
        );
    }
}

fn server_log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("server.log")).unwrap_or_default()
}

impl Drop for PgServer {
    fn drop(&mut self) {
        // Best effort: it may be stopped already.
        let _ = self
            .pg("pg_ctl")
            .args(["stop", "-m", "immediate", "-D"])
            .arg(self.data())
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

//! The real `bikehaat` binary as its own process, for what only a whole process shows:
//! its peak resident memory as the kernel reports it, and what it logs.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::TestDb;

/// A running `bikehaat serve` on `db` (SQLite in its data dir), killed when dropped.
pub struct ServerProcess {
    pub base: String,
    child: Child,
    log: std::path::PathBuf,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ServerProcess {
    /// Starts the server on a free port and waits until it answers its health check.
    pub async fn start(db: &TestDb) -> ServerProcess {
        ServerProcess::start_in(&db.dir).await
    }

    /// Like [`start`](ServerProcess::start), with `data_dir` (SQLite in it) as its data
    /// directory, which it creates if need be.
    pub async fn start_in(data_dir: &std::path::Path) -> ServerProcess {
        ServerProcess::start_with(data_dir, &[], None).await
    }

    /// Like [`start_in`](ServerProcess::start_in), with `extra` arguments to
    /// `bikehaat serve` and, when given, `open_files` as the process's hard and soft
    /// open-file limit.
    pub async fn start_with(
        data_dir: &std::path::Path,
        extra: &[&str],
        open_files: Option<u64>,
    ) -> ServerProcess {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
        let addr = listener.local_addr().expect("addr");
        drop(listener);
        let log = std::env::temp_dir().join(format!("bikehaat-server-{}.log", addr.port()));
        let log_file = std::fs::File::create(&log).expect("log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_bikehaat"));
        command
            .args([
                "serve",
                "--no-demo",
                "--addr",
                &addr.to_string(),
                "--data-dir",
            ])
            .arg(data_dir)
            .args(extra)
            .env_remove("DATABASE_URL")
            .env_remove("REDIS_URL")
            .env_remove("ADMIN_EMAILS")
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(log_file);
        if let Some(files) = open_files {
            use std::os::unix::process::CommandExt;
            let limit = libc::rlimit {
                rlim_cur: files,
                rlim_max: files,
            };
            // SAFETY: setrlimit is async-signal-safe and only changes the child's limits.
            unsafe {
                command.pre_exec(move || {
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                });
            }
        }
        let child = command.spawn().expect("start bikehaat");
        let server = ServerProcess {
            base: format!("http://{addr}"),
            child,
            log,
        };
        let client = reqwest::Client::new();
        for _ in 0..300 {
            let health = client
                .get(format!("{}/api/health", server.base))
                .send()
                .await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("bikehaat did not start within 30 s");
    }

    /// What the process has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The process's peak resident memory so far (VmHWM), in KiB.
    pub fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("proc status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM")
    }
}

//! The real `bikehaat` binary as its own process, for what only a whole process shows:
//! its peak resident memory as the kernel reports it, what it logs, several processes
//! sharing one database and one Redis. Also a private `redis-server` for them.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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
        ServerProcess::start_with(data_dir, &[]).await
    }

    /// Like [`start_in`](ServerProcess::start_in), with `env` set for the process
    /// (`DATABASE_URL`, `REDIS_URL`, `RUST_LOG`, …): nothing else of the test's
    /// environment chooses its database, Redis or admins.
    pub async fn start_with(data_dir: &std::path::Path, env: &[(&str, &str)]) -> ServerProcess {
        ServerProcess::launch(data_dir, env, None).await
    }

    /// Like [`start_with`](ServerProcess::start_with), with `open_files` as the
    /// process's hard and soft open-file limit, as a small container has.
    pub async fn start_with_open_files(
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        open_files: u64,
    ) -> ServerProcess {
        ServerProcess::launch(data_dir, env, Some(open_files)).await
    }

    async fn launch(
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        open_files: Option<u64>,
    ) -> ServerProcess {
        let port = free_port();
        let addr = format!("127.0.0.1:{port}");
        let log = std::env::temp_dir().join(format!("bikehaat-server-{port}.log"));
        let log_file = std::fs::File::create(&log).expect("log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_bikehaat"));
        command
            .args(["serve", "--no-demo", "--addr", &addr, "--data-dir"])
            .arg(data_dir)
            .env_remove("DATABASE_URL")
            .env_remove("REDIS_URL")
            .env_remove("ADMIN_EMAILS")
            .env("NO_COLOR", "1")
            // New sellers' listings go live at once, as in TestApp, unless `env` says.
            .env("FIRST_LISTINGS_REVIEWED", "0")
            .envs(env.iter().copied())
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

/// A port nobody listens on right now, for a server started a moment later (and perhaps
/// restarted on it). It lies below the kernel's range for outgoing connections, so no
/// client socket can take it in between, as the thousands of a benchmark running
/// alongside did.
pub fn free_port() -> u16 {
    use rand::Rng;
    let lowest_outgoing = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u16>().ok())
        .unwrap_or(32_768);
    let below = lowest_outgoing.saturating_sub(12_000).max(10_000)..lowest_outgoing;
    if !below.is_empty() {
        let mut rng = rand::thread_rng();
        for _ in 0..50 {
            let port = rng.gen_range(below.clone());
            if TcpListener::bind(("127.0.0.1", port)).is_ok() {
                return port;
            }
        }
    }
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// A child process that is killed when dropped.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether `redis-server` can be started here.
pub fn redis_installed() -> bool {
    Command::new("redis-server")
        .arg("--version")
        .output()
        .is_ok()
}

/// A private `redis-server` on `port` (no persistence), up once it accepts connections.
/// Its own, not the machine's: every marketplace on one Redis shares its channel of
/// live events and its rate limits.
pub async fn start_redis(port: u16) -> Process {
    let child = Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("redis-server starts");
    let redis = Process(child);
    wait_until("redis", || {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    })
    .await;
    redis
}

/// Waits (up to 20 s) until `ready` says so.
pub async fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{what} did not come up"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

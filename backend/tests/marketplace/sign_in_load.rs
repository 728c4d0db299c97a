//! Password hashing under a crowd: 64 sign-ins at once to unknown addresses (each costs a
//! full Argon2 hash, like a real one) keep the server's peak memory within bounds,
//! because hashes wait for a free core instead of all running at once. Measured on a
//! real `bikehaat` process, whose peak resident memory the kernel reports.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use super::support::TestDb;

/// The peak resident memory the whole server may reach, in KiB.
const PEAK_LIMIT_KIB: u64 = 200 * 1024;

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("process status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM")
}

#[tokio::test]
async fn sixty_four_sign_ins_at_once_stay_under_200_mb() {
    let db = TestDb::new(super::support::Engine::Sqlite)
        .await
        .expect("SQLite");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let server = Server(
        Command::new(env!("CARGO_BIN_EXE_bikehaat"))
            .args(["serve", "--no-demo", "--addr", &format!("127.0.0.1:{port}")])
            .arg("--data-dir")
            .arg(&db.dir)
            .env("DATABASE_URL", &db.url)
            .env("RUST_LOG", "warn")
            .env_remove("REDIS_URL")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start bikehaat"),
    );
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let started = Instant::now();
    while client
        .get(format!("{base}/api/health"))
        .send()
        .await
        .is_err()
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "bikehaat did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let logins = (0..64).map(|n| {
        let request = client
            .post(format!("{base}/api/auth/login"))
            .json(&json!({"email": format!("nobody{n}@example.com"), "password": "Guess#1234"}));
        async move { request.send().await.expect("answered").status() }
    });
    let statuses = futures_util::future::join_all(logins).await;
    assert!(
        statuses
            .iter()
            .all(|s| *s == reqwest::StatusCode::UNAUTHORIZED),
        "every unknown address was checked and refused: {statuses:?}"
    );
    let peak = peak_kib(server.0.id());
    assert!(
        peak < PEAK_LIMIT_KIB,
        "peak resident memory {} MiB",
        peak / 1024
    );
}

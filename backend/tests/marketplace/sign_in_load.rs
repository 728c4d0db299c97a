//! Password hashing under a crowd: 64 sign-ins at once to unknown addresses (each costs a
//! full Argon2 hash, like a real one) keep the server's peak memory within bounds,
//! because hashes wait for a free core instead of all running at once and their buffers
//! go back to the system. Measured on a real `bikehaat` process.

use serde_json::json;

use super::support::{Engine, ServerProcess, TestDb};

/// The peak resident memory the whole server may reach, in KiB.
const PEAK_LIMIT_KIB: u64 = 200 * 1024;

#[tokio::test]
async fn sixty_four_sign_ins_at_once_stay_under_200_mb() {
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let server = ServerProcess::start(&db).await;
    let client = reqwest::Client::new();
    let logins = (0..64).map(|n| {
        let request = client
            .post(format!("{}/api/auth/login", server.base))
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
    let peak = server.peak_kib();
    assert!(
        peak < PEAK_LIMIT_KIB,
        "peak resident memory {} MiB",
        peak / 1024
    );
}

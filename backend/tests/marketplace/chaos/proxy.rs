//! A TCP proxy in front of the shared PostgreSQL server that can cut every connection
//! and refuse new ones: to the app, its database went away, while the server itself —
//! which every other test uses — never stops.

use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

use super::super::support::free_port;

pub struct Proxy {
    /// The database's URL through the proxy.
    pub url: String,
    port: u16,
    upstream: String,
    listening: Option<JoinHandle<()>>,
    connections: Arc<Mutex<JoinSet<()>>>,
}

impl Proxy {
    /// Proxies to the server of `database_url`.
    pub async fn start(database_url: &str) -> Proxy {
        let mut url = reqwest::Url::parse(database_url).expect("database URL");
        let upstream = format!(
            "{}:{}",
            url.host_str().expect("database host"),
            url.port().unwrap_or(5432)
        );
        let port = free_port();
        url.set_host(Some("127.0.0.1")).expect("host");
        url.set_port(Some(port)).expect("port");
        let mut proxy = Proxy {
            url: url.to_string(),
            port,
            upstream,
            listening: None,
            connections: Arc::default(),
        };
        proxy.restore().await;
        proxy
    }

    /// Closes every connection and refuses new ones; returns once they are closed.
    pub async fn cut(&mut self) {
        if let Some(listening) = self.listening.take() {
            listening.abort();
            let _ = listening.await;
        }
        let mut connections = std::mem::take(&mut *self.lock());
        connections.shutdown().await;
    }

    /// Accepts connections again, on the same port.
    pub async fn restore(&mut self) {
        self.cut().await;
        let listener = TcpListener::bind(("127.0.0.1", self.port))
            .await
            .expect("the proxy's port again");
        self.listening = Some(tokio::spawn(carry(
            listener,
            self.upstream.clone(),
            self.connections.clone(),
        )));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, JoinSet<()>> {
        self.connections
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        if let Some(listening) = self.listening.take() {
            listening.abort();
        }
        self.lock().abort_all();
    }
}

async fn carry(listener: TcpListener, upstream: String, connections: Arc<Mutex<JoinSet<()>>>) {
    loop {
        let Ok((mut client, _)) = listener.accept().await else {
            continue;
        };
        let upstream = upstream.clone();
        let mut connections = connections
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        connections.spawn(async move {
            if let Ok(mut server) = TcpStream::connect(&upstream).await {
                let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
            }
        });
        while connections.try_join_next().is_some() {}
    }
}

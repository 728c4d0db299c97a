//! Hot reads kept in memory: the signed-in user behind each request's session, and each category's
//! listing as ready-to-send JSON. An entry is used only while the store's write
//! generation is the one it was read at (any write through this process drops it at
//! once; for signed-in users, any write to users or sessions) and for at most
//! [`MAX_AGE`], which bounds how long a write made by another process sharing the
//! database can go unseen.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;

use crate::compression::Precompressed;
use crate::records::User;
use crate::store::prelude::*;
use crate::store::StoreResult;
use crate::views::Form;

/// The longest an entry is trusted.
pub const MAX_AGE: Duration = Duration::from_secs(1);
/// A map is emptied rather than grown past this many entries.
const MAX_ENTRIES: usize = 100_000;
/// Search pages kept at most (a page is 10–30 KB of JSON).
const MAX_SEARCHES: usize = 2_000;

struct Entry<T> {
    generation: u64,
    read_at: Instant,
    value: T,
}

struct Shelf<K, T> {
    map: Mutex<HashMap<K, Entry<T>>>,
    /// Entries kept at most.
    most: usize,
}

impl<K: std::hash::Hash + Eq, T: Clone> Shelf<K, T> {
    fn new(most: usize) -> Self {
        Shelf {
            map: Mutex::new(HashMap::new()),
            most,
        }
    }

    fn get<Q>(&self, key: &Q, generation: u64) -> Option<T>
    where
        K: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        let map = self
            .map
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        map.get(key)
            .filter(|e| e.generation == generation && e.read_at.elapsed() < MAX_AGE)
            .map(|e| e.value.clone())
    }

    fn put(&self, key: K, generation: u64, read_at: Instant, value: T) {
        let mut map = self
            .map
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if map.len() >= self.most {
            map.clear();
        }
        map.insert(
            key,
            Entry {
                generation,
                read_at,
                value,
            },
        );
    }
}

/// The searches being read right now, each with the lock its readers queue on.
type Gates = Mutex<HashMap<(String, Form), Arc<tokio::sync::Mutex<()>>>>;

/// A request's place at the gate of one search being read: the gate is shared by every
/// request for that search at that moment, and the last one to leave (done, failed or
/// cancelled) takes it down.
struct Gate<'a> {
    gates: &'a Gates,
    key: &'a (String, Form),
    lock: Arc<tokio::sync::Mutex<()>>,
}

impl<'a> Gate<'a> {
    fn join(gates: &'a Gates, key: &'a (String, Form)) -> Self {
        let lock = gates
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry(key.clone())
            .or_default()
            .clone();
        Gate { gates, key, lock }
    }
}

impl Drop for Gate<'_> {
    fn drop(&mut self) {
        let mut gates = self
            .gates
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Held by the map and by this request alone: nobody else is waiting.
        if Arc::strong_count(&self.lock) <= 2 {
            gates.remove(self.key);
        }
    }
}

/// The in-memory read cache shared by all requests of one process.
pub struct ReadCache {
    /// Session id → the user it belongs to.
    sessions: Shelf<String, Arc<User>>,
    /// (category, form) → the category's listing as JSON (with its compressed copies),
    /// and the live-event position it was read at.
    listings: Shelf<(i64, Form), (i64, Arc<Precompressed>)>,
    /// (search, form) → one page of a search as JSON, and the live-event position it
    /// was read at. Kept small: a crowd of different searches empties it, rather than
    /// holding thousands of pages.
    searches: Shelf<(String, Form), (i64, Arc<Precompressed>)>,
    /// The searches being read right now: one request reads a page that is not in
    /// memory, the others asking for it at the same moment wait for its answer.
    filling: Gates,
    /// The words a misspelt search word is corrected to, and when they were read.
    vocabulary: Mutex<Option<(Instant, Arc<Vec<String>>)>>,
    /// Held by the one request reading the vocabulary afresh.
    reading_vocabulary: tokio::sync::Mutex<()>,
}

/// How long the search vocabulary is kept: a new model's name is found exactly at once,
/// and corrected to within this long.
const VOCABULARY_AGE: Duration = Duration::from_secs(30);

impl Default for ReadCache {
    fn default() -> Self {
        ReadCache {
            sessions: Shelf::new(MAX_ENTRIES),
            listings: Shelf::new(MAX_ENTRIES),
            searches: Shelf::new(MAX_SEARCHES),
            filling: Mutex::new(HashMap::new()),
            vocabulary: Mutex::new(None),
            reading_vocabulary: tokio::sync::Mutex::new(()),
        }
    }
}

impl ReadCache {
    /// Every word of the brands, the districts and the listings' models and areas, sorted.
    pub async fn vocabulary(&self, store: &dyn Store) -> StoreResult<Arc<Vec<String>>> {
        let kept = || {
            self.vocabulary
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone()
        };
        let fresh = |kept: &Option<(Instant, Arc<Vec<String>>)>| {
            kept.as_ref()
                .filter(|(read_at, _)| read_at.elapsed() < VOCABULARY_AGE)
                .map(|(_, words)| words.clone())
        };
        let had = kept();
        if let Some(words) = fresh(&had) {
            return Ok(words);
        }
        // One request reads it afresh; while it does, the others correct with the words
        // read before (a read of every listing's model and area takes a while), or wait
        // when there are none yet.
        let _reading = match (&had, self.reading_vocabulary.try_lock()) {
            (_, Ok(turn)) => turn,
            (Some((_, words)), Err(_)) => return Ok(words.clone()),
            (None, Err(_)) => self.reading_vocabulary.lock().await,
        };
        if let Some(words) = fresh(&kept()) {
            return Ok(words);
        }
        let read_at = Instant::now();
        let mut words = store.listing_vocabulary().await?;
        let names = crate::listing::BRANDS
            .iter()
            .chain(crate::listing::DISTRICTS)
            .map(|(name, _)| *name);
        words.extend(names.flat_map(crate::listing::search_words));
        words.sort_unstable();
        words.dedup();
        let words = Arc::new(words);
        *self.vocabulary.lock().unwrap_or_else(|p| p.into_inner()) = Some((read_at, words.clone()));
        Ok(words)
    }

    /// The user a live session belongs to, from memory when fresh.
    pub async fn session_user(
        &self,
        store: &dyn Store,
        session: &str,
    ) -> StoreResult<Option<Arc<User>>> {
        // The generation is read before the database: a write that lands in between
        // leaves the entry already stale instead of hiding the write. Only writes to
        // users and sessions (and other processes' writes) make it stale.
        let generation = store.accounts_generation();
        if let Some(user) = self.sessions.get(session, generation) {
            return Ok(Some(user));
        }
        let read_at = Instant::now();
        let user = store.session_user(session).await?.map(Arc::new);
        if let Some(user) = &user {
            self.sessions
                .put(session.to_owned(), generation, read_at, user.clone());
        }
        Ok(user)
    }

    /// A category's listing in `form` as JSON, from memory when fresh; `render` reads
    /// and serialises it otherwise (None: nothing to cache, e.g. no such category).
    /// Compressed copies are kept with it once a client asks for them.
    /// With the bytes comes the live-event position they were read at (`live_seq`
    /// when `render` runs now): every event after it may be missing from them.
    pub async fn listing<E, F, Fut>(
        &self,
        store: &dyn Store,
        category_id: i64,
        form: Form,
        live_seq: i64,
        render: F,
    ) -> Result<Option<(i64, Arc<Precompressed>)>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<Bytes>, E>>,
    {
        let generation = store.generation();
        if let Some(cached) = self.listings.get(&(category_id, form), generation) {
            return Ok(Some(cached));
        }
        let read_at = Instant::now();
        let Some(bytes) = render().await? else {
            return Ok(None);
        };
        let read = (live_seq, Arc::new(Precompressed::new(bytes)));
        self.listings
            .put((category_id, form), generation, read_at, read.clone());
        Ok(Some(read))
    }

    /// One page of a search in `form` as JSON, from memory when fresh; `render` reads and
    /// serialises it otherwise. `key` names the search (its words and filters, as read).
    pub async fn search<E, F, Fut>(
        &self,
        store: &dyn Store,
        key: &str,
        form: Form,
        live_seq: i64,
        render: F,
    ) -> Result<(i64, Arc<Precompressed>), E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, E>>,
    {
        let generation = store.generation();
        let key = (key.to_owned(), form);
        if let Some(cached) = self.searches.get(&key, generation) {
            return Ok(cached);
        }
        // A popular search falls out of memory for everyone at once: one request reads
        // it again while the others wait, instead of all of them queueing on the
        // database with the same two queries.
        let gate = Gate::join(&self.filling, &key);
        let _turn = gate.lock.lock().await;
        if let Some(cached) = self.searches.get(&key, generation) {
            return Ok(cached);
        }
        let read_at = Instant::now();
        let read = (live_seq, Arc::new(Precompressed::new(render().await?)));
        self.searches
            .put(key.clone(), generation, read_at, read.clone());
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn a_search_many_ask_for_at_once_is_read_once_and_its_gate_taken_down() {
        let dir = std::env::temp_dir().join(format!("bikehaat-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let store = crate::store::open(dir.join("cache.db").to_str().expect("a path"))
            .await
            .expect("a store");
        let cache = ReadCache::default();
        let reads = AtomicUsize::new(0);
        let ask = || {
            cache.search(store.as_ref(), "fz", Form::Public, 7, || async {
                reads.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(50)).await;
                Ok::<_, ()>(Bytes::from_static(b"[]"))
            })
        };
        let answers = futures_util::future::join_all((0..20).map(|_| ask())).await;
        assert_eq!(
            reads.load(Ordering::SeqCst),
            1,
            "one read for twenty requests"
        );
        assert!(answers.iter().all(|answer| matches!(answer, Ok((7, _)))));
        assert!(cache.filling.lock().expect("the gates").is_empty());
        // A failed read is not kept: the next request reads again.
        let failed = cache
            .search(store.as_ref(), "r15", Form::Public, 8, || async {
                Err::<Bytes, _>("down")
            })
            .await;
        assert_eq!(failed.err(), Some("down"));
        ask().await.expect("kept");
        assert_eq!(reads.load(Ordering::SeqCst), 1, "still in memory");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

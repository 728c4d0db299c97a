//! The search index: what every listing is filtered and sorted on, kept in memory, so
//! that a search reads from the database no more than its words' matches and the page
//! it shows.
//!
//! A search's words are matched by the database's full-text index (a GIN index on a
//! tsvector in PostgreSQL, an FTS5 table in SQLite). Everything else is answered here:
//! category, seller, brand, engine size, price, registration year, kilometres,
//! district, condition, verified sellers, sold or not, the four orders, the cursor and
//! the count. Each listing is a row of a few dozen bytes, and each order a sorted list
//! of rows, walked until the page is full and the count reaches its cap.
//!
//! The index is kept fresh from the event log, as the live pump is: before a search it
//! reads the events logged since it last looked (any write of this process or,
//! through the pump, of another process bumps the store's write generation) and reads
//! again the rows of the listings and sellers they name. So a search made after a
//! write's answer finds what the write changed, as the SQL search did.
//!
//! The listings a page of results shows are kept too, as the database gave them, up
//! to [`LISTINGS_KEPT`]; the same events drop those they name (a listing's own
//! change, its report or advert, its seller's verification or deletion), and a full
//! reload drops them all. A page then reads from the database only the listings it
//! does not hold.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use crate::events::ListingChange;
use crate::records::{FacetsOf, Listing, ListingCursor, ListingFacets, ListingSearch, ListingSort};
use crate::store::prelude::*;
use crate::store::StoreResult;

/// Events read to catch up at most; further behind, the index reads every listing again.
const EVENTS_PER_CATCH_UP: i64 = 1_000;
/// Word matches kept at most (each a bit a listing: 12.5 KB for 100,000 listings).
const WORD_SETS: usize = 256;
/// Word matches of at most this many listings are sorted; more are walked in order.
const SORT_AT_MOST: usize = 4_096;
/// Listings kept as pages show them, at most (a few hundred bytes to a few KB each).
pub const LISTINGS_KEPT: usize = 10_000;

/// A search's answer: the page's listing ids in order, whether more follow, and how
/// many listings it finds in all, counted up to the cap asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub ids: Vec<i64>,
    /// Where the next page begins, when there is one.
    pub next: Option<ListingCursor>,
    pub count: i64,
}

/// The index of one process, shared by all its requests.
#[derive(Default)]
pub struct SearchIndex {
    table: RwLock<Option<Table>>,
    /// One catch-up at a time; the searches that need it wait for it.
    catching_up: tokio::sync::Mutex<()>,
    /// Listings changed without events (start-up indexing): read every one again.
    stale: AtomicBool,
    /// Listings as pages show them, by id.
    kept: Mutex<Kept>,
}

/// Listings read for pages, kept until an event names them.
#[derive(Default)]
struct Kept {
    by_id: HashMap<i64, Arc<Listing>>,
    /// Bumped whenever listings are dropped: a reading that began before a drop may
    /// hold what was dropped, and is not kept.
    epoch: u64,
}

impl Kept {
    fn drop_listings(&mut self, listings: &[i64], sellers: &[i64]) {
        if listings.is_empty() && sellers.is_empty() {
            return;
        }
        for id in listings {
            self.by_id.remove(id);
        }
        if !sellers.is_empty() {
            self.by_id
                .retain(|_, listing| !sellers.contains(&listing.seller_id));
        }
        self.epoch += 1;
    }

    fn drop_all(&mut self) {
        self.by_id.clear();
        self.epoch += 1;
    }
}

impl SearchIndex {
    /// Listings changed in a way the event log does not tell: the next search reads
    /// them all again.
    pub fn invalidate(&self) {
        self.stale.store(true, Ordering::Release);
    }

    /// The listings `search` finds: its page (cursor and limit as asked), whether there
    /// is a next one, and the count of all it finds, up to `most`.
    pub async fn search(
        &self,
        store: &dyn Store,
        search: &ListingSearch,
        most: i64,
    ) -> StoreResult<Found> {
        self.catch_up(store).await?;
        let words = if search.words.is_empty() {
            None
        } else {
            Some(self.word_set(store, &search.words).await?)
        };
        let table = self.read();
        let table = table.as_ref().expect("caught up");
        Ok(table.find(search, words.as_deref(), most))
    }

    /// The listings with `ids`, in that order, as `Store::listings_by_ids` reads them (a
    /// listing deleted meanwhile is left out): those kept from the database's last
    /// answer, the rest read now.
    pub async fn listings(&self, store: &dyn Store, ids: &[i64]) -> StoreResult<Vec<Listing>> {
        // Events not yet applied may name kept listings.
        self.catch_up(store).await?;
        let mut found: Vec<Listing> = Vec::with_capacity(ids.len());
        let mut missing = Vec::new();
        let epoch = {
            let kept = self.kept();
            for id in ids {
                match kept.by_id.get(id) {
                    Some(listing) => found.push(Listing::clone(listing)),
                    None => missing.push(*id),
                }
            }
            kept.epoch
        };
        if !missing.is_empty() {
            let read = store.listings_by_ids(&missing).await?;
            let mut kept = self.kept();
            if kept.epoch == epoch {
                if kept.by_id.len() + read.len() > LISTINGS_KEPT {
                    kept.by_id.clear();
                }
                for listing in &read {
                    kept.by_id.insert(listing.id, Arc::new(listing.clone()));
                }
            }
            drop(kept);
            found.extend(read);
            found.sort_by_key(|listing| ids.iter().position(|id| *id == listing.id));
        }
        Ok(found)
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Option<Table>> {
        self.table
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Option<Table>> {
        self.table
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn is_fresh(&self, generation: u64) -> bool {
        !self.stale.load(Ordering::Acquire)
            && self
                .read()
                .as_ref()
                .is_some_and(|t| t.generation == generation)
    }

    /// Brings the index up to every write the store had made known when this began.
    async fn catch_up(&self, store: &dyn Store) -> StoreResult<()> {
        // Read first: a write committed while catching up bumps it again, and the next
        // search catches up once more.
        let generation = store.generation();
        if self.is_fresh(generation) {
            return Ok(());
        }
        let _turn = self.catching_up.lock().await;
        if self.is_fresh(generation) {
            return Ok(());
        }
        let seq = match self.read().as_ref() {
            Some(table) if !self.stale.load(Ordering::Acquire) => Some(table.seq),
            _ => None,
        };
        if let Some(seq) = seq {
            if self.apply_events(store, seq, generation).await? {
                return Ok(());
            }
        }
        // Cleared before reading, so that a change told meanwhile is read at the next
        // search; told again if the reading fails.
        let was_stale = self.stale.swap(false, Ordering::AcqRel);
        // The log's end before the rows: an event logged in between is read again at
        // the next catch-up, and reading a listing twice changes nothing.
        let read = async {
            let seq = store.last_event_seq().await?;
            Ok::<_, crate::store::StoreError>((seq, store.listing_facets(FacetsOf::All).await?))
        };
        match read.await {
            Ok((seq, rows)) => {
                *self.write() = Some(Table::new(rows, seq, generation));
                self.kept().drop_all();
                Ok(())
            }
            Err(error) => {
                if was_stale {
                    self.invalidate();
                }
                Err(error)
            }
        }
    }

    /// Applies the events after `seq`; false when the index should rather read every
    /// listing again (too far behind, or an event it cannot read).
    async fn apply_events(
        &self,
        store: &dyn Store,
        seq: i64,
        generation: u64,
    ) -> StoreResult<bool> {
        let events = store.events_since(seq, EVENTS_PER_CATCH_UP).await?;
        if events.len() as i64 >= EVENTS_PER_CATCH_UP {
            return Ok(false);
        }
        let (mut listings, mut sellers) = (Vec::new(), Vec::new());
        for event in &events {
            match event.listing_change() {
                Some(ListingChange::Listing(id)) => listings.push(id),
                Some(ListingChange::Seller(id)) => sellers.push(id),
                Some(ListingChange::Unknown) => return Ok(false),
                None => {}
            }
        }
        listings.sort_unstable();
        listings.dedup();
        sellers.sort_unstable();
        sellers.dedup();
        // Dropped before the rows are read again: a page reading them from now on
        // reads what the events changed.
        self.kept().drop_listings(&listings, &sellers);
        let read_listings = store.listing_facets(FacetsOf::Listings(&listings)).await?;
        let read_sellers = store.listing_facets(FacetsOf::Sellers(&sellers)).await?;
        let mut table = self.write();
        let table = table.as_mut().expect("read before");
        // What was asked for and not found is gone.
        let found: std::collections::HashSet<i64> = read_listings
            .iter()
            .chain(&read_sellers)
            .map(|row| row.id)
            .collect();
        for id in &listings {
            if !found.contains(id) {
                table.remove(*id);
            }
        }
        for seller in &sellers {
            let gone: Vec<i64> = table
                .rows_of_seller(*seller)
                .filter(|id| !found.contains(id))
                .collect();
            for id in gone {
                table.remove(id);
            }
        }
        for row in read_listings.into_iter().chain(read_sellers) {
            table.put(row);
        }
        table.seq = events.last().map_or(seq, |event| event.seq);
        table.generation = generation;
        Ok(true)
    }

    /// The listings with all of `words`, as bits of the index's rows (kept while no
    /// listing changes).
    async fn word_set(
        &self,
        store: &dyn Store,
        words: &[(String, Vec<String>)],
    ) -> StoreResult<Arc<WordSet>> {
        let key = format!("{words:?}");
        let version = {
            let table = self.read();
            let table = table.as_ref().expect("caught up");
            if let Some(set) = table
                .word_sets
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(&key)
            {
                return Ok(set.clone());
            }
            table.version
        };
        let ids = store.listing_ids_with_words(words).await?;
        let table = self.read();
        let table = table.as_ref().expect("caught up");
        let set = Arc::new(table.word_set(&ids));
        // Kept only when no listing changed while the words were read.
        if table.version == version {
            let mut sets = table.word_sets.lock().unwrap_or_else(|p| p.into_inner());
            if sets.len() >= WORD_SETS {
                sets.clear();
            }
            sets.insert(key, set.clone());
        }
        Ok(set)
    }
}

/// One listing as searches see it.
#[derive(Debug, Clone, Copy)]
struct Row {
    id: i64,
    category_id: i64,
    seller_id: i64,
    price: i64,
    cc: Option<i32>,
    year: Option<i32>,
    km: Option<i32>,
    /// Names, as numbers of [`Names`]; 0 when the listing does not say.
    brand: u32,
    district: u32,
    /// Lowercased.
    condition: u32,
    sold: bool,
    verified: bool,
}

impl Row {
    /// The kilometres order's key: listings that do not say come after every number.
    fn km_key(&self) -> i64 {
        i64::from(self.km.unwrap_or(i32::MAX))
    }
}

/// Names given numbers, so that rows hold and compare numbers.
#[derive(Default)]
struct Names {
    numbers: HashMap<String, u32>,
}

impl Names {
    fn number(&mut self, name: Option<&str>) -> u32 {
        let Some(name) = name else {
            return 0;
        };
        if let Some(number) = self.numbers.get(name) {
            return *number;
        }
        let number = self.numbers.len() as u32 + 1;
        self.numbers.insert(name.to_owned(), number);
        number
    }

    fn find(&self, name: &str) -> Option<u32> {
        self.numbers.get(name).copied()
    }
}

/// The listings matching some words: a bit for each row.
pub struct WordSet {
    version: u64,
    bits: Vec<u64>,
    /// The rows, when few enough to sort rather than walk an order for.
    few: Option<Vec<u32>>,
}

impl WordSet {
    fn has(&self, slot: u32) -> bool {
        self.bits
            .get(slot as usize / 64)
            .is_some_and(|bits| bits & (1 << (slot % 64)) != 0)
    }
}

/// Every listing, each order as a list of row numbers.
struct Table {
    rows: Vec<Row>,
    /// Row numbers of deleted listings, to use again.
    free: Vec<u32>,
    /// By id, ascending.
    by_id: Vec<u32>,
    /// By price, then id, ascending.
    by_price: Vec<u32>,
    /// By kilometres (see [`Row::km_key`]), then id, ascending.
    by_km: Vec<u32>,
    names: Names,
    /// The last event applied.
    seq: i64,
    /// The store's write generation this is up to date with.
    generation: u64,
    /// Bumped by every change of a row: word sets are made for one version.
    version: u64,
    word_sets: Mutex<HashMap<String, Arc<WordSet>>>,
}

/// A sort key: the order's value, then the id.
type Key = (i64, i64);

impl Table {
    fn new(rows: Vec<ListingFacets>, seq: i64, generation: u64) -> Table {
        let mut table = Table {
            rows: Vec::with_capacity(rows.len()),
            free: Vec::new(),
            by_id: Vec::new(),
            by_price: Vec::new(),
            by_km: Vec::new(),
            names: Names::default(),
            seq,
            generation,
            version: 0,
            word_sets: Mutex::default(),
        };
        for facets in rows {
            let row = table.row(facets);
            table.rows.push(row);
        }
        let slots = 0..table.rows.len() as u32;
        table.by_id = slots.clone().collect();
        table.by_price = slots.clone().collect();
        table.by_km = slots.collect();
        let rows = &table.rows;
        table.by_id.sort_unstable_by_key(|&s| rows[s as usize].id);
        table
            .by_price
            .sort_unstable_by_key(|&s| price_key(&rows[s as usize]));
        table
            .by_km
            .sort_unstable_by_key(|&s| km_key(&rows[s as usize]));
        table
    }

    fn row(&mut self, f: ListingFacets) -> Row {
        Row {
            id: f.id,
            category_id: f.category_id,
            seller_id: f.seller_id,
            price: f.resale_price,
            cc: f.engine_cc,
            year: f.registration_year,
            km: f.km_driven,
            brand: self.names.number(f.brand.as_deref()),
            district: self.names.number(f.district.as_deref()),
            condition: self.names.number(Some(&f.condition.to_lowercase())),
            sold: f.sold,
            verified: f.seller_verified,
        }
    }

    fn slot_of(&self, id: i64) -> Option<u32> {
        let at = self
            .by_id
            .partition_point(|&s| self.rows[s as usize].id < id);
        self.by_id
            .get(at)
            .copied()
            .filter(|&s| self.rows[s as usize].id == id)
    }

    fn rows_of_seller(&self, seller: i64) -> impl Iterator<Item = i64> + '_ {
        self.by_id
            .iter()
            .map(|&s| &self.rows[s as usize])
            .filter(move |row| row.seller_id == seller)
            .map(|row| row.id)
    }

    /// Takes row `slot` out of `order`, found by its `key`.
    fn unlist(rows: &[Row], order: &mut Vec<u32>, slot: u32, key: fn(&Row) -> Key) {
        let wanted = key(&rows[slot as usize]);
        let at = order.partition_point(|&s| key(&rows[s as usize]) < wanted);
        debug_assert_eq!(order.get(at), Some(&slot));
        order.remove(at);
    }

    /// Puts row `slot` into `order`, by its `key`.
    fn list(rows: &[Row], order: &mut Vec<u32>, slot: u32, key: fn(&Row) -> Key) {
        let wanted = key(&rows[slot as usize]);
        let at = order.partition_point(|&s| key(&rows[s as usize]) < wanted);
        order.insert(at, slot);
    }

    fn remove(&mut self, id: i64) {
        let Some(slot) = self.slot_of(id) else {
            return;
        };
        Self::unlist(&self.rows, &mut self.by_id, slot, id_key);
        Self::unlist(&self.rows, &mut self.by_price, slot, price_key);
        Self::unlist(&self.rows, &mut self.by_km, slot, km_key);
        self.free.push(slot);
        self.changed();
    }

    /// Adds a listing, or replaces what the index had of it.
    fn put(&mut self, facets: ListingFacets) {
        self.remove(facets.id);
        let row = self.row(facets);
        let slot = match self.free.pop() {
            Some(slot) => {
                self.rows[slot as usize] = row;
                slot
            }
            None => {
                self.rows.push(row);
                self.rows.len() as u32 - 1
            }
        };
        Self::list(&self.rows, &mut self.by_id, slot, id_key);
        Self::list(&self.rows, &mut self.by_price, slot, price_key);
        Self::list(&self.rows, &mut self.by_km, slot, km_key);
        self.changed();
    }

    fn changed(&mut self) {
        self.version += 1;
        self.word_sets
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    fn word_set(&self, ids: &[i64]) -> WordSet {
        let mut bits = vec![0u64; self.rows.len().div_ceil(64)];
        let mut slots = Vec::with_capacity(ids.len().min(SORT_AT_MOST + 1));
        for slot in ids.iter().filter_map(|&id| self.slot_of(id)) {
            bits[slot as usize / 64] |= 1 << (slot % 64);
            if slots.len() <= SORT_AT_MOST {
                slots.push(slot);
            }
        }
        WordSet {
            version: self.version,
            bits,
            few: (slots.len() <= SORT_AT_MOST).then_some(slots),
        }
    }

    fn find(&self, search: &ListingSearch, words: Option<&WordSet>, most: i64) -> Found {
        let none = Found {
            ids: Vec::new(),
            next: None,
            count: 0,
        };
        let Some(filter) = Filter::new(search, &self.names) else {
            return none;
        };
        // Word matches made before a change of the rows are of other row numbers.
        let words = match words {
            Some(set) if set.version != self.version => {
                let ids: Vec<i64> = (0..self.rows.len() as u32)
                    .filter(|&s| set.has(s))
                    .map(|s| self.rows[s as usize].id)
                    .collect();
                return self.find(search, Some(&self.word_set(&ids)), most);
            }
            other => other,
        };
        let (order, key, descending): (&[u32], fn(&Row) -> Key, bool) = match search.sort {
            ListingSort::Newest => (&self.by_id, id_key, true),
            ListingSort::PriceLow => (&self.by_price, price_key, false),
            ListingSort::PriceHigh => (&self.by_price, price_key, true),
            ListingSort::Km => (&self.by_km, km_key, false),
        };
        // An order sorted by price or kilometres holds a range of them in one stretch:
        // the rows outside a price or kilometre filter are not walked at all.
        let within = |low: Key, high: Key| {
            let from = order.partition_point(|&s| key(&self.rows[s as usize]) < low);
            let to = order.partition_point(|&s| key(&self.rows[s as usize]) <= high);
            &order[from..to.max(from)]
        };
        let order: &[u32] = match search.sort {
            ListingSort::PriceLow | ListingSort::PriceHigh => within(
                (search.price_min.unwrap_or(i64::MIN), i64::MIN),
                (search.price_max.unwrap_or(i64::MAX), i64::MAX),
            ),
            ListingSort::Km => match search.km_max {
                Some(most) => within((i64::MIN, i64::MIN), (i64::from(most), i64::MAX)),
                None => order,
            },
            ListingSort::Newest => order,
        };
        let limit = usize::try_from(search.limit).unwrap_or(0);
        let most = usize::try_from(most).unwrap_or(0);
        let after: Option<Key> = search.after.map(|a| match search.sort {
            ListingSort::Newest => (a.id, a.id),
            _ => (a.key, a.id),
        });
        let matches = |slot: u32| {
            words.is_none_or(|w| w.has(slot)) && filter.matches(&self.rows[slot as usize])
        };
        // Few word matches are sorted by themselves; else the order is walked.
        let few: Vec<u32>;
        let order: &[u32] = match words.and_then(|w| w.few.as_ref()) {
            Some(slots) => {
                few = {
                    let mut few: Vec<u32> = slots.iter().copied().filter(|&s| matches(s)).collect();
                    few.sort_unstable_by_key(|&s| key(&self.rows[s as usize]));
                    few
                };
                &few
            }
            None => order,
        };
        // Where the page begins: past the cursor, in the order's direction.
        let begin = after.map(|after| {
            if descending {
                order.partition_point(|&s| key(&self.rows[s as usize]) < after)
            } else {
                order.partition_point(|&s| key(&self.rows[s as usize]) <= after)
            }
        });
        let page_range: &[u32] = match begin {
            None => order,
            Some(at) if descending => &order[..at],
            Some(at) => &order[at..],
        };
        let mut page = Vec::with_capacity(limit + 1);
        let mut count = 0usize;
        // Without a cursor one walk makes the page and the count.
        let counting_along = begin.is_none();
        walk(page_range, descending, |slot| {
            if !matches(slot) {
                return true;
            }
            if page.len() <= limit {
                page.push(slot);
            }
            if counting_along {
                count += 1;
            }
            page.len() <= limit || (counting_along && count < most)
        });
        if !counting_along {
            walk(order, descending, |slot| {
                if matches(slot) {
                    count += 1;
                }
                count < most
            });
        }
        let more = page.len() > limit;
        page.truncate(limit);
        let next = more.then(|| page.last()).flatten().map(|&slot| {
            let row = &self.rows[slot as usize];
            ListingCursor {
                key: match search.sort {
                    ListingSort::Newest => 0,
                    ListingSort::PriceLow | ListingSort::PriceHigh => row.price,
                    ListingSort::Km => row.km_key(),
                },
                id: row.id,
            }
        });
        Found {
            ids: page.iter().map(|&s| self.rows[s as usize].id).collect(),
            next,
            count: count.min(most) as i64,
        }
    }
}

/// Visits `range` in its order or backwards, until `visit` says stop.
#[inline]
fn walk(range: &[u32], descending: bool, mut visit: impl FnMut(u32) -> bool) {
    if descending {
        range.iter().rev().all(|&slot| visit(slot));
    } else {
        range.iter().all(|&slot| visit(slot));
    }
}

fn id_key(row: &Row) -> Key {
    (row.id, row.id)
}

fn price_key(row: &Row) -> Key {
    (row.price, row.id)
}

fn km_key(row: &Row) -> Key {
    (row.km_key(), row.id)
}

/// A search's conditions, with its names as the index's numbers.
struct Filter<'a> {
    search: &'a ListingSearch,
    brands: Vec<u32>,
    district: Option<u32>,
    condition: Option<u32>,
}

impl<'a> Filter<'a> {
    /// None when a name the search asks for is no listing's: nothing matches.
    fn new(search: &'a ListingSearch, names: &Names) -> Option<Filter<'a>> {
        let brands: Vec<u32> = search.brands.iter().filter_map(|b| names.find(b)).collect();
        if !search.brands.is_empty() && brands.is_empty() {
            return None;
        }
        let district = match &search.district {
            Some(district) => Some(names.find(district)?),
            None => None,
        };
        let condition = match &search.condition {
            Some(condition) => Some(names.find(&condition.to_lowercase())?),
            None => None,
        };
        Some(Filter {
            search,
            brands,
            district,
            condition,
        })
    }

    fn matches(&self, row: &Row) -> bool {
        let s = self.search;
        let at_least = |value: Option<i32>, min: Option<i32>| {
            min.is_none_or(|min| value.is_some_and(|v| v >= min))
        };
        let at_most = |value: Option<i32>, max: Option<i32>| {
            max.is_none_or(|max| value.is_some_and(|v| v <= max))
        };
        (s.include_sold || !row.sold)
            && s.category_id.is_none_or(|c| row.category_id == c)
            && s.seller_id.is_none_or(|seller| row.seller_id == seller)
            && s.except_id.is_none_or(|id| row.id != id)
            && s.price_min.is_none_or(|min| row.price >= min)
            && s.price_max.is_none_or(|max| row.price <= max)
            && at_least(row.cc, s.cc_min)
            && at_most(row.cc, s.cc_max)
            && at_least(row.year, s.year_min)
            && at_most(row.year, s.year_max)
            && at_most(row.km, s.km_max)
            && (self.brands.is_empty() || self.brands.contains(&row.brand))
            && self.district.is_none_or(|d| row.district == d)
            && self.condition.is_none_or(|c| row.condition == c)
            && (!s.verified_only || row.verified)
    }
}

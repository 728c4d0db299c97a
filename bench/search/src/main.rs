//! `search-bench`: BikeHaat's search benchmark (BENCHMARKS.md, "Search").
//!
//! - `seed`: adds N listings to a migrated BikeHaat database, straight through SQL, with
//!   the brands, models, engine sizes, prices, kilometres and districts of Bangladesh's
//!   used-bike market. Their search words are left for the server to make when it
//!   starts (as for listings older than the search), so seeding 100,000 takes seconds.
//! - `scan`: the benchmark's searches as an unindexed scan — every word an `ILIKE
//!   '%word%'` over the listing's text columns, the same filters, order, page and count
//!   — run straight against the database by C connections for D seconds: the baseline
//!   the indexed search is compared with.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::SqlitePoolOptions;
use sqlx::{PgPool, SqlitePool};

#[derive(Parser)]
#[command(name = "search-bench", about = "BikeHaat's search benchmark")]
struct Cli {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand)]
enum Mode {
    /// Adds listings to a migrated database with demo categories and sellers.
    Seed {
        /// postgres://… or a SQLite file path.
        #[arg(long)]
        database: String,
        #[arg(long, default_value_t = 100_000)]
        count: usize,
    },
    /// Runs the searches of QUERIES as unindexed scans; prints searches/s and latency.
    Scan {
        #[arg(long)]
        database: String,
        /// One search a line, as the query string of GET /api/listings.
        #[arg(long)]
        queries: String,
        #[arg(long, default_value_t = 16)]
        connections: u32,
        #[arg(long, default_value_t = 10)]
        duration: u64,
    },
}

/// Adds `$count` listings through `$pool`.
macro_rules! seed {
    ($pool:expr, $count:expr) => {{
    let pool = $pool;
    let count: usize = $count;
    let categories: Vec<i64> = sqlx::query_scalar("SELECT id FROM categories ORDER BY id")
        .fetch_all(&pool)
        .await?;
    let sellers: Vec<i64> = sqlx::query_scalar("SELECT id FROM users WHERE role = 'seller' ORDER BY id")
        .fetch_all(&pool)
        .await?;
    if categories.is_empty() || sellers.is_empty() {
        return Err("seed needs categories and sellers: start bikehaat once on this database with its demo data".into());
    }
    let started = Instant::now();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let now = chrono::Utc::now();
    let mut done = 0;
    while done < count {
        let batch = (count - done).min(500);
        let mut tx = pool.begin().await?;
        for i in 0..batch {
            let (brand, model, cc, low, high) = *rng.pick(MODELS);
            let year = rng.between(2012, 2025);
            let age = 2026 - year;
            let km = age * rng.between(3_000, 12_000);
            let price = rng.between(low, high) * 1000 - (age * 4000).min(low * 500);
            let price = price.max(30_000);
            let (district, areas) = {
                let mut roll = rng.below(100);
                let mut chosen = PLACES[0];
                for place in PLACES {
                    if roll < place.2 {
                        chosen = *place;
                        break;
                    }
                    roll -= place.2;
                }
                (chosen.0, chosen.1)
            };
            let area = *rng.pick(areas);
            let photos = format!(r#"["/uploads/demo-bike-{}.svg"]"#, rng.below(12));
            let posted = now - chrono::Duration::minutes((count - done - i) as i64 * 3);
            // One in twenty has sold.
            let sold = rng.below(20) == 0;
            sqlx::query(
                "INSERT INTO products (category_id, seller_id, name, image, condition, color, description, location, \
                 original_price, resale_price, purchase_year, years_of_use, seller_phone, sold, posted_at, brand, model, \
                 engine_cc, km_driven, registration_year, district, area, photos) VALUES \
                 ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)",
            )
                .bind(*rng.pick(&categories))
                .bind(*rng.pick(&sellers))
                .bind(format!("{brand} {model}"))
                .bind(format!("/uploads/demo-bike-{}.svg", rng.below(12)))
                .bind(*rng.pick(CONDITIONS))
                .bind(*rng.pick(COLOURS))
                .bind(format!("{} {km} km on the clock.", rng.pick(NOTES)))
                .bind(format!("{area}, {district}"))
                .bind(price * 100 * 13 / 10)
                .bind(price * 100)
                .bind(year as i32)
                .bind(age as i32)
                .bind("01711-000000")
                .bind(sold)
                .bind(posted)
                .bind(brand)
                .bind(model)
                .bind(cc)
                .bind(km as i32)
                .bind(year as i32)
                .bind(district)
                .bind(area)
                .bind(photos)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        done += batch;
    }
    println!("seeded {count} listings in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
    }};
}

/// Runs `$searches` as scans through `$pool` (`$like`: the engine's case-blind LIKE)
/// from `$connections` tasks for `$duration`; prints what it measured.
macro_rules! scan {
    ($pool:expr, $like:expr, $searches:expr, $connections:expr, $duration:expr) => {{
    let (pool, like, connections, duration): (_, &str, u32, Duration) = ($pool, $like, $connections, $duration);
    let searches = $searches;
    let searches = Arc::new(searches);
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for worker in 0..connections as usize {
        let (pool, searches, stop) = (pool.clone(), searches.clone(), stop.clone());
        let like = like.to_owned();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut i = worker;
            while !stop.load(Ordering::Relaxed) {
                let search = &searches[i % searches.len()];
                i += 1;
                let (condition, binds) = search.condition(&like);
                let from = "FROM products p JOIN users u ON u.id = p.seller_id";
                let page = format!("SELECT p.id, p.name, p.resale_price {from} WHERE {condition} ORDER BY {} LIMIT 24", search.sort);
                let count = format!("SELECT COUNT(*) {from} WHERE {condition}");
                let started = Instant::now();
                for sql in [&page, &count] {
                    let mut query = sqlx::query(sql);
                    for value in &binds {
                        query = query.bind(value.clone());
                    }
                    query.fetch_all(&pool).await.expect("a scan");
                }
                latencies.push(started.elapsed());
            }
            latencies
        }));
    }
    tokio::time::sleep(duration).await;
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await?);
    }
    all.sort();
    let at = |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or_default();
    println!(
        "scan ({like}): {} searches in {:.0} s = {:.1} searches/s; p50 {:.1} ms, p99 {:.1} ms ({connections} connections)",
        all.len(),
        duration.as_secs_f64(),
        all.len() as f64 / duration.as_secs_f64(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0
    );
    Ok(())
    }};
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    match Cli::parse().mode {
        Mode::Seed { database, count } => match Pool::open(&database, 1).await? {
            Pool::Postgres(pool) => seed!(pool, count),
            Pool::Sqlite(pool) => seed!(pool, count),
        },
        Mode::Scan {
            database,
            queries,
            connections,
            duration,
        } => {
            let text = std::fs::read_to_string(&queries)?;
            let searches: Vec<Search> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(Search::parse)
                .collect();
            let duration = Duration::from_secs(duration);
            match Pool::open(&database, connections).await? {
                Pool::Postgres(pool) => scan!(pool, "ILIKE", searches, connections, duration),
                Pool::Sqlite(pool) => scan!(pool, "LIKE", searches, connections, duration),
            }
        }
    }
}

/// The database, on either engine: the seeding and the scan are written once, as macros
/// expanded for each pool type.
enum Pool {
    Postgres(PgPool),
    Sqlite(SqlitePool),
}

impl Pool {
    async fn open(database: &str, connections: u32) -> Result<Pool, sqlx::Error> {
        Ok(if database.starts_with("postgres") {
            Pool::Postgres(
                PgPoolOptions::new()
                    .max_connections(connections)
                    .connect(database)
                    .await?,
            )
        } else {
            let options = sqlx::sqlite::SqliteConnectOptions::new()
                .filename(database)
                .busy_timeout(Duration::from_secs(30));
            Pool::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(connections)
                    .connect_with(options)
                    .await?,
            )
        })
    }
}

/// A small deterministic generator: the same seed gives the same market.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn between(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as u64) as i64
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// (brand, model, cc, lowest and highest asking price in thousands of taka)
const MODELS: &[(&str, &str, i32, i64, i64)] = &[
    ("Bajaj", "Pulsar N160", 160, 160, 230),
    ("Bajaj", "Pulsar 150", 150, 120, 180),
    ("Bajaj", "Discover 125", 125, 80, 120),
    ("Bajaj", "Platina 100", 100, 60, 90),
    ("Bajaj", "Avenger Street 160", 160, 150, 200),
    ("Hero", "Splendor Plus", 100, 60, 90),
    ("Hero", "Glamour", 125, 80, 110),
    ("Hero", "Hunk 150R", 150, 120, 160),
    ("Hero", "Xpulse 200 4V", 199, 200, 260),
    ("Honda", "CB Hornet 160R", 162, 170, 230),
    ("Honda", "Livo", 110, 80, 110),
    ("Honda", "Shine 125", 125, 90, 120),
    ("Honda", "CBR 150R", 149, 280, 400),
    ("Honda", "X-Blade", 162, 160, 210),
    ("Yamaha", "FZ-S V3", 149, 190, 260),
    ("Yamaha", "R15 V4", 155, 350, 480),
    ("Yamaha", "MT-15", 155, 320, 420),
    ("Yamaha", "Saluto", 125, 90, 120),
    ("Yamaha", "Fazer FI V2", 149, 200, 250),
    ("Suzuki", "Gixxer SF", 155, 200, 280),
    ("Suzuki", "Gixxer 250", 249, 350, 450),
    ("Suzuki", "Hayate", 110, 70, 100),
    ("Suzuki", "Intruder", 155, 200, 260),
    ("TVS", "Apache RTR 160 4V", 160, 160, 220),
    ("TVS", "Metro Plus", 110, 70, 90),
    ("TVS", "Raider 125", 125, 100, 130),
    ("TVS", "Ntorq 125", 125, 110, 150),
    ("Runner", "Bullet 100", 100, 50, 70),
    ("Runner", "Knight Rider", 150, 100, 140),
    ("Lifan", "KPR 165R", 150, 150, 200),
    ("Walton", "Fusion 125", 125, 80, 100),
    ("Walton", "Xplore 110", 110, 70, 90),
    ("Royal Enfield", "Classic 350", 349, 400, 500),
    ("Royal Enfield", "Hunter 350", 349, 380, 460),
    ("KTM", "Duke 125", 125, 300, 400),
    ("KTM", "RC 125", 125, 350, 420),
    ("KTM", "Duke 390", 373, 600, 800),
];

/// (district, its areas, weight out of 100)
const PLACES: &[(&str, &[&str], u64)] = &[
    (
        "Dhaka",
        &[
            "Mirpur 10",
            "Mirpur 2",
            "Uttara",
            "Dhanmondi",
            "Gulshan",
            "Mohammadpur",
            "Banani",
            "Badda",
            "Jatrabari",
            "Motijheel",
        ],
        35,
    ),
    (
        "Chattogram",
        &["Agrabad", "Nasirabad", "Halishahar", "GEC Circle"],
        15,
    ),
    ("Gazipur", &["Tongi", "Board Bazar"], 6),
    ("Narayanganj", &["Chashara", "Fatullah"], 5),
    ("Sylhet", &["Zindabazar", "Amberkhana"], 4),
    ("Khulna", &["Sonadanga", "Khalishpur"], 4),
    ("Rajshahi", &["Shaheb Bazar", "Uposhohor"], 4),
    ("Cumilla", &["Kandirpar"], 3),
    ("Bogura", &["Satmatha"], 3),
    ("Rangpur", &["Jahaj Company"], 3),
    ("Mymensingh", &["Ganginarpar"], 3),
    ("Barishal", &["Nathullabad"], 3),
    ("Jashore", &["Monihar"], 3),
    ("Cox's Bazar", &["Kolatoli"], 3),
    ("Tangail", &["Sadar"], 3),
    ("Dinajpur", &["Sadar"], 3),
];

const COLOURS: &[&str] = &[
    "Black",
    "Red",
    "Blue",
    "Matte Grey",
    "White",
    "Racing Blue",
    "Green",
    "Silver",
];
const CONDITIONS: &[&str] = &["Excellent", "Good", "Good", "Fair"];
const NOTES: &[&str] = &[
    "Single owner, papers up to date.",
    "Serviced on time at the brand's centre, new tyres.",
    "Daily commuter, starts first kick, tax token valid.",
    "Minor scratches, engine strong, no accident history.",
    "Garage kept, crash guard fitted, all documents ready for transfer.",
    "Selling because I moved abroad. Registration transfer help included.",
];

/// One search of the mix, read from its query string.
#[derive(Debug, Clone, Default)]
struct Search {
    words: Vec<String>,
    brands: Vec<String>,
    ranges: Vec<(&'static str, &'static str, i64)>,
    district: Option<String>,
    condition: Option<String>,
    verified: bool,
    sort: &'static str,
}

impl Search {
    fn parse(query: &str) -> Search {
        let mut search = Search {
            sort: "p.id DESC",
            ..Search::default()
        };
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = value
                .replace("%20", " ")
                .replace('+', " ")
                .replace("%27", "'");
            let number = || value.replace(',', "").parse::<i64>().unwrap_or(0);
            match key {
                "q" => search.words = value.split_whitespace().map(str::to_lowercase).collect(),
                "brand" => search.brands = value.split(',').map(str::to_owned).collect(),
                "ccMin" => search.ranges.push(("p.engine_cc", ">=", number())),
                "ccMax" => search.ranges.push(("p.engine_cc", "<=", number())),
                "priceMin" => search.ranges.push(("p.resale_price", ">=", number() * 100)),
                "priceMax" => search.ranges.push(("p.resale_price", "<=", number() * 100)),
                "yearMin" => search.ranges.push(("p.registration_year", ">=", number())),
                "yearMax" => search.ranges.push(("p.registration_year", "<=", number())),
                "kmMax" => search.ranges.push(("p.km_driven", "<=", number())),
                "district" => search.district = Some(value),
                "condition" => search.condition = Some(value.to_lowercase()),
                "verified" => search.verified = value == "true",
                "sort" => {
                    search.sort = match value.as_str() {
                        "price-low" => "p.resale_price ASC, p.id ASC",
                        "price-high" => "p.resale_price DESC, p.id DESC",
                        "km" => "COALESCE(p.km_driven, 2147483647) ASC, p.id ASC",
                        _ => "p.id DESC",
                    }
                }
                _ => {}
            }
        }
        search
    }

    /// The WHERE clause as an unindexed scan (`like` is ILIKE or SQLite's LIKE, which
    /// ignores ASCII case), with its text binds.
    fn condition(&self, like: &str) -> (String, Vec<String>) {
        let mut sql = String::from("p.sold = FALSE");
        let mut binds = Vec::new();
        let mut n = 0;
        let mut bind = |binds: &mut Vec<String>, value: String| {
            binds.push(value);
            n += 1;
            format!("${n}")
        };
        for word in &self.words {
            let b = bind(&mut binds, format!("%{word}%"));
            let columns = [
                "p.name",
                "p.brand",
                "p.model",
                "p.description",
                "p.district",
                "p.area",
                "p.location",
                "p.color",
                "p.condition",
            ];
            let any: Vec<String> = columns.iter().map(|c| format!("{c} {like} {b}")).collect();
            sql.push_str(&format!(" AND ({})", any.join(" OR ")));
        }
        if !self.brands.is_empty() {
            let list: Vec<String> = self
                .brands
                .iter()
                .map(|b| bind(&mut binds, b.clone()))
                .collect();
            sql.push_str(&format!(" AND p.brand IN ({})", list.join(", ")));
        }
        for (column, op, value) in &self.ranges {
            sql.push_str(&format!(" AND {column} {op} {value}"));
        }
        if let Some(district) = &self.district {
            let b = bind(&mut binds, district.clone());
            sql.push_str(&format!(" AND p.district = {b}"));
        }
        if let Some(condition) = &self.condition {
            let b = bind(&mut binds, condition.clone());
            sql.push_str(&format!(" AND LOWER(p.condition) = {b}"));
        }
        if self.verified {
            sql.push_str(" AND u.verified = TRUE");
        }
        (sql, binds)
    }
}

//! Finding a bike: the search's words, filters, orders and pages give the same listings
//! on both engines for the same data; bad filters are named; hostile words are words.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;

/// One bike of the fixture: (name, brand, model, cc, km, year, district, area, price in
/// taka, condition, description). Kilometres may be [`NOT_GIVEN`].
type Bike = (
    &'static str,
    &'static str,
    &'static str,
    i32,
    i32,
    i32,
    &'static str,
    &'static str,
    u32,
    &'static str,
    &'static str,
);

const NOT_GIVEN: i32 = -1;

const BIKES: [Bike; 8] = [
    (
        "Yamaha FZ-S V3",
        "Yamaha",
        "FZ-S V3",
        149,
        18_000,
        2020,
        "Dhaka",
        "Mirpur 10",
        245_000,
        "Good",
        "Single owner, ABS, serviced on time.",
    ),
    (
        "Yamaha R15 V4",
        "Yamaha",
        "R15 V4",
        155,
        9_500,
        2022,
        "Dhaka",
        "Uttara",
        410_000,
        "Excellent",
        "Racing blue, all papers.",
    ),
    (
        "Honda CB Hornet 160R",
        "Honda",
        "CB Hornet 160R",
        162,
        27_000,
        2019,
        "Chattogram",
        "Agrabad",
        185_000,
        "Good",
        "Hornet in matte grey, new tyres.",
    ),
    (
        "Bajaj Pulsar N160",
        "Bajaj",
        "Pulsar N160",
        160,
        8_200,
        2023,
        "Sylhet",
        "Zindabazar",
        185_000,
        "Excellent",
        "Dual-channel ABS.",
    ),
    (
        "Suzuki Gixxer SF",
        "Suzuki",
        "Gixxer SF",
        155,
        31_000,
        2018,
        "Dhaka",
        "Mirpur 2",
        199_000,
        "Fair",
        "Fuel injected, minor scratches.",
    ),
    (
        "TVS Apache RTR 160",
        "TVS",
        "Apache RTR 160",
        160,
        40_000,
        2017,
        "Khulna",
        "Sonadanga",
        120_000,
        "Fair",
        "Daily commuter in Mirpur before I moved.",
    ),
    (
        "Royal Enfield Classic 350",
        "Royal Enfield",
        "Classic 350",
        349,
        6_000,
        2023,
        "Dhaka",
        "Gulshan 2",
        420_000,
        "Excellent",
        "The thump you want.",
    ),
    (
        "Walton Fusion 125",
        "Walton",
        "Fusion 125",
        125,
        NOT_GIVEN,
        2021,
        "Rajshahi",
        "Shaheb Bazar",
        95_000,
        "Good",
        "Made in Bangladesh, 55 km per litre.",
    ),
];

struct Market {
    app: TestApp,
    /// Listing ids in the order of `BIKES`.
    ids: Vec<String>,
    category: String,
    other_category: String,
    verified_seller: Person,
}

/// Two sellers (the first verified) list the fixture: even bikes in one category, odd in
/// another; the last one is sold.
async fn market(engine: Engine) -> Option<Market> {
    let app = TestApp::spawn(engine).await?;
    let admin = app.admin().await;
    let verified_seller = app
        .sign_up("rahim@example.com", "Rahim Motors", "seller")
        .await;
    let other = app.sign_up("nusrat@example.com", "Nusrat", "seller").await;
    app.ask_to_be_verified(&verified_seller).await;
    let (status, _) = app
        .call(
            Method::PATCH,
            &format!("/api/allSeller/{}", verified_seller.id),
            Some(&admin.token),
            json!({"verification": "verified"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let category = app.category(&admin, "Sports").await;
    let other_category = app.category(&admin, "Commuter").await;
    let mut ids = Vec::new();
    for (i, bike) in BIKES.iter().enumerate() {
        let (name, brand, model, cc, km, year, district, area, price, condition, description) =
            *bike;
        let seller = if i % 2 == 0 { &verified_seller } else { &other };
        let mut body = listing_body(
            if i % 2 == 0 {
                &category
            } else {
                &other_category
            },
            name,
            price,
        );
        let fields = json!({
            "brand": brand, "model": model, "engineCc": cc, "kmDriven": km,
            "registrationYear": year, "district": district, "area": area,
            "condition": condition, "description": description,
            "location": format!("{area}, {district}"),
        });
        for (key, value) in fields.as_object().expect("fields") {
            body[key] = value.clone();
        }
        if km == NOT_GIVEN {
            body["kmDriven"] = Value::Null;
        }
        let answer = app
            .call(Method::PUT, "/api/products", Some(&seller.token), body)
            .await;
        ids.push(inserted("product", answer));
    }
    let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
    let order = app.book(&buyer, ids.last().expect("a bike")).await;
    let (status, paid) = app.pay(&buyer, &order, "4242424242424242").await;
    assert_eq!(status, StatusCode::CREATED, "{paid}");
    Some(Market {
        app,
        ids,
        category,
        other_category,
        verified_seller,
    })
}

impl Market {
    /// The names a search finds, in order, with its total.
    async fn find(&self, query: &str) -> (Vec<String>, i64) {
        let (status, body) = self.app.get(&format!("/api/listings?{query}"), None).await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        (names(&body), body["total"].as_i64().expect("total"))
    }

    async fn names(&self, query: &str) -> Vec<String> {
        self.find(query).await.0
    }
}

fn names(body: &Value) -> Vec<String> {
    body["listings"]
        .as_array()
        .expect("listings")
        .iter()
        .map(|l| l["productName"].as_str().expect("name").to_owned())
        .collect()
}

/// What every search test asks, asked of one engine; the answers are compared across engines.
async fn answers(m: &Market) -> Vec<(String, Vec<String>, i64)> {
    let verified = m.verified_seller.id.clone();
    let queries = [
        String::new(),
        "q=fz".into(),
        "q=fz%20v3%20mirpur".into(),
        "q=yamha".into(),
        "q=hornet%20chatogram".into(),
        "q=%E0%A6%B9%E0%A7%8B%E0%A6%A8%E0%A7%8D%E0%A6%A1%E0%A6%BE".into(),
        "q=mirpur".into(),
        "q=kawasaki".into(),
        "brand=Yamaha,Honda".into(),
        "ccMin=150&ccMax=160".into(),
        "priceMax=250000&sort=price-low".into(),
        "priceMin=185000&priceMax=185000".into(),
        "yearMin=2019".into(),
        "kmMax=30000&sort=km".into(),
        "district=Dhaka".into(),
        "condition=excellent".into(),
        "verified=true".into(),
        "sold=true".into(),
        format!("category={}", m.category),
        format!("category={}&sort=price-high", m.other_category),
        format!("seller={verified}&except={}", m.ids[0]),
        "sort=price-low".into(),
        "sort=price-high".into(),
        "sort=km&sold=true".into(),
        "q=mirpur&district=Dhaka&ccMin=125&priceMax=250000&yearMin=2019&kmMax=30000".into(),
        "q=%27%3B%20DROP%20TABLE%20products%3B--".into(),
        "q=%22fz%22%20OR%20*%20NEAR%20%3A*%20%26%20%21".into(),
    ];
    let mut out = Vec::new();
    for query in queries {
        let (found, total) = m.find(&query).await;
        out.push((query, found, total));
    }
    out
}

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}

#[tokio::test]
async fn every_filter_alone_and_combined_finds_the_same_bikes_on_both_engines() {
    let mut per_engine = Vec::new();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(m) = market(engine).await else {
            continue;
        };
        let got = answers(&m).await;
        let of = |query: &str| {
            got.iter()
                .find(|(q, _, _)| q == query)
                .map(|(_, names, total)| (names.clone(), *total))
                .expect("asked")
        };
        // Newest first; the sold Walton only when asked for.
        assert_eq!(
            of(""),
            (
                strings(&[
                    "Royal Enfield Classic 350",
                    "TVS Apache RTR 160",
                    "Suzuki Gixxer SF",
                    "Bajaj Pulsar N160",
                    "Honda CB Hornet 160R",
                    "Yamaha R15 V4",
                    "Yamaha FZ-S V3"
                ]),
                7
            )
        );
        assert_eq!(of("q=fz").0, strings(&["Yamaha FZ-S V3"]));
        assert_eq!(of("q=fz%20v3%20mirpur").0, strings(&["Yamaha FZ-S V3"]));
        // A typo, a misspelt district, Bangla for Honda.
        assert_eq!(
            of("q=yamha").0,
            strings(&["Yamaha R15 V4", "Yamaha FZ-S V3"])
        );
        assert_eq!(
            of("q=hornet%20chatogram").0,
            strings(&["Honda CB Hornet 160R"])
        );
        assert_eq!(
            of("q=%E0%A6%B9%E0%A7%8B%E0%A6%A8%E0%A7%8D%E0%A6%A1%E0%A6%BE").0,
            strings(&["Honda CB Hornet 160R"])
        );
        // Words in the area and in the description alike.
        assert_eq!(
            of("q=mirpur").0,
            strings(&["TVS Apache RTR 160", "Suzuki Gixxer SF", "Yamaha FZ-S V3"])
        );
        assert_eq!(of("q=kawasaki"), (Vec::new(), 0));
        assert_eq!(
            of("brand=Yamaha,Honda").0,
            strings(&["Honda CB Hornet 160R", "Yamaha R15 V4", "Yamaha FZ-S V3"])
        );
        assert_eq!(of("ccMin=150&ccMax=160").1, 4);
        assert_eq!(
            of("priceMax=250000&sort=price-low").0,
            strings(&[
                "TVS Apache RTR 160",
                "Honda CB Hornet 160R",
                "Bajaj Pulsar N160",
                "Suzuki Gixxer SF",
                "Yamaha FZ-S V3"
            ]),
            "equal prices in listing order"
        );
        assert_eq!(
            of("priceMin=185000&priceMax=185000").0,
            strings(&["Bajaj Pulsar N160", "Honda CB Hornet 160R"])
        );
        assert_eq!(of("yearMin=2019").1, 5);
        assert_eq!(
            of("kmMax=30000&sort=km").0,
            strings(&[
                "Royal Enfield Classic 350",
                "Bajaj Pulsar N160",
                "Yamaha R15 V4",
                "Yamaha FZ-S V3",
                "Honda CB Hornet 160R"
            ])
        );
        assert_eq!(of("district=Dhaka").1, 4);
        assert_eq!(of("condition=excellent").1, 3);
        assert_eq!(
            of("verified=true").0,
            strings(&[
                "Royal Enfield Classic 350",
                "Suzuki Gixxer SF",
                "Honda CB Hornet 160R",
                "Yamaha FZ-S V3"
            ])
        );
        assert_eq!(of("sold=true").1, 8);
        assert_eq!(of(&format!("category={}", m.category)).1, 4);
        assert_eq!(
            of(&format!(
                "seller={}&except={}",
                m.verified_seller.id, m.ids[0]
            ))
            .0,
            strings(&[
                "Royal Enfield Classic 350",
                "Suzuki Gixxer SF",
                "Honda CB Hornet 160R"
            ])
        );
        assert_eq!(
            of("q=mirpur&district=Dhaka&ccMin=125&priceMax=250000&yearMin=2019&kmMax=30000").0,
            strings(&["Yamaha FZ-S V3"])
        );
        // Words that mean something to SQL, tsquery or FTS5 are only words.
        assert_eq!(
            of("q=%27%3B%20DROP%20TABLE%20products%3B--"),
            (Vec::new(), 0)
        );
        assert_eq!(
            of("q=%22fz%22%20OR%20*%20NEAR%20%3A*%20%26%20%21"),
            (Vec::new(), 0)
        );
        assert_eq!(m.find("").await.1, 7, "the listings are all still there");
        // Counting stops where it is told to: the API counts up to 1,000 and says when
        // there are more.
        let everything = bikehaat::records::ListingSearch {
            include_sold: true,
            limit: 24,
            ..Default::default()
        };
        let store = m.app.state.store.as_ref();
        assert_eq!(
            store.count_listings(&everything, 3).await.expect("count"),
            3
        );
        assert_eq!(
            store.count_listings(&everything, 100).await.expect("count"),
            8
        );
        let (_, body) = m.app.get("/api/listings", None).await;
        assert_eq!(body["totalCapped"], false);
        per_engine.push(got);
    }
    if let [sqlite, postgres] = per_engine.as_slice() {
        assert_eq!(sqlite, postgres, "the same data, the same answers");
    }
}

/// Each filter the API takes, sent over HTTP alone and with `sold=true`, keeps exactly
/// the listings the fixture says it should: a filter the route forgot to read would keep
/// them all.
#[tokio::test]
async fn every_filter_over_http_keeps_exactly_the_listings_it_names() {
    on_both(|engine| async move {
        let Some(m) = market(engine).await else {
            return;
        };
        let sold = BIKES.len() - 1;
        type Keep = fn(usize, &Bike) -> bool;
        let cases: Vec<(String, Keep)> = vec![
            ("ccMin=155".into(), |_, b| b.3 >= 155),
            ("ccMax=155".into(), |_, b| b.3 <= 155),
            ("priceMin=199000".into(), |_, b| b.8 >= 199_000),
            ("priceMax=199000".into(), |_, b| b.8 <= 199_000),
            ("yearMin=2020".into(), |_, b| b.5 >= 2020),
            ("yearMax=2019".into(), |_, b| b.5 <= 2019),
            ("kmMax=27000".into(), |_, b| {
                b.4 != NOT_GIVEN && b.4 <= 27_000
            }),
            ("district=Dhaka".into(), |_, b| b.6 == "Dhaka"),
            ("condition=fair".into(), |_, b| b.9 == "Fair"),
            ("brand=Suzuki,TVS,Walton".into(), |_, b| {
                ["Suzuki", "TVS", "Walton"].contains(&b.1)
            }),
            ("verified=true".into(), |i, _| i % 2 == 0),
            (format!("category={}", m.category), |i, _| i % 2 == 0),
            (format!("category={}", m.other_category), |i, _| i % 2 == 1),
            (format!("seller={}", m.verified_seller.id), |i, _| {
                i % 2 == 0
            }),
            (format!("except={}", m.ids[1]), |i, _| i != 1),
            ("q=dhaka".into(), |_, b| b.6 == "Dhaka"),
        ];
        for (filter, keep) in cases {
            for with_sold in [false, true] {
                let query = if with_sold {
                    format!("{filter}&sold=true&limit=48")
                } else {
                    format!("{filter}&limit=48")
                };
                let (status, body) = m.app.get(&format!("/api/listings?{query}"), None).await;
                assert_eq!(status, StatusCode::OK, "{query}: {body}");
                let mut found: Vec<String> = body["listings"]
                    .as_array()
                    .expect("listings")
                    .iter()
                    .map(|l| l["_id"].as_str().expect("id").to_owned())
                    .collect();
                found.sort();
                let mut expected: Vec<String> = BIKES
                    .iter()
                    .enumerate()
                    .filter(|(i, bike)| keep(*i, bike) && (with_sold || *i != sold))
                    .map(|(i, _)| m.ids[i].clone())
                    .collect();
                expected.sort();
                assert!(
                    !expected.is_empty() && expected.len() < BIKES.len(),
                    "{query}: a case that tells a forgotten filter from a kept one"
                );
                assert_eq!(found, expected, "{query}");
                assert_eq!(body["total"], expected.len(), "{query}");
            }
        }
    })
    .await;
}

/// Every page of a search `limit` at a time, following `nextCursor`; after the first
/// page, `between` runs once.
async fn every_page<F, Fut>(m: &Market, query: &str, limit: usize, between: F) -> Vec<String>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut between = Some(between);
    loop {
        let after = cursor.map(|c| format!("&cursor={c}")).unwrap_or_default();
        let (status, body) = m
            .app
            .get(&format!("/api/listings?{query}&limit={limit}{after}"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let page = names(&body);
        assert!(page.len() <= limit);
        seen.extend(page);
        if let Some(between) = between.take() {
            between().await;
        }
        match body["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return seen,
        }
    }
}

#[tokio::test]
async fn pages_follow_the_cursor_without_repeats_while_new_bikes_arrive() {
    on_both(|engine| async move {
        let Some(m) = market(engine).await else {
            return;
        };
        // Page by page, each order gives what one long page gives: ties (two bikes at
        // ৳1,85,000) and listings that give no kilometres included.
        for sort in ["newest", "price-low", "price-high", "km"] {
            let whole = m.names(&format!("sort={sort}&sold=true&limit=48")).await;
            assert_eq!(whole.len(), 8);
            for limit in [1, 2, 3] {
                let paged =
                    every_page(&m, &format!("sort={sort}&sold=true"), limit, || async {}).await;
                assert_eq!(paged, whole, "{sort}, {limit} a page");
            }
        }
        // A bike listed while a buyer pages through the newest is not on a later page
        // (it is newer than every one of them), and nothing repeats or goes missing.
        let before = m.names("sort=newest").await;
        let paged = every_page(&m, "sort=newest", 2, || async {
            m.app
                .list_bike(
                    &m.verified_seller,
                    &m.category,
                    "Hero Xpulse 200 4V",
                    215_000,
                )
                .await;
        })
        .await;
        assert_eq!(paged, before);
        let (now, total) = m.find("sort=newest").await;
        assert_eq!((now[0].as_str(), total), ("Hero Xpulse 200 4V", 8));
    })
    .await;
}

#[tokio::test]
async fn bad_filters_are_refused_with_their_names() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, body) = app
        .get(
            "/api/listings?brand=Tata&ccMin=abc&yearMax=1800&district=Atlantis&sort=cheap&cursor=zz&priceMin=-5&shape=round",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let fields: Vec<&String> = body["fields"].as_object().expect("fields").keys().collect();
    assert_eq!(
        fields,
        ["brand", "ccMin", "cursor", "district", "priceMin", "shape", "sort", "yearMax"]
    );
    let (status, body) = app.get("/api/listings?q=x&q=y", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = app
        .get(&format!("/api/listings?q={}", "a".repeat(101)), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["fields"]["q"],
        "Please keep a search under 100 characters"
    );
    let codes = body["codes"].as_object().expect("codes");
    assert_eq!(codes["q"], "too_long");
    let (_, body) = app.get("/api/listings?shape=round&sort=cheap", None).await;
    assert_eq!(
        body["codes"],
        json!({"shape": "unknown_filter", "sort": "not_on_list"})
    );
}

#[tokio::test]
async fn a_search_says_the_words_it_read_for_a_page_to_match_new_bikes_by() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    for (query, words) in [
        ("", json!([])),
        ("q=%E0%A6%AA%E0%A6%BE%E0%A6%B2%E0%A6%B8%E0%A6%BE%E0%A6%B0%20%E0%A7%A7%E0%A7%AB%E0%A7%A6", json!(["pulsar", "150"])),
        ("q=H%C3%B6nda%20Hornet", json!(["honda", "hornet"])),
        ("q=yamaha%20%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0", Value::Null),
    ] {
        let (status, body) = app.get(&format!("/api/listings?{query}"), None).await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(body["words"], words, "{query}");
    }
}

#[tokio::test]
async fn a_listing_page_reads_one_listing_in_its_readers_form() {
    on_both(|engine| async move {
        let Some(m) = market(engine).await else {
            return;
        };
        let id = &m.ids[0];
        let (status, visitor) = m.app.get(&format!("/api/listings/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{visitor}");
        assert_eq!(visitor["productName"], "Yamaha FZ-S V3");
        assert_eq!(visitor["brand"], "Yamaha");
        assert_eq!(visitor["engineCc"], 149);
        assert_eq!(visitor["kmDriven"], 18_000);
        assert_eq!(visitor["registrationYear"], 2020);
        assert_eq!(visitor["district"], "Dhaka");
        assert_eq!(visitor["area"], "Mirpur 10");
        assert_eq!(visitor["photos"], json!(["/uploads/demo-bike-0.svg"]));
        assert!(visitor.get("sellerPhone").is_none(), "{visitor}");
        let buyer = m
            .app
            .sign_up_unconfirmed("second@example.com", "Second", "buyer")
            .await;
        // Contact details are for buyers who have proven their address.
        let (_, unproven) = m
            .app
            .get(&format!("/api/listings/{id}"), Some(&buyer.token))
            .await;
        assert!(unproven.get("sellerPhone").is_none(), "{unproven}");
        assert!(unproven.get("sellerEmail").is_none(), "{unproven}");
        m.app.verify_email("second@example.com").await;
        let (_, signed_in) = m
            .app
            .get(&format!("/api/listings/{id}"), Some(&buyer.token))
            .await;
        assert_eq!(signed_in["sellerPhone"], "01711-234567");
        let (status, _) = m.app.get("/api/listings/999999", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, fields) = m.app.get("/api/listings/fields", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(fields["districts"].as_array().map(Vec::len), Some(64));
        assert_eq!(
            fields["brands"].as_array().and_then(|b| b.last()),
            Some(&json!("Other"))
        );
    })
    .await;
}

#[tokio::test]
async fn a_listing_takes_up_to_eight_photos_and_its_fields_are_checked() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let category = app.category(&admin, "Sports").await;
        let photos: Vec<String> = (0..8).map(|i| format!("/uploads/bike-{i}.webp")).collect();
        let mut body = listing_body(&category, "KTM Duke 390", 520_000);
        body["productImages"] = json!(photos);
        body["brand"] = json!("ktm");
        body["district"] = json!("chittagong");
        let id = inserted(
            "product",
            app.call(
                Method::PUT,
                "/api/products",
                Some(&seller.token),
                body.clone(),
            )
            .await,
        );
        let (_, listing) = app.get(&format!("/api/listings/{id}"), None).await;
        assert_eq!(listing["photos"], json!(photos));
        assert_eq!(listing["productImage"], "/uploads/bike-0.webp");
        assert_eq!(
            (
                &listing["brand"],
                &listing["district"],
                &listing["engineCc"]
            ),
            (&json!("KTM"), &json!("Chattogram"), &json!(373))
        );

        let mut bad = body.clone();
        bad["productImages"] = json!((0..9)
            .map(|i| format!("/uploads/{i}.webp"))
            .collect::<Vec<_>>());
        bad["brand"] = json!("Tata");
        bad["engineCc"] = json!(5000);
        bad["kmDriven"] = json!(-1);
        bad["registrationYear"] = json!(1900);
        bad["district"] = json!("Atlantis");
        let (status, answer) = app
            .call(Method::PUT, "/api/products", Some(&seller.token), bad)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        let fields: Vec<&String> = answer["fields"]
            .as_object()
            .expect("fields")
            .keys()
            .collect();
        assert_eq!(
            fields,
            [
                "brand",
                "district",
                "engineCc",
                "kmDriven",
                "productImages",
                "registrationYear"
            ]
        );

        // The seller moves the bike and rides it some more; the search follows.
        let mut edit = body.clone();
        edit["productImages"] = json!(["/uploads/bike-3.webp", "/uploads/bike-0.webp"]);
        edit["kmDriven"] = json!(21_000);
        edit["district"] = json!("Sylhet");
        edit["area"] = json!("Zindabazar");
        let (status, answer) = app
            .call(
                Method::PUT,
                &format!("/api/products/{id}"),
                Some(&seller.token),
                edit,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, listing) = app.get(&format!("/api/listings/{id}"), None).await;
        assert_eq!(listing["productImage"], "/uploads/bike-3.webp");
        assert_eq!(listing["kmDriven"], 21_000);
        assert_eq!(listing["brand"], "KTM", "what the bike is stays as posted");
        let (_, found) = app
            .get("/api/listings?q=zindabazar&district=Sylhet", None)
            .await;
        assert_eq!(names(&found), ["KTM Duke 390"]);
        let (_, found) = app.get("/api/listings?district=Chattogram", None).await;
        assert_eq!(found["total"], 0);
    })
    .await;
}

#[tokio::test]
async fn listings_from_before_the_search_get_their_fields_once_and_are_found() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let category = app.category(&admin, "Commuter").await;
        let mut body = listing_body(&category, "Bajaj Pulsar N160", 185_000);
        body["description"] = json!("Dual-channel ABS, 8,200 km, one owner.");
        let old = inserted(
            "product",
            app.call(Method::PUT, "/api/products", Some(&seller.token), body.clone())
                .await,
        );
        body["productName"] = json!("Honda Livo");
        body["kmDriven"] = json!(3_000);
        let kept = inserted(
            "product",
            app.call(Method::PUT, "/api/products", Some(&seller.token), body)
                .await,
        );
        // As listings were before they had these fields; the second one keeps the
        // kilometres its seller gave.
        let forgotten = past_the_store!(app.db(), |pool| async {
            sqlx::query(
                "UPDATE products SET brand = NULL, model = NULL, engine_cc = NULL, \
                 km_driven = CASE WHEN name = 'Honda Livo' THEN km_driven END, \
                 registration_year = NULL, district = NULL, area = NULL, photos = NULL, search_text = NULL",
            )
            .execute(&pool)
            .await
            .map(|done| done.rows_affected())
        })
        .expect("forget the fields");
        assert_eq!(forgotten, 2);
        if engine == Engine::Sqlite {
            // Listings from before had no words in the full-text index either.
            let pool = sqlx::SqlitePool::connect(&app.db().url).await.expect("open SQLite");
            sqlx::query("INSERT INTO products_search (products_search) VALUES ('rebuild')")
                .execute(&pool)
                .await
                .expect("rebuild the index from the listings' words");
            pool.close().await;
        }
        let (_, found) = app.get("/api/listings?q=pulsar", None).await;
        assert_eq!(found["total"], 0, "not indexed yet: {found}");

        let store = app.state.store.as_ref();
        let id_of = |id: &str| id.parse::<i64>().expect("an id");
        let (old_id, kept_id) = (id_of(&old), id_of(&kept));
        assert_eq!(store.index_old_listings(0, 1).await.expect("index"), Some(old_id));
        assert_eq!(store.index_old_listings(old_id, 500).await.expect("index"), Some(kept_id));
        assert_eq!(store.index_old_listings(kept_id, 500).await.expect("index"), None);
        assert_eq!(store.index_old_listings(0, 500).await.expect("index"), None, "once");
        // A server indexes older listings before it serves; this one was serving, and
        // its search index is told to read the listings again (no event says they changed).
        app.state.search_index.invalidate();

        let (_, listing) = app.get(&format!("/api/listings/{old}"), None).await;
        assert_eq!(
            [
                &listing["brand"],
                &listing["model"],
                &listing["engineCc"],
                &listing["kmDriven"],
                &listing["registrationYear"],
                &listing["district"],
                &listing["area"],
                &listing["photos"],
            ],
            [
                &json!("Bajaj"),
                &json!("Pulsar N160"),
                &json!(160),
                &json!(8_200),
                &json!(2020),
                &json!("Dhaka"),
                &json!("Mirpur 10"),
                &json!(["/uploads/demo-bike-0.svg"]),
            ]
        );
        let (_, livo) = app.get(&format!("/api/listings/{kept}"), None).await;
        assert_eq!((&livo["brand"], &livo["kmDriven"]), (&json!("Honda"), &json!(3_000)));
        let (_, found) = app.get("/api/listings?q=pulsar%20mirpur&brand=Bajaj", None).await;
        assert_eq!(names(&found), ["Bajaj Pulsar N160"]);
    })
    .await;
}

#[tokio::test]
async fn searches_read_afresh_are_metered_per_address_and_kept_ones_are_not() {
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &["--trust-proxy"]).await else {
        return;
    };
    let search = |query: String, client: &'static str| {
        let request = app
            .request(Method::GET, &format!("/api/listings?{query}"), None)
            .header("x-forwarded-for", client);
        async move { request.send().await.expect("an answer").status() }
    };
    // Every new prefix is a search read afresh.
    let mut statuses = Vec::new();
    for n in 0..121 {
        statuses.push(search(format!("q=x{n}"), "203.0.113.5").await);
    }
    assert!(
        statuses[..120].iter().all(|s| *s == StatusCode::OK),
        "{statuses:?}"
    );
    assert_eq!(statuses[120], StatusCode::TOO_MANY_REQUESTS);
    // A search kept in memory still answers that address, and others search on.
    assert_eq!(search("q=x7".into(), "203.0.113.5").await, StatusCode::OK);
    assert_eq!(
        search("q=x121".into(), "198.51.100.9").await,
        StatusCode::OK
    );
}

/// What the Bangla-and-accents test asks, asked of one engine: the fixture alone, then
/// with a listing written in Bangla and one that says café.
async fn bangla_answers(m: &Market) -> Vec<(String, Vec<String>, i64)> {
    let alone = [
        "q=পালসার",
        "q=পালসর",
        "q=অ্যাপাচি",
        "q=অ্যাপাচি ১৬০",
        "q=জিক্সার",
        "q=হোন্ডা হর্নেট",
        "q=hönda",
        "q=HÖNDA",
        "q=yamaha café",
        "q=yamaha cafe",
        "q=ভালো",
        "q=পালসার ভালো",
        "q=yamaha Москва",
        "q=১৬০",
        "q=160",
        "q=১৫৫cc",
        "q=155cc",
        "q=fz - v3",
        "q=-",
        "q=মিরপুর",
        "q=mirpur",
        "q=জিক্সার মিরপুর",
        "q=উত্তরা",
        "q=হোন্ডা আগ্রাবাদ",
        "q=পালসার সিলেট",
        "q=অ্যাপাচি খুলনা সোনাডাঙ্গা",
    ];
    let mut out = Vec::new();
    for query in alone {
        let (found, total) = m.find(query).await;
        out.push((query.to_owned(), found, total));
    }
    // A Pulsar listed in Bangla, and a Yamaha that says café.
    let seller = &m.verified_seller;
    let mut bangla = listing_body(&m.category, "বাজাজ পালসার ১৫০", 150_000);
    for (key, value) in [
        ("brand", json!("বাজাজ")),
        ("model", json!("পালসার ১৫০")),
        ("engineCc", json!(150)),
        ("location", json!("মিরপুর ১০, ঢাকা")),
        ("description", json!("ভালো কন্ডিশন, কাগজ আপডেট।")),
    ] {
        bangla[key] = value;
    }
    let answer = m
        .app
        .call(Method::PUT, "/api/products", Some(&seller.token), bangla)
        .await;
    inserted("product", answer);
    let mut cafe = listing_body(&m.category, "Yamaha Fazer Café Racer", 160_000);
    cafe["brand"] = json!("Yamaha");
    cafe["description"] = json!("Built as a café racer, clip-ons and a bar-end mirror.");
    let answer = m
        .app
        .call(Method::PUT, "/api/products", Some(&seller.token), cafe)
        .await;
    inserted("product", answer);
    let with_more = [
        "q=pulsar",
        "q=পালসার",
        "q=pulsar 150",
        "q=পালসার ১৫০",
        "q=bajaj dhaka",
        "q=yamaha café",
        "q=yamaha cafe",
        "q=ফেজার",
        "q=ভালো",
        "q=পালসার মিরপুর",
    ];
    for query in with_more {
        let (found, total) = m.find(query).await;
        out.push((format!("then {query}"), found, total));
    }
    out
}

/// Bangla spellings of brands, models, districts and areas are their English names, in
/// a search and in a listing; accents fold; Bangla digits are digits; a word the search cannot read
/// finds nothing rather than being left out.
#[tokio::test]
async fn bangla_and_accented_words_find_the_same_bikes_on_both_engines() {
    let mut per_engine = Vec::new();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(m) = market(engine).await else {
            continue;
        };
        let got = bangla_answers(&m).await;
        let of = |query: &str| {
            got.iter()
                .find(|(q, _, _)| q == query)
                .map(|(_, names, total)| (names.clone(), *total))
                .unwrap_or_else(|| panic!("{query} asked"))
        };
        let only = |names: &[&str]| (strings(names), names.len() as i64);
        assert_eq!(of("q=পালসার"), only(&["Bajaj Pulsar N160"]));
        assert_eq!(of("q=পালসর"), only(&["Bajaj Pulsar N160"]));
        assert_eq!(of("q=অ্যাপাচি"), only(&["TVS Apache RTR 160"]));
        assert_eq!(of("q=অ্যাপাচি ১৬০"), only(&["TVS Apache RTR 160"]));
        assert_eq!(of("q=জিক্সার"), only(&["Suzuki Gixxer SF"]));
        assert_eq!(of("q=হোন্ডা হর্নেট"), only(&["Honda CB Hornet 160R"]));
        assert_eq!(of("q=hönda"), only(&["Honda CB Hornet 160R"]));
        assert_eq!(of("q=HÖNDA"), only(&["Honda CB Hornet 160R"]));
        // No listing says café: the word is not left out to find every Yamaha.
        assert_eq!(of("q=yamaha café"), (Vec::new(), 0));
        assert_eq!(of("q=yamaha cafe"), (Vec::new(), 0));
        // Words the search cannot read find nothing, alone or beside a known one.
        assert_eq!(of("q=ভালো"), (Vec::new(), 0));
        assert_eq!(of("q=পালসার ভালো"), (Vec::new(), 0));
        assert_eq!(of("q=yamaha Москва"), (Vec::new(), 0));
        // Bangla digits are digits.
        assert_eq!(of("q=১৬০"), of("q=160"));
        assert_eq!(
            of("q=160"),
            only(&[
                "TVS Apache RTR 160",
                "Bajaj Pulsar N160",
                "Honda CB Hornet 160R"
            ])
        );
        assert_eq!(of("q=১৫৫cc"), of("q=155cc"));
        assert_eq!(of("q=155cc"), only(&["Suzuki Gixxer SF", "Yamaha R15 V4"]));
        // Punctuation alone is no word.
        assert_eq!(of("q=fz - v3"), only(&["Yamaha FZ-S V3"]));
        assert_eq!(of("q=-").1, 7);
        // Districts and areas in Bangla are their English names: an area a listing
        // says, a district, and a word of its description alike.
        assert_eq!(of("q=মিরপুর"), of("q=mirpur"));
        assert_eq!(
            of("q=mirpur"),
            only(&["TVS Apache RTR 160", "Suzuki Gixxer SF", "Yamaha FZ-S V3"])
        );
        assert_eq!(of("q=জিক্সার মিরপুর"), only(&["Suzuki Gixxer SF"]));
        assert_eq!(of("q=উত্তরা"), only(&["Yamaha R15 V4"]));
        assert_eq!(of("q=হোন্ডা আগ্রাবাদ"), only(&["Honda CB Hornet 160R"]));
        assert_eq!(of("q=পালসার সিলেট"), only(&["Bajaj Pulsar N160"]));
        assert_eq!(of("q=অ্যাপাচি খুলনা সোনাডাঙ্গা"), only(&["TVS Apache RTR 160"]));
        // A listing written in Bangla is found by the English words, and the other way.
        assert_eq!(
            of("then q=pulsar"),
            only(&["বাজাজ পালসার ১৫০", "Bajaj Pulsar N160"])
        );
        assert_eq!(of("then q=পালসার"), of("then q=pulsar"));
        assert_eq!(of("then q=pulsar 150"), only(&["বাজাজ পালসার ১৫০"]));
        assert_eq!(of("then q=পালসার ১৫০"), only(&["বাজাজ পালসার ১৫০"]));
        assert_eq!(of("then q=bajaj dhaka"), only(&["বাজাজ পালসার ১৫০"]));
        // A listing that names its area in Bangla is found by it.
        assert_eq!(of("then q=পালসার মিরপুর"), only(&["বাজাজ পালসার ১৫০"]));
        // Once a listing says café, café finds it, written either way.
        assert_eq!(of("then q=yamaha café"), only(&["Yamaha Fazer Café Racer"]));
        assert_eq!(of("then q=yamaha cafe"), of("then q=yamaha café"));
        assert_eq!(of("then q=ফেজার"), only(&["Yamaha Fazer Café Racer"]));
        // A word the listing says but the search cannot read is still no word.
        assert_eq!(of("then q=ভালো"), (Vec::new(), 0));
        per_engine.push(got);
    }
    if let [sqlite, postgres] = per_engine.as_slice() {
        assert_eq!(sqlite, postgres, "the same data, the same answers");
    }
}

/// Listings worded before the search read Bangla models, accents and Bangla digits are
/// worded again when the server starts after the migration that says so.
#[tokio::test]
async fn listings_worded_before_are_worded_again_after_the_migration() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let category = app.category(&admin, "Commuter").await;
        let mut body = listing_body(&category, "বাজাজ পালসার ১৫০", 150_000);
        body["description"] = json!("Café racer, ১২০০০ km.");
        inserted(
            "product",
            app.call(Method::PUT, "/api/products", Some(&seller.token), body)
                .await,
        );
        // The words the earlier word-maker made of it: its brand and district only.
        let (sqlite, postgres) = (engine == Engine::Sqlite, engine == Engine::Postgres);
        past_the_store!(app.db(), |pool| async {
            sqlx::query("UPDATE products SET search_text = 'bajaj mirpur 10 dhaka red good'")
                .execute(&pool)
                .await
                .expect("the old words");
            if sqlite {
                sqlx::query("INSERT INTO products_search (products_search) VALUES ('rebuild')")
                    .execute(&pool)
                    .await
                    .expect("the old words indexed");
            }
        });
        app.state.search_index.invalidate();
        // (Another page than the one asked below: pages are kept for a second.)
        let (_, found) = app.get("/api/listings?q=pulsar&limit=5", None).await;
        assert_eq!(found["total"], 0, "worded as before: {found}");

        let migration = format!(
            "{}/../migrations/{}/0022_search_words.sql",
            env!("CARGO_MANIFEST_DIR"),
            if postgres { "postgres" } else { "sqlite" }
        );
        let migration = std::fs::read_to_string(&migration).expect("the migration");
        past_the_store!(app.db(), |pool| async {
            sqlx::raw_sql(&migration)
                .execute(&pool)
                .await
                .expect("the migration runs");
        });
        // What a server does when it starts.
        let store = app.state.store.as_ref();
        let mut after = 0;
        while let Some(last) = store.index_old_listings(after, 500).await.expect("index") {
            after = last;
        }
        app.state.search_index.invalidate();
        for query in ["pulsar", "পালসার", "cafe", "12000", "bajaj"] {
            let (_, found) = app.get(&format!("/api/listings?q={query}"), None).await;
            assert_eq!(names(&found), ["বাজাজ পালসার ১৫০"], "{query}");
        }
    })
    .await;
}

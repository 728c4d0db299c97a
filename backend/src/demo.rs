//! Demo data for a new, empty marketplace, so that whoever starts BikeHaat for the first
//! time sees a living market: categories, two sellers (one verified) and their bikes,
//! some of them advertised. Pictures are drawn in code (see `pictures`) and stored like
//! uploads.

use std::path::Path;

use crate::records::{Language, NewListing, NewUser, Role};
use crate::store::prelude::*;
use crate::store::StoreError;

mod pictures;

struct DemoCategory {
    name: &'static str,
    variant: usize,
    color: &'static str,
}

const CATEGORIES: [DemoCategory; 5] = [
    DemoCategory {
        name: "Sports Bikes",
        variant: 0,
        color: "#c0392b",
    },
    DemoCategory {
        name: "Commuter Bikes",
        variant: 3,
        color: "#2471a3",
    },
    DemoCategory {
        name: "Cruisers",
        variant: 1,
        color: "#6c3483",
    },
    DemoCategory {
        name: "Scooters",
        variant: 2,
        color: "#148f77",
    },
    DemoCategory {
        name: "Off-Road",
        variant: 4,
        color: "#b9770e",
    },
];

struct DemoBike {
    category: usize,
    seller: usize,
    name: &'static str,
    variant: usize,
    body: &'static str,
    accent: &'static str,
    color: &'static str,
    condition: &'static str,
    location: &'static str,
    /// Whole taka.
    original: i64,
    /// Whole taka.
    resale: i64,
    year: i32,
    years_of_use: i32,
    advertise: bool,
    description: &'static str,
}

const BIKES: &[DemoBike] = &[
    DemoBike { category: 0, seller: 0, name: "Yamaha R15 V4", variant: 0, body: "#1f4e9c", accent: "#e5e7eb", color: "Racing Blue", condition: "Excellent", location: "Mirpur 10, Dhaka", original: 520000, resale: 410000, year: 2022, years_of_use: 2, advertise: true, description: "Single owner, serviced at the Yamaha centre every 3,000 km. 14,500 km on the clock, new rear tyre, all papers up to date." },
    DemoBike { category: 0, seller: 1, name: "Suzuki Gixxer SF 250", variant: 0, body: "#2e86c1", accent: "#d0d3d4", color: "Metallic Triton Blue", condition: "Good", location: "Agrabad, Chattogram", original: 470000, resale: 350000, year: 2021, years_of_use: 3, advertise: false, description: "Fuel-injected 250 cc, ABS, 22,000 km. Minor scratch on the left fairing, otherwise clean. Tax token and fitness valid until next year." },
    DemoBike { category: 0, seller: 0, name: "Honda CBR 150R", variant: 5, body: "#b03a2e", accent: "#1c2833", color: "Red / Black", condition: "Good", location: "Uttara Sector 7, Dhaka", original: 430000, resale: 290000, year: 2020, years_of_use: 4, advertise: false, description: "Reliable Honda engine, chain kit replaced last month. 31,000 km. Comes with two keys and the original toolkit." },
    DemoBike { category: 1, seller: 1, name: "Bajaj Pulsar N160", variant: 3, body: "#212f3d", accent: "#f39c12", color: "Black", condition: "Excellent", location: "Zindabazar, Sylhet", original: 230000, resale: 185000, year: 2023, years_of_use: 1, advertise: true, description: "Dual-channel ABS, 8,200 km. Bought for the daily commute, selling because I moved abroad. Registration transfer help included." },
    DemoBike { category: 1, seller: 0, name: "Honda Shine 125", variant: 3, body: "#7b241c", accent: "#d5d8dc", color: "Wine Red", condition: "Fair", location: "Shibganj, Bogura", original: 150000, resale: 90000, year: 2018, years_of_use: 6, advertise: false, description: "Honest commuter with 48,000 km. Starts first kick every morning, 55 km per litre. Seat cover is worn." },
    DemoBike { category: 1, seller: 1, name: "TVS Apache RTR 160 4V", variant: 5, body: "#f4f6f7", accent: "#c0392b", color: "Pearl White", condition: "Good", location: "Khulna Sadar, Khulna", original: 240000, resale: 170000, year: 2021, years_of_use: 3, advertise: false, description: "Race-tuned fuel injection, 19,000 km. Front disc pads new. No accident history." },
    DemoBike { category: 2, seller: 0, name: "Royal Enfield Classic 350", variant: 1, body: "#145a32", accent: "#d4ac0d", color: "Forest Green", condition: "Excellent", location: "Gulshan 2, Dhaka", original: 480000, resale: 420000, year: 2023, years_of_use: 1, advertise: true, description: "The thump you want. 6,000 km, garage kept, crash guard and saddle stays fitted. Full service history." },
    DemoBike { category: 2, seller: 1, name: "Bajaj Avenger Street 160", variant: 1, body: "#17202a", accent: "#a6acaf", color: "Matte Black", condition: "Good", location: "Rajshahi City, Rajshahi", original: 210000, resale: 145000, year: 2020, years_of_use: 4, advertise: false, description: "Relaxed riding position, perfect for long rides on the highway. 27,000 km, new battery." },
    DemoBike { category: 3, seller: 0, name: "Yamaha Ray ZR 125", variant: 2, body: "#5dade2", accent: "#fdfefe", color: "Cyan Blue", condition: "Excellent", location: "Dhanmondi 27, Dhaka", original: 180000, resale: 145000, year: 2022, years_of_use: 2, advertise: false, description: "Light and easy in Dhaka traffic. 9,800 km, under-seat storage fits a helmet. Ridden by a careful owner." },
    DemoBike { category: 3, seller: 1, name: "Honda Dio 110", variant: 2, body: "#f5b041", accent: "#212f3d", color: "Sunset Orange", condition: "Good", location: "Comilla Sadar, Cumilla", original: 140000, resale: 95000, year: 2019, years_of_use: 5, advertise: false, description: "Automatic, 35,000 km, just serviced. Good tyres, mirror replaced. Great first bike." },
    DemoBike { category: 4, seller: 0, name: "Hero Xpulse 200 4V", variant: 4, body: "#e67e22", accent: "#1b2631", color: "Orange / Black", condition: "Excellent", location: "Sreemangal, Moulvibazar", original: 260000, resale: 215000, year: 2023, years_of_use: 1, advertise: true, description: "Long-travel suspension, knobby tyres, rally kit seat. 7,500 km mostly on tea-garden trails. Hand guards and bash plate included." },
    DemoBike { category: 4, seller: 1, name: "Suzuki DR-Z 125", variant: 4, body: "#f7dc6f", accent: "#1f618d", color: "Champion Yellow", condition: "Fair", location: "Cox's Bazar Sadar, Cox's Bazar", original: 310000, resale: 160000, year: 2017, years_of_use: 7, advertise: false, description: "Beach and hill rider. Engine strong, some rust on the exhaust. Off-road use only, no road registration." },
];

struct DemoSeller {
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    verified: bool,
    image_variant: usize,
}

const SELLERS: [DemoSeller; 2] = [
    DemoSeller {
        name: "Rahim Motors",
        email: "rahim.motors@demo.bikehaat.test",
        phone: "+880 1711-234567",
        verified: true,
        image_variant: 5,
    },
    DemoSeller {
        name: "Nusrat Jahan",
        email: "nusrat.jahan@demo.bikehaat.test",
        phone: "+880 1819-765432",
        verified: false,
        image_variant: 2,
    },
];

async fn save(dir: &Path, name: &str, svg: String) -> Result<String, StoreError> {
    tokio::fs::write(dir.join(name), svg)
        .await
        .map_err(|e| StoreError::Database(format!("cannot write {name}: {e}")))?;
    Ok(format!("/uploads/{name}"))
}

/// Fills an empty marketplace with demo data, writing its pictures into `uploads_dir`.
pub async fn seed(store: &dyn Store, uploads_dir: &Path) -> Result<(), StoreError> {
    let mut category_ids = Vec::new();
    for (i, c) in CATEGORIES.iter().enumerate() {
        let image = save(
            uploads_dir,
            &format!("demo-category-{i}.svg"),
            pictures::category_svg(c.variant, c.color),
        )
        .await?;
        category_ids.push(store.create_category(c.name, &image).await?.outcome.id);
    }
    let mut sellers = Vec::new();
    for (i, s) in SELLERS.iter().enumerate() {
        let image = save(
            uploads_dir,
            &format!("demo-seller-{i}.svg"),
            pictures::category_svg(s.image_variant, "#1e8449"),
        )
        .await?;
        let user = store
            .create_user(&NewUser {
                // Demo sellers have no sign-in credentials: nobody can sign in as them.
                subject: format!("demo:{}", s.email),
                email: s.email.to_owned(),
                name: s.name.to_owned(),
                image,
                role: Role::Seller,
                email_verified: true,
                language: Language::En,
            })
            .await?;
        if s.verified {
            store.verify_seller(user.id).await?;
        }
        sellers.push(user.id);
    }
    let now = chrono::Utc::now();
    for (i, b) in BIKES.iter().enumerate() {
        let image = save(
            uploads_dir,
            &format!("demo-bike-{i}.svg"),
            pictures::bike_svg(b.variant, b.body, b.accent),
        )
        .await?;
        // Brand, model, engine size, kilometres and district, as the listing states them.
        let facts =
            crate::listing::derived_facts(b.name, b.location, b.description, b.year, &image);
        let id = store
            .create_listing(&NewListing {
                category_id: category_ids[b.category],
                seller_id: sellers[b.seller],
                name: b.name.to_owned(),
                image,
                condition: b.condition.to_owned(),
                color: b.color.to_owned(),
                description: b.description.to_owned(),
                location: b.location.to_owned(),
                original_price: b.original * 100,
                resale_price: b.resale * 100,
                purchase_year: b.year,
                years_of_use: b.years_of_use,
                seller_phone: SELLERS[b.seller].phone.to_owned(),
                // Listed over the past day, one every hour and a half, like a market already open.
                posted_at: now - chrono::Duration::minutes(97 * (BIKES.len() - i) as i64),
                facts,
                terms: crate::records::PayTerms::default(),
                // The demo's sellers are known: their bikes are live from the start.
                review: Vec::new(),
            })
            .await?
            .outcome;
        if b.advertise {
            store.create_advert(id, sellers[b.seller]).await?;
        }
    }
    Ok(())
}

//! The search index answers every search exactly as the one SQL query does (the same
//! page, in the same order, and the same count), before and after listings are posted,
//! changed, sold, deleted and their sellers verified, on both engines; and the listings
//! it keeps for pages are the database's after every change a page shows.

use super::fixtures::{book, category, listed, new_listing, open, pay, payment, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{
    BikeFacts, ListingCursor, ListingEdit, ListingSearch, ListingSort, PaymentRecorded, Role,
};
use bikehaat::search_index::SearchIndex;
use bikehaat::store::{Store, StoreError};

/// A small deterministic generator (xorshift), so that a failure can be run again.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const BRANDS: [&str; 5] = ["Yamaha", "Honda", "Bajaj", "Suzuki", "TVS"];
const DISTRICTS: [&str; 4] = ["Dhaka", "Chattogram", "Sylhet", "Khulna"];
const CONDITIONS: [&str; 3] = ["Excellent", "Good", "Fair"];
const WORDS: [&str; 6] = ["fz", "pulsar", "mirpur", "owner", "gixxer", "uttara"];

fn random_facts(rng: &mut Rng) -> BikeFacts {
    let maybe = |rng: &mut Rng, value: i32| (!rng.chance(10)).then_some(value);
    BikeFacts {
        brand: (!rng.chance(10)).then(|| (*rng.pick(&BRANDS)).to_owned()),
        model: None,
        engine_cc: {
            let cc = 100 + 5 * rng.below(20) as i32;
            maybe(rng, cc)
        },
        // Few distinct values: orders and cursors meet ties.
        km_driven: {
            let km = 5_000 * rng.below(8) as i32;
            maybe(rng, km)
        },
        registration_year: {
            let year = 2012 + rng.below(12) as i32;
            maybe(rng, year)
        },
        district: (!rng.chance(10)).then(|| (*rng.pick(&DISTRICTS)).to_owned()),
        area: Some((*rng.pick(&["Mirpur 10", "Uttara", "Agrabad"])).to_owned()),
        photos: None,
    }
}

fn random_search(rng: &mut Rng, categories: &[i64], sellers: &[i64], ids: &[i64]) -> ListingSearch {
    let mut s = ListingSearch {
        limit: 1 + rng.below(12) as i64,
        ..ListingSearch::default()
    };
    if rng.chance(30) {
        s.words = vec![((*rng.pick(&WORDS)).to_owned(), Vec::new())];
        if rng.chance(30) {
            s.words
                .push(((*rng.pick(&WORDS)).to_owned(), vec!["yamaha".to_owned()]));
        }
    }
    if rng.chance(20) {
        s.category_id = Some(*rng.pick(categories));
    }
    if rng.chance(20) {
        s.brands = (0..1 + rng.below(2))
            .map(|_| (*rng.pick(&BRANDS)).to_owned())
            .collect();
    }
    if rng.chance(20) {
        s.cc_min = Some(100 + 5 * rng.below(20) as i32);
    }
    if rng.chance(20) {
        s.cc_max = Some(100 + 5 * rng.below(20) as i32);
    }
    if rng.chance(25) {
        s.price_min = Some(taka(50_000 + 10_000 * rng.below(20) as i64));
    }
    if rng.chance(25) {
        s.price_max = Some(taka(50_000 + 10_000 * rng.below(30) as i64));
    }
    if rng.chance(20) {
        s.year_min = Some(2012 + rng.below(12) as i32);
    }
    if rng.chance(15) {
        s.year_max = Some(2012 + rng.below(12) as i32);
    }
    if rng.chance(20) {
        s.km_max = Some(5_000 * rng.below(8) as i32);
    }
    if rng.chance(20) {
        s.district = Some((*rng.pick(&DISTRICTS)).to_owned());
    }
    if rng.chance(15) {
        // As the page may send it.
        s.condition = Some(rng.pick(&CONDITIONS).to_lowercase());
    }
    s.verified_only = rng.chance(20);
    s.include_sold = rng.chance(25);
    if rng.chance(10) {
        s.seller_id = Some(*rng.pick(sellers));
    }
    if rng.chance(10) {
        s.except_id = Some(*rng.pick(ids));
    }
    s.sort = *rng.pick(&[
        ListingSort::Newest,
        ListingSort::PriceLow,
        ListingSort::PriceHigh,
        ListingSort::Km,
    ]);
    s
}

/// Asks `search` of the index and of SQL, then follows its pages with the index's
/// cursors, checking each against SQL.
async fn same_answers(
    store: &dyn Store,
    index: &SearchIndex,
    mut search: ListingSearch,
    most: i64,
) {
    for _page in 0..4 {
        let found = index
            .search(store, &search, most)
            .await
            .expect("index search");
        let mut one_more = search.clone();
        one_more.limit += 1;
        let sql = store.search_listings(&one_more).await.expect("sql search");
        let count = store
            .count_listings(&search, most)
            .await
            .expect("sql count");
        let page: Vec<i64> = sql
            .iter()
            .take(search.limit as usize)
            .map(|p| p.id)
            .collect();
        assert_eq!(found.ids, page, "page of {search:?}");
        assert_eq!(found.count, count, "count of {search:?}");
        // A next page is offered exactly when there is one, from the page's last listing.
        let next = (sql.len() as i64 > search.limit).then(|| {
            let last = &sql[search.limit as usize - 1];
            ListingCursor {
                key: match search.sort {
                    ListingSort::Newest => 0,
                    ListingSort::PriceLow | ListingSort::PriceHigh => last.resale_price,
                    ListingSort::Km => i64::from(last.facts.km_driven.unwrap_or(i32::MAX)),
                },
                id: last.id,
            }
        });
        assert_eq!(found.next, next, "next page of {search:?}");
        match next {
            Some(next) => search.after = Some(next),
            None => break,
        }
    }
}

/// Runs `searches` random searches against the index and SQL.
async fn compare(
    store: &dyn Store,
    index: &SearchIndex,
    rng: &mut Rng,
    searches: usize,
    categories: &[i64],
    sellers: &[i64],
) {
    let ids: Vec<i64> = store
        .search_listings(&ListingSearch {
            include_sold: true,
            limit: 1_000,
            ..ListingSearch::default()
        })
        .await
        .expect("every listing")
        .iter()
        .map(|p| p.id)
        .collect();
    for _ in 0..searches {
        let search = random_search(rng, categories, sellers, &ids);
        // A small cap, so that counting stops early too.
        let most = *rng.pick(&[5, 40, 1_001]);
        same_answers(store, index, search, most).await;
    }
}

#[tokio::test]
async fn the_index_finds_what_sql_finds_while_listings_change() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let store = store.as_ref();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let verified = user(store, "rahim@example.com", "Rahim", Role::Seller).await;
        let other = user(store, "nusrat@example.com", "Nusrat", Role::Seller).await;
        let later = user(store, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(store, "buyer@example.com", "Buyer", Role::Buyer).await;
        assert!(
            store
                .verify_seller(verified.id)
                .await
                .expect("verify")
                .outcome
        );
        let categories = [
            category(store, "Sports").await,
            category(store, "Commuter").await,
        ];
        let sellers = [verified.id, other.id, later.id];
        let names = [
            "Yamaha FZ-S V3",
            "Bajaj Pulsar 150",
            "Suzuki Gixxer SF",
            "Honda Hornet",
            "TVS Apache",
        ];
        let post = |rng: &mut Rng, seller: i64| {
            let name = *rng.pick(&names);
            let mut product = new_listing(
                *rng.pick(&categories),
                seller,
                name,
                taka(50_000 + 10_000 * rng.below(30) as i64),
            );
            product.facts = random_facts(rng);
            product.condition = (*rng.pick(&CONDITIONS)).to_owned();
            if rng.chance(40) {
                product.description = "Single owner, all papers.".to_owned();
            }
            product
        };
        let mut ids = Vec::new();
        for _ in 0..120 {
            let seller = *rng.pick(&sellers[..2]);
            ids.push(
                store
                    .create_listing(&post(&mut rng, seller))
                    .await
                    .expect("post")
                    .outcome,
            );
        }
        for (n, id) in ids.iter().enumerate().filter(|(n, _)| n % 9 == 0) {
            let order = book(store, *id, &buyer).await;
            pay(
                store,
                order,
                &format!("pi_{n}"),
                listed(store, *id).await.resale_price,
            )
            .await;
        }
        let index = SearchIndex::default();
        compare(store, &index, &mut rng, 150, &categories, &sellers).await;

        // Posted, changed, deleted: the index reads the log.
        for _ in 0..15 {
            ids.push(
                store
                    .create_listing(&post(&mut rng, later.id))
                    .await
                    .expect("post")
                    .outcome,
            );
        }
        for id in ids.iter().skip(1).step_by(7) {
            let product = listed(store, *id).await;
            if product.sold {
                continue;
            }
            let edit = ListingEdit {
                image: product.image.clone(),
                condition: (*rng.pick(&CONDITIONS)).to_owned(),
                color: product.color.clone(),
                description: product.description.clone(),
                location: product.location.clone(),
                resale_price: taka(50_000 + 10_000 * rng.below(30) as i64),
                seller_phone: product.seller_phone.clone(),
                photos: "[]".to_owned(),
                km_driven: rng.chance(80).then(|| 5_000 * rng.below(8) as i32),
                district: Some((*rng.pick(&DISTRICTS)).to_owned()),
                area: None,
                terms: Default::default(),
                review: Vec::new(),
            };
            store
                .update_listing(*id, product.seller_id, &edit)
                .await
                .expect("edit");
        }
        for id in ids.iter().skip(3).step_by(11) {
            // A sold listing stays on record: only unsold ones can go.
            match store.delete_listing(*id, verified.id, true, None).await {
                Ok(_) => {}
                Err(StoreError::Refused(_)) => {
                    let listing = store.listing(*id).await.expect("read");
                    assert!(listing.is_some_and(|l| l.sold), "refused an unsold delete");
                }
                Err(problem) => panic!("delete: {problem}"),
            }
        }
        compare(store, &index, &mut rng, 100, &categories, &sellers).await;
        // Known to the index before: their listings gain the verified mark.
        assert!(store.verify_seller(later.id).await.expect("verify").outcome);
        compare(store, &index, &mut rng, 100, &categories, &sellers).await;

        // A seller deleted takes their listings along.
        assert!(
            store
                .delete_user(other.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete seller")
                .outcome
        );
        compare(store, &index, &mut rng, 60, &categories, &sellers).await;
    })
    .await;
}

/// What the index gives a page of `ids` is what the database gives, field for field.
async fn kept_as_read(store: &dyn Store, index: &SearchIndex, ids: &[i64], after: &str) {
    let kept = index.listings(store, ids).await.expect("kept listings");
    let mut read = store.listings_by_ids(ids).await.expect("listings by id");
    read.sort_by_key(|listing| ids.iter().position(|id| *id == listing.id));
    assert_eq!(format!("{kept:#?}"), format!("{read:#?}"), "after {after}");
}

#[tokio::test]
async fn the_listings_kept_for_pages_change_with_every_event_that_names_them() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let store = store.as_ref();
        let seller = user(store, "rahim@example.com", "Rahim", Role::Seller).await;
        let other = user(store, "nusrat@example.com", "Nusrat", Role::Seller).await;
        let buyer = user(store, "buyer@example.com", "Buyer", Role::Buyer).await;
        let sports = category(store, "Sports").await;
        let mut ids = Vec::new();
        for (n, owner) in [seller.id, seller.id, seller.id, other.id, other.id]
            .into_iter()
            .enumerate()
        {
            let product = new_listing(sports, owner, "Yamaha FZ-S V3", taka(200_000 + n as i64));
            ids.push(store.create_listing(&product).await.expect("post").outcome);
        }
        let index = SearchIndex::default();
        // Asked twice: the second answer is the kept one.
        kept_as_read(store, &index, &ids, "first reading").await;
        kept_as_read(store, &index, &ids, "second reading").await;

        let first = listed(store, ids[0]).await;
        store
            .update_listing(
                ids[0],
                seller.id,
                &ListingEdit {
                    image: first.image.clone(),
                    condition: "Fair".to_owned(),
                    color: "Red".to_owned(),
                    description: "New tyres, papers up to date.".to_owned(),
                    location: first.location.clone(),
                    resale_price: taka(150_000),
                    seller_phone: first.seller_phone.clone(),
                    photos: "[]".to_owned(),
                    km_driven: Some(12_000),
                    district: Some("Sylhet".to_owned()),
                    area: Some("Zindabazar".to_owned()),
                    terms: Default::default(),
                    review: Vec::new(),
                },
            )
            .await
            .expect("edit");
        kept_as_read(store, &index, &ids, "an edit").await;

        assert!(
            store
                .report_listing(ids[1], buyer.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome
        );
        kept_as_read(store, &index, &ids, "a report").await;

        store
            .create_advert(ids[2], seller.id)
            .await
            .expect("advertise");
        kept_as_read(store, &index, &ids, "an advert").await;

        let order = book(store, ids[2], &buyer).await;
        let paid = payment(order, "pi_kept", listed(store, ids[2]).await.resale_price);
        assert!(matches!(
            store.record_payment(&paid).await.expect("pay").outcome,
            PaymentRecorded::New(_)
        ));
        kept_as_read(store, &index, &ids, "a hold").await;
        store
            .call_off(order, buyer.id, "Not as described")
            .await
            .expect("call off");
        kept_as_read(store, &index, &ids, "a hold called off").await;

        assert!(
            store
                .verify_seller(seller.id)
                .await
                .expect("verify")
                .outcome
        );
        kept_as_read(store, &index, &ids, "the seller's verification").await;

        assert!(
            store
                .delete_listing(ids[1], seller.id, true, None)
                .await
                .expect("delete")
                .outcome
        );
        kept_as_read(store, &index, &ids, "a deletion").await;

        assert!(
            store
                .delete_user(other.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete seller")
                .outcome
        );
        kept_as_read(store, &index, &ids, "the other seller's deletion").await;
        assert_eq!(
            index.listings(store, &ids).await.expect("kept").len(),
            2,
            "two listings are left"
        );
    })
    .await;
}

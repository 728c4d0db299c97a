//! Finding a bike: a search over every listing with filters and sorting, one page at a
//! time; one listing on its own; the brands and districts the forms and filters offer.
//! Everyone may search; visitors get the public form (docs/search.md).

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::RecordId;
use crate::auth::client_ip::ClientIp;
use crate::auth::{throttle, MaybeUser};
use crate::denied::Throttled;
use crate::error::{AppError, AppResult, FieldCode, Json};
use crate::listing;
use crate::records::{ListingCursor, ListingSearch, ListingSort, ListingState, Role};
use crate::store::Missing;
use crate::validate::{parse_id, parse_paisa, Checker};
use crate::views::{Form, ListingView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_listings))
        .routes(routes!(listing_fields))
        .routes(routes!(one_listing))
}

/// Listings a page shows at most at once.
const MAX_LIMIT: i64 = 48;
const DEFAULT_LIMIT: i64 = 24;
/// The longest search a page may send, and the most words of it that count.
const MAX_QUERY: usize = 100;
const MAX_WORDS: usize = 8;

/// The most listings a search counts: past it, the page says "1,000+".
const MOST_COUNTED: i64 = 1000;

/// One page of a search.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResults {
    pub listings: Vec<ListingView>,
    /// How many listings the search finds in all, up to 1,000.
    pub total: i64,
    /// More than `total` (1,000) listings match.
    pub total_capped: bool,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
    /// The words of `q` as the search read them (lower case, Bangla names in English
    /// letters, accents folded, Bengali digits as digits), each of which must start a word
    /// of a listing; null when a word could not be read, so nothing matches. A page
    /// matching bikes posted after it read the results goes by these.
    pub words: Option<Vec<String>>,
}

/// Searches every listing: words, filters, an order, one page at a time. Unsold
/// listings only unless `sold=true`. A bad filter is refused (422) with its name.
#[utoipa::path(get, path = "/listings", tag = "listings",
    params(
        ("q" = Option<String>, Query, description = "Words in the name, brand, model, description or place; each word may be the start of one, a small typo is forgiven"),
        ("category" = Option<String>, Query, description = "Category id"),
        ("brand" = Option<String>, Query, description = "Brands, comma-separated, as GET /api/listings/fields names them"),
        ("ccMin" = Option<i32>, Query), ("ccMax" = Option<i32>, Query),
        ("priceMin" = Option<f64>, Query, description = "Taka"), ("priceMax" = Option<f64>, Query, description = "Taka"),
        ("yearMin" = Option<i32>, Query, description = "Registration year"), ("yearMax" = Option<i32>, Query),
        ("kmMax" = Option<i32>, Query),
        ("district" = Option<String>, Query),
        ("condition" = Option<String>, Query),
        ("verified" = Option<bool>, Query, description = "Verified sellers only"),
        ("sold" = Option<bool>, Query, description = "Show sold bikes too"),
        ("seller" = Option<String>, Query, description = "One seller's listings"),
        ("except" = Option<String>, Query, description = "Leave this listing out"),
        ("sort" = Option<String>, Query, description = "newest (default), price-low, price-high or km"),
        ("cursor" = Option<String>, Query, description = "nextCursor of the page before"),
        ("limit" = Option<i64>, Query, description = "1 to 48, 24 by default"),
    ),
    responses((status = 200, body = SearchResults), (status = 400, description = "A query string that cannot be read"), (status = 422),
        (status = 429, description = "Too many searches read afresh from this address: see `Retry-After`")),
    security((), ("access_token" = [])))]
async fn search_listings(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ClientIp(client): ClientIp,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
    request: HeaderMap,
) -> AppResult<Response> {
    let Query(pairs) = query.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let Asked {
        words,
        mut search,
        key,
    } = read_search(&pairs)?;
    let store = state.store.as_ref();
    let form = Form::for_browsing(user.as_ref());
    let cache = &state.cache;
    let (limits, index) = (&state.limits, &state.search_index);
    let (live_seq, results) = cache
        .search(store, &key, form, state.live.head(), || async move {
            // A word that cannot be read matches no listing: nothing to read or count.
            let Some(words) = words else {
                let nothing = SearchResults {
                    listings: Vec::new(),
                    total: 0,
                    total_capped: false,
                    next_cursor: None,
                    words: None,
                };
                return Ok(Bytes::from(
                    serde_json::to_vec(&nothing).map_err(AppError::internal)?,
                ));
            };
            // A search read afresh costs many times one kept in memory (a new one-letter
            // prefix most of all): those are counted per client address.
            limits
                .take(&throttle::FRESH_SEARCHES_PER_CLIENT, &client)
                .await
                .map_err(|retry| throttle::too_many(Throttled::ManySearches, retry))?;
            let read = words.clone();
            // Typos are corrected only for a search read afresh: a page kept in memory
            // is keyed by the words as typed.
            if !words.is_empty() {
                let vocabulary = cache.vocabulary(store).await?;
                search.words = words
                    .into_iter()
                    .map(|word| {
                        let near = listing::near_words(&word, &vocabulary)
                            .into_iter()
                            .map(str::to_owned)
                            .collect();
                        (word, near)
                    })
                    .collect();
            }
            let found = index.search(store, &search, MOST_COUNTED + 1).await?;
            // In the index's order; a listing deleted since it looked is left out.
            let listings = index.listings(store, &found.ids).await?;
            let next_cursor = found.next.map(|next| cursor_text(search.sort, next));
            let counted = found.count;
            let results = SearchResults {
                listings: listings
                    .into_iter()
                    .map(|product| ListingView::new(product, form))
                    .collect(),
                total: counted.min(MOST_COUNTED),
                total_capped: counted > MOST_COUNTED,
                next_cursor,
                words: Some(read),
            };
            Ok::<_, AppError>(Bytes::from(
                serde_json::to_vec(&results).map_err(AppError::internal)?,
            ))
        })
        .await?;
    let response = Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        // The position these (maybe cached) bytes were read at, not the one now.
        .header(crate::live::LIVE_SEQ, live_seq)
        .body(())
        .map_err(AppError::internal)?;
    Ok(results.respond(&request, response))
}

/// A search as the page asked for it: its words (before typo correction), the rest, and
/// a key that is the same for every way of writing the same search.
struct Asked {
    /// `None`: a word the search cannot read, which no listing matches.
    words: Option<Vec<String>>,
    search: ListingSearch,
    key: String,
}

/// Reads the query string of a search, naming every bad filter at once.
fn read_search(pairs: &[(String, String)]) -> AppResult<Asked> {
    let mut check = Checker::new();
    let mut search = ListingSearch {
        limit: DEFAULT_LIMIT,
        ..ListingSearch::default()
    };
    let mut words = Some(Vec::new());
    let mut cursor = None;
    let mut seen = std::collections::BTreeSet::new();
    for (name, value) in pairs {
        if !seen.insert(name.as_str()) {
            check.fail(name, FieldCode::RepeatedFilter, "Give this filter once");
            continue;
        }
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match name.as_str() {
            "q" => {
                if value.chars().count() > MAX_QUERY {
                    check.fail(
                        "q",
                        FieldCode::TooLong,
                        format!("Please keep a search under {MAX_QUERY} characters"),
                    );
                }
                words = listing::query_words(value);
                if let Some(words) = &mut words {
                    words.truncate(MAX_WORDS);
                }
            }
            "category" => search.category_id = id(&mut check, name, value),
            "seller" => search.seller_id = id(&mut check, name, value),
            "except" => search.except_id = id(&mut check, name, value),
            "brand" => {
                for brand in value.split(',').map(str::trim).filter(|b| !b.is_empty()) {
                    match listing::brand(brand) {
                        Some(found) => search.brands.push(found.to_owned()),
                        None => check.fail(
                            "brand",
                            FieldCode::NotOnList,
                            format!("{brand} is not a brand on the list"),
                        ),
                    }
                }
            }
            "ccMin" => {
                search.cc_min = whole(&mut check, name, value, listing::MIN_CC, listing::MAX_CC)
            }
            "ccMax" => {
                search.cc_max = whole(&mut check, name, value, listing::MIN_CC, listing::MAX_CC)
            }
            "yearMin" | "yearMax" => {
                let year = whole(
                    &mut check,
                    name,
                    value,
                    listing::MIN_REGISTRATION_YEAR,
                    listing::max_registration_year(),
                );
                if name == "yearMin" {
                    search.year_min = year;
                } else {
                    search.year_max = year;
                }
            }
            "kmMax" => search.km_max = whole(&mut check, name, value, 0, listing::MAX_KM),
            "priceMin" | "priceMax" => {
                let price = match parse_paisa(&value.replace(',', "")) {
                    Some(paisa) if paisa >= 0 => Some(paisa),
                    _ => {
                        check.fail(
                            name,
                            FieldCode::NotAPrice,
                            "Price must be a number of taka, like 250000",
                        );
                        None
                    }
                };
                if name == "priceMin" {
                    search.price_min = price;
                } else {
                    search.price_max = price;
                }
            }
            "district" => match listing::district(value) {
                Some(found) => search.district = Some(found.to_owned()),
                None => check.fail(
                    "district",
                    FieldCode::NotOnList,
                    format!("{value} is not a district of Bangladesh"),
                ),
            },
            "condition" => {
                if value.chars().count() > 60 {
                    check.fail(
                        "condition",
                        FieldCode::TooLong,
                        "Please keep this under 60 characters",
                    );
                }
                search.condition = Some(value.to_owned());
            }
            "verified" => search.verified_only = yes_or_no(&mut check, name, value),
            "sold" => search.include_sold = yes_or_no(&mut check, name, value),
            "sort" => match sort(value) {
                Some(sort) => search.sort = sort,
                None => check.fail(
                    "sort",
                    FieldCode::NotOnList,
                    "Sort by newest, price-low, price-high or km",
                ),
            },
            "cursor" => cursor = Some(value.to_owned()),
            "limit" => {
                search.limit = i64::from(
                    whole(&mut check, name, value, 1, MAX_LIMIT as i32)
                        .unwrap_or(DEFAULT_LIMIT as i32),
                );
            }
            _ => check.fail(
                name,
                FieldCode::UnknownFilter,
                "This is not a filter of the search",
            ),
        }
    }
    for (low, high, field) in [
        (
            search.cc_min.map(i64::from),
            search.cc_max.map(i64::from),
            "ccMax",
        ),
        (
            search.year_min.map(i64::from),
            search.year_max.map(i64::from),
            "yearMax",
        ),
        (search.price_min, search.price_max, "priceMax"),
    ] {
        if let (Some(low), Some(high)) = (low, high) {
            if low > high {
                check.fail(
                    field,
                    FieldCode::RangeReversed,
                    "The highest must not be below the lowest",
                );
            }
        }
    }
    if let Some(cursor) = cursor {
        match parse_cursor(&cursor, search.sort) {
            Some(after) => search.after = Some(after),
            None => check.fail(
                "cursor",
                FieldCode::StaleCursor,
                "This page of results is no longer valid: search again",
            ),
        }
    }
    check.finish()?;
    let key = format!("{words:?}{search:?}");
    Ok(Asked { words, search, key })
}

fn id(check: &mut Checker, name: &str, value: &str) -> Option<i64> {
    let found = parse_id(value);
    if found.is_none() {
        check.fail(name, FieldCode::NotAnId, "Must be an id");
    }
    found
}

fn whole(check: &mut Checker, name: &str, value: &str, min: i32, max: i32) -> Option<i32> {
    check.optional_whole(
        name,
        Some(&serde_json::Value::String(value.to_owned())),
        min,
        max,
        &format!("Must be a whole number from {min} to {max}"),
    )
}

fn yes_or_no(check: &mut Checker, name: &str, value: &str) -> bool {
    match value {
        "true" | "1" => true,
        "false" | "0" => false,
        _ => {
            check.fail(name, FieldCode::NotYesOrNo, "Must be true or false");
            false
        }
    }
}

fn sort(value: &str) -> Option<ListingSort> {
    Some(match value {
        "newest" => ListingSort::Newest,
        "price-low" => ListingSort::PriceLow,
        "price-high" => ListingSort::PriceHigh,
        "km" => ListingSort::Km,
        _ => return None,
    })
}

fn sort_name(sort: ListingSort) -> &'static str {
    match sort {
        ListingSort::Newest => "newest",
        ListingSort::PriceLow => "price-low",
        ListingSort::PriceHigh => "price-high",
        ListingSort::Km => "km",
    }
}

/// Where the next page starts, as the page's `nextCursor`: "sort.key.id", the key being
/// what the order sorts by (the price in paisa, the kilometres; 0 for newest).
fn cursor_text(sort: ListingSort, next: ListingCursor) -> String {
    format!("{}.{}.{}", sort_name(sort), next.key, next.id)
}

/// A cursor made by [`cursor_text`] for this same order.
fn parse_cursor(cursor: &str, sort: ListingSort) -> Option<ListingCursor> {
    let mut parts = cursor.split('.');
    let (name, key, id) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || name != sort_name(sort) {
        return None;
    }
    Some(ListingCursor {
        key: key.parse().ok()?,
        id: parse_id(id)?,
    })
}

/// The brands and districts the forms and filters offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListingFields {
    /// The brands sold in Bangladesh, "Other" last.
    brands: Vec<&'static str>,
    /// The 64 districts, in alphabetical order.
    districts: Vec<&'static str>,
}

/// The brands and districts a listing may name.
#[utoipa::path(get, path = "/listings/fields", tag = "listings",
    responses((status = 200, body = ListingFields)),
    security(()))]
async fn listing_fields() -> Json<ListingFields> {
    Json(ListingFields {
        brands: listing::BRANDS.iter().map(|(name, _)| *name).collect(),
        districts: listing::DISTRICTS.iter().map(|(name, _)| *name).collect(),
    })
}

/// One listing, sold or not. Everyone may read a live one; visitors get the public
/// form. One in review or rejected is its seller's and admins' alone (404 to others).
#[utoipa::path(get, path = "/listings/{id}", tag = "listings",
    params(("id" = String, Path, description = "Listing id")),
    responses((status = 200, body = ListingView), (status = 404)),
    security((), ("access_token" = [])))]
async fn one_listing(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    RecordId(id): RecordId,
) -> AppResult<Json<ListingView>> {
    let product = state
        .store
        .listing(id)
        .await?
        .ok_or_else(|| AppError::from(Missing::Listing))?;
    if product.state != ListingState::Live
        && !user
            .as_ref()
            .is_some_and(|user| user.id == product.seller_id || user.role() == Role::Admin)
    {
        return Err(Missing::Listing.into());
    }
    Ok(Json(ListingView::new(
        product,
        Form::for_browsing(user.as_ref()),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
        query
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn refused(query: &[(&str, &str)]) -> Vec<String> {
        match read_search(&pairs(query)) {
            Ok(_) => Vec::new(),
            Err(AppError::Validation { fields, .. }) => fields.into_keys().collect(),
            Err(other) => vec![format!("{other:?}")],
        }
    }

    #[test]
    fn every_bad_filter_is_named() {
        assert_eq!(
            refused(&[
                ("brand", "Honda,Tata"),
                ("ccMin", "20"),
                ("district", "Atlantis"),
                ("sort", "cheapest"),
                ("colour", "red"),
                ("limit", "500"),
            ]),
            ["brand", "ccMin", "colour", "district", "limit", "sort"]
        );
        assert_eq!(
            refused(&[("priceMin", "300000"), ("priceMax", "100000")]),
            ["priceMax"]
        );
        assert_eq!(refused(&[("q", "fz"), ("q", "r15")]), ["q"]);
        assert_eq!(
            refused(&[("cursor", "newest.0.12"), ("sort", "km")]),
            ["cursor"]
        );
        assert!(refused(&[
            ("brand", "honda, ইয়ামাহা"),
            ("district", "chittagong"),
            ("priceMax", "2,50,000")
        ])
        .is_empty());
    }

    #[test]
    fn a_cursor_names_its_order_and_place() {
        assert_eq!(
            parse_cursor("price-low.41000000.17", ListingSort::PriceLow),
            Some(ListingCursor {
                key: 41_000_000,
                id: 17
            })
        );
        assert_eq!(parse_cursor("price-low.41000000.17", ListingSort::Km), None);
        assert_eq!(parse_cursor("km.x.17", ListingSort::Km), None);
        assert_eq!(parse_cursor("km.1.17.2", ListingSort::Km), None);
    }
}

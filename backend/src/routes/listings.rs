//! Listings: sellers add and delete their own, buyers browse a category and report,
//! admins see the reported ones and may delete any.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Changed, Inserted};
use super::{EmailPath, RecordId};
use crate::auth::{throttle, Admin, AuthUser, Buyer, Confirmed, MaybeUser, Seller, WithPhone};
use crate::denied::{Denied, Throttled};
use crate::error::{terms_fault, AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::listing;
use crate::records::{
    BikeFacts, Deposit, ListingEdit, ListingState, NewListing, PayMethod, PayTerms, ReportReason,
    Role, TermsChange, TermsFault,
};
use crate::review;
use crate::store::Missing;
use crate::validate::Checker;
use crate::views::{DepositView, Form, ListingView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            list_category_listings,
            report_listing,
            update_listing,
            delete_listing
        ))
        .routes(routes!(create_listing))
        .routes(routes!(list_seller_listings))
        .routes(routes!(list_reported_listings))
}

fn not_listed() -> AppError {
    AppError::from(Missing::Listing)
}

/// The listings of a category, newest first. Everyone may browse; visitors get the
/// public form, without the seller's e-mail address and phone number.
#[utoipa::path(get, path = "/products/{id}", tag = "products",
    params(("id" = String, Path, description = "Category id")),
    responses((status = 200, body = [ListingView]), (status = 404)),
    security((), ("access_token" = [])))]
async fn list_category_listings(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    RecordId(category_id): RecordId,
    request: HeaderMap,
) -> AppResult<Response> {
    let store = state.store.as_ref();
    let form = Form::for_browsing(user.as_ref());
    let (live_seq, listing) = state
        .cache
        .listing(store, category_id, form, state.live.head(), || async move {
            let products = store.listings_in_category(category_id).await?;
            if products.is_empty() && store.category(category_id).await?.is_none() {
                return Ok::<_, AppError>(None);
            }
            let views: Vec<ListingView> = products
                .into_iter()
                .map(|product| ListingView::new(product, form))
                .collect();
            Ok(Some(Bytes::from(
                serde_json::to_vec(&views).map_err(AppError::internal)?,
            )))
        })
        .await?
        .ok_or_else(|| AppError::from(Missing::Category))?;
    let response = Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        // The position these (maybe cached) bytes were read at, not the one now.
        .header(crate::live::LIVE_SEQ, live_seq)
        .body(())
        .map_err(AppError::internal)?;
    Ok(listing.respond(&request, response))
}

/// A new listing. Seller name, e-mail and verification come from the seller's record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingInput {
    #[schema(value_type = String)]
    category_id: Option<Value>,
    #[schema(value_type = String)]
    product_name: Option<Value>,
    #[schema(value_type = String)]
    product_image: Option<Value>,
    #[schema(value_type = f64)]
    resale_price: Option<Value>,
    #[schema(value_type = f64)]
    original_price: Option<Value>,
    #[schema(value_type = i32)]
    purchase_year: Option<Value>,
    #[schema(value_type = i32)]
    years_of_use: Option<Value>,
    #[schema(value_type = String)]
    condition: Option<Value>,
    #[schema(value_type = String)]
    location: Option<Value>,
    #[schema(value_type = String)]
    color: Option<Value>,
    #[schema(value_type = String)]
    seller_phone: Option<Value>,
    #[schema(value_type = String)]
    description: Option<Value>,
    /// Every photo, the cover first (1 to 8); when given, `productImage` is its first.
    #[schema(value_type = Option<Vec<String>>)]
    product_images: Option<Value>,
    /// One of the listed brands (`GET /api/listings/fields`), or "Other".
    #[schema(value_type = Option<String>)]
    brand: Option<Value>,
    #[schema(value_type = Option<String>)]
    model: Option<Value>,
    #[schema(value_type = Option<i32>)]
    engine_cc: Option<Value>,
    #[schema(value_type = Option<i32>)]
    km_driven: Option<Value>,
    #[schema(value_type = Option<i32>)]
    registration_year: Option<Value>,
    /// One of the 64 districts.
    #[schema(value_type = Option<String>)]
    district: Option<Value>,
    #[schema(value_type = Option<String>)]
    area: Option<Value>,
    /// The ways buyers may pay: any of "cash", "card", "bkash", at least one. Absent:
    /// every way for a new listing, unchanged for an edit.
    #[schema(value_type = Option<Vec<String>>)]
    payment_methods: Option<Value>,
    /// The deposit asked to reserve the bike, held by card or bKash, the rest paid in
    /// cash at the handover: `{"amount": taka}` (less than the price) or `{"percent":
    /// 1 to 90}`; null for none. Absent: none for a new listing, unchanged for an edit.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<DepositView>)]
    deposit: Option<Value>,
    /// Whether the seller takes offers: true unless false. Absent: negotiable for a new
    /// listing, unchanged for an edit.
    #[schema(value_type = Option<bool>)]
    negotiable: Option<Value>,
    /// Whether the phone stays off the listing, shared by the seller inside a
    /// conversation instead ("Share my number"). Absent: shown (to proven buyers) for a
    /// new listing, unchanged for an edit.
    #[schema(value_type = Option<bool>)]
    phone_in_conversation: Option<Value>,
    /// Whether the phone takes WhatsApp (the listing then links to a chat). Absent: no
    /// for a new listing, unchanged for an edit.
    #[schema(value_type = Option<bool>)]
    on_whatsapp: Option<Value>,
}

/// A field that is present, `null` included: absent is None, `null` is Some(Null).
fn given<'de, D: serde::Deserializer<'de>>(input: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(input).map(Some)
}

/// The ways of paying and the deposit the body gives, checked with the form's messages;
/// what it leaves out is None (`price` is the listing's price in paisa, 0 if invalid).
fn terms(check: &mut Checker, body: &ListingInput, price: i64) -> TermsChange {
    let takes = body
        .payment_methods
        .as_ref()
        .filter(|v| !v.is_null())
        .map(|list| {
            let mut takes = [false; 3];
            let names = list.as_array().map(Vec::as_slice).unwrap_or_default();
            for name in names {
                match name.as_str().and_then(PayMethod::named) {
                    Some(method) => takes[method as usize] = true,
                    None => check.fail(
                        "paymentMethods",
                        FieldCode::NotOnList,
                        "Choose ways to pay from cash, card and bkash",
                    ),
                }
            }
            if !list.is_array() {
                check.fail(
                    "paymentMethods",
                    FieldCode::NotOnList,
                    "Choose ways to pay from cash, card and bkash",
                );
            } else if takes == [false; 3] {
                let (field, code, text) = terms_fault(TermsFault::NoWay);
                check.fail(field, code, text);
            }
            takes
        });
    let deposit = body.deposit.as_ref().map(|deposit| {
        let amount = deposit.get("amount").filter(|v| !v.is_null());
        let percent = deposit.get("percent").filter(|v| !v.is_null());
        match (deposit, amount, percent) {
            (Value::Null, _, _) => Deposit::None,
            (_, Some(amount), None) => {
                let text = crate::validate::as_text(Some(amount)).unwrap_or_default();
                match crate::validate::parse_paisa(&text.replace(',', "")) {
                    Some(paisa) if paisa > 0 && (price == 0 || paisa < price) => {
                        Deposit::Amount(paisa)
                    }
                    _ => {
                        let (field, code, text) = terms_fault(TermsFault::DepositNotBelowPrice);
                        check.fail(field, code, text);
                        Deposit::None
                    }
                }
            }
            (_, None, Some(percent)) => match percent.as_i64() {
                Some(share @ 1..=90) => Deposit::Percent(share as i32),
                _ => {
                    check.fail(
                        "deposit",
                        FieldCode::DepositShare,
                        "A deposit share must be a whole number from 1 to 90 percent",
                    );
                    Deposit::None
                }
            },
            _ => {
                check.fail(
                    "deposit",
                    FieldCode::DepositShape,
                    "A deposit is a fixed amount or a share of the price",
                );
                Deposit::None
            }
        }
    });
    let mut yes_or_no = |field: &str, value: Option<&Value>, question: &str| match value {
        None | Some(Value::Null) => None,
        Some(Value::Bool(yes)) => Some(*yes),
        Some(_) => {
            check.fail(
                field,
                FieldCode::NotYesOrNo,
                format!("Say true or false: {question}"),
            );
            None
        }
    };
    let negotiable = yes_or_no(
        "negotiable",
        body.negotiable.as_ref(),
        "does the price take offers?",
    );
    let phone_in_conversation = yes_or_no(
        "phoneInConversation",
        body.phone_in_conversation.as_ref(),
        "is the phone shared only in conversations?",
    );
    let on_whatsapp = yes_or_no(
        "onWhatsapp",
        body.on_whatsapp.as_ref(),
        "does the phone take WhatsApp?",
    );
    TermsChange {
        takes,
        deposit,
        negotiable,
        phone_in_conversation,
        on_whatsapp,
    }
}

/// The photos of a listing: `productImages` when given (1 to 8 image addresses), else
/// `productImage` alone. The first is the cover.
fn photos(check: &mut Checker, body: &ListingInput) -> Vec<String> {
    let Some(list) = body.product_images.as_ref().filter(|v| !v.is_null()) else {
        let cover = check.image("productImage", body.product_image.as_ref(), "required");
        return vec![cover];
    };
    let Some(list) = list.as_array() else {
        check.fail(
            "productImages",
            FieldCode::NoPhoto,
            "Please upload at least one photo",
        );
        return Vec::new();
    };
    if list.is_empty() {
        check.fail(
            "productImages",
            FieldCode::NoPhoto,
            "Please upload at least one photo",
        );
    } else if list.len() > listing::MAX_PHOTOS {
        check.fail(
            "productImages",
            FieldCode::TooManyPhotos,
            format!("Please keep to {} photos", listing::MAX_PHOTOS),
        );
    }
    list.iter()
        .take(listing::MAX_PHOTOS)
        .map(|photo| check.image("productImages", Some(photo), "Please upload an image"))
        .collect()
}

/// The kilometres, district and area of a listing, which its seller may change later.
fn whereabouts(
    check: &mut Checker,
    body: &ListingInput,
) -> (Option<i32>, Option<String>, Option<String>) {
    let km = check.optional_whole(
        "kmDriven",
        body.km_driven.as_ref(),
        0,
        listing::MAX_KM,
        &format!(
            "Kilometres driven must be a whole number from 0 to {}",
            listing::MAX_KM
        ),
    );
    let district = check.optional_text("district", body.district.as_ref(), 40);
    let district = (!district.is_empty()).then(|| match listing::district(&district) {
        Some(found) => found.to_owned(),
        None => {
            check.fail(
                "district",
                FieldCode::NotOnList,
                "Please choose a district from the list",
            );
            String::new()
        }
    });
    let area = check.optional_text("area", body.area.as_ref(), 80);
    (km, district, (!area.is_empty()).then_some(area))
}

/// What the bike is, as its seller gives it: brand, model, engine size, registration
/// year. None for each field not given.
fn bike(check: &mut Checker, body: &ListingInput) -> BikeFacts {
    let brand = check.optional_text("brand", body.brand.as_ref(), 40);
    let brand = (!brand.is_empty()).then(|| match listing::brand(&brand) {
        Some(found) => found.to_owned(),
        None => {
            check.fail(
                "brand",
                FieldCode::NotOnList,
                "Please choose a brand from the list, or Other",
            );
            String::new()
        }
    });
    let model = check.optional_text("model", body.model.as_ref(), 60);
    let this_year = listing::max_registration_year();
    BikeFacts {
        brand,
        model: (!model.is_empty()).then_some(model),
        engine_cc: check.optional_whole(
            "engineCc",
            body.engine_cc.as_ref(),
            listing::MIN_CC,
            listing::MAX_CC,
            &format!(
                "Engine size must be a whole number of cc from {} to {}",
                listing::MIN_CC,
                listing::MAX_CC
            ),
        ),
        registration_year: check.optional_whole(
            "registrationYear",
            body.registration_year.as_ref(),
            listing::MIN_REGISTRATION_YEAR,
            this_year,
            &format!(
                "Registration year must be a year between {} and {this_year}",
                listing::MIN_REGISTRATION_YEAR
            ),
        ),
        ..BikeFacts::default()
    }
}

/// The fields of a listing its seller writes and may change later, checked with the
/// product form's messages.
fn changeable(check: &mut Checker, body: &ListingInput) -> ListingEdit {
    let photos = photos(check, body);
    let (km_driven, district, area) = whereabouts(check, body);
    let edit = ListingEdit {
        image: photos.first().cloned().unwrap_or_default(),
        photos: listing::photos_json(&photos),
        km_driven,
        district,
        area,
        resale_price: check.price("resalePrice", body.resale_price.as_ref(), "required"),
        condition: check.text("condition", body.condition.as_ref(), "required", 60),
        location: check.text("location", body.location.as_ref(), "required", 120),
        color: check.text("color", body.color.as_ref(), "required", 40),
        seller_phone: check.phone("sellerPhone", body.seller_phone.as_ref(), "required"),
        description: check.text(
            "description",
            body.description.as_ref(),
            "Description is required",
            4000,
        ),
        terms: TermsChange::default(),
        review: Vec::new(),
    };
    let terms = terms(check, body, edit.resale_price);
    ListingEdit { terms, ..edit }
}

/// Lists a bike for sale (sellers, from a proven address and with a confirmed phone:
/// 403 `unverified` or `phone_unverified` before, trust.md). `area` and `district` are optional here, as every field beyond the spec's
/// is: the site's own form asks for both and makes `location` ("Mirpur 10, Dhaka") of
/// them, but the API takes the `location` it is given.
#[utoipa::path(put, path = "/products", tag = "products", request_body = ListingInput,
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 401), (status = 403), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn create_listing(
    State(state): State<AppState>,
    WithPhone(Confirmed(Seller(seller))): WithPhone<Confirmed<Seller>>,
    Json(body): Json<ListingInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    let mut check = Checker::new();
    let details = changeable(&mut check, &body);
    let given = bike(&mut check, &body);
    let product = NewListing {
        category_id: check.id(
            "categoryId",
            body.category_id.as_ref(),
            "Please Select a Category",
        ),
        seller_id: seller.id,
        name: check.text("productName", body.product_name.as_ref(), "required", 120),
        original_price: check.price("originalPrice", body.original_price.as_ref(), "required"),
        purchase_year: check.purchase_year("purchaseYear", body.purchase_year.as_ref(), "required"),
        years_of_use: check.years_of_use("yearsOfUse", body.years_of_use.as_ref(), "required"),
        posted_at: chrono::Utc::now(),
        image: details.image,
        resale_price: details.resale_price,
        condition: details.condition,
        location: details.location,
        color: details.color,
        seller_phone: details.seller_phone,
        description: details.description,
        facts: BikeFacts::default(),
        terms: details.terms.apply(PayTerms::default()),
        review: Vec::new(),
    };
    // What the body leaves out is every way and no deposit; what it gives must stand.
    if let Some(fault) = product.terms.fault(product.resale_price) {
        let (field, code, text) = terms_fault(fault);
        check.fail(field, code, text);
    }
    check.finish()?;
    // What the seller left out is read from what the listing says, as for listings
    // posted before these fields.
    let derived = listing::derived_facts(
        &product.name,
        &product.location,
        &product.description,
        product.purchase_year,
        &product.image,
    );
    let given = BikeFacts {
        km_driven: details.km_driven,
        district: details.district,
        area: details.area,
        photos: Some(details.photos),
        ..given
    };
    let product = NewListing {
        facts: given.or(derived),
        ..product
    };
    if state.store.category(product.category_id).await?.is_none() {
        return Err(AppError::field(
            "categoryId",
            FieldCode::Required,
            "Please Select a Category",
        ));
    }
    let review = review::flags(
        state.store.as_ref(),
        &seller,
        state.settings.first_listings_reviewed,
        review::Listed {
            name: &product.name,
            description: &product.description,
            price: product.resale_price,
            brand: product.facts.brand.as_deref(),
            model: product.facts.model.as_deref(),
        },
    )
    .await?;
    let product = NewListing { review, ..product };
    let written = state.store.create_listing(&product).await?;
    let answer = Inserted::new(written.outcome).seen_by(&written.events, &seller);
    Ok((StatusCode::CREATED, Json(answer)))
}

/// Changes one of the seller's unsold listings: its photo, condition, colour,
/// description, location, resale price and contact number. What the bike is (name,
/// category, original price, year, years of use) stays as posted; those fields of the
/// body are ignored. A lower price tells those who saved the bike.
#[utoipa::path(put, path = "/products/{id}", tag = "products", request_body = ListingInput,
    params(("id" = String, Path, description = "Listing id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn update_listing(
    State(state): State<AppState>,
    Seller(seller): Seller,
    RecordId(id): RecordId,
    Json(body): Json<ListingInput>,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let edit = changeable(&mut check, &body);
    check.finish()?;
    state
        .limits
        .take(&throttle::EDITS_PER_SELLER, &seller.id.to_string())
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyListingChanges, retry))?;
    // A listing that is not live is looked at again with what the edit makes of it
    // (the store keeps a live one live).
    let current = state
        .store
        .listing(id)
        .await?
        .ok_or_else(|| AppError::from(Missing::Listing))?;
    let review = if current.state == ListingState::Live || current.seller_id != seller.id {
        Vec::new()
    } else {
        review::flags(
            state.store.as_ref(),
            &seller,
            state.settings.first_listings_reviewed,
            review::Listed {
                name: &current.name,
                description: &edit.description,
                price: edit.resale_price,
                brand: current.facts.brand.as_deref(),
                model: current.facts.model.as_deref(),
            },
        )
        .await?
    };
    let edit = ListingEdit { review, ..edit };
    let written = state.store.update_listing(id, seller.id, &edit).await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &seller)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportInput {
    /// Must be "reported".
    #[schema(value_type = String)]
    report: Option<Value>,
    /// Why: scam, sold, wrong_details, duplicate, offensive or other (the default).
    #[schema(value_type = Option<String>)]
    reason: Option<Value>,
    /// More, in the buyer's words (up to 500 characters).
    #[schema(value_type = Option<String>)]
    note: Option<Value>,
}

/// The longest note a report carries.
const REPORT_NOTE_MAX_CHARS: usize = 500;

/// Reports a listing to the admins, saying why (buyers; docs/trust.md "Reports with
/// reasons"). Reporting again while one's report is open changes nothing.
#[utoipa::path(patch, path = "/products/{id}", tag = "products", request_body = ReportInput,
    params(("id" = String, Path, description = "Listing id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn report_listing(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    RecordId(id): RecordId,
    Json(body): Json<ReportInput>,
) -> AppResult<Json<Changed>> {
    if body.report.as_ref().and_then(Value::as_str) != Some("reported") {
        return Err(AppError::field(
            "report",
            FieldCode::NotOnList,
            "Send report: \"reported\" to report this bike",
        ));
    }
    let mut check = Checker::new();
    let reason = match body.reason.as_ref() {
        None | Some(Value::Null) => Some(ReportReason::Other),
        Some(given) => given.as_str().and_then(ReportReason::parse),
    };
    if reason.is_none() {
        check.fail(
            "reason",
            FieldCode::NotOnList,
            "Please choose why you are reporting this bike",
        );
    }
    let note = check.optional_text("note", body.note.as_ref(), REPORT_NOTE_MAX_CHARS);
    check.finish()?;
    let reason = reason.unwrap_or(ReportReason::Other);
    let written = state
        .store
        .report_listing(id, buyer.id, reason, &note)
        .await?;
    let answer = Changed::modified(u64::from(written.outcome)).seen_by(&written.events, &buyer);
    Ok(Json(answer))
}

/// Deletes a listing (its seller, or an admin). A sold one stays: its sale is on record
/// for its buyer and seller (409).
#[utoipa::path(delete, path = "/products/{id}", tag = "products",
    params(("id" = String, Path, description = "Listing id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409)),
    security(("access_token" = [])))]
async fn delete_listing(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Changed>> {
    let admin = user.role() == Role::Admin;
    let written = state.store.delete_listing(id, user.id, admin, None).await?;
    if !written.outcome {
        return Err(not_listed());
    }
    Ok(Json(Changed::deleted(1).seen_by(&written.events, &user)))
}

/// A seller's own listing, with how many bookings of it wait for a payment.
#[derive(Debug, Serialize, ToSchema)]
pub struct SellerListingView {
    #[serde(flatten)]
    listing: ListingView,
    /// Open bookings (booked, neither paid nor cancelled).
    bookings: i64,
}

/// A seller's own listings, each with its open bookings (that seller, or an admin).
#[utoipa::path(get, path = "/sellerProducts/{email}", tag = "products",
    params(("email" = String, Path, description = "The seller's e-mail")),
    responses((status = 200, body = [SellerListingView]), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn list_seller_listings(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    EmailPath(email): EmailPath,
) -> AppResult<Json<Vec<SellerListingView>>> {
    let seller = super::own_or_admin(&state, &user, &email, Denied::NotYourListings).await?;
    let products = state.store.listings_of_seller(seller.id).await?;
    let bookings: std::collections::HashMap<i64, i64> = state
        .store
        .open_bookings_of_seller(seller.id)
        .await?
        .into_iter()
        .collect();
    Ok(Json(
        products
            .into_iter()
            .map(|product| SellerListingView {
                bookings: bookings.get(&product.id).copied().unwrap_or(0),
                listing: ListingView::new(product, Form::Owner),
            })
            .collect(),
    ))
}

/// Listings buyers have reported (admins).
#[utoipa::path(get, path = "/reportedProducts", tag = "products",
    responses((status = 200, body = [ListingView]), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn list_reported_listings(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<ListingView>>> {
    let products = state.store.reported_listings().await?;
    Ok(Json(products.into_iter().map(ListingView::from).collect()))
}

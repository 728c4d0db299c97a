//! The matrix's rows: one per route, one expected status per caller.

use serde_json::json;

use super::{json_body, row, Effect, Row};
use crate::marketplace::access::{Body, CARD_OK, DELETE, GET, PATCH, POST, PUT};
use crate::marketplace::support::{listing_body, PASSWORD};

/// Every route × every caller. Placeholders: `{me}` the caller's e-mail; `{buyer}`,
/// `{seller}`, `{other_seller}`, `{admin}` their e-mails; `{C}` the category, `{P}` the
/// seller's advertised listing, `{O}` the buyer's booking of it; `{fresh_…}` a record made
/// for this cell alone, so destructive calls never eat the shared fixtures.
#[rustfmt::skip]
pub fn matrix() -> Vec<Row> {
    use Body::Empty;
    let signup = json_body(json!({"email": "{fresh_email}", "password": PASSWORD}));
    let login = json_body(json!({"email": "{buyer}", "password": PASSWORD}));
    let listing = json_body(listing_body("{C}", "{fresh_name}", 90_000));
    let advert = json_body(json!({"advertiseId": "{fresh_listing}"}));
    let intent = json_body(json!({"_id": "{O}"}));
    let report = json_body(json!({"report": "reported"}));
    let verify = json_body(json!({"verification": "verified"}));
    let category = json_body(json!({"categoryName": "{fresh_name}", "categoryImage": "/uploads/demo-category-0.svg"}));
    let booking = json_body(
        json!({"bookingId": "{fresh_listing}", "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"}),
    );
    let confirm_card = json_body(json!({"clientSecret": "{fresh_secret}",
        "card": {"number": CARD_OK, "expMonth": 12, "expYear": 2034, "cvc": "123"},
        "billing": {"name": "Rahim Buyer", "email": "rahim@example.com"}}));
    let payment = json_body(
        json!({"transactionId": "{fresh_paid_transaction}", "ordersId": "{fresh_booking}", "price": 1, "email": "{me}"}),
    );
    let meeting = json_body(json!({"place": "Mirpur 10 roundabout", "at": "{tomorrow}"}));
    let reason = json_body(json!({"reason": "The bike is promised to my cousin"}));
    let profile = json_body(json!({"name": "Someone", "email": "{me}", "image": "https://example.com/me.jpg", "role": "buyer"}));

    vec![
        //                                                                                           anon buyer other seller other admin
        row(GET,    "/api/health",                          Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/openapi.json",                    Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/config",                          Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/auth/signup",                     signup,                                      [201, 201, 201, 201, 201, 201]),
        row(POST,   "/api/auth/login",                      login,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/auth/forgot-password",            json_body(json!({"email": "{fresh_email}"})), [202, 202, 202, 202, 202, 202]),
        row(POST,   "/api/auth/resend-verification",        json_body(json!({"email": "{fresh_email}"})), [202, 202, 202, 202, 202, 202]),
        row(POST,   "/api/auth/verify-email",               json_body(json!({"token": "not-a-token"})), [400, 400, 400, 400, 400, 400]),
        row(POST,   "/api/auth/verify-email/account",       json_body(json!({"token": "not-a-token"})), [400, 400, 400, 400, 400, 400]),
        row(POST,   "/api/auth/reset-password",             json_body(json!({"token": "not-a-token", "password": PASSWORD})), [400, 400, 400, 400, 400, 400]),
        row(POST,   "/api/auth/logout",                     Empty,                                       [401, 204, 204, 204, 204, 204])
            .with_fresh_session(),
        row(GET,    "/api/users/{seller}",                  Empty,                                       [401, 404, 404, 200, 404, 200]),
        row(PUT,    "/api/users/{me}",                      profile,                                     [401, 200, 200, 200, 200, 200])
            .with_identity_token(),
        row(PUT,    "/api/users/me/language",               json_body(json!({"language": "en"})),       [401, 200, 200, 200, 200, 200]),
        // Anyone signed in with a proven address; nothing is sent for a number that is not
        // one, and no code is open to confirm.
        row(POST,   "/api/phone",                           json_body(json!({"phone": "02-9876543"})),  [401, 422, 422, 422, 422, 422]),
        row(POST,   "/api/phone/confirm",                   json_body(json!({"code": "123456"})),       [401, 409, 409, 409, 409, 409]),
        row(GET,    "/api/categories",                      Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/categories/{admin}",              category.clone(),                            [401, 403, 403, 403, 403, 201])
            .changes(Effect::CategoryAdded),
        row(POST,   "/api/categories/{buyer}",              category,                                    [401, 403, 403, 403, 403, 403])
            .changes(Effect::CategoryAdded),
        row(GET,    "/api/products/{C}",                    Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/listings",                        Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/listings/fields",                 Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/listings/{P}",                    Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(PUT,    "/api/products",                        listing,                                     [401, 403, 403, 201, 201, 403])
            .changes(Effect::Listed),
        row(PATCH,  "/api/products/{fresh_listing}",        report,                                      [401, 200, 200, 409, 200, 403])
            .changes(Effect::Reported),
        row(PUT,    "/api/products/{fresh_listing}",        json_body(listing_body("{C}", "{fresh_name}", 80_000)), [401, 403, 403, 200, 403, 403]),
        row(DELETE, "/api/products/{fresh_listing}",        Empty,                                       [401, 403, 403, 200, 403, 200])
            .changes(Effect::ListingDeleted),
        row(GET,    "/api/sellerProducts/{seller}",         Empty,                                       [401, 403, 403, 200, 403, 200]),
        row(GET,    "/api/sellerProducts/{other_seller}",   Empty,                                       [401, 403, 403, 403, 200, 200]),
        row(GET,    "/api/sellerOrders/{seller}",           Empty,                                       [401, 403, 403, 200, 403, 200]),
        row(GET,    "/api/sellerOrders/{other_seller}",     Empty,                                       [401, 403, 403, 403, 200, 200]),
        row(GET,    "/api/reportedProducts",                Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/allBuyer",                        Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(DELETE, "/api/allBuyer/{fresh_buyer_id}",       Empty,                                       [401, 403, 403, 403, 403, 200])
            .changes(Effect::UserDeleted),
        row(GET,    "/api/allSeller",                       Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(DELETE, "/api/allSeller/{fresh_seller_id}",     Empty,                                       [401, 403, 403, 403, 403, 200])
            .changes(Effect::UserDeleted),
        row(PATCH,  "/api/allSeller/{fresh_seller_id}",     verify,                                      [401, 403, 403, 403, 403, 200])
            .changes(Effect::SellerVerified),
        row(POST,   "/api/users/{fresh_buyer_id}/warn",     json_body(json!({"reason": "Rude messages"})), [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/users/{fresh_seller_id}/suspend", json_body(json!({"reason": "Took an advance"})), [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/advertise",                       Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/advertise",                       advert,                                      [401, 403, 403, 201, 403, 403])
            .changes(Effect::Advertised),
        row(POST,   "/api/orders",                          booking,                                     [401, 201, 201, 409, 201, 403])
            .changes(Effect::Booked),
        row(GET,    "/api/orders/{buyer}",                  Empty,                                       [401, 200, 403, 403, 403, 200]),
        row(GET,    "/api/orders/{other_buyer}",            Empty,                                       [401, 403, 200, 403, 403, 200]),
        row(GET,    "/api/orders/{me}",                     Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(DELETE, "/api/orders/{fresh_booking}",            Empty,                                       [401, 200, 403, 403, 403, 200])
            .changes(Effect::BookingCancelled),
        row(POST,   "/api/orders/{fresh_waiting}/decline",  reason.clone(),                              [401, 403, 403, 200, 403, 200])
            .changes(Effect::Declined),
        row(POST,   "/api/orders/{fresh_booking}/release",  reason,                                      [401, 403, 403, 200, 403, 200])
            .changes(Effect::Released),
        row(POST,   "/api/orders/{fresh_booking}/meeting",  meeting.clone(),                             [401, 200, 403, 200, 403, 403])
            .changes(Effect::MeetingProposed),
        row(POST,   "/api/orders/{fresh_proposed}/meeting/confirm", json_body(json!({"proposal": 1})), [401, 409, 403, 200, 403, 403])
            .changes(Effect::MeetingAgreed),
        row(POST,   "/api/orders/{fresh_booking}/cash",     Empty,                                       [401, 200, 403, 403, 403, 403])
            .changes(Effect::CashChosen),
        row(GET,    "/api/orders/{fresh_cash}/handover-code", Empty,                                     [401, 200, 403, 403, 403, 403]),
        row(POST,   "/api/orders/{fresh_cash}/handover-code", Empty,                                     [401, 200, 403, 403, 403, 403]),
        row(POST,   "/api/orders/{fresh_cash}/handover",    json_body(json!({"code": "{fresh_code}"})),  [401, 403, 403, 200, 403, 403])
            .changes(Effect::HandedOver),
        row(POST,   "/api/orders/{fresh_cash}/call-off",    json_body(json!({"reason": "Papers missing"})), [401, 200, 403, 200, 403, 403])
            .changes(Effect::CalledOff),
        row(GET,    "/api/orders/{fresh_completed}/receipt", Empty,                                      [401, 200, 403, 200, 403, 200]),
        row(GET,    "/api/deals/{O}",                       Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/deals/{fresh_cash}/release",      json_body(json!({"reason": "Stuck for a week"})), [401, 403, 403, 403, 403, 200])
            .changes(Effect::AdminReleased),
        row(GET,    "/api/deals",                           Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/deals/{fresh_held}/capture",      json_body(json!({"reason": "Handed over; the seller's phone died"})), [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/paymentOrders/{O}",               Empty,                                       [401, 200, 403, 403, 403, 200]),
        row(POST,   "/api/create-payment-intent",           intent,                                      [401, 200, 403, 403, 403, 403]),
        row(POST,   "/api/payments",                        payment,                                     [401, 201, 403, 403, 403, 403])
            .changes(Effect::Paid),
        // bKash's alone, and only with bKash on (tests/marketplace/bkash.rs): the buyer
        // holding the bike hears it is not set up; the callback sends everyone to My Orders.
        row(POST,   "/api/orders/{fresh_booking}/bkash",    Empty,                                       [401, 503, 403, 403, 403, 403]),
        row(GET,    "/api/bkash/callback",                  Empty,                                       [303, 303, 303, 303, 303, 303]),
        // What the buyer may pay with: theirs alone (tests/marketplace/pay_ways.rs).
        row(GET,    "/api/orders/{fresh_booking}/methods",  Empty,                                       [401, 200, 403, 403, 403, 403]),
        // Conversations: buyers open them; only their two sides read and write
        // (tests/marketplace/conversations.rs).
        row(GET,    "/api/conversations",                   Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(POST,   "/api/conversations",                   json_body(json!({"productId": "{P}"})),      [401, 200, 200, 409, 200, 403]),
        row(GET,    "/api/conversations/{fresh_conversation}", Empty,                                    [401, 200, 403, 200, 403, 403]),
        row(GET,    "/api/conversations/{fresh_conversation}/messages", Empty,                           [401, 200, 403, 200, 403, 403]),
        row(POST,   "/api/conversations/{fresh_conversation}/messages", json_body(json!({"clientId": "m-1", "text": "Is it still available?"})), [401, 200, 403, 200, 403, 403]),
        row(POST,   "/api/conversations/{fresh_conversation}/read", json_body(json!({"upTo": "1"})),    [401, 200, 403, 200, 403, 403]),
        row(POST,   "/api/conversations/{fresh_conversation}/offers", json_body(json!({"amount": 1000, "clientId": "o-1"})), [401, 200, 403, 403, 403, 403]),
        row(POST,   "/api/offers/{fresh_offer}/accept",     Empty,                                       [401, 403, 403, 200, 403, 403]),
        row(POST,   "/api/offers/{fresh_offer}/decline",    Empty,                                       [401, 403, 403, 200, 403, 403]),
        row(POST,   "/api/offers/{fresh_offer}/counter",    json_body(json!({"amount": 2000, "clientId": "c-1"})), [401, 403, 403, 200, 403, 403]),
        row(POST,   "/api/conversations/{fresh_conversation}/report", json_body(json!({"reason": "spam"})), [401, 200, 403, 200, 403, 403]),
        row(POST,   "/api/conversations/{fresh_conversation}/share-number", Empty,                     [401, 403, 403, 200, 403, 403]),
        row(DELETE, "/api/conversations/{fresh_message_conversation}/messages/{fresh_message}", Empty,                                      [401, 200, 403, 200, 403, 403]),
        row(GET,    "/api/blocks",                          Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(POST,   "/api/blocks",                          json_body(json!({"userId": "{fresh_buyer_id}"})), [401, 200, 200, 200, 200, 200]),
        row(DELETE, "/api/blocks/{fresh_buyer_id}",         Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(GET,    "/api/reportedConversations",           Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/reportedConversations/{fresh_conversation}/messages", Empty,                   [401, 403, 403, 403, 403, 404]),
        row(GET,    "/api/notifications",                   Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(POST,   "/api/notifications/read",              json_body(json!({"all": true})),             [401, 200, 200, 200, 200, 200]),
        row(GET,    "/api/wishlist",                        Empty,                                       [401, 200, 200, 200, 200, 403]),
        row(POST,   "/api/wishlist",                        json_body(json!({"productId": "{fresh_listing}"})), [401, 201, 201, 409, 201, 403]),
        row(DELETE, "/api/wishlist/{P}",                    Empty,                                       [401, 200, 200, 200, 200, 403]),
        row(POST,   "/api/test-mode/confirm-card",          confirm_card,                                [200, 200, 200, 200, 200, 200]),
        // Stripe's alone, and only with Stripe on (tests/marketplace/stripe.rs).
        row(POST,   "/api/webhooks/stripe",                 Empty,                                       [404, 404, 404, 404, 404, 404]),
        row(POST,   "/api/uploads",                         Body::Image,                                 [401, 201, 201, 201, 201, 201]),
        // Sellers send photos of their ID; only admins see the queue and the photos, and
        // decide. A request names only the caller's own photos, which these cells have none of.
        row(POST,   "/api/verification-requests/photos",    Body::Image,                                 [401, 403, 403, 201, 201, 403]),
        row(POST,   "/api/verification-requests",           json_body(json!({"front": "x", "back": "x", "selfie": "x"})), [401, 403, 403, 422, 422, 403]),
        row(GET,    "/api/verification-requests/mine",      Empty,                                       [401, 403, 403, 200, 200, 403]),
        row(GET,    "/api/verification-requests",           Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/verification-requests/photos/{unknown_photo}", Empty,                          [401, 403, 403, 403, 403, 404]),
        row(POST,   "/api/verification-requests/{fresh_request}/approve", Empty,                         [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/verification-requests/{fresh_request}/reject", json_body(json!({"reason": "Blurred"})), [401, 403, 403, 403, 403, 200]),
        // A listing in review is its seller's and the admins' to read, the admins' to decide.
        row(GET,    "/api/listings/{fresh_pending}",        Empty,                                       [404, 404, 404, 200, 404, 200]),
        row(GET,    "/api/listing-reviews",                 Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/listing-reviews/{fresh_pending}/approve", Empty,                               [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/listing-reviews/{fresh_pending}/reject", json_body(json!({"reason": "Blurred photos"})), [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/reports",                         Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/reports/{fresh_reported}/dismiss", json_body(json!({"note": "Looks fine"})), [401, 403, 403, 403, 403, 200]),
        row(POST,   "/api/reports/{fresh_listing}/remove",  json_body(json!({"reason": "Listed twice"})), [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/audit",                           Empty,                                       [401, 403, 403, 403, 403, 200]),
        // Only the buyer of a completed deal reviews it ({O} is not handed over yet).
        row(POST,   "/api/reviews",                         json_body(json!({"dealId": "{O}", "stars": 5, "text": "Great"})), [401, 409, 403, 403, 403, 403]),
        row(POST,   "/api/reviews/{unknown_review}/reply", json_body(json!({"text": "Thanks"})),       [401, 403, 403, 404, 404, 403]),
        row(GET,    "/api/reviews/latest",                  Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/sellers/{fresh_seller_id}",       Empty,                                       [200, 200, 200, 200, 200, 200]),
        // Without WebSocket upgrade headers; the live events themselves are tested in live.rs.
        row(GET,    "/api/live",                            Empty,                                       [400, 400, 400, 400, 400, 400]),
        // Late: it makes both buyers sellers too, which rows above must not see.
        row(POST,   "/api/users/me/start-selling",          Empty,                                       [401, 200, 200, 200, 200, 403]),
        // Last: it ends every session of its caller, the fixtures' included.
        row(POST,   "/api/auth/logout-everywhere",          Empty,                                       [401, 204, 204, 204, 204, 204])
            .with_identity_token(),
    ]
}

//! Every event's audience and forms, walked over one example of each kind.

use super::examples::*;
use super::*;

#[test]
fn each_event_that_changes_what_searches_find_or_show_names_its_listing_or_seller() {
    let record = |event: Event| {
        let new = event.to_record();
        EventRecord {
            seq: 1,
            name: new.name.to_owned(),
            audience: new.audience.as_str().to_owned(),
            buyer_id: None,
            seller_id: None,
            recipient_id: None,
            data: new.data,
            public_data: new.public_data,
            ends_access_of: None,
        }
    };
    for name in NAMES {
        let event = of(name);
        let expected = match &event {
            Event::ListingCreated(p)
            | Event::ListingUpdated(p)
            | Event::ListingReported(p)
            | Event::ListingReviewed(p) => Some(ListingChange::Listing(p.id)),
            Event::AdvertCreated(a) => Some(ListingChange::Listing(a.listing.id)),
            Event::AdvertRemoved { product_id, .. } => Some(ListingChange::Listing(*product_id)),
            Event::ListingSold(l)
            | Event::ListingUnsold(l)
            | Event::ListingDeleted(l)
            | Event::ReportsDismissed(l) => Some(ListingChange::Listing(l.product_id)),
            Event::SellerVerified { seller_id, .. } => Some(ListingChange::Seller(*seller_id)),
            Event::UserDeleted { user_id, .. } | Event::UserSuspended { user_id, .. } => {
                Some(ListingChange::Seller(*user_id))
            }
            Event::SellerRated { seller_id, .. } => Some(ListingChange::Seller(*seller_id)),
            _ => None,
        };
        assert_eq!(record(event).listing_change(), expected, "{name}");
    }
    let mut unreadable = record(of("product.sold"));
    unreadable.data = "{}".into();
    assert_eq!(unreadable.listing_change(), Some(ListingChange::Unknown));
}

#[test]
fn every_kind_of_event_shows_visitors_nobodys_email_or_phone() {
    let mut seen = std::collections::BTreeSet::new();
    for name in NAMES {
        let event = of(name);
        assert_eq!(event.name(), name);
        assert_eq!(
            event.wire(Form::SignedIn).split().0,
            name,
            "the wire says the same name"
        );
        assert!(seen.insert(name), "{name} is listed twice");
        let record = event.to_record();
        let signed_in: serde_json::Value =
            serde_json::from_str(&record.data).expect("signed-in form is JSON");
        match record.audience {
            Audience::Public => {
                let public = record
                    .public_data
                    .expect("a public event has a public form");
                let parsed: serde_json::Value =
                    serde_json::from_str(&public).expect("public form is JSON");
                assert!(parsed.is_object(), "{name}: {public}");
                for secret in [SELLER_EMAIL, SELLER_PHONE, BUYER_EMAIL, BUYER_PHONE, "@"] {
                    assert!(!public.contains(secret), "{name} shows {secret}: {public}");
                }
                for key in [
                    "sellerEmail",
                    "sellerPhone",
                    "email",
                    "buyerEmail",
                    "buyerPhone",
                ] {
                    assert!(parsed.get(key).is_none(), "{name} has {key}: {public}");
                }
            }
            Audience::Admins
            | Audience::Parties { .. }
            | Audience::Deal { .. }
            | Audience::Recipient { .. }
            | Audience::Seller { .. } => {
                assert_eq!(record.public_data, None, "{name} is not for visitors");
            }
        }
        assert!(signed_in.is_object(), "{name}: {}", record.data);
    }
    // Signed-in readers still get what the cards show.
    let created = of("product.created").to_record();
    assert!(created.data.contains(SELLER_EMAIL) && created.data.contains(SELLER_PHONE));
    let verified = of("seller.verified").to_record();
    assert!(verified.data.contains(SELLER_EMAIL));
    assert_eq!(
        of("user.deleted").to_record().ends_access_of,
        Some(4),
        "a deleted user's sockets lose their private events"
    );
    assert_eq!(
        of("order.created").audience(),
        Audience::Parties {
            buyer_id: 4,
            seller_id: 3
        }
    );
}

/// The walk above covers every kind only if [`NAMES`] does: every variant of
/// [`Event`] becomes some [`WireEvent`] (`wire` matches them all), so the names the
/// wire format's schema lists must be exactly those.
#[test]
fn the_catalogue_names_every_event_the_wire_format_has() {
    let schema = serde_json::to_value(<WireEvent as utoipa::PartialSchema>::schema())
        .expect("the schema is JSON");
    let mut on_the_wire: Vec<&str> = schema["oneOf"]
        .as_array()
        .expect("one schema per event")
        .iter()
        .map(|kind| {
            kind["properties"]["event"]["enum"][0]
                .as_str()
                .expect("each kind names its event")
        })
        .collect();
    on_the_wire.sort_unstable();
    let mut listed = NAMES.to_vec();
    listed.sort_unstable();
    assert_eq!(on_the_wire, listed);
}

fn record(audience: &str, buyer: Option<i64>, seller: Option<i64>) -> EventRecord {
    EventRecord {
        seq: 7,
        name: "x.y".into(),
        audience: audience.into(),
        buyer_id: buyer,
        seller_id: seller,
        recipient_id: None,
        data: r#"{"who":"signed-in"}"#.into(),
        public_data: (audience == "public").then(|| r#"{"who":"public"}"#.into()),
        ends_access_of: None,
    }
}

#[test]
fn each_audience_reaches_exactly_its_viewers_in_their_form() {
    let buyer = Viewer::User {
        id: 1,
        role: Role::Buyer,
        proven: true,
    };
    let other_buyer = Viewer::User {
        id: 2,
        role: Role::Buyer,
        proven: true,
    };
    let seller = Viewer::User {
        id: 3,
        role: Role::Seller,
        proven: true,
    };
    let other_seller = Viewer::User {
        id: 4,
        role: Role::Seller,
        proven: true,
    };
    let admin = Viewer::User {
        id: 5,
        role: Role::Admin,
        proven: true,
    };
    let all = [
        Viewer::Anonymous,
        buyer,
        other_buyer,
        seller,
        other_seller,
        admin,
    ];
    let seen = |e: &EventRecord| all.iter().map(|v| e.visible_to(*v)).collect::<Vec<_>>();
    let public = record("public", None, None);
    assert_eq!(seen(&public), [true; 6]);
    assert_eq!(
        public.share_for(Viewer::Anonymous),
        Share::Data(r#"{"who":"public"}"#)
    );
    assert_eq!(
        public.share_for(buyer),
        Share::Data(r#"{"who":"signed-in"}"#)
    );
    // An account that never proved its address gets public events in public form,
    // and its own private ones whole.
    let unproven = Viewer::User {
        id: 1,
        role: Role::Buyer,
        proven: false,
    };
    assert_eq!(
        public.share_for(unproven),
        Share::Data(r#"{"who":"public"}"#)
    );
    assert_eq!(
        record("parties", Some(1), Some(3)).share_for(unproven),
        Share::Data(r#"{"who":"signed-in"}"#)
    );
    let admins = record("admins", None, None);
    assert_eq!(seen(&admins), [false, false, false, false, false, true]);
    assert_eq!(admins.share_for(Viewer::Anonymous), Share::Nothing);
    assert_eq!(
        seen(&record("parties", Some(1), Some(3))),
        [false, true, false, true, false, false]
    );
    let mine = EventRecord {
        recipient_id: Some(3),
        ..record("recipient", None, None)
    };
    assert_eq!(seen(&mine), [false, false, false, true, false, false]);
    assert_eq!(seen(&record("recipient", None, None)), [false; 6]);
    assert_eq!(seen(&record("nonsense", Some(1), Some(3))), [false; 6]);
    let old = EventRecord {
        public_data: None,
        ..record("public", None, None)
    };
    assert_eq!(old.share_for(Viewer::Anonymous), Share::Unknown);
}

#[test]
fn a_frame_is_the_message_of_the_contract() {
    let event = record("public", None, None);
    let frame = event.frame(event.public_data.as_deref().unwrap_or_default());
    let value: serde_json::Value = serde_json::from_str(&frame).expect("valid JSON");
    assert_eq!(
        value,
        serde_json::json!({"type": "event", "seq": 7, "event": "x.y", "data": {"who": "public"}})
    );
}

#[test]
fn only_events_that_change_a_user_make_other_processes_forget_signed_in_users() {
    let changing: Vec<&str> = NAMES
        .iter()
        .copied()
        .filter(|name| {
            let event = of(name).to_record();
            let logged = EventRecord {
                name: event.name.to_owned(),
                ..record("public", None, None)
            };
            logged.changes_accounts()
        })
        .collect();
    assert_eq!(
        changing,
        ["seller.verified", "user.deleted", "user.suspended"]
    );
}

#[test]
fn a_listing_that_is_not_public_changes_for_its_seller_and_admins_alone() {
    let Event::ListingUpdated(live) = of("product.updated") else {
        panic!("product.updated is a listing's change");
    };
    let pending = Listing {
        state: crate::records::ListingState::Pending,
        ..live.clone()
    };
    assert_eq!(Event::ListingUpdated(live).audience(), Audience::Public);
    let event = Event::ListingUpdated(pending);
    assert_eq!(event.audience(), Audience::Seller { seller_id: 3 });
    let new = event.to_record();
    assert_eq!(new.public_data, None);
    let record = EventRecord {
        seq: 1,
        name: new.name.to_owned(),
        audience: new.audience.as_str().to_owned(),
        buyer_id: None,
        seller_id: Some(3),
        recipient_id: None,
        data: new.data,
        public_data: None,
        ends_access_of: None,
    };
    let user = |id, role| Viewer::User {
        id,
        role,
        proven: true,
    };
    assert!(record.visible_to(user(3, Role::Seller)), "its seller");
    assert!(record.visible_to(user(9, Role::Admin)), "an admin");
    assert!(!record.visible_to(user(4, Role::Buyer)), "a buyer");
    assert!(!record.visible_to(user(5, Role::Seller)), "another seller");
    assert!(!record.visible_to(Viewer::Anonymous), "a visitor");
}

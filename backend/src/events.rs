//! The live-event catalogue (DESIGN.md, "Live events"): what each event is called, who
//! may see it, and the record the log keeps. Events are recorded by the store in the
//! same transaction as the change they describe.

use serde::Serialize;

use crate::store::Role;

/// Event names, exactly as the pages receive them.
pub mod name {
    pub const CATEGORY_CREATED: &str = "category.created";
    pub const PRODUCT_CREATED: &str = "product.created";
    pub const PRODUCT_SOLD: &str = "product.sold";
    /// A sale was undone (the buyer's card could not be charged): for sale again.
    pub const PRODUCT_UNSOLD: &str = "product.unsold";
    pub const PRODUCT_DELETED: &str = "product.deleted";
    pub const ADVERT_CREATED: &str = "advert.created";
    pub const ADVERT_REMOVED: &str = "advert.removed";
    pub const PRODUCT_REPORTED: &str = "product.reported";
    pub const SELLER_VERIFIED: &str = "seller.verified";
    pub const ORDER_CREATED: &str = "order.created";
    pub const ORDER_CANCELLED: &str = "order.cancelled";
    pub const ORDER_PAID: &str = "order.paid";
    pub const USER_DELETED: &str = "user.deleted";
}

/// Who may receive an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Every socket, signed in or not.
    Public,
    /// Sockets signed in as an admin.
    Admins,
    /// The buyer of a booking and the seller of its bike.
    Parties { buyer_id: i64, seller_id: i64 },
}

impl Audience {
    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Admins => "admins",
            Audience::Parties { .. } => "parties",
        }
    }
}

/// An event to record.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub name: &'static str,
    pub audience: Audience,
    /// The event's `data`, already JSON.
    pub data: String,
}

impl NewEvent {
    pub fn new(name: &'static str, audience: Audience, data: &impl Serialize) -> Self {
        // Serialising our own view types cannot fail (no maps with non-string keys).
        let data = serde_json::to_string(data).unwrap_or_else(|_| "null".to_owned());
        NewEvent {
            name,
            audience,
            data,
        }
    }
}

/// An event as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRecord {
    pub seq: i64,
    pub name: String,
    pub audience: String,
    pub buyer_id: Option<i64>,
    pub seller_id: Option<i64>,
    pub data: String,
}

/// Who is watching: nobody in particular, or a signed-in user with a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Anonymous,
    User { id: i64, role: Role },
}

impl EventRecord {
    /// Whether `viewer` may receive this event.
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        match (self.audience.as_str(), viewer) {
            ("public", _) => true,
            ("admins", Viewer::User { role, .. }) => role == Role::Admin,
            ("parties", Viewer::User { id, .. }) => {
                self.buyer_id == Some(id) || self.seller_id == Some(id)
            }
            _ => false,
        }
    }

    /// The message a socket receives, serialised once and shared by every socket.
    pub fn frame(&self) -> String {
        // `name` is one of the catalogue's constants and `data` is JSON we wrote.
        format!(
            r#"{{"type":"event","seq":{},"event":"{}","data":{}}}"#,
            self.seq, self.name, self.data
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(audience: &str, buyer: Option<i64>, seller: Option<i64>) -> EventRecord {
        EventRecord {
            seq: 7,
            name: "x.y".into(),
            audience: audience.into(),
            buyer_id: buyer,
            seller_id: seller,
            data: "{}".into(),
        }
    }

    #[test]
    fn each_audience_reaches_exactly_its_viewers() {
        let buyer = Viewer::User {
            id: 1,
            role: Role::Buyer,
        };
        let other_buyer = Viewer::User {
            id: 2,
            role: Role::Buyer,
        };
        let seller = Viewer::User {
            id: 3,
            role: Role::Seller,
        };
        let other_seller = Viewer::User {
            id: 4,
            role: Role::Seller,
        };
        let admin = Viewer::User {
            id: 5,
            role: Role::Admin,
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
        assert_eq!(seen(&record("public", None, None)), [true; 6]);
        assert_eq!(
            seen(&record("admins", None, None)),
            [false, false, false, false, false, true]
        );
        assert_eq!(
            seen(&record("parties", Some(1), Some(3))),
            [false, true, false, true, false, false]
        );
        assert_eq!(seen(&record("nonsense", Some(1), Some(3))), [false; 6]);
    }

    #[test]
    fn a_frame_is_the_message_of_the_design() {
        let frame = record("public", None, None).frame();
        let value: serde_json::Value = serde_json::from_str(&frame).expect("valid JSON");
        assert_eq!(
            value,
            serde_json::json!({"type": "event", "seq": 7, "event": "x.y", "data": {}})
        );
    }
}

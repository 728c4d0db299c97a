//! Events as the log keeps them, and what each viewer gets of one.

use super::*;

/// An event as the store writes it to the log.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub name: &'static str,
    pub audience: Audience,
    /// The signed-in form of the event's `data`, JSON.
    pub data: String,
    /// The public form, for visitors; only for events everyone sees.
    pub public_data: Option<String>,
    pub ends_access_of: Option<i64>,
}

/// An event as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRecord {
    pub seq: i64,
    pub name: String,
    pub audience: String,
    pub buyer_id: Option<i64>,
    pub seller_id: Option<i64>,
    /// The one user a `recipient` event is for.
    pub recipient_id: Option<i64>,
    pub data: String,
    /// None for events only signed-in users see, and for events logged before the log
    /// kept public forms.
    pub public_data: Option<String>,
    pub ends_access_of: Option<i64>,
}

/// Who is watching: nobody in particular, or a signed-in user with a role, who has
/// proven their address or not (an unproven account gets everyone's events in their
/// public form: no contact details).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Anonymous,
    User { id: i64, role: Role, proven: bool },
}

impl Viewer {
    /// `user`, as their sockets see events.
    pub fn of(user: &User) -> Viewer {
        Viewer::User {
            id: user.id,
            role: user.role(),
            proven: user.email_verified,
        }
    }
}

/// What one viewer gets of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share<'a> {
    /// Nothing: not for this viewer.
    Nothing,
    /// This form of the event's data.
    Data(&'a str),
    /// A public event logged without a public form: a visitor cannot be sent it, and
    /// must refetch instead.
    Unknown,
}

/// What a logged event changed of the listings buyers search and see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingChange {
    /// This listing was posted, changed, sold, put back on sale, deleted, reported,
    /// advertised or no longer advertised.
    Listing(i64),
    /// Every listing of this seller (verified, or deleted with their listings).
    Seller(i64),
    /// Listings changed, but the event does not say which in a form this build reads.
    Unknown,
}

impl EventRecord {
    /// What this event changed of the listings searches find or pages show, if anything.
    pub fn listing_change(&self) -> Option<ListingChange> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Ids {
            #[serde(rename = "_id")]
            id: String,
            /// An advert's listing (its `_id` is the advert's own).
            advertise_id: Option<String>,
        }
        let (wrap, of_advert): (fn(i64) -> ListingChange, bool) = match self.name.as_str() {
            "product.created" | "product.updated" | "product.sold" | "product.unsold"
            | "product.deleted" | "product.reported" | "listing.reviewed" | "report.dismissed" => {
                (ListingChange::Listing, false)
            }
            "advert.created" | "advert.removed" => (ListingChange::Listing, true),
            "seller.verified" | "user.deleted" | "user.suspended" | "seller.rated" => {
                (ListingChange::Seller, false)
            }
            _ => return None,
        };
        let id = serde_json::from_str::<Ids>(&self.data)
            .ok()
            .and_then(|ids| {
                if of_advert {
                    ids.advertise_id
                } else {
                    Some(ids.id)
                }
            })
            .and_then(|id| id.parse().ok());
        Some(id.map_or(ListingChange::Unknown, wrap))
    }

    /// Whether this event tells of a change to who someone is signed in as (a user
    /// deleted or a seller verified): signed-in users read before it are stale.
    pub fn changes_accounts(&self) -> bool {
        matches!(
            self.name.as_str(),
            "user.deleted" | "user.suspended" | "seller.verified"
        )
    }

    /// Whether `viewer` may receive this event (in some form).
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        match (self.audience.as_str(), viewer) {
            ("public", _) => true,
            ("admins", Viewer::User { role, .. }) => role == Role::Admin,
            ("parties", Viewer::User { id, .. }) => {
                self.buyer_id == Some(id) || self.seller_id == Some(id)
            }
            ("deal", Viewer::User { id, role, .. }) => {
                self.buyer_id == Some(id) || self.seller_id == Some(id) || role == Role::Admin
            }
            ("recipient", Viewer::User { id, .. }) => self.recipient_id == Some(id),
            ("seller", Viewer::User { id, role, .. }) => {
                self.seller_id == Some(id) || role == Role::Admin
            }
            _ => false,
        }
    }

    /// The form of the event's data `viewer` may have.
    pub fn share_for(&self, viewer: Viewer) -> Share<'_> {
        if !self.visible_to(viewer) {
            return Share::Nothing;
        }
        match viewer {
            Viewer::User { proven, .. } if proven || self.audience != "public" => {
                Share::Data(&self.data)
            }
            _ => match &self.public_data {
                Some(public) => Share::Data(public),
                None => Share::Unknown,
            },
        }
    }

    /// This event as `viewer`'s socket would deliver it, if it would.
    pub fn seen_by(&self, viewer: Viewer) -> Option<SeenEvent> {
        match self.share_for(viewer) {
            Share::Data(data) => Some(SeenEvent {
                seq: self.seq,
                event: self.name.clone(),
                data: serde_json::value::RawValue::from_string(data.to_owned()).ok()?,
            }),
            Share::Nothing | Share::Unknown => None,
        }
    }

    /// The message a socket receives for `data`, serialised once and shared by every
    /// socket of its audience.
    pub fn frame(&self, data: &str) -> String {
        // `name` is one of the catalogue's names and `data` is JSON we wrote.
        format!(
            r#"{{"type":"event","seq":{},"event":"{}","data":{}}}"#,
            self.seq, self.name, data
        )
    }
}

//! The refusals the HTTP layer makes itself — before the store is asked, or after a
//! payment provider answered — as stable codes beside their English sentences. Like the
//! store's [`Refused`](crate::store::Refused), each one's snake_case name is what an error
//! body's `reason` says, for a page to tell its reader in their language; the codes never
//! change meaning, new ones may come. A throttle names what it held back
//! ([`Throttled`]) and the body says how long to wait (`retryAfter`).

use axum::http::StatusCode;
use serde::Serialize;

/// Why a request was turned away at the door.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Denied {
    /// No access token where one is needed.
    SignInNeeded,
    /// An access token that is no longer good.
    SessionExpired,
    WrongPassword,
    /// An identity token whose person has an account: they sign in instead.
    SignedUpAlready,
    AdminsOnly,
    SellersOnly,
    BuyersOnly,
    NotYourEmail,
    /// This marketplace makes accounts through Firebase sign-in only.
    FirebaseSignUp,
    AccountRemoved,
    /// An admin suspended the account of this address or sign-in.
    AccountSuspended,
    /// An admin removed the account whose phone this was.
    PhoneRemoved,
    NoAdminSignUp,
    /// Half-way through sign-up a person uploads one photo.
    OnePhotoBeforeSignUp,
    SellerSharesNumber,
    NotYourReceipt,
    CategoryAsYourself,
    NotYourListings,
    NotYourBookings,
    NotYourBikesBookings,
    NoSuchUser,
    NothingWithThisId,
    BookingCancelledAlready,
    NotHandedOver,
    LinkExpired,
    /// The same write is still being answered (a retried request with its key).
    StillAnswering,
    CardsNotSetUp,
    BkashNotSetUp,
    /// The seller turned cards off for this listing.
    CardNotTaken,
    BkashNotTaken,
    /// A price above what one card payment carries. Said as the reason a way is not
    /// offered; asked for all the same, it is a field error (`above_payment_limit`).
    AboveCardLimit,
    /// A hold above what a bKash wallet holds; as [`Denied::AboveCardLimit`].
    AboveWalletLimit,
    CardServiceDown,
    BkashDown,
    CapturePending,
    HoldGone,
    /// The server is turning photos into listings' sizes as fast as it can.
    PhotosBusy,
    /// This person's earlier photos are still on their way.
    PhotosQueued,
    /// Booking, listing, messaging and offering wait until the person has proven their
    /// address (opened the link mailed to it).
    Unverified,
    /// Listing a bike waits until the seller has confirmed a mobile number by a code.
    PhoneUnverified,
    /// No code to confirm a phone is open: never asked for, used, expired or tried too
    /// often.
    CodeExpired,
    /// The SMS gateway refused the code's SMS or could not be reached.
    SmsFailed,
}

impl Denied {
    /// The status and the error body's `error` code.
    pub fn status_and_code(self) -> (StatusCode, &'static str) {
        use Denied::*;
        match self {
            SignInNeeded | SessionExpired | WrongPassword | SignedUpAlready => {
                (StatusCode::UNAUTHORIZED, "unauthorized")
            }
            AdminsOnly | SellersOnly | BuyersOnly | NotYourEmail | FirebaseSignUp
            | AccountRemoved | AccountSuspended | PhoneRemoved | NoAdminSignUp
            | OnePhotoBeforeSignUp | SellerSharesNumber | NotYourReceipt | CategoryAsYourself
            | NotYourListings | NotYourBookings | NotYourBikesBookings => {
                (StatusCode::FORBIDDEN, "forbidden")
            }
            Unverified => (StatusCode::FORBIDDEN, "unverified"),
            PhoneUnverified => (StatusCode::FORBIDDEN, "phone_unverified"),
            CodeExpired => (StatusCode::CONFLICT, "conflict"),
            SmsFailed => (StatusCode::SERVICE_UNAVAILABLE, "sms_unavailable"),
            NoSuchUser | NothingWithThisId | BookingCancelledAlready | NotHandedOver => {
                (StatusCode::NOT_FOUND, "not_found")
            }
            LinkExpired => (StatusCode::BAD_REQUEST, "bad_request"),
            StillAnswering | HoldGone | CardNotTaken | BkashNotTaken | AboveCardLimit
            | AboveWalletLimit => (StatusCode::CONFLICT, "conflict"),
            CardsNotSetUp | BkashNotSetUp | CardServiceDown | BkashDown | CapturePending => {
                (StatusCode::SERVICE_UNAVAILABLE, "payments_unavailable")
            }
            PhotosBusy | PhotosQueued => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
        }
    }

    /// What people are told, in English.
    pub fn message(self) -> &'static str {
        use Denied::*;
        match self {
            SignInNeeded => "Please sign in to continue.",
            SessionExpired => "Your session has expired. Please sign in again.",
            WrongPassword => "Incorrect email or password.",
            SignedUpAlready => "You are signed up already: please sign in to upload photos.",
            AdminsOnly => "Only an admin can do this.",
            SellersOnly => "Only a seller can do this.",
            BuyersOnly => "Only a buyer can do this.",
            NotYourEmail => "You can only sign in with your own email address.",
            FirebaseSignUp => {
                "New accounts are made with Firebase sign-in on this site. Please sign up again \
                 from the sign-up page."
            }
            AccountRemoved => {
                "An admin removed the account of this address, so it cannot be used again. If \
                 you think this is a mistake, write to support@bikehaat.com.bd."
            }
            AccountSuspended => {
                "This account is suspended for breaking the marketplace's rules. If you think \
                 this is a mistake, write to support@bikehaat.com.bd."
            }
            PhoneRemoved => {
                "An admin removed the account of this number, so it cannot be used again. If \
                 you think this is a mistake, write to support@bikehaat.com.bd."
            }
            NoAdminSignUp => "Nobody can sign up as an admin.",
            OnePhotoBeforeSignUp => {
                "You have uploaded your photo already: finish signing up to upload more."
            }
            SellerSharesNumber => "Only the seller shares their number here.",
            NotYourReceipt => "Only the buyer and the seller of this deal can read its receipt.",
            CategoryAsYourself => "You can only add categories as yourself.",
            NotYourListings => "You can only see your own listings.",
            NotYourBookings => "You can only see your own bookings.",
            NotYourBikesBookings => "You can only see the bookings of your own bikes.",
            NoSuchUser => "No user has this email address.",
            NothingWithThisId => "Nothing was found with this id.",
            BookingCancelledAlready => "This booking was already cancelled.",
            NotHandedOver => "This deal has not been handed over yet.",
            LinkExpired => {
                "This link is no longer valid: it has expired or was already used. Ask for a \
                 new one."
            }
            StillAnswering => {
                "The first request with this Idempotency-Key is still being answered."
            }
            CardsNotSetUp => "Card payments are not set up on this marketplace yet.",
            BkashNotSetUp => "bKash payments are not set up on this marketplace.",
            CardNotTaken => "The seller does not take cards for this bike.",
            BkashNotTaken => "The seller does not take bKash for this bike.",
            AboveCardLimit => {
                "This bike's price is above ৳9,99,999.99, the most a card payment can carry: \
                 please arrange another way to pay the seller."
            }
            AboveWalletLimit => {
                "This bike's price is above ৳5,00,000, the most a bKash wallet holds: pay in \
                 cash at the meet-up or by card."
            }
            CardServiceDown => {
                "The card service is not answering right now. Nothing was charged; please try \
                 again in a minute."
            }
            BkashDown => {
                "bKash is not answering right now. Nothing was charged; please try again in a \
                 minute."
            }
            // The seller entered the right code; the capture of the buyer's hold has not
            // been answered: the deal completes when it is.
            CapturePending => {
                "The code is right, but the card provider has not answered yet: the deal \
                 completes as soon as it does. Nothing more to enter."
            }
            HoldGone => {
                "The buyer's card hold ended before the handover (it expired or was \
                 cancelled): nothing was charged, and this deal is over."
            }
            PhotosBusy => {
                "Too many photos are being processed right now. Please try again in a few \
                 seconds."
            }
            PhotosQueued => {
                "Your other photos are still uploading: this one goes once they are done."
            }
            Unverified => {
                "Confirm your email address first: open the link we sent you, or ask for a new \
                 one."
            }
            PhoneUnverified => {
                "Confirm your phone number first: we send a code by SMS to the number buyers \
                 will call."
            }
            CodeExpired => "This code has expired. Please ask for a new one.",
            SmsFailed => "We could not send the SMS just now. Please try again in a few minutes.",
        }
    }
}

/// What a throttle held back: its code names it, its sentence starts the 429's message
/// ("… Please wait 40 seconds and try again.").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Throttled {
    ManyListingChanges,
    ManyNewConversations,
    MessagesTooFast,
    ManySearches,
    ManyBookingsOfThisBike,
    ManyMailsFromNetwork,
    ManyMailsToAddress,
    ManyLinksTried,
    ManyUploadsFromNetwork,
    ManyUploads,
    ManyNewAccounts,
    ManySignInsFromNetwork,
    ManyWrongPasswords,
    ManySignInsToAccount,
    ManyCodesToNumber,
    ManyCodesFromNetwork,
}

impl Throttled {
    /// The sentence that says what was held back, in English.
    pub fn message(self) -> &'static str {
        use Throttled::*;
        match self {
            ManyListingChanges => "You have changed your listings many times just now.",
            ManyNewConversations => "You have started many conversations just now.",
            MessagesTooFast => "You are sending messages too fast.",
            ManySearches => "Many searches from your network just now.",
            ManyBookingsOfThisBike => "You have booked this bike several times today.",
            ManyMailsFromNetwork => "Too many mails asked for from your network.",
            ManyMailsToAddress => "We have sent several mails to this address already.",
            ManyLinksTried => "Too many links tried from your network.",
            ManyUploadsFromNetwork => "Many photos were uploaded from your network just now.",
            ManyUploads => "You have uploaded many photos in a short time.",
            ManyNewAccounts => "Too many new accounts from your network.",
            ManySignInsFromNetwork => "Too many sign-in attempts from your network.",
            ManyWrongPasswords => "Too many wrong passwords for this email.",
            ManySignInsToAccount => "Too many sign-ins to this account.",
            ManyCodesToNumber => "We have sent several codes to this number just now.",
            ManyCodesFromNetwork => "Too many codes asked for from your network.",
        }
    }
}

//! What is wrong with a field, as a stable code. An error body names one beside each
//! field's English message (`codes`), so a page shows its own words for it in the
//! reader's language while other clients read the message; the codes never change
//! meaning, new ones may come.

use serde::Serialize;

/// The stable code of a field's problem (docs/api.md, 'Errors').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldCode {
    /// Nothing given where something must be (or an id that names nothing).
    Required,
    /// Longer than the field takes.
    TooLong,
    /// A text with control characters in it.
    ControlCharacters,
    /// Not an image, or not the address of one uploaded here.
    NotAnImage,
    /// An image that could not be read.
    UnreadableImage,
    /// A listing without a photo.
    NoPhoto,
    /// More photos than a listing takes.
    TooManyPhotos,
    /// A price of 0 or less.
    PriceNotPositive,
    /// A price above the highest a listing may ask.
    PriceTooHigh,
    /// A price that is not a number of taka.
    NotAPrice,
    /// A whole number outside the field's range, or not a whole number.
    OutOfRange,
    /// The highest of a range below its lowest.
    RangeReversed,
    /// Not a phone number.
    InvalidPhone,
    /// Not an e-mail address.
    InvalidEmail,
    /// A choice that is not one of the field's (a brand, district, sort, reason, role,
    /// language, status or way to pay).
    NotOnList,
    /// Neither true nor false.
    NotYesOrNo,
    /// Not a record id.
    NotAnId,
    /// A search filter given twice.
    RepeatedFilter,
    /// A search filter the search does not have.
    UnknownFilter,
    /// A page of results that no longer follows on.
    StaleCursor,
    /// A password shorter than 6 characters.
    PasswordTooShort,
    /// A password longer than 128 characters.
    PasswordTooLong,
    /// A password without capital and small letters, a number and a special character.
    PasswordTooSimple,
    /// Not this account's password.
    WrongPassword,
    /// A listing that takes no way to pay.
    NoWayToPay,
    /// A deposit asked of a listing that takes neither card nor bKash.
    DepositUnheld,
    /// A deposit of 0, or not below the price.
    DepositNotBelowPrice,
    /// A deposit share outside 1 to 90 percent.
    DepositShare,
    /// A deposit that is neither an amount nor a share.
    DepositShape,
    /// A meeting time already past.
    TimePast,
    /// A meeting time too far ahead.
    TimeTooFar,
    /// A handover code that is not six digits.
    CodeShape,
    /// Not the buyer's handover code, with tries left.
    WrongCode,
    /// Not the buyer's handover code, and that was the last try.
    WrongCodeLastTry,
    /// Blocking oneself.
    SelfBlock,
    /// An idempotency key used for another request.
    KeyReused,
    /// A client id missing or longer than 64 characters.
    ClientIdShape,
    /// A client id already used for another kind of message.
    ClientIdTaken,
    /// A message with neither text nor photo.
    EmptyMessage,
    /// An offer not below the asking price.
    OfferNotBelowPrice,
    /// A payment whose booking is for another listing.
    NotThisBookingsListing,
    /// A price above what one card payment or bKash wallet can carry.
    AbovePaymentLimit,
    /// A payment its provider has not confirmed.
    PaymentUnconfirmed,
}

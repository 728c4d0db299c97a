// Names for the generated OpenAPI schemas (`schema.d.ts`, from `openapi.json` by
// `npm run gen:api`). Nothing here restates a field: only aliases.
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];

export type Category = Schemas['CategoryView'];
export type Advert = Schemas['AdvertView'];
/** A listing; `negotiable`: whether its seller takes offers (docs/conversations.md, "Fixed price"). */
export type Listing = Schemas['ListingView'] & PriceTerms;
export type User = Schemas['UserView'];
export type Session = Schemas['Session'];
export type Profile = Schemas['Profile'];
export type Credentials = Schemas['Credentials'];
export type IdentityToken = Schemas['IdentityToken'];
export type Uploaded = Schemas['Uploaded'];
export type Accepted = Schemas['Accepted'];
export type EmailVerified = Schemas['EmailVerified'];
export type AccountToVerify = Schemas['AccountToVerify'];
export type PasswordReset = Schemas['PasswordReset'];

/** The three roles (docs/product.md, 'Who uses it'); the server sends `role` as a plain string. */
export type Role = 'buyer' | 'seller' | 'admin';

export type Booking = Schemas['BookingView'];
export type Meeting = Schemas['MeetingView'];
export type HandoverCode = Schemas['HandoverCodeView'];
export type Receipt = Schemas['ReceiptView'];
export type Inserted = Schemas['Inserted'];
export type CategoryInput = Schemas['CategoryInput'];
export type ListingInput = Schemas['ListingInput'] & PriceTerms;
export type PaymentIntent = Schemas['IntentView'];
export type PaymentInput = Schemas['PaymentInput'];
export type CardInput = Schemas['CardInput'];
export type Notification = Schemas['NotificationView'];
export type Notifications = Schemas['Notifications'];
export type MarkedRead = Schemas['MarkedRead'];
export type SellerListing = Schemas['SellerListingView'] & PriceTerms;
export type SearchResults = Schemas['SearchResults'];
export type ListingFields = Schemas['ListingFields'];
export type ConversationReport = Schemas['ConversationReportView'];
export type BlockedPerson = Schemas['BlockedView'];
export type Unblocked = Schemas['BlockView'];
/**
 * A seller's request to be verified (docs/trust.md, "Sellers verified with evidence"):
 * `state` is pending, approved or rejected; `photos` only to admins, only while pending.
 */
export type VerificationRequest = Schemas['VerificationRequestView'];
/** A pending request's three photos, by their private names. */
export type VerificationPhotos = Schemas['VerificationPhotosView'];
/**
 * A listing waiting for an admin (docs/trust.md, "Listings reviewed when it matters"):
 * the listing, why it waits (`flags`, admins only) and since when (`askedAt`).
 */
export type ListingReview = Omit<Schemas['ListingReviewView'], 'listing'> & { listing: Listing };
/**
 * A listing in the admins' queue of reports (docs/trust.md, "Reports with reasons"): the
 * listing, how many buyers report it, the reasons with their counts (the most given
 * first), and each open report, oldest first.
 */
export type ReportedListing = Omit<Schemas['ReportedListingView'], 'listing'> & { listing: Listing };
/** One buyer's open report of a listing: who, why (`reason`, a code), their note, when. */
export type ListingReport = Schemas['ReportView'];
/** One entry of the admins' audit log, and a page of it (`next`: the `before` of the next). */
export type AuditEntry = Schemas['AuditEntryView'];
export type AuditPage = Schemas['AuditPage'];

/** Whether the seller takes offers on a listing: listings do unless their seller says otherwise. */
export interface PriceTerms {
  negotiable: boolean;
}

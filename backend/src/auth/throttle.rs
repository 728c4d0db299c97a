//! The rate limits of signing up and in, of the mails anyone can ask for, and of what a
//! signed-in person may repeat (sessions, bookings, edits, uploads). Counted per client
//! address, per e-mail address or per account (see `limiter.rs`); generous enough for a
//! household or an office behind one address, tight where a stranger guesses.

use std::time::Duration;

use crate::error::{AppError, Reason, Throttled};
use crate::limiter::{RetryAfter, Rule};

const MINUTE: Duration = Duration::from_secs(60);

/// Sign-in attempts from one client address.
pub const LOGIN_PER_CLIENT: Rule = Rule {
    name: "login-client",
    limit: 100,
    window: Duration::from_secs(10 * 60),
};
/// Wrong passwords for one e-mail from one client address: past this, that client is
/// refused for the e-mail. The owner signing in from anywhere else is not.
pub const LOGIN_FAILURES_PER_PAIR: Rule = Rule {
    name: "login-pair",
    limit: 5,
    window: Duration::from_secs(15 * 60),
};
/// Wrong passwords for one e-mail from everywhere: past this, each wrong answer comes
/// slowly. The right password is never slowed or refused by it.
pub const LOGIN_FAILURES_PER_EMAIL: Rule = Rule {
    name: "login-email",
    limit: 20,
    window: Duration::from_secs(15 * 60),
};
/// New accounts from one client address.
pub const SIGNUP_PER_CLIENT: Rule = Rule {
    name: "signup-client",
    limit: 60,
    window: Duration::from_secs(60 * 60),
};
/// Mails asked for (password reset, verification again) from one client address.
pub const MAIL_PER_CLIENT: Rule = Rule {
    name: "mail-client",
    limit: 20,
    window: Duration::from_secs(60 * 60),
};
/// Password-reset mails to one address.
pub const RESET_MAIL_PER_EMAIL: Rule = Rule {
    name: "reset-email",
    limit: 3,
    window: Duration::from_secs(60 * 60),
};
/// Verification mails to one address.
pub const VERIFY_MAIL_PER_EMAIL: Rule = Rule {
    name: "verify-email",
    limit: 3,
    window: Duration::from_secs(60 * 60),
};
/// "You already have an account" mails to one address (one per sign-up tried with it).
pub const ACCOUNT_EXISTS_MAIL_PER_EMAIL: Rule = Rule {
    name: "exists-email",
    limit: 3,
    window: Duration::from_secs(24 * 60 * 60),
};

/// Codes sent by SMS to one phone number in a minute: one; asking again sooner waits.
pub const CODES_PER_NUMBER_MINUTE: Rule = Rule {
    name: "codes-number-minute",
    limit: 1,
    window: MINUTE,
};
/// Codes sent by SMS to one phone number in an hour: each costs money and reaches a
/// phone that may be a stranger's.
pub const CODES_PER_NUMBER_HOUR: Rule = Rule {
    name: "codes-number-hour",
    limit: 5,
    window: Duration::from_secs(60 * 60),
};
/// Codes sent by SMS asked for from one client address in an hour.
pub const CODES_PER_CLIENT: Rule = Rule {
    name: "codes-client",
    limit: 10,
    window: Duration::from_secs(60 * 60),
};

/// Mailed links (confirming an address, choosing a new password) tried from one client
/// address: a person opens a few; a guesser of tokens or of the password asked for on
/// the way is stopped.
pub const LINKS_PER_CLIENT: Rule = Rule {
    name: "link-client",
    limit: 30,
    window: Duration::from_secs(10 * 60),
};

/// Sessions opened for one sign-in (subject): a person signs in on a few devices a day;
/// a script replaying one proof of identity stops here.
pub const SESSIONS_PER_SUBJECT: Rule = Rule {
    name: "sessions-subject",
    limit: 60,
    window: Duration::from_secs(10 * 60),
};

/// Bookings of one listing by one buyer: each booking (and each cancellation) tells the
/// seller, so booking, cancelling and booking again is bounded, with room to change
/// one's mind.
pub const BOOKINGS_PER_LISTING: Rule = Rule {
    name: "bookings-listing",
    limit: 3,
    window: Duration::from_secs(24 * 60 * 60),
};

/// Edits of listings by one seller: each one reaches every open page showing the bike.
pub const EDITS_PER_SELLER: Rule = Rule {
    name: "edits-seller",
    limit: 60,
    window: Duration::from_secs(10 * 60),
};

/// Searches read afresh (not kept in memory) for one client address: someone typing
/// makes a few a second at most; a script trying every new prefix is slowed.
pub const FRESH_SEARCHES_PER_CLIENT: Rule = Rule {
    name: "searches-client",
    limit: 120,
    window: Duration::from_secs(60),
};

/// Photos uploaded from one client address, by anyone (people half-way through sign-up
/// too, whose one photo is given back when an upload fails): refused and timed-out
/// uploads count as well.
pub const UPLOADS_PER_CLIENT: Rule = Rule {
    name: "uploads-client",
    limit: 120,
    window: Duration::from_secs(10 * 60),
};

/// Photos one signed-in user uploads: plenty for listing several bikes at once, few
/// enough that nobody fills the disk or keeps the decoders busy for everyone else.
pub const UPLOADS_PER_USER: Rule = Rule {
    name: "uploads-user",
    limit: 60,
    window: Duration::from_secs(10 * 60),
};

/// Messages and offers one person sends, in all their conversations: a quick typist
/// answering several buyers stays far below it; a script spamming sellers does not.
pub const MESSAGES_PER_SENDER: Rule = Rule {
    name: "messages-sender",
    limit: 30,
    window: MINUTE,
};

/// New conversations one account opens in an hour: a buyer asking about many bikes
/// at once is fine; a fresh account writing to every seller is held back. Accounts
/// younger than a day get the tighter [`NEW_CONVERSATIONS_PER_NEW_ACCOUNT`].
pub const NEW_CONVERSATIONS_PER_ACCOUNT: Rule = Rule {
    name: "conversations-account",
    limit: 30,
    window: Duration::from_secs(60 * 60),
};

/// New conversations an account younger than a day opens in an hour.
pub const NEW_CONVERSATIONS_PER_NEW_ACCOUNT: Rule = Rule {
    name: "conversations-new-account",
    limit: 5,
    window: Duration::from_secs(60 * 60),
};

/// How long a wrong answer waits once an e-mail has had `failures` wrong passwords.
pub fn wrong_password_delay(failures: u32) -> Duration {
    let over = failures.saturating_sub(LOGIN_FAILURES_PER_EMAIL.limit);
    Duration::from_millis(250) * over.min(12)
}

/// The 429 for a refused attempt, saying what was held back and when to come back.
pub fn too_many(what: Throttled, retry: RetryAfter) -> AppError {
    let seconds = retry.seconds();
    let (count, unit) = if seconds <= 90 {
        (seconds, "second")
    } else {
        (seconds.div_ceil(MINUTE.as_secs()), "minute")
    };
    let wait = format!("{count} {unit}{}", if count == 1 { "" } else { "s" });
    AppError::TooManyRequests {
        reason: Reason::Throttled(what),
        message: format!("{} Please wait {wait} and try again.", what.message()),
        retry_after: seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_answers_slow_down_only_past_the_limit_and_never_beyond_three_seconds() {
        assert_eq!(wrong_password_delay(0), Duration::ZERO);
        assert_eq!(wrong_password_delay(20), Duration::ZERO);
        assert_eq!(wrong_password_delay(21), Duration::from_millis(250));
        assert_eq!(wrong_password_delay(10_000), Duration::from_secs(3));
    }

    #[test]
    fn the_refusal_says_when_to_come_back() {
        let what = Throttled::ManyLinksTried;
        let refusal = too_many(what, RetryAfter(Duration::from_secs(600)));
        assert_eq!(
            refusal.to_string(),
            "Too many links tried from your network. Please wait 10 minutes and try again."
        );
        let refusal = too_many(what, RetryAfter(Duration::from_millis(1500)));
        assert_eq!(
            refusal.to_string(),
            "Too many links tried from your network. Please wait 2 seconds and try again."
        );
        let refusal = too_many(what, RetryAfter(Duration::from_millis(400)));
        assert_eq!(
            refusal.to_string(),
            "Too many links tried from your network. Please wait 1 second and try again."
        );
    }
}

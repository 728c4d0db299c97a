//! The words of each mail, as plain text and as HTML: the site's name, what the link
//! does, the link itself, how long it works, and what to do if it was not you.

use crate::notice::bangla::digits;
use crate::notice::SOMEONE;
use crate::records::{Language, UnreadDigest};

/// One mail to one person.
#[derive(Debug, Clone)]
pub struct Letter {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The link the mail carries (logged when mail goes to the outbox).
    pub link: String,
}

/// The site's name in every mail.
const SITE: &str = "BikeHaat";

/// "Confirm your address": sent on sign-up and when asked again.
pub fn verify_email(to: &str, link: &str, valid_hours: i64, language: Language) -> Letter {
    match language {
        Language::En => letter(
            to,
            link,
            language,
            &format!("Confirm your email address for {SITE}"),
            &[
                &format!("Welcome to {SITE}, the marketplace for used motorcycles."),
                "Please confirm that this email address is yours by opening this link:",
            ],
            "Confirm my email address",
            &format!("The link works for {valid_hours} hours and only once."),
            &format!(
                "If you did not sign up for {SITE}, someone else typed your address. Do not \
                 open the link and ignore this mail: without it, the account stays \
                 unconfirmed and you can take the address back at any time with \"Forgot \
                 Your Password\"."
            ),
        ),
        Language::Bn => letter(
            to,
            link,
            language,
            &format!("{SITE}-এ আপনার ইমেইল ঠিকানা নিশ্চিত করুন"),
            &[
                &format!("{SITE}-এ স্বাগতম, পুরোনো মোটরসাইকেল কেনাবেচার বাজারে।"),
                "এই ইমেইল ঠিকানাটি যে আপনার, তা নিশ্চিত করতে এই লিংকটি খুলুন:",
            ],
            "আমার ইমেইল নিশ্চিত করুন",
            &format!(
                "লিংকটি {} ঘণ্টা কাজ করবে, আর একবারই।",
                digits(&valid_hours.to_string())
            ),
            &format!(
                "আপনি {SITE}-এ অ্যাকাউন্ট না খুলে থাকলে অন্য কেউ আপনার ঠিকানা লিখেছে। লিংকটি \
                 খুলবেন না, এই মেইলটি এড়িয়ে যান: তাহলে অ্যাকাউন্টটি নিশ্চিত হবে না, আর \
                 \"পাসওয়ার্ড ভুলে গেছেন\" দিয়ে যেকোনো সময় ঠিকানাটি ফিরিয়ে নিতে পারবেন।"
            ),
        ),
    }
}

/// "Choose a new password": sent when someone asks on the forgot-password page.
pub fn reset_password(to: &str, link: &str, valid_minutes: i64, language: Language) -> Letter {
    match language {
        Language::En => letter(
            to,
            link,
            language,
            &format!("Choose a new {SITE} password"),
            &[
                &format!(
                    "Someone asked to choose a new password for the {SITE} account of this \
                     address."
                ),
                "To choose a new password, open this link:",
            ],
            "Choose a new password",
            &format!(
                "The link works for {valid_minutes} minutes and only once. Choosing a new \
                 password signs you out on every device."
            ),
            "If you did not ask for this, ignore this mail: your password stays as it is and \
             nobody can change it without this link.",
        ),
        Language::Bn => letter(
            to,
            link,
            language,
            &format!("{SITE}-এর নতুন পাসওয়ার্ড দিন"),
            &[
                &format!("এই ঠিকানার {SITE} অ্যাকাউন্টের জন্য কেউ নতুন পাসওয়ার্ড দিতে চেয়েছেন।"),
                "নতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন:",
            ],
            "নতুন পাসওয়ার্ড দিন",
            &format!(
                "লিংকটি {} মিনিট কাজ করবে, আর একবারই। নতুন পাসওয়ার্ড দিলে সব ডিভাইস থেকে লগ \
                 আউট হয়ে যাবেন।",
                digits(&valid_minutes.to_string())
            ),
            "আপনি এটি না চেয়ে থাকলে মেইলটি এড়িয়ে যান: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে, \
             আর এই লিংক ছাড়া কেউ তা বদলাতে পারবে না।",
        ),
    }
}

/// "You already have an account": sent when someone signs up with an address that has
/// one, so its owner learns of it and knows the way back in.
pub fn account_exists(to: &str, login_link: &str, reset_link: &str, language: Language) -> Letter {
    match language {
        Language::En => letter(
            to,
            login_link,
            language,
            &format!("You already have a {SITE} account"),
            &[&format!(
                "Someone just tried to sign up for {SITE} with this email address, which \
                 already has an account. If it was you, sign in instead:"
            )],
            "Sign in to BikeHaat",
            &format!("Forgot your password? Choose a new one at {reset_link}"),
            "If it was not you, ignore this mail: no account was made and nothing of yours \
             changed.",
        ),
        Language::Bn => letter(
            to,
            login_link,
            language,
            &format!("{SITE}-এ আপনার অ্যাকাউন্ট আগে থেকেই আছে"),
            &[&format!(
                "এই ইমেইল ঠিকানা দিয়ে এইমাত্র কেউ {SITE}-এ অ্যাকাউন্ট খুলতে চেয়েছিলেন, কিন্তু \
                 এই ঠিকানায় অ্যাকাউন্ট আগে থেকেই আছে। আপনি হলে নতুন অ্যাকাউন্ট না খুলে লগ \
                 ইন করুন:"
            )],
            "BikeHaat-এ লগ ইন করুন",
            &format!("পাসওয়ার্ড ভুলে গেছেন? নতুন পাসওয়ার্ড দিন এখানে: {reset_link}"),
            "আপনি না হলে মেইলটি এড়িয়ে যান: কোনো অ্যাকাউন্ট খোলা হয়নি, আপনার কিছুই বদলায়নি।",
        ),
    }
}

/// What a receipt names: the bike, its price, how and when it was paid, and the two sides.
#[derive(Debug, Clone, Copy)]
pub struct Sale<'a> {
    pub bike: &'a str,
    /// As people read it: "৳1,85,000".
    pub price: &'a str,
    /// "in cash", "by card", "by bKash".
    pub paid: &'a str,
    /// In Dhaka's time.
    pub when: &'a str,
    pub buyer: &'a str,
    pub seller: &'a str,
    pub place: &'a str,
}

/// The receipt each side of a completed deal gets (`to_seller`: the seller's), in
/// `language`; the sale's price, way of paying and time come already said in it.
pub fn receipt(
    to: &str,
    link: &str,
    sale: Sale<'_>,
    to_seller: bool,
    language: Language,
) -> Letter {
    let Sale {
        bike,
        price,
        paid,
        when,
        buyer,
        seller,
        place,
    } = sale;
    match language {
        Language::En => {
            let headline = if to_seller {
                format!("You sold your {bike} to {buyer} on {SITE}.")
            } else {
                format!("You bought {bike} from {seller} on {SITE}.")
            };
            letter(
                to,
                link,
                language,
                &format!("Your {SITE} receipt: {bike}"),
                &[
                    &headline,
                    &format!(
                        "Bike: {bike}\nPrice: {price}, paid {paid}\nHanded over: {when} at \
                         {place}\nBuyer: {buyer}\nSeller: {seller}"
                    ),
                ],
                "See the receipt",
                "Keep this mail: it is your record of the sale.",
                "If you took no part in this sale, someone else is using your account: choose \
                 a new password with \"Forgot Your Password\" and write to us.",
            )
        }
        Language::Bn => {
            let headline = if to_seller {
                format!("আপনি {SITE}-এ আপনার {bike} {buyer}-এর কাছে বিক্রি করেছেন।")
            } else {
                format!("আপনি {SITE}-এ {seller}-এর কাছ থেকে {bike} কিনেছেন।")
            };
            letter(
                to,
                link,
                language,
                &format!("আপনার {SITE} রসিদ: {bike}"),
                &[
                    &headline,
                    &format!(
                        "বাইক: {bike}\nদাম: {price}, পরিশোধ {paid}\nহস্তান্তর: {when}, \
                         {place}\nক্রেতা: {buyer}\nবিক্রেতা: {seller}"
                    ),
                ],
                "রসিদ দেখুন",
                "মেইলটি রেখে দিন: এটাই এই বিক্রির প্রমাণ।",
                "আপনি এই কেনাবেচায় না থাকলে অন্য কেউ আপনার অ্যাকাউন্ট ব্যবহার করছে: \
                 \"পাসওয়ার্ড ভুলে গেছেন\" দিয়ে নতুন পাসওয়ার্ড দিন আর আমাদের লিখুন।",
            )
        }
    }
}

/// "New messages about your bike": what arrived in a conversation while its reader was
/// away, gathered in one mail (docs/conversations.md "When you are away"), in the
/// reader's language.
pub fn unread_messages(link: &str, digest: &UnreadDigest) -> Letter {
    let language = digest.to_language;
    let bangla = language == Language::Bn;
    let from = match (&digest.from_name, bangla) {
        (Some(name), _) => name.as_str(),
        (None, false) => SOMEONE,
        (None, true) => "একজন",
    };
    let mut quoted: Vec<String> = digest
        .lines
        .iter()
        .map(|line| format!("> {line}"))
        .collect();
    if digest.more > 0 {
        quoted.push(if bangla {
            format!("… আরও {}টি", digits(&digest.more.to_string()))
        } else {
            format!("… and {} more", digest.more)
        });
    }
    if bangla {
        return letter(
            &digest.to_email,
            link,
            language,
            &format!("{from} আপনাকে {SITE}-এ {} নিয়ে লিখেছেন", digest.listing),
            &[
                &format!("প্রিয় {},", digest.to_name),
                &format!(
                    "আপনি না থাকার সময় {from} আপনাকে {} নিয়ে লিখেছেন:",
                    digest.listing
                ),
                &quoted.join("\n"),
            ],
            "পড়ুন ও উত্তর দিন",
            "আপনি না থাকার সময় যা আসে, তার জন্য আমরা একবারই মেইল করি, প্রতিটি মেসেজের জন্য নয়।",
            "প্রকাশ্য জায়গায় দেখা করুন, বাইক আর তার কাগজপত্র দেখে নিন, আর সেগুলো দেখার আগে \
             কখনো টাকা দেবেন না।",
        );
    }
    letter(
        &digest.to_email,
        link,
        language,
        &format!("{from} wrote to you about {} on {SITE}", digest.listing),
        &[
            &format!("Hello {},", digest.to_name),
            &format!(
                "{from} wrote to you about {} while you were away:",
                digest.listing
            ),
            &quoted.join("\n"),
        ],
        "Read and answer",
        "We mail you once for what arrives while you are away, not for every message.",
        "Meet in a public place, check the bike and its papers, and never pay before you \
         have seen them.",
    )
}

#[allow(clippy::too_many_arguments)]
fn letter(
    to: &str,
    link: &str,
    language: Language,
    subject: &str,
    opening: &[&str],
    button: &str,
    validity: &str,
    not_you: &str,
) -> Letter {
    let text = format!(
        "{opening}\n\n{link}\n\n{validity}\n\n{not_you}\n\n-- \n{SITE}\n",
        opening = opening.join("\n\n"),
    );
    let paragraphs: String = opening
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
        .collect();
    let (lang, copy_link) = match language {
        Language::En => (
            "en",
            "If the button does not work, copy this address into your browser:",
        ),
        Language::Bn => ("bn", "বোতামটি কাজ না করলে এই ঠিকানাটি কপি করে ব্রাউজারে বসান:"),
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"font-family:system-ui,sans-serif;color:#1c1917;\
         max-width:560px;margin:0 auto;padding:16px\">\
         <h1 style=\"font-size:20px;color:#b45309\">{site}</h1>{paragraphs}\
         <p><a href=\"{href}\" style=\"display:inline-block;background:#b45309;color:#fff;\
         padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600\">{button}</a></p>\
         <p style=\"font-size:13px;color:#57534e\">{copy_link}<br><a href=\"{href}\">{href}</a></p>\
         <p>{validity}</p><p style=\"font-size:13px;color:#57534e\">{not_you}</p>\
         </body></html>",
        site = SITE,
        href = escape(link),
        button = escape(button),
        validity = escape(validity),
        not_you = escape(not_you),
    );
    Letter {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text,
        html,
        link: link.to_owned(),
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verification_mail_names_the_site_the_link_and_what_to_do_if_it_was_not_you() {
        let link = "https://bikehaat.example/verify-email?token=abc_DEF-123";
        let mail = verify_email("rahim@example.com", link, 48, Language::En);
        assert_eq!(mail.subject, "Confirm your email address for BikeHaat");
        for part in [&mail.text, &mail.html] {
            assert!(part.contains("BikeHaat"), "{part}");
            assert!(part.contains(link), "{part}");
            assert!(part.contains("48 hours"), "{part}");
            assert!(part.contains("did not sign up"), "{part}");
        }
        assert!(mail.html.contains(&format!("href=\"{link}\"")));
    }

    #[test]
    fn an_unread_messages_mail_quotes_the_newest_few_counts_the_rest_and_escapes_them() {
        let digest = UnreadDigest {
            conversation_id: 61,
            to_email: "rahim@example.com".into(),
            to_name: "Rahim".into(),
            to_language: Language::En,
            from_name: Some("Sadia".into()),
            listing: "Yamaha R15".into(),
            lines: vec!["Is it still available?".into(), "<b>Last price?</b>".into()],
            more: 3,
        };
        let link = "https://bikehaat.example/dashboard/messages/61";
        let mail = unread_messages(link, &digest);
        assert_eq!(mail.to, "rahim@example.com");
        assert_eq!(
            mail.subject,
            "Sadia wrote to you about Yamaha R15 on BikeHaat"
        );
        assert!(mail
            .text
            .contains("> Is it still available?\n> <b>Last price?</b>\n… and 3 more"));
        assert!(
            mail.html.contains("&lt;b&gt;Last price?&lt;/b&gt;"),
            "{}",
            mail.html
        );
        assert!(mail.html.contains(&format!("href=\"{link}\"")));
    }

    #[test]
    fn a_receipt_names_bike_price_method_time_and_both_sides_and_escapes_them() {
        let sale = Sale {
            bike: "Yamaha <R15>",
            price: "৳1,85,000",
            paid: "in cash",
            when: "Fri 27 Nov, 5:30 pm",
            buyer: "Sadia",
            seller: "Rahim Motors",
            place: "Mirpur 10",
        };
        let link = "https://bikehaat.example/dashboard/receipts/21";
        let to_buyer = receipt("sadia@example.com", link, sale, false, Language::En);
        assert_eq!(to_buyer.subject, "Your BikeHaat receipt: Yamaha <R15>");
        for part in [&to_buyer.text, &to_buyer.html] {
            assert!(part.contains("৳1,85,000, paid in cash"), "{part}");
            assert!(part.contains("Fri 27 Nov, 5:30 pm at Mirpur 10"), "{part}");
            assert!(part.contains(link), "{part}");
        }
        assert!(to_buyer
            .text
            .contains("You bought Yamaha <R15> from Rahim Motors"));
        assert!(to_buyer.html.contains("Yamaha &lt;R15&gt;"));
        assert!(!to_buyer.html.contains("<R15>"));
        assert!(
            to_buyer.html.contains("paid in cash<br>Handed over"),
            "one line each"
        );
        let to_seller = receipt("rahim@example.com", link, sale, true, Language::En);
        assert!(to_seller
            .text
            .contains("You sold your Yamaha <R15> to Sadia"));
    }

    #[test]
    fn an_account_exists_mail_shows_the_way_in_and_the_way_back() {
        let mail = account_exists(
            "rahim@example.com",
            "https://bikehaat.example/login",
            "https://bikehaat.example/forgot-password",
            Language::En,
        );
        assert_eq!(mail.subject, "You already have a BikeHaat account");
        for part in [&mail.text, &mail.html] {
            assert!(part.contains("https://bikehaat.example/login"), "{part}");
            assert!(
                part.contains("https://bikehaat.example/forgot-password"),
                "{part}"
            );
            assert!(part.contains("If it was not you"), "{part}");
        }
    }

    #[test]
    fn a_reset_mail_says_it_signs_out_everywhere_and_escapes_what_it_shows() {
        let link = "http://127.0.0.1:8080/reset-password?token=x&y=<z>";
        let mail = reset_password("rahim@example.com", link, 60, Language::En);
        assert!(mail.text.contains(link));
        assert!(mail.text.contains("every device"));
        assert!(mail.html.contains("token=x&amp;y=&lt;z&gt;"));
        assert!(!mail.html.contains("<z>"));
    }

    #[test]
    fn every_mail_has_its_bangla_with_the_same_link_and_a_bangla_page() {
        let link = "https://bikehaat.example/x?token=abc";
        let sale = Sale {
            bike: "Yamaha R15",
            price: "৳১,৮৫,০০০",
            paid: "নগদে",
            when: "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০",
            buyer: "Sadia",
            seller: "Rahim Motors",
            place: "Mirpur 10",
        };
        let digest = UnreadDigest {
            conversation_id: 61,
            to_email: "rahim@example.com".into(),
            to_name: "Rahim".into(),
            to_language: Language::Bn,
            from_name: None,
            listing: "Yamaha R15".into(),
            lines: vec!["দাম কত?".into()],
            more: 2,
        };
        let mails = [
            verify_email("a@example.com", link, 48, Language::Bn),
            reset_password("a@example.com", link, 60, Language::Bn),
            account_exists("a@example.com", link, "https://x.example/f", Language::Bn),
            receipt("a@example.com", link, sale, false, Language::Bn),
            receipt("a@example.com", link, sale, true, Language::Bn),
            unread_messages(link, &digest),
        ];
        for mail in mails {
            assert!(
                mail.subject
                    .chars()
                    .any(|c| ('\u{0980}'..='\u{09FF}').contains(&c)),
                "{}",
                mail.subject
            );
            assert!(mail.text.contains(link), "{}", mail.text);
            assert!(mail.html.starts_with("<!doctype html><html lang=\"bn\">"));
            assert!(mail.html.contains("বোতামটি কাজ না করলে"), "{}", mail.html);
            assert!(!mail.text.contains("If "), "{}", mail.text);
        }
        assert!(verify_email("a@example.com", link, 48, Language::Bn)
            .text
            .contains("৪৮ ঘণ্টা"));
        let away = unread_messages(link, &digest);
        assert_eq!(
            away.subject,
            "একজন আপনাকে BikeHaat-এ Yamaha R15 নিয়ে লিখেছেন"
        );
        assert!(away.text.contains("> দাম কত?\n… আরও ২টি"), "{}", away.text);
        assert!(receipt("a@example.com", link, sale, true, Language::Bn)
            .text
            .contains("আপনি BikeHaat-এ আপনার Yamaha R15 Sadia-এর কাছে বিক্রি করেছেন।"));
    }
}

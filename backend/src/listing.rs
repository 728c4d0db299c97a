//! What a listing says about its bike in fields a buyer filters on — brand, model,
//! engine size, kilometres, registration year, district — and the words it is found by.
//!
//! Search words are made here, in Rust, for both engines: a listing's `search_text` is
//! its words lower-cased, accents folded and Bangla read as English, joined by spaces,
//! and a query becomes the same words (a query word that cannot be read finds nothing). So
//! PostgreSQL's `to_tsvector('simple', …)` and SQLite's FTS5 see the same tokens and
//! give the same results for the same data (docs/search.md).

use chrono::Datelike;

use crate::records::BikeFacts;

/// Brands sold in Bangladesh, as the forms offer them, with the ways people write them
/// (in Bangla, or shortened) that a search or a filter takes for the brand.
pub const BRANDS: &[(&str, &[&str])] = &[
    ("Bajaj", &["বাজাজ"]),
    ("Hero", &["হিরো"]),
    ("Honda", &["হোন্ডা", "হন্ডা"]),
    ("Yamaha", &["ইয়ামাহা"]),
    ("Suzuki", &["সুজুকি"]),
    ("TVS", &["টিভিএস"]),
    ("Runner", &["রানার"]),
    ("Lifan", &["লিফান"]),
    ("Walton", &["ওয়ালটন"]),
    ("Royal Enfield", &["রয়্যাল এনফিল্ড", "এনফিল্ড", "enfield"]),
    ("KTM", &["কেটিএম"]),
    ("Aprilia", &["এপ্রিলিয়া"]),
    ("Benelli", &["বেনেলি"]),
    ("Keeway", &["কিওয়ে"]),
    ("GPX", &["জিপিএক্স"]),
    ("Haojue", &["হাওজুয়ে"]),
    ("Zongshen", &["জংশেন"]),
    ("Vespa", &["ভেসপা"]),
    ("Other", &[]),
];

/// Models buyers in Bangladesh ask for, with the ways people write them in Bangla. A
/// spelling of several words pairs with the English words one by one ("এক্স ব্লেড" is
/// "x blade"); a spelling of one word may stand for several ("এক্সব্লেড").
pub const MODELS: &[(&str, &[&str])] = &[
    // Bajaj
    ("Pulsar", &["পালসার", "পালসর", "পলসার", "পালছার"]),
    ("Discover", &["ডিসকভার", "ডিস্কভার", "ডিসকোভার"]),
    ("Platina", &["প্লাটিনা", "প্লাটিনাম", "প্লেটিনা"]),
    (
        "Avenger",
        &["অ্যাভেঞ্জার", "এভেঞ্জার", "অ্যাভেন্জার", "এভেন্জার", "এভেনজার"],
    ),
    ("Dominar", &["ডমিনার", "ডোমিনার"]),
    ("Boxer", &["বক্সার"]),
    // TVS
    (
        "Apache",
        &["অ্যাপাচি", "অ্যাপাচে", "এ্যাপাচি", "এপাচি", "এপাচে", "আপাচি"],
    ),
    ("RTR", &["আরটিআর"]),
    ("Metro", &["মেট্রো", "মেট্র"]),
    ("Stryker", &["স্ট্রাইকার", "স্ট্রাইকর"]),
    ("Ntorq", &["এনটর্ক", "এনটরক", "এন্টর্ক"]),
    ("Raider", &["রেইডার"]),
    ("Wego", &["উইগো"]),
    // Hero
    ("Splendor", &["স্প্লেন্ডার", "স্প্লেন্ডর", "স্পেলেন্ডার", "স্প্লেনডার"]),
    ("Glamour", &["গ্ল্যামার", "গ্লামার", "গ্লেমার"]),
    ("Passion", &["প্যাশন", "পেশন", "প্যাসন"]),
    ("Hunk", &["হাঙ্ক", "হাংক"]),
    ("Xtreme", &["এক্সট্রিম", "এক্সট্রীম"]),
    ("Xpulse", &["এক্সপালস", "এক্সপাল্স"]),
    ("Ignitor", &["ইগনিটর", "ইগনাইটর"]),
    ("Maestro", &["মায়েস্ত্রো", "মায়েস্ট্রো", "মেস্ট্রো"]),
    ("Pleasure", &["প্লেজার"]),
    // Honda
    ("CB", &["সিবি"]),
    ("Hornet", &["হর্নেট", "হরনেট"]),
    ("Shine", &["শাইন"]),
    ("Livo", &["লিভো"]),
    ("CBR", &["সিবিআর"]),
    ("X Blade", &["এক্স ব্লেড", "এক্সব্লেড"]),
    ("Dio", &["ডিও"]),
    ("Dream", &["ড্রিম"]),
    ("Unicorn", &["ইউনিকর্ন"]),
    ("Activa", &["অ্যাক্টিভা", "এক্টিভা"]),
    // Yamaha
    ("FZ", &["এফজেড"]),
    ("FZ S", &["এফজেডএস"]),
    ("R15", &["আর১৫"]),
    ("R", &["আর"]),
    ("MT 15", &["এমটি১৫"]),
    ("MT", &["এমটি"]),
    ("Fazer", &["ফেজার", "ফেজর"]),
    ("Saluto", &["সালুটো", "সেলুটো"]),
    ("Ray", &["রে"]),
    ("ZR", &["জেডআর"]),
    ("Fascino", &["ফ্যাসিনো", "ফেসিনো"]),
    ("V", &["ভি"]),
    // Suzuki
    ("Gixxer", &["জিক্সার", "জিকসার", "জিক্সর"]),
    ("SF", &["এসএফ"]),
    ("GSX", &["জিএসএক্স"]),
    ("Hayate", &["হায়াতে", "হায়াতি", "হায়াটে"]),
    ("Intruder", &["ইন্ট্রুডার"]),
    ("Access", &["অ্যাক্সেস", "এক্সেস"]),
    // Runner, Lifan, Walton
    ("Bullet", &["বুলেট"]),
    ("Knight Rider", &["নাইট রাইডার"]),
    ("Turbo", &["টার্বো"]),
    ("KPR", &["কেপিআর"]),
    ("Fusion", &["ফিউশন"]),
    // Royal Enfield, KTM
    ("Classic", &["ক্লাসিক"]),
    ("Hunter", &["হান্টার"]),
    ("Meteor", &["মিটিওর", "মেটিওর"]),
    ("Himalayan", &["হিমালয়ান"]),
    ("Duke", &["ডিউক"]),
    ("RC", &["আরসি"]),
    // What a listing says of any bike.
    ("cc", &["সিসি"]),
    ("ABS", &["এবিএস"]),
    ("bike", &["বাইক"]),
    ("scooter", &["স্কুটার", "স্কুটি"]),
];

/// The brand a listing falls under when none of the list fits.
pub const OTHER_BRAND: &str = "Other";

/// Bangladesh's 64 districts, with the older spellings people still write (and the
/// divisional cities' names in Bangla).
pub const DISTRICTS: &[(&str, &[&str])] = &[
    ("Bagerhat", &["বাগেরহাট"]),
    ("Bandarban", &["বান্দরবান"]),
    ("Barguna", &["বরগুনা"]),
    ("Barishal", &["Barisal", "বরিশাল"]),
    ("Bhola", &["ভোলা"]),
    ("Bogura", &["Bogra", "বগুড়া", "বগুরা"]),
    ("Brahmanbaria", &["ব্রাহ্মণবাড়িয়া"]),
    ("Chandpur", &["চাঁদপুর"]),
    (
        "Chapai Nawabganj",
        &["Chapainawabganj", "Nawabganj", "চাঁপাইনবাবগঞ্জ", "চাঁপাই নবাবগঞ্জ"],
    ),
    ("Chattogram", &["Chittagong", "Ctg", "চট্টগ্রাম"]),
    ("Chuadanga", &["চুয়াডাঙ্গা", "চুয়াডাঙা"]),
    ("Cox's Bazar", &["Coxs Bazar", "Cox Bazar", "কক্সবাজার"]),
    ("Cumilla", &["Comilla", "কুমিল্লা"]),
    ("Dhaka", &["ঢাকা"]),
    ("Dinajpur", &["দিনাজপুর"]),
    ("Faridpur", &["ফরিদপুর"]),
    ("Feni", &["ফেনী"]),
    ("Gaibandha", &["গাইবান্ধা"]),
    ("Gazipur", &["গাজীপুর"]),
    ("Gopalganj", &["গোপালগঞ্জ"]),
    ("Habiganj", &["হবিগঞ্জ"]),
    ("Jamalpur", &["জামালপুর"]),
    ("Jashore", &["Jessore", "যশোর"]),
    ("Jhalokati", &["Jhalakathi", "ঝালকাঠি"]),
    ("Jhenaidah", &["ঝিনাইদহ"]),
    ("Joypurhat", &["জয়পুরহাট"]),
    ("Khagrachhari", &["Khagrachari", "খাগড়াছড়ি"]),
    ("Khulna", &["খুলনা"]),
    ("Kishoreganj", &["কিশোরগঞ্জ"]),
    ("Kurigram", &["কুড়িগ্রাম"]),
    ("Kushtia", &["কুষ্টিয়া"]),
    ("Lakshmipur", &["Laxmipur", "লক্ষ্মীপুর"]),
    ("Lalmonirhat", &["লালমনিরহাট"]),
    ("Madaripur", &["মাদারীপুর"]),
    ("Magura", &["মাগুরা"]),
    ("Manikganj", &["মানিকগঞ্জ"]),
    ("Meherpur", &["মেহেরপুর"]),
    ("Moulvibazar", &["Maulvibazar", "মৌলভীবাজার"]),
    ("Munshiganj", &["মুন্সীগঞ্জ"]),
    ("Mymensingh", &["ময়মনসিংহ"]),
    ("Naogaon", &["নওগাঁ"]),
    ("Narail", &["নড়াইল"]),
    ("Narayanganj", &["নারায়ণগঞ্জ"]),
    ("Narsingdi", &["নরসিংদী"]),
    ("Natore", &["নাটোর"]),
    ("Netrokona", &["Netrakona", "নেত্রকোনা"]),
    ("Nilphamari", &["নীলফামারী"]),
    ("Noakhali", &["নোয়াখালী"]),
    ("Pabna", &["পাবনা"]),
    ("Panchagarh", &["পঞ্চগড়"]),
    ("Patuakhali", &["পটুয়াখালী"]),
    ("Pirojpur", &["পিরোজপুর"]),
    ("Rajbari", &["রাজবাড়ী"]),
    ("Rajshahi", &["রাজশাহী"]),
    ("Rangamati", &["রাঙ্গামাটি", "রাঙামাটি"]),
    ("Rangpur", &["রংপুর"]),
    ("Satkhira", &["সাতক্ষীরা"]),
    ("Shariatpur", &["শরীয়তপুর"]),
    ("Sherpur", &["শেরপুর"]),
    ("Sirajganj", &["সিরাজগঞ্জ"]),
    ("Sunamganj", &["সুনামগঞ্জ"]),
    ("Sylhet", &["সিলেট"]),
    ("Tangail", &["টাঙ্গাইল", "টাঙাইল"]),
    ("Thakurgaon", &["ঠাকুরগাঁও"]),
];

/// Areas buyers name in a search, with their Bangla spellings: the parts of Dhaka and of
/// the other big towns a listing's area says. Search reads these words (মিরপুর is mirpur);
/// the area itself stays free text.
pub const AREAS: &[(&str, &[&str])] = &[
    // Dhaka
    ("Mirpur", &["মিরপুর"]),
    ("Uttara", &["উত্তরা"]),
    ("Dhanmondi", &["ধানমন্ডি", "ধানমণ্ডি"]),
    ("Gulshan", &["গুলশান"]),
    ("Banani", &["বনানী"]),
    ("Mohammadpur", &["মোহাম্মদপুর", "মোহাম্মাদপুর"]),
    ("Badda", &["বাড্ডা"]),
    ("Motijheel", &["মতিঝিল"]),
    ("Farmgate", &["ফার্মগেট"]),
    ("Tejgaon", &["তেজগাঁও"]),
    ("Jatrabari", &["যাত্রাবাড়ী"]),
    ("Khilgaon", &["খিলগাঁও"]),
    ("Rampura", &["রামপুরা"]),
    ("Malibagh", &["মালিবাগ"]),
    ("Mohakhali", &["মহাখালী"]),
    ("Bashundhara", &["বসুন্ধরা"]),
    ("Baridhara", &["বারিধারা"]),
    ("Lalbagh", &["লালবাগ"]),
    ("Shyamoli", &["শ্যামলী"]),
    ("Kallyanpur", &["কল্যাণপুর"]),
    ("Gabtoli", &["গাবতলী"]),
    ("Savar", &["সাভার"]),
    ("Keraniganj", &["কেরানীগঞ্জ"]),
    ("Demra", &["ডেমরা"]),
    ("Wari", &["ওয়ারী"]),
    ("Mugda", &["মুগদা"]),
    ("Shantinagar", &["শান্তিনগর"]),
    ("Karwan Bazar", &["কারওয়ান বাজার", "কাওরান বাজার"]),
    ("New Market", &["নিউমার্কেট", "নিউ মার্কেট"]),
    ("Azimpur", &["আজিমপুর"]),
    ("Agargaon", &["আগারগাঁও"]),
    ("Kafrul", &["কাফরুল"]),
    ("Pallabi", &["পল্লবী"]),
    ("Cantonment", &["ক্যান্টনমেন্ট"]),
    ("Khilkhet", &["খিলক্ষেত"]),
    ("Tongi", &["টঙ্গী"]),
    ("Ashulia", &["আশুলিয়া"]),
    ("Purbachal", &["পূর্বাচল"]),
    ("Old Dhaka", &["পুরান ঢাকা", "পুরানো ঢাকা"]),
    // Chattogram
    ("Agrabad", &["আগ্রাবাদ"]),
    ("Halishahar", &["হালিশহর"]),
    ("Nasirabad", &["নাসিরাবাদ"]),
    ("GEC", &["জিইসি"]),
    ("Panchlaish", &["পাঁচলাইশ"]),
    ("Chawkbazar", &["চকবাজার"]),
    ("Bahaddarhat", &["বহদ্দারহাট"]),
    ("Pahartali", &["পাহাড়তলী"]),
    ("Patenga", &["পতেঙ্গা"]),
    // Sylhet, Khulna, Rajshahi
    ("Zindabazar", &["জিন্দাবাজার"]),
    ("Amberkhana", &["আম্বরখানা"]),
    ("Sonadanga", &["সোনাডাঙ্গা"]),
    ("Shaheb Bazar", &["সাহেব বাজার"]),
];

/// The brand named `text` (any case, or one of its other spellings), as listed.
pub fn brand(text: &str) -> Option<&'static str> {
    find(BRANDS, text)
}

/// The district named `text` (any case, or an older spelling), as listed.
pub fn district(text: &str) -> Option<&'static str> {
    find(DISTRICTS, text)
}

fn find(list: &[(&'static str, &[&str])], text: &str) -> Option<&'static str> {
    let wanted = words(text).join(" ");
    if wanted.is_empty() {
        return None;
    }
    list.iter()
        .find(|(name, others)| {
            std::iter::once(name)
                .chain(others.iter())
                .any(|spelling| words(spelling).join(" ") == wanted)
        })
        .map(|(name, _)| *name)
}

/// Engine sizes of popular models whose names carry no number of cc (or a misleading one).
const KNOWN_CC: &[(&str, i32)] = &[
    ("r15", 155),
    ("mt 15", 155),
    ("fz", 149),
    ("gixxer sf 250", 249),
    ("gixxer", 155),
    ("xpulse 200", 199),
    ("classic 350", 349),
    ("duke 390", 373),
];

/// The words of `text` as search sees them: lower-case runs of letters and digits of
/// any script, folded so that one word has one spelling — Latin letters without their
/// accents ("hönda" is "honda", "æ" is "ae"), Bangla digits as digits ("১৫০" is "150"),
/// Bangla letters in one form (a letter with a dot below, or a vowel sign, written as one
/// character or two; long and short i and u alike). An apostrophe or a zero-width
/// joiner joins ("cox's" is "coxs").
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if let Some(digit) = bangla_digit(c) {
            word.push(digit);
        } else if let Some(latin) = latin_fold(c) {
            word.push_str(latin);
        } else if let Some(bangla) = bangla_fold(c) {
            word.push_str(bangla);
        } else if c.is_alphanumeric() || is_bangla_mark(c) {
            word.push(c);
        } else if matches!(
            c,
            '\'' | '’' | '\u{200C}' | '\u{200D}' | '\u{0300}'..='\u{036F}'
        ) {
            // Joins, and accents written apart from their letter.
            continue;
        } else if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// A Bangla digit as the digit.
fn bangla_digit(c: char) -> Option<char> {
    let offset = u32::from(c).checked_sub(0x09E6).filter(|n| *n < 10)?;
    char::from_digit(offset, 10)
}

/// A lower-case Latin letter with a diacritic as the letters it is read as.
fn latin_fold(c: char) -> Option<&'static str> {
    Some(match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ð' | 'ď' | 'đ' => "d",
        'è'..='ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì'..='ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò'..='ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' => "t",
        'þ' => "th",
        'ù'..='ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// A Bangla letter or sign written more than one way, in the one way words keep.
fn bangla_fold(c: char) -> Option<&'static str> {
    Some(match c {
        // A letter with a dot below: the letter and the dot.
        '\u{09DC}' => "\u{09A1}\u{09BC}",
        '\u{09DD}' => "\u{09A2}\u{09BC}",
        '\u{09DF}' => "\u{09AF}\u{09BC}",
        // ো and ৌ: the two signs they are drawn with.
        '\u{09CB}' => "\u{09C7}\u{09BE}",
        '\u{09CC}' => "\u{09C7}\u{09D7}",
        // Long i and u as short (ী ি, ূ ু, ঈ ই, ঊ উ), ণ as ন, and no chandrabindu.
        '\u{09C0}' => "\u{09BF}",
        '\u{09C2}' => "\u{09C1}",
        '\u{0988}' => "\u{0987}",
        '\u{098A}' => "\u{0989}",
        '\u{09A3}' => "\u{09A8}",
        '\u{0981}' => "",
        _ => return None,
    })
}

/// Bangla vowel signs, the hasanta and the other marks belong inside a word; the taka
/// sign and the like do not.
fn is_bangla_mark(c: char) -> bool {
    matches!(c, '\u{0981}'..='\u{0983}' | '\u{09BC}' | '\u{09BE}'..='\u{09CD}' | '\u{09D7}' | '\u{09E2}' | '\u{09E3}' | '\u{09FE}')
}

/// Every Bangla word search reads, with the English words it stands for: the Bangla
/// spellings of brands, districts, models and areas.
fn bangla_words() -> &'static std::collections::HashMap<String, Vec<String>> {
    static WORDS: std::sync::LazyLock<std::collections::HashMap<String, Vec<String>>> =
        std::sync::LazyLock::new(|| {
            let mut map = std::collections::HashMap::new();
            let lists = [BRANDS, DISTRICTS, MODELS, AREAS];
            let spellings = || {
                lists.into_iter().flatten().flat_map(|(name, others)| {
                    others
                        .iter()
                        .filter(|other| !other.is_ascii())
                        .map(move |other| (words(name), words(other)))
                })
            };
            // Each word of a spelling of several words as the English word in its place
            // ("এনফিল্ড" is "enfield"); then spellings of one word, as all of the name.
            for (english, bangla) in spellings() {
                if bangla.len() > 1 && bangla.len() == english.len() {
                    for (one, english) in bangla.into_iter().zip(english) {
                        map.entry(one).or_insert_with(|| vec![english]);
                    }
                }
            }
            for (english, bangla) in spellings() {
                if let [one] = bangla.as_slice() {
                    map.entry(one.clone()).or_insert(english);
                }
            }
            map
        });
    &WORDS
}

/// What search reads `word` (one of [`words`]) as: itself when it is ASCII letters and
/// digits; the English a Bangla spelling stands for; a word mixing digits or English
/// letters with such Bangla in one ("১৫০সিসি" is "150cc"). `None`: a word of letters
/// search cannot read.
fn readable(word: &str) -> Option<Vec<String>> {
    if word.is_ascii() {
        return Some(vec![word.to_owned()]);
    }
    if let Some(english) = bangla_words().get(word) {
        return Some(english.clone());
    }
    let mut joined = String::new();
    let mut rest = word;
    while let Some(first) = rest.chars().next() {
        let ascii = first.is_ascii();
        let end = rest
            .find(|c: char| c.is_ascii() != ascii)
            .unwrap_or(rest.len());
        let (run, after) = rest.split_at(end);
        if ascii {
            joined.push_str(run);
        } else {
            joined.extend(bangla_words().get(run)?.iter().map(String::as_str));
        }
        rest = after;
    }
    Some(vec![joined])
}

/// The search words of `text`, as a listing is found by them: its [`words`] as search
/// reads them — ASCII letters and digits only, which both engines' tokenizers read alike
/// — leaving out the words it cannot read.
pub fn search_words(text: &str) -> Vec<String> {
    words(text)
        .iter()
        .filter_map(|word| readable(word))
        .flatten()
        .collect()
}

/// The words of a search, as [`search_words`] makes a listing's; `None` when a word of
/// it cannot be read (a Bangla word search does not know, a letter of another script),
/// which no listing then matches: an unread word never widens a search. Punctuation
/// alone is no word.
pub fn query_words(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for word in words(text) {
        out.extend(readable(&word)?);
    }
    Some(out)
}

/// What a listing is found by: every field a buyer might type, as [`search_words`]
/// joined by spaces.
pub fn search_text(fields: &[&str]) -> String {
    fields
        .iter()
        .flat_map(|field| search_words(field))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a listing is found by: its brand, model, name, engine size, registration year,
/// where it is, its colour, condition and description.
pub fn listing_search_text(
    name: &str,
    description: &str,
    location: &str,
    color: &str,
    condition: &str,
    facts: &BikeFacts,
) -> String {
    let cc = facts
        .engine_cc
        .map(|cc| format!("{cc}cc"))
        .unwrap_or_default();
    let year = facts
        .registration_year
        .map(|year| year.to_string())
        .unwrap_or_default();
    search_text(&[
        facts.brand.as_deref().unwrap_or_default(),
        facts.model.as_deref().unwrap_or_default(),
        name,
        &cc,
        &year,
        facts.district.as_deref().unwrap_or_default(),
        facts.area.as_deref().unwrap_or_default(),
        location,
        color,
        condition,
        description,
    ])
}

/// The fields of a listing that does not give them, read from what it says
/// ([`derive`]), as stored; its registration year is taken to be its purchase year.
pub fn derived_facts(
    name: &str,
    location: &str,
    description: &str,
    purchase_year: i32,
    image: &str,
) -> BikeFacts {
    let derived = derive(name, location, description);
    BikeFacts {
        brand: Some(derived.brand.to_owned()),
        model: Some(derived.model),
        engine_cc: derived.engine_cc,
        km_driven: derived.km_driven,
        registration_year: Some(purchase_year),
        district: derived.district.map(str::to_owned),
        area: Some(derived.area),
        photos: Some(photos_json(&[image.to_owned()])),
    }
}

/// Photo addresses as stored: a JSON array.
pub fn photos_json(photos: &[String]) -> String {
    serde_json::to_string(photos).unwrap_or_else(|_| "[]".to_owned())
}

/// The photos of a listing: its stored array, or its cover alone.
pub fn photos(stored: Option<&str>, cover: &str) -> Vec<String> {
    stored
        .and_then(|json| serde_json::from_str::<Vec<String>>(json).ok())
        .filter(|photos| !photos.is_empty())
        .unwrap_or_else(|| vec![cover.to_owned()])
}

/// The structured fields of a listing posted before there were any, read from what it
/// says: the brand its name starts with, the number of cc in its model or description,
/// the kilometres its description gives, the district its location ends with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Derived {
    pub brand: &'static str,
    pub model: String,
    pub engine_cc: Option<i32>,
    pub km_driven: Option<i32>,
    pub district: Option<&'static str>,
    pub area: String,
}

pub fn derive(name: &str, location: &str, description: &str) -> Derived {
    let (brand, model) = split_brand(name);
    let (district, area) = split_location(location);
    Derived {
        brand,
        engine_cc: engine_cc(&model, description),
        km_driven: km_driven(description),
        model,
        district,
        area,
    }
}

/// The listed brand `name` starts with (one or two words), and the rest as the model.
fn split_brand(name: &str) -> (&'static str, String) {
    let parts: Vec<&str> = name.split_whitespace().collect();
    for taken in [2, 1] {
        if parts.len() >= taken {
            if let Some(found) = brand(&parts[..taken].join(" ")) {
                if found != OTHER_BRAND {
                    return (found, parts[taken..].join(" "));
                }
            }
        }
    }
    (OTHER_BRAND, name.trim().to_owned())
}

/// "Mirpur 10, Dhaka": the district after the last comma, the rest as the area.
fn split_location(location: &str) -> (Option<&'static str>, String) {
    let location = location.trim();
    if let Some((area, last)) = location.rsplit_once(',') {
        if let Some(found) = district(last) {
            return (Some(found), area.trim().to_owned());
        }
    }
    if let Some(found) = district(location) {
        return (Some(found), String::new());
    }
    (None, location.to_owned())
}

/// A plausible engine size: a known model's, else the first number of 50–2,000 in the
/// model (as in "Pulsar N160", "CBR 150R"), else "… 250 cc" in the description.
fn engine_cc(model: &str, description: &str) -> Option<i32> {
    let model_words = words(model).join(" ");
    if let Some((_, cc)) = KNOWN_CC.iter().find(|(known, _)| {
        model_words.starts_with(known) || model_words.contains(&format!(" {known}"))
    }) {
        return Some(*cc);
    }
    let plausible = |n: i64| (50..=2000).contains(&n).then_some(n as i32);
    numbers(model)
        .into_iter()
        .find_map(|(n, _, _)| plausible(n))
        .or_else(|| {
            numbers(description)
                .into_iter()
                .find(|(_, after, _)| after.trim_start().to_ascii_lowercase().starts_with("cc"))
                .and_then(|(n, _, _)| plausible(n))
        })
}

/// Words before "N km" that make it a distance other than the bike's run: "serviced every
/// 3,000 km", "oil changed after 1,000 km".
const NOT_THE_RUN: &[&str] = &[
    "every", "each", "per", "after", "within", "before", "till", "until",
];

/// "14,500 km" in a description, not a mileage ("55 km per litre") or a service interval
/// ("every 3,000 km").
fn km_driven(description: &str) -> Option<i32> {
    numbers(description)
        .into_iter()
        .find(|&(_, after, start)| {
            let after = after.trim_start().to_ascii_lowercase();
            let said_before = description[..start]
                .split(|c: char| !c.is_alphanumeric())
                .rfind(|word| !word.is_empty())
                .unwrap_or("")
                .to_ascii_lowercase();
            after.starts_with("km")
                && !after.starts_with("km per")
                && !after.starts_with("kmpl")
                && !NOT_THE_RUN.contains(&said_before.as_str())
        })
        .and_then(|(n, _, _)| i32::try_from(n).ok())
        .filter(|km| *km <= MAX_KM)
}

/// The numbers in `text` (thousands may be grouped with commas), each with the text
/// after it and where in `text` it starts.
fn numbers(text: &str) -> Vec<(i64, &str, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_digit()
                    || (bytes[i] == b',' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            let digits: String = text[start..i]
                .chars()
                .filter(char::is_ascii_digit)
                .collect();
            if let Ok(n) = digits.parse::<i64>() {
                out.push((n, &text[i..], start));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Limits of the structured fields.
pub const MIN_CC: i32 = 50;
pub const MAX_CC: i32 = 2000;
pub const MAX_KM: i32 = 1_000_000;
pub const MIN_REGISTRATION_YEAR: i32 = 1980;
/// Photos one listing may carry; the first is its cover.
pub const MAX_PHOTOS: usize = 8;

/// The latest registration year a listing may give: this year.
pub fn max_registration_year() -> i32 {
    chrono::Utc::now().year()
}

/// Words a query may mean when it spells one a little wrong: a word that starts no word
/// of `vocabulary` gets the vocabulary's words within one edit (two for words of eight
/// letters or more), the closest first, three at most. Words of fewer than four letters
/// are taken as typed.
pub fn near_words<'v>(word: &str, vocabulary: &'v [String]) -> Vec<&'v str> {
    let length = word.chars().count();
    if length < 4 || !word.is_ascii() || vocabulary.iter().any(|known| known.starts_with(word)) {
        return Vec::new();
    }
    let most = if length >= 8 { 2 } else { 1 };
    let mut near: Vec<(usize, &str)> = vocabulary
        .iter()
        .filter(|known| known.len().abs_diff(word.len()) <= most)
        .filter_map(|known| {
            let distance = edit_distance(word.as_bytes(), known.as_bytes());
            (distance <= most).then_some((distance, known.as_str()))
        })
        .collect();
    near.sort();
    near.truncate(3);
    near.into_iter().map(|(_, known)| known).collect()
}

/// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut before: Vec<usize> = Vec::new();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut current = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            current[j] = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                current[j] = current[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut previous, current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_64_districts_and_no_name_twice() {
        assert_eq!(DISTRICTS.len(), 64);
        let mut names: Vec<&str> = DISTRICTS.iter().map(|(name, _)| *name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 64);
    }

    #[test]
    fn brands_and_districts_are_found_in_either_script_and_any_case() {
        assert_eq!(brand("YAMAHA"), Some("Yamaha"));
        assert_eq!(brand("ইয়ামাহা"), Some("Yamaha"));
        // য় as one letter and as য with a dot below.
        assert_eq!(
            brand("\u{0987}\u{09DF}\u{09BE}\u{09AE}\u{09BE}\u{09B9}\u{09BE}"),
            Some("Yamaha")
        );
        assert_eq!(
            brand("\u{0987}\u{09AF}\u{09BC}\u{09BE}\u{09AE}\u{09BE}\u{09B9}\u{09BE}"),
            Some("Yamaha")
        );
        assert_eq!(brand("royal  enfield"), Some("Royal Enfield"));
        assert_eq!(brand("Tata"), None);
        assert_eq!(district("chittagong"), Some("Chattogram"));
        assert_eq!(district("Cox's Bazar"), Some("Cox's Bazar"));
        assert_eq!(district("ঢাকা"), Some("Dhaka"));
        assert_eq!(district("চট্টগ্রাম"), Some("Chattogram"));
        assert_eq!(district("বগুড়া"), Some("Bogura"));
        assert_eq!(district("কক্সবাজার"), Some("Cox's Bazar"));
        // Areas are words search reads, in either script; one it does not know is left out.
        assert_eq!(search_words("মিরপুর, ঢাকা"), ["mirpur", "dhaka"]);
        assert_eq!(search_words("পুরান ঢাকা"), ["old", "dhaka"]);
        assert_eq!(search_words("কারওয়ান বাজার"), ["karwan", "bazar"]);
        assert_eq!(search_words("দক্ষিণখান, ঢাকা"), ["dhaka"]);
    }

    #[test]
    fn search_words_are_what_both_engines_tokenize_alike() {
        assert_eq!(
            search_words("FZ-S V3, Mirpur!"),
            ["fz", "s", "v3", "mirpur"]
        );
        assert_eq!(search_words("হোন্ডা CB Hornet"), ["honda", "cb", "hornet"]);
        assert_eq!(search_words("Cox's Bazar"), ["coxs", "bazar"]);
        // A listing's words search cannot read are left out of what it is found by.
        assert_eq!(search_words("ভালো বাইক 150cc"), ["bike", "150cc"]);
        assert_eq!(
            search_text(&["Royal Enfield", "Classic 350"]),
            "royal enfield classic 350"
        );
    }

    #[test]
    fn bangla_models_are_read_as_their_english_names() {
        for (bangla, english) in [
            ("পালসার", "pulsar"),
            ("পালসর", "pulsar"),
            ("অ্যাপাচি", "apache"),
            ("এপাচি", "apache"),
            ("ডিসকভার", "discover"),
            ("স্প্লেন্ডার", "splendor"),
            ("গ্ল্যামার", "glamour"),
            ("জিক্সার", "gixxer"),
            ("হর্নেট", "hornet"),
            ("ফেজার", "fazer"),
            ("ডমিনার", "dominar"),
        ] {
            assert_eq!(
                query_words(bangla),
                Some(vec![english.to_owned()]),
                "{bangla}"
            );
        }
        assert_eq!(
            search_words("বাজাজ পালসার N160, ঢাকা"),
            ["bajaj", "pulsar", "n160", "dhaka"]
        );
        assert_eq!(
            search_words("রয়্যাল এনফিল্ড ক্লাসিক ৩৫০"),
            ["royal", "enfield", "classic", "350"]
        );
        assert_eq!(search_words("এনফিল্ড"), ["enfield"]);
        assert_eq!(search_words("হোন্ডা এক্স-ব্লেড"), ["honda", "x", "blade"]);
        assert_eq!(search_words("এক্সব্লেড"), ["x", "blade"]);
        assert_eq!(search_words("এমটি১৫"), ["mt", "15"]);
        // Bangla mixed with digits or English letters in one word.
        assert_eq!(search_words("আর১৫"), ["r15"]);
        assert_eq!(search_words("এফজেড ভি৩"), ["fz", "v3"]);
        assert_eq!(search_words("১৫০সিসি"), ["150cc"]);
        // One spelling however it is typed: long or short i, ো as one sign or two,
        // a zero-width joiner in অ্যা.
        assert_eq!(search_words("অ্যাপাচী"), ["apache"]);
        assert_eq!(search_words("হ\u{09C7}\u{09BE}ন্ডা"), ["honda"]);
        assert_eq!(search_words("অ\u{09CD}\u{200D}যাপাচি"), ["apache"]);
    }

    #[test]
    fn every_bangla_spelling_is_read_as_its_name() {
        for (name, others) in BRANDS.iter().chain(DISTRICTS).chain(MODELS).chain(AREAS) {
            let english = words(name);
            for other in others.iter().filter(|other| !other.is_ascii()) {
                let bangla = words(other);
                assert!(
                    bangla.len() == 1 || bangla.len() == english.len(),
                    "{other}: one word, or as many words as {name}"
                );
                let read = query_words(other).unwrap_or_else(|| panic!("{other} is read"));
                assert!(!read.is_empty(), "{other}");
                assert!(
                    read.iter().all(|word| english.contains(word)),
                    "{other} is read as {read:?}, not as {name}"
                );
            }
        }
    }

    #[test]
    fn accents_fold_and_bangla_digits_are_digits() {
        assert_eq!(query_words("hönda"), Some(vec!["honda".to_owned()]));
        assert_eq!(query_words("HÖNDA Café"), query_words("honda cafe"));
        // An accent typed apart from its letter.
        assert_eq!(query_words("cafe\u{0301}"), Some(vec!["cafe".to_owned()]));
        assert_eq!(query_words("Æther straße"), query_words("aether strasse"));
        assert_eq!(query_words("১৫০cc"), Some(vec!["150cc".to_owned()]));
        assert_eq!(query_words("২০২১"), query_words("2021"));
        assert_eq!(brand("Hönda"), Some("Honda"));
        // The taka sign is no letter.
        assert_eq!(search_words("৳২,৫০,০০০"), ["2", "50", "000"]);
    }

    #[test]
    fn a_query_word_that_cannot_be_read_is_not_dropped() {
        // A Bangla word search does not know, a letter of another script.
        assert_eq!(query_words("পালসার দক্ষিণখান"), None);
        assert_eq!(query_words("ভালো"), None);
        assert_eq!(query_words("yamaha ƒz"), None);
        assert_eq!(query_words("Москва"), None);
        assert_eq!(query_words("পালসারটা"), None);
        // Punctuation alone is no word.
        assert_eq!(query_words(" - , ! "), Some(Vec::new()));
        assert_eq!(
            query_words("fz - v3"),
            Some(vec!["fz".to_owned(), "v3".to_owned()])
        );
        assert_eq!(query_words(""), Some(Vec::new()));
        // A listing is found by the words that can be read.
        assert_eq!(search_words("Москва pulsar"), ["pulsar"]);
    }

    #[test]
    fn old_listings_get_their_fields_from_what_they_say() {
        let r15 = derive(
            "Yamaha R15 V4",
            "Mirpur 10, Dhaka",
            "Single owner. 14,500 km on the clock, 55 km per litre.",
        );
        assert_eq!(
            r15,
            Derived {
                brand: "Yamaha",
                model: "R15 V4".into(),
                engine_cc: Some(155),
                km_driven: Some(14_500),
                district: Some("Dhaka"),
                area: "Mirpur 10".into(),
            }
        );
        let enfield = derive("Royal Enfield Classic 350", "Gulshan 2, Dhaka", "6,000 km");
        assert_eq!(
            (enfield.brand, enfield.model.as_str()),
            ("Royal Enfield", "Classic 350")
        );
        assert_eq!(enfield.engine_cc, Some(349));
        let pulsar = derive("Bajaj Pulsar N160", "Zindabazar, Sylhet", "8,200 km.");
        assert_eq!(
            (pulsar.engine_cc, pulsar.district),
            (Some(160), Some("Sylhet"))
        );
        let gixxer = derive("Suzuki Gixxer SF 250", "Agrabad, Chattogram", "");
        assert_eq!(gixxer.engine_cc, Some(249));
        let unknown = derive(
            "Tata Nano",
            "Somewhere",
            "Runs 55 km per litre, 125 cc engine",
        );
        assert_eq!(
            (
                unknown.brand,
                unknown.engine_cc,
                unknown.km_driven,
                unknown.district
            ),
            ("Other", Some(125), None, None)
        );
        assert_eq!(unknown.area, "Somewhere");
        // A service interval is not the run; the run said after it is.
        let serviced = derive(
            "Honda Shine",
            "Banani, Dhaka",
            "Serviced every 3,000 km; papers up to date.",
        );
        assert_eq!(serviced.km_driven, None);
        let both = derive(
            "Honda Shine",
            "Banani, Dhaka",
            "Oil changed after 1,000 km, each 2,000 km since. 21,300 km run.",
        );
        assert_eq!(both.km_driven, Some(21_300));
    }

    #[test]
    fn a_misspelt_word_finds_the_words_it_is_near() {
        let vocabulary: Vec<String> = ["yamaha", "honda", "hornet", "mirpur", "chattogram", "fz"]
            .into_iter()
            .map(String::from)
            .collect();
        assert_eq!(near_words("yamha", &vocabulary), ["yamaha"]);
        assert_eq!(near_words("hnoda", &vocabulary), ["honda"]);
        assert_eq!(near_words("chatogrm", &vocabulary), ["chattogram"]);
        // Known words, prefixes of them, and short words are taken as typed.
        assert!(near_words("yamaha", &vocabulary).is_empty());
        assert!(near_words("horn", &vocabulary).is_empty());
        assert!(near_words("fx", &vocabulary).is_empty());
        assert!(near_words("kawasaki", &vocabulary).is_empty());
    }
}

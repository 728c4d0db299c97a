//! Phone checks (docs/trust.md "Phones confirmed by a code"): every transition of one
//! account's check — sent, confirmed, spent, sent again — and the races between two
//! tries of a code and between two accounts confirming one number.

use std::sync::Arc;

use chrono::{Duration, Utc};

use super::fixtures::{category, conflict, listed, listing, open, race, user, Racer};
use crate::marketplace::support::on_both;
use bikehaat::records::{CodeTried, NewPhoneCode, Role};
use bikehaat::store::{Refused, Store};

const NUMBER: &str = "+8801712345678";

fn code(user_id: i64, phone: &str, hash: &str, minutes: i64) -> NewPhoneCode {
    let now = Utc::now();
    NewPhoneCode {
        user_id,
        phone: phone.to_owned(),
        code_hash: hash.to_owned(),
        sent_at: now,
        expires_at: now + Duration::minutes(minutes),
    }
}

async fn keep(store: &dyn Store, code: NewPhoneCode) {
    store.keep_phone_code(&code).await.expect("keep a code");
}

async fn try_code(store: &dyn Store, user_id: i64, phone: &str, hash: &str) -> CodeTried {
    store
        .try_phone_code(user_id, phone, hash, Utc::now())
        .await
        .expect("try a code")
}

/// Ten tries of `user_id`'s code to [`NUMBER`] at the same moment, the n-th with the
/// hash `hash(n)`: what each did.
async fn ten_at_once(
    store: &Arc<dyn Store>,
    user_id: i64,
    hash: fn(usize) -> String,
) -> Vec<CodeTried> {
    let racers: Vec<Racer<CodeTried>> = (0..10)
        .map(|n| {
            let store = store.clone();
            Box::pin(async move { try_code(&*store, user_id, NUMBER, &hash(n)).await })
                as Racer<CodeTried>
        })
        .collect();
    race(racers).await
}

#[tokio::test]
async fn a_right_code_confirms_the_number_once_and_a_wrong_one_counts_a_try() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        assert_eq!(
            store.open_phone_code(karim.id, Utc::now()).await.unwrap(),
            None
        );
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::NoOpenCode
        );

        keep(&*store, code(karim.id, NUMBER, "right", 10)).await;
        assert_eq!(
            store
                .open_phone_code(karim.id, Utc::now())
                .await
                .unwrap()
                .as_deref(),
            Some(NUMBER)
        );
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "wrong").await,
            CodeTried::Wrong { tries_left: 4 }
        );
        // A code is for the number it went to.
        assert_eq!(
            try_code(&*store, karim.id, "+8801812345678", "right").await,
            CodeTried::NoOpenCode
        );
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::Confirmed
        );
        let confirmed = store.user_by_id(karim.id).await.unwrap().expect("karim");
        assert_eq!(confirmed.phone.as_deref(), Some(NUMBER));
        // Used: it works once, and nothing is open any more.
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::NoOpenCode
        );
        assert_eq!(
            store.open_phone_code(karim.id, Utc::now()).await.unwrap(),
            None
        );
        assert_eq!(
            conflict(
                store
                    .keep_phone_code(&code(karim.id, NUMBER, "again", 10))
                    .await
            ),
            Refused::PhoneConfirmedAlready
        );

        // Another number: the confirmed one stays until the new one is confirmed.
        let next = "+8801912345678";
        keep(&*store, code(karim.id, next, "next", 10)).await;
        let meanwhile = store.user_by_id(karim.id).await.unwrap().expect("karim");
        assert_eq!(meanwhile.phone.as_deref(), Some(NUMBER));
        assert_eq!(
            try_code(&*store, karim.id, next, "next").await,
            CodeTried::Confirmed
        );
        let moved = store.user_by_id(karim.id).await.unwrap().expect("karim");
        assert_eq!(moved.phone.as_deref(), Some(next));
    })
    .await;
}

#[tokio::test]
async fn the_fifth_wrong_code_spends_it_and_a_new_code_starts_afresh() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        keep(&*store, code(karim.id, NUMBER, "right", 10)).await;
        for left in (0..5).rev() {
            assert_eq!(
                try_code(&*store, karim.id, NUMBER, "wrong").await,
                CodeTried::Wrong { tries_left: left }
            );
        }
        // Spent: not even the right code works now.
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::NoOpenCode
        );
        assert_eq!(
            store.open_phone_code(karim.id, Utc::now()).await.unwrap(),
            None
        );

        // Asking again replaces it, with every try back; the old code is gone.
        keep(&*store, code(karim.id, NUMBER, "fresh", 10)).await;
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::Wrong { tries_left: 4 }
        );
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "fresh").await,
            CodeTried::Confirmed
        );
    })
    .await;
}

#[tokio::test]
async fn an_expired_code_is_not_open_and_does_not_confirm() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        keep(&*store, code(karim.id, NUMBER, "right", -1)).await;
        assert_eq!(
            store.open_phone_code(karim.id, Utc::now()).await.unwrap(),
            None
        );
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::NoOpenCode
        );
        let still = store.user_by_id(karim.id).await.unwrap().expect("karim");
        assert_eq!(still.phone, None);
    })
    .await;
}

#[tokio::test]
async fn of_ten_tries_of_the_right_code_at_once_exactly_one_confirms() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        keep(&*store, code(karim.id, NUMBER, "right", 10)).await;
        let tried = ten_at_once(&store, karim.id, |_| "right".into()).await;
        let confirmed = tried.iter().filter(|t| **t == CodeTried::Confirmed).count();
        assert_eq!(confirmed, 1, "{tried:?}");
        assert!(
            tried
                .iter()
                .all(|t| matches!(t, CodeTried::Confirmed | CodeTried::NoOpenCode)),
            "{tried:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn ten_wrong_codes_at_once_count_five_tries_and_no_more() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        keep(&*store, code(karim.id, NUMBER, "right", 10)).await;
        let mut left: Vec<i32> = ten_at_once(&store, karim.id, |n| format!("wrong-{n}"))
            .await
            .into_iter()
            .filter_map(|t| match t {
                CodeTried::Wrong { tries_left } => Some(tries_left),
                _ => None,
            })
            .collect();
        left.sort_unstable();
        assert_eq!(left, [0, 1, 2, 3, 4], "each try counted once, five in all");
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::NoOpenCode
        );
    })
    .await;
}

#[tokio::test]
async fn a_number_is_confirmed_on_one_account_and_the_second_to_confirm_it_is_refused() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(&*store, "rahim@example.com", "Rahim", Role::Seller).await;
        // Both ask before either confirms; both codes are open.
        for who in [&karim, &rahim] {
            keep(&*store, code(who.id, NUMBER, "right", 10)).await;
        }
        let racers: Vec<Racer<Result<CodeTried, Refused>>> = [karim.id, rahim.id]
            .into_iter()
            .map(|id| {
                let store: Arc<dyn Store> = store.clone();
                Box::pin(async move {
                    match store.try_phone_code(id, NUMBER, "right", Utc::now()).await {
                        Ok(tried) => Ok(tried),
                        Err(bikehaat::store::StoreError::Refused(why)) => Err(why),
                        Err(other) => panic!("{other}"),
                    }
                }) as Racer<Result<CodeTried, Refused>>
            })
            .collect();
        let mut tried = race(racers).await;
        tried.sort_by_key(|t| t.is_err());
        assert_eq!(
            tried,
            [Ok(CodeTried::Confirmed), Err(Refused::PhoneTaken)],
            "one account holds the number"
        );
        let holders: Vec<i64> = holders_of_number(&*store, &[karim.id, rahim.id]).await;
        assert_eq!(holders.len(), 1, "{holders:?}");
        // The loser's code was not used up by the refusal, but the number stays taken.
        let loser = if holders[0] == karim.id {
            &rahim
        } else {
            &karim
        };
        assert_eq!(
            conflict(
                store
                    .keep_phone_code(&code(loser.id, NUMBER, "again", 10))
                    .await
            ),
            Refused::PhoneTaken
        );
    })
    .await;
}

/// Which of `ids` hold [`NUMBER`].
async fn holders_of_number(store: &dyn Store, ids: &[i64]) -> Vec<i64> {
    let mut holders = Vec::new();
    for id in ids {
        let user = store.user_by_id(*id).await.unwrap().expect("a user");
        if user.phone.as_deref() == Some(NUMBER) {
            holders.push(*id);
        }
    }
    holders
}

#[tokio::test]
async fn a_listing_is_read_with_its_sellers_confirmed_number() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let karim = user(&*store, "karim@example.com", "Karim", Role::Seller).await;
        let sports = category(&*store, "Sports").await;
        let bike = listing(&*store, sports, &karim, "Yamaha R15", 4_100).await;
        assert_eq!(listed(&*store, bike).await.seller_confirmed_phone, None);
        keep(&*store, code(karim.id, NUMBER, "right", 10)).await;
        assert_eq!(
            try_code(&*store, karim.id, NUMBER, "right").await,
            CodeTried::Confirmed
        );
        assert_eq!(
            listed(&*store, bike)
                .await
                .seller_confirmed_phone
                .as_deref(),
            Some(NUMBER)
        );
    })
    .await;
}

//! The marketplace's integration suite: the store on both databases, and the real app
//! over real HTTP on port 0 with a fresh database per test.

mod marketplace {
    pub mod support;

    mod access;
    mod accounts;
    mod bkash;
    mod catalogue;
    mod chaos;
    mod cluster;
    mod compression;
    mod confirmed;
    mod conversations;
    mod deals;
    mod errors;
    mod firebase;
    mod identity;
    mod language;
    mod live;
    mod notices;
    mod offers;
    mod one_account;
    mod openapi_snapshot;
    mod pay_ways;
    mod payments;
    mod phone;
    mod reports;
    mod review;
    mod reviews;
    mod search;
    mod secrets;
    mod sign_in_load;
    mod site_config;
    mod slow_clients;
    mod smtp;
    mod store;
    mod stripe;
    mod suspensions;
    mod takeover;
    mod throttle;
    mod uploads;
    mod verification;
}

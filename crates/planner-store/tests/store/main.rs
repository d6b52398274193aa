//! The store's tests on the engine (embedded in memory, or the endpoint named by
//! `RP_TEST_DYNAMODB_ENDPOINT`): one test binary, one module per concern, so that the suite links
//! the SDK and the engine once for all of them rather than once per file.

mod common;

mod allocation;
mod bad_inputs;
mod cascade;
mod concurrency;
mod conflicts;
mod copies;
mod damage;
mod faults;
mod feed;
mod feed_kinds;
mod feed_reader;
mod figures;
mod holidays;
mod identity;
mod labels;
mod many;
mod pagination;
mod placeholders;
mod plan;
mod planted;
mod series;
mod sheet_import;
mod signin;
mod signin_attacks;
mod table_clock;
mod tenancy;
mod time_off_entries;
mod transfer;
mod unreadable;
mod views;
mod window_query;
mod working_time;

//! Thin helpers over `aws_sdk_dynamodb`: error classification, attribute access, and the loops
//! that respect DynamoDB's limits (1 MB query pages, 25-item batches with UnprocessedItems,
//! 100-key batch gets, transaction conflicts).

use crate::StoreError;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeValue, DeleteRequest, KeysAndAttributes, Put, PutRequest, ReturnConsumedCapacity,
    TransactWriteItem, WriteRequest,
};
use aws_smithy_runtime_api::client::orchestrator::HttpResponse;
use planner_domain::Date;
use std::collections::HashMap;
use std::time::Duration;

pub type Item = HashMap<String, AttributeValue>;

/// Attempts for our own retry loops (UnprocessedItems, transaction conflicts). The SDK already
/// retries throttling and transient network errors inside each attempt.
const ATTEMPTS: u32 = 8;

/// Maps an SDK failure to the store's error.
pub fn classify<E>(err: SdkError<E, HttpResponse>) -> StoreError
where
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
{
    match &err {
        SdkError::ServiceError(service) => {
            let e = service.err();
            let message = e.message().unwrap_or("").to_owned();
            // An answer whose error the SDK could not read (an XML body where JSON was
            // expected, as some emulators and proxies send) still has its HTTP status: 403 is
            // AWS refusing the request.
            let code = match e.code() {
                Some(code) => code,
                None if service.raw().status().as_u16() == 403 => "AccessDenied",
                None => "Unknown",
            };
            match code {
                // The SDK has retried these already, with backoff.
                "ProvisionedThroughputExceededException" | "ThrottlingException" | "RequestLimitExceeded" => {
                    StoreError::Busy { message: format!("{code}: too many requests at once") }
                }
                "InternalServerError" | "ServiceUnavailable" => StoreError::Unavailable {
                    message: format!("DynamoDB is not answering ({code}); try again in a moment"),
                },
                // Each says what to do: sign in again, check the profile, or ask IT for access.
                "ExpiredTokenException" => StoreError::Credentials {
                    message: format!(
                        "they have expired ({message}); sign in to AWS again (e.g. `aws sso login`) and retry"
                    ),
                },
                // STS says the same in its own words.
                "ExpiredToken" => StoreError::Credentials {
                    message: format!(
                        "they have expired ({message}); sign in to AWS again (e.g. `aws sso login`) and retry"
                    ),
                },
                "UnrecognizedClientException"
                | "InvalidClientTokenId"
                | "SignatureDoesNotMatch"
                | "InvalidSignatureException"
                | "MissingAuthenticationToken"
                | "IncompleteSignature" => StoreError::Credentials {
                    message: format!(
                        "AWS did not accept them ({code}: {message}); check the AWS profile in the settings or sign in again (e.g. `aws sso login`)"
                    ),
                },
                "AccessDeniedException" | "AccessDenied" => {
                    StoreError::Denied { message: if message.is_empty() { code.to_owned() } else { message } }
                }
                // A single-item write met a transaction on the same item.
                "TransactionConflictException" => StoreError::Conflict { what: "item" },
                "ResourceNotFoundException" => {
                    StoreError::Config { message: format!("the table does not exist ({message})") }
                }
                _ => StoreError::Engine { message: format!("{code}: {message}") },
            }
        }
        SdkError::TimeoutError(_) => StoreError::Unavailable { message: "the request timed out".into() },
        SdkError::DispatchFailure(_) => {
            // The whole chain of causes: the credential providers say what they looked for.
            let detail = format!("{}", aws_smithy_types::error::display::DisplayErrorContext(&err));
            let lower = detail.to_lowercase();
            let credentials = ["credential", "profile", "sso session", "sso token", "identity"];
            if credentials.iter().any(|word| lower.contains(word)) {
                StoreError::Credentials {
                    message: format!(
                        "no usable AWS credentials were found; sign in (e.g. `aws sso login`) or check the profile ({})",
                        last_cause(&detail)
                    ),
                }
            } else {
                StoreError::Unavailable {
                    message: format!("the network connection failed ({})", last_cause(&detail)),
                }
            }
        }
        SdkError::ResponseError(_) => {
            StoreError::Unavailable { message: "the answer could not be read".into() }
        }
        _ => {
            let detail = format!("{}", aws_smithy_types::error::display::DisplayErrorContext(&err));
            if detail.to_lowercase().contains("credential") {
                StoreError::Credentials {
                    message: format!("no usable AWS credentials were found ({})", last_cause(&detail)),
                }
            } else {
                StoreError::Engine { message: detail }
            }
        }
    }
}

/// The readable part of an error chain printed by `DisplayErrorContext`
/// ("dispatch failure: io error: tcp connect error: Connection refused (DispatchFailure(…))"
/// → "tcp connect error: Connection refused"): no debug dump, no SDK-internal prefixes.
fn last_cause(chain: &str) -> String {
    // DisplayErrorContext ends with " ({debug})": cut at the parenthesis that closes last.
    let mut end = chain.len();
    if chain.ends_with(')') {
        let mut depth = 0i32;
        for (i, c) in chain.char_indices().rev() {
            match c {
                ')' => depth += 1,
                '(' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = i;
                break;
            }
        }
    }
    let mut text = chain[..end].trim();
    for prefix in ["dispatch failure: ", "other: ", "io error: ", "client error (Connect): "] {
        text = text.strip_prefix(prefix).unwrap_or(text);
    }
    text.to_owned()
}

#[cfg(test)]
mod tests {
    use super::{AttributeValue, Item, item_key, last_cause};

    /// A key is text anyone who may write the partition chose: in an error sentence and in the
    /// log its control characters are escapes, not a terminal's commands or a forged log line.
    #[test]
    fn an_item_s_key_is_said_with_its_control_characters_escaped() {
        let item = Item::from([
            ("pk".to_owned(), AttributeValue::S("partition".into())),
            ("sk".to_owned(), AttributeValue::S("row\n2026-12-03T00:00:00Z info forged\u{1b}[2J".into())),
        ]);
        assert_eq!(item_key(&item), "partition / row\\u{a}2026-12-03T00:00:00Z info forged\\u{1b}[2J");
    }

    #[test]
    fn error_chains_lose_their_debug_dump_and_sdk_prefixes() {
        assert_eq!(
            last_cause(
                "dispatch failure: io error: client error (Connect): tcp connect error: Connection refused (os error 111) (DispatchFailure(DispatchFailure { source: x }))"
            ),
            "tcp connect error: Connection refused (os error 111)"
        );
        assert_eq!(
            last_cause(
                "dispatch failure: other: an error occurred while loading credentials: no profile (DispatchFailure(X))"
            ),
            "an error occurred while loading credentials: no profile"
        );
        assert_eq!(last_cause("plain"), "plain");
    }
}

/// Whether a single-item write failed on its condition.
pub fn is_condition_failure<E: ProvideErrorMetadata, R>(err: &SdkError<E, R>) -> bool {
    err.as_service_error().and_then(|e| e.code()).is_some_and(|c| c == "ConditionalCheckFailedException")
}

pub fn s(value: impl Into<String>) -> AttributeValue {
    AttributeValue::S(value.into())
}

pub fn n(value: impl ToString) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

/// Reads a string attribute, or reports the item as damaged.
pub fn get_s<'a>(item: &'a Item, name: &str) -> Result<&'a str, StoreError> {
    match item.get(name) {
        Some(AttributeValue::S(v)) => Ok(v),
        _ => Err(StoreError::corrupt(item_key(item), format!("attribute {name} missing or not a string"))),
    }
}

pub fn get_opt_s<'a>(item: &'a Item, name: &str) -> Option<&'a str> {
    match item.get(name) {
        Some(AttributeValue::S(v)) => Some(v),
        _ => None,
    }
}

pub fn get_n(item: &Item, name: &str) -> Result<i64, StoreError> {
    match item.get(name) {
        Some(AttributeValue::N(v)) => v.parse().map_err(|_| {
            StoreError::corrupt(item_key(item), format!("attribute {name} is not a whole number"))
        }),
        _ => Err(StoreError::corrupt(item_key(item), format!("attribute {name} missing or not a number"))),
    }
}

/// `pk / sk` of an item, for error messages and the log: a control character in them (a key is
/// text whoever may write the partition chose) is written as its escape (`\u{1b}`).
pub fn item_key(item: &Item) -> String {
    let part = |k: &str| match item.get(k) {
        Some(AttributeValue::S(v)) => planner_domain::printable::printable(v, &[]).into_owned(),
        _ => "?".into(),
    };
    format!("{} / {}", part(crate::keys::PK), part(crate::keys::SK))
}

pub fn key(pk: impl Into<String>, sk: impl Into<String>) -> Item {
    HashMap::from([(crate::keys::PK.to_owned(), s(pk)), (crate::keys::SK.to_owned(), s(sk))])
}

/// Runs a query to the end, following `LastEvaluatedKey` across 1 MB pages.
pub async fn query_all(query: QueryFluentBuilder) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::new();
    query_pages(query, None, |page| items.extend(page)).await?;
    Ok(items)
}

/// At most this many parts of a query's days are asked at once after its first page
/// ([`query_days`]): about as many pages of 1 MB held at once, at most.
pub const DAY_PARTS: i64 = 8;

/// The items whose sort keys hold a start day in `[first, last]` (`ask(lo, hi)` makes the query
/// of the days `[lo, hi]`), every page of them, each page handed to `take` and its results
/// returned in key order. Not page after page as [`query_all`] goes: when the first page
/// does not reach the end, the days left are cut into [`DAY_PARTS`] parts of as many days
/// (fewer when fewer days are left), asked at once, each to its end; the first part goes on
/// from where the first page stopped. A window of 2,500 people, eight pages, took eight round
/// trips one after the other (BENCHMARKS.md, "The start at 2,500 people"). `start_of` reads
/// the day of a sort key; a page that stopped at a key it cannot read is followed page by page.
pub async fn query_days<T>(
    ask: impl Fn(Date, Date) -> QueryFluentBuilder,
    (first, last): (Date, Date),
    start_of: impl Fn(&str) -> Option<Date>,
    take: impl Fn(Vec<Item>) -> T,
) -> Result<Vec<T>, StoreError> {
    let (items, stop) = page(&ask(first, last), None).await?;
    let mut out = vec![take(items)];
    let Some(stop) = stop else { return Ok(out) };
    let reached = stop.get("sk").and_then(|v| v.as_s().ok()).and_then(|sk| start_of(sk));
    let Some(reached) = reached.filter(|d| first <= *d && *d <= last) else {
        query_pages(ask(first, last), Some(stop), |p| out.push(take(p))).await?;
        return Ok(out);
    };
    // The days left in DAY_PARTS parts (or a day each, when fewer are left): a plan is not
    // spread evenly (denser near today), so the first page's days say little of the rest's.
    let left = reached.days_until(last) + 1;
    let span = (left + DAY_PARTS - 1) / DAY_PARTS;
    let mut parts = vec![(first, reached.add_days(span - 1).min(last), Some(stop))];
    let mut lo = reached.add_days(span);
    while lo <= last {
        let hi = lo.add_days(span - 1).min(last);
        parts.push((lo, hi, None));
        lo = hi.add_days(1);
    }
    let (ask, take) = (&ask, &take);
    let rest = futures::future::try_join_all(parts.into_iter().map(|(lo, hi, start)| async move {
        let mut got = Vec::new();
        query_pages(ask(lo, hi), start, |p| got.push(take(p))).await?;
        Ok::<_, StoreError>(got)
    }))
    .await?;
    out.extend(rest.into_iter().flatten());
    Ok(out)
}

/// Runs a query from `start` (an `ExclusiveStartKey`; `None`: from the first item) to its end,
/// handing each page's items to `take` as the page comes: a caller that turns them into something
/// smaller holds one page of the SDK's items at a time, not every page's (at 50,000 bookings
/// those were two thirds of the app's peak heap).
async fn query_pages(
    query: QueryFluentBuilder,
    mut start: Option<Item>,
    mut take: impl FnMut(Vec<Item>),
) -> Result<(), StoreError> {
    loop {
        let (items, next) = page(&query, start).await?;
        take(items);
        if next.is_none() {
            return Ok(());
        }
        start = next;
    }
}

/// One page of `query` from `start`, its consumed capacity asked for: its items, and the key the
/// next page starts after (`None`: it was the last).
async fn page(
    query: &QueryFluentBuilder,
    start: Option<Item>,
) -> Result<(Vec<Item>, Option<Item>), StoreError> {
    let page = query
        .clone()
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .set_exclusive_start_key(start)
        .send()
        .await
        .map_err(classify)?;
    Ok((page.items.unwrap_or_default(), page.last_evaluated_key.filter(|k| !k.is_empty())))
}

/// Sleeps before retry `attempt` (1-based): exponential with full jitter, 25 ms … ~3 s.
pub async fn backoff(attempt: u32) {
    let cap = 25u64.saturating_mul(1 << attempt.min(7));
    let wait = rand::random_range(cap / 2..=cap);
    tokio::time::sleep(Duration::from_millis(wait)).await;
}

/// Deletes items by key in batches of 25 (see [`batch_write`]). Deleting a missing item is not
/// an error.
pub async fn batch_delete(
    client: &Client,
    table: &str,
    keys: Vec<Item>,
    progress: impl FnMut(usize),
) -> Result<usize, StoreError> {
    let requests = keys
        .into_iter()
        .map(|k| {
            DeleteRequest::builder()
                .set_key(Some(k))
                .build()
                .map(|d| WriteRequest::builder().delete_request(d).build())
                .map_err(StoreError::build)
        })
        .collect::<Result<Vec<_>, _>>()?;
    batch_write(client, table, requests, progress).await
}

/// Writes whole items in batches of 25, overwriting (see [`batch_write`]).
pub async fn batch_put(
    client: &Client,
    table: &str,
    items: Vec<Item>,
    progress: impl FnMut(usize),
) -> Result<usize, StoreError> {
    let requests = items
        .into_iter()
        .map(|i| {
            PutRequest::builder()
                .set_item(Some(i))
                .build()
                .map(|p| WriteRequest::builder().put_request(p).build())
                .map_err(StoreError::build)
        })
        .collect::<Result<Vec<_>, _>>()?;
    batch_write(client, table, requests, progress).await
}

/// BatchWriteItem in chunks of 25, retrying UnprocessedItems with backoff. `progress` is told
/// how many are done after each chunk.
pub async fn batch_write(
    client: &Client,
    table: &str,
    requests: Vec<WriteRequest>,
    mut progress: impl FnMut(usize),
) -> Result<usize, StoreError> {
    let mut done = 0;
    for chunk in requests.chunks(25) {
        let mut pending = chunk.to_vec();
        let mut attempt = 0;
        while !pending.is_empty() {
            if attempt > 0 {
                if attempt >= ATTEMPTS {
                    return Err(StoreError::Busy {
                        message: format!(
                            "{} writes were not processed after {ATTEMPTS} attempts",
                            pending.len()
                        ),
                    });
                }
                backoff(attempt).await;
            }
            attempt += 1;
            let out = client
                .batch_write_item()
                .request_items(table, pending.clone())
                .return_consumed_capacity(ReturnConsumedCapacity::Total)
                .send()
                .await
                .map_err(classify)?;
            pending = out.unprocessed_items.and_then(|mut m| m.remove(table)).unwrap_or_default();
        }
        done += chunk.len();
        progress(done);
    }
    Ok(done)
}

/// Reads items by key in batches of 100, retrying UnprocessedKeys. Missing items are skipped.
pub async fn batch_get(
    client: &Client,
    table: &str,
    keys: Vec<Item>,
    consistent: bool,
) -> Result<Vec<Item>, StoreError> {
    batch_get_of(client, table, keys, consistent, None).await
}

/// The attributes a read names (a projection expression with a placeholder for each name):
/// what IAM's `dynamodb:Attributes` sees, so a policy can refuse every other attribute.
#[derive(Debug, Clone)]
pub struct Projection {
    pub(crate) expression: String,
    pub(crate) names: HashMap<String, String>,
}

impl Projection {
    pub fn of(attributes: &[&str]) -> Self {
        let placeholders: Vec<String> = (0..attributes.len()).map(|i| format!("#p{i}")).collect();
        let names = placeholders.iter().cloned().zip(attributes.iter().map(|a| (*a).to_owned())).collect();
        Self { expression: placeholders.join(", "), names }
    }
}

/// [`batch_get`] returning only the attributes of `projection` (all without one).
pub async fn batch_get_of(
    client: &Client,
    table: &str,
    keys: Vec<Item>,
    consistent: bool,
    projection: Option<&Projection>,
) -> Result<Vec<Item>, StoreError> {
    let mut found = Vec::new();
    for chunk in keys.chunks(100) {
        let mut pending = Some(
            KeysAndAttributes::builder()
                .set_keys(Some(chunk.to_vec()))
                .consistent_read(consistent)
                .set_projection_expression(projection.map(|p| p.expression.clone()))
                .set_expression_attribute_names(projection.map(|p| p.names.clone()))
                .build()
                .map_err(StoreError::build)?,
        );
        let mut attempt = 0;
        while let Some(request) = pending.take() {
            if attempt > 0 {
                if attempt >= ATTEMPTS {
                    return Err(StoreError::Busy {
                        message: "some items could not be read after several attempts".into(),
                    });
                }
                backoff(attempt).await;
            }
            attempt += 1;
            let out = client
                .batch_get_item()
                .request_items(table, request)
                .return_consumed_capacity(ReturnConsumedCapacity::Total)
                .send()
                .await
                .map_err(classify)?;
            found.extend(out.responses.and_then(|mut r| r.remove(table)).unwrap_or_default());
            pending = out.unprocessed_keys.and_then(|mut m| m.remove(table)).filter(|k| !k.keys().is_empty());
        }
    }
    Ok(found)
}

/// Why a transaction was refused.
#[derive(Debug)]
pub enum TxError {
    /// Cancelled: one code per action ("None", "ConditionalCheckFailed", …).
    Cancelled(Vec<String>),
    Store(StoreError),
}

impl TxError {
    /// Whether action `index` failed its condition.
    pub fn condition_failed_at(&self, index: usize) -> bool {
        matches!(self, TxError::Cancelled(codes) if codes.get(index).is_some_and(|c| c == "ConditionalCheckFailed"))
    }

    pub fn into_store(self, what: &'static str) -> StoreError {
        match self {
            TxError::Cancelled(_) => StoreError::Conflict { what },
            TxError::Store(e) => e,
        }
    }
}

/// Runs one transaction (at most 100 actions), retrying while it only collides with other
/// transactions (`TransactionConflict`). The SDK sends a ClientRequestToken, so its own retries
/// of a request whose answer was lost are idempotent.
pub async fn transact(client: &Client, actions: Vec<TransactWriteItem>) -> Result<(), TxError> {
    debug_assert!(actions.len() <= 100, "a transaction holds at most 100 actions");
    let mut attempt = 0;
    loop {
        let result = client
            .transact_write_items()
            .set_transact_items(Some(actions.clone()))
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .send()
            .await;
        let err = match result {
            Ok(_) => return Ok(()),
            Err(e) => e,
        };
        let codes: Option<Vec<String>> = match err.as_service_error() {
            Some(TransactWriteItemsError::TransactionCanceledException(c)) => {
                Some(c.cancellation_reasons().iter().map(|r| r.code().unwrap_or("None").to_owned()).collect())
            }
            _ => None,
        };
        let retryable = match &codes {
            Some(codes) => {
                codes.iter().any(|c| {
                    c == "TransactionConflict"
                        || c == "ThrottlingError"
                        || c == "ProvisionedThroughputExceeded"
                }) && !codes.iter().any(|c| c == "ConditionalCheckFailed")
            }
            None => err
                .as_service_error()
                .is_some_and(|e| matches!(e, TransactWriteItemsError::TransactionInProgressException(_))),
        };
        attempt += 1;
        if retryable && attempt < ATTEMPTS {
            backoff(attempt).await;
            continue;
        }
        return Err(match codes {
            Some(codes) if !retryable => TxError::Cancelled(codes),
            Some(_) => TxError::Store(StoreError::Busy {
                message: "the change kept colliding with other changes or was throttled".into(),
            }),
            None => TxError::Store(classify(err)),
        });
    }
}

/// A Put that must not overwrite.
pub(crate) fn put_new(table: &str, item: Item) -> Result<TransactWriteItem, StoreError> {
    Ok(TransactWriteItem::builder()
        .put(
            Put::builder()
                .table_name(table)
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(pk)")
                .build()
                .map_err(StoreError::build)?,
        )
        .build())
}

/// A Put that may overwrite (its item is this writer's own: a mark, a record, an index entry).
pub(crate) fn plain_put(table: &str, item: Item) -> Result<TransactWriteItem, StoreError> {
    Ok(TransactWriteItem::builder()
        .put(Put::builder().table_name(table).set_item(Some(item)).build().map_err(StoreError::build)?)
        .build())
}

/// A ConditionCheck of the item `sk` of the partition `pk`, for a transaction.
pub(crate) fn check_at(
    table: &str,
    pk: &str,
    sk: String,
    condition: &str,
) -> Result<TransactWriteItem, StoreError> {
    Ok(TransactWriteItem::builder()
        .condition_check(
            aws_sdk_dynamodb::types::ConditionCheck::builder()
                .table_name(table)
                .set_key(Some(key(pk, sk)))
                .condition_expression(condition)
                .build()
                .map_err(StoreError::build)?,
        )
        .build())
}

//! The embedded engine: a `dynoxide::Database` answering the SDK's requests in-process.
//!
//! The SDK builds and signs its HTTP request as usual; this connector reads the operation from
//! `X-Amz-Target`, hands the JSON body to the matching `Database` method and returns DynamoDB's
//! wire answer. No socket is opened, so nothing else on the machine can reach the data.
//! Scan and the PartiQL operations are refused here too (docs/data-model.md, rule 2).

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::http::StatusCode;
use aws_smithy_types::body::SdkBody;
use dynoxide::{Database, DynoxideError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

const TARGET_PREFIX: &str = "DynamoDB_20120810.";

/// The in-process HTTP client over one embedded database.
#[derive(Clone)]
pub struct EmbeddedClient {
    db: Database,
}

impl fmt::Debug for EmbeddedClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EmbeddedClient")
    }
}

impl EmbeddedClient {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

impl HttpClient for EmbeddedClient {
    fn http_connector(
        &self,
        _settings: &HttpConnectorSettings,
        _components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(self.clone())
    }
}

impl HttpConnector for EmbeddedClient {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let operation = operation_of(&request);
        let body = request.body().bytes().map(<[u8]>::to_vec).unwrap_or_default();
        let db = self.db.clone();
        HttpConnectorFuture::new(async move {
            // The engine blocks (SQLite); running it off the async threads lets the SDK's
            // timeouts fire, as they would on a slow network.
            let (status, body) =
                tokio::task::spawn_blocking(move || dispatch(&db, operation.as_deref(), &body))
                    .await
                    .map_err(|e| ConnectorError::other(Box::new(e), None))?;
            Ok(wire_response(status, body))
        })
    }
}

/// The operation name of a DynamoDB request (`PutItem`, `Query`, …).
pub(crate) fn operation_of(request: &HttpRequest) -> Option<String> {
    request.headers().get("x-amz-target").and_then(|t| t.strip_prefix(TARGET_PREFIX)).map(str::to_owned)
}

pub(crate) fn wire_response(status: u16, body: Vec<u8>) -> HttpResponse {
    let status = StatusCode::try_from(status)
        .unwrap_or_else(|_| StatusCode::try_from(500).expect("500 is a valid status code"));
    let mut response = HttpResponse::new(status, SdkBody::from(body));
    response.headers_mut().insert("content-type", "application/x-amz-json-1.0");
    response.headers_mut().insert("x-amzn-requestid", ulid::Ulid::new().to_string());
    response
}

fn error_body(kind: &str, message: &str) -> Vec<u8> {
    serde_json::json!({ "__type": format!("com.amazonaws.dynamodb.v20120810#{kind}"), "message": message })
        .to_string()
        .into_bytes()
}

fn run<Req, Resp>(
    body: &[u8],
    op: impl FnOnce(Req) -> dynoxide::Result<Resp>,
) -> Result<Vec<u8>, DynoxideError>
where
    Req: DeserializeOwned,
    Resp: Serialize,
{
    let request: Req = serde_json::from_slice(body).map_err(|e| {
        // dynoxide tags request-validation failures raised while deserialising.
        let text = e.to_string();
        if text.contains("VALIDATION") || text.contains("missing field") || text.contains("unknown variant") {
            DynoxideError::ValidationException(text)
        } else {
            DynoxideError::SerializationException(text)
        }
    })?;
    let response = op(request)?;
    serde_json::to_vec(&response)
        .map_err(|e| DynoxideError::InternalServerError(format!("cannot encode response: {e}")))
}

/// Answers one request: the status and body DynamoDB would send.
pub(crate) fn dispatch(db: &Database, operation: Option<&str>, body: &[u8]) -> (u16, Vec<u8>) {
    use dynoxide::actions::*;
    let result = match operation.unwrap_or("") {
        "CreateTable" => run(body, |r: create_table::CreateTableRequest| db.create_table(r)),
        "DescribeTable" => run(body, |r: describe_table::DescribeTableRequest| db.describe_table(r)),
        "DeleteTable" => run(body, |r: delete_table::DeleteTableRequest| db.delete_table(r)),
        "ListTables" => run(body, |r: list_tables::ListTablesRequest| db.list_tables(r)),
        "UpdateTimeToLive" => {
            run(body, |r: update_time_to_live::UpdateTimeToLiveRequest| db.update_time_to_live(r))
        }
        "DescribeTimeToLive" => {
            run(body, |r: describe_time_to_live::DescribeTimeToLiveRequest| db.describe_time_to_live(r))
        }
        "PutItem" => run(body, |r: put_item::PutItemRequest| db.put_item(r)),
        "GetItem" => run(body, |r: get_item::GetItemRequest| db.get_item(r)),
        "DeleteItem" => run(body, |r: delete_item::DeleteItemRequest| db.delete_item(r)),
        "UpdateItem" => run(body, |r: update_item::UpdateItemRequest| db.update_item(r)),
        "Query" => run(body, |r: query::QueryRequest| db.query(r)),
        "BatchGetItem" => run(body, |r: batch_get_item::BatchGetItemRequest| db.batch_get_item(r)),
        "BatchWriteItem" => run(body, |r: batch_write_item::BatchWriteItemRequest| db.batch_write_item(r)),
        "TransactWriteItems" => {
            run(body, |r: transact_write_items::TransactWriteItemsRequest| db.transact_write_items(r))
        }
        "TransactGetItems" => {
            run(body, |r: transact_get_items::TransactGetItemsRequest| db.transact_get_items(r))
        }
        refused @ ("Scan" | "ExecuteStatement" | "BatchExecuteStatement" | "ExecuteTransaction") => {
            return (
                400,
                error_body(
                    "AccessDeniedException",
                    &format!("{refused} is not allowed in resource-planner (no Scan, no PartiQL)"),
                ),
            );
        }
        _ => return (400, error_body("UnknownOperationException", "unknown operation")),
    };
    match result {
        Ok(body) => (200, body),
        Err(e) => (e.status_code(), e.to_json().into_bytes()),
    }
}

//! Hooks between the SDK and an engine, for tests and benchmarks: record every request, or
//! inject the failures the embedded engine cannot produce (throttling, UnprocessedItems,
//! TransactionConflict, a lost response, a dropped connection).
//!
//! The hooked client wraps whichever HTTP client the engine uses, so the same hooks work on the
//! embedded engine and on a real DynamoDB endpoint.

use super::embedded::{operation_of, wire_response};
use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::HttpRequest;
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::body::SdkBody;
use aws_smithy_types::byte_stream::ByteStream;
use std::fmt;
use std::sync::Arc;

/// What to do with one request.
#[derive(Debug, Clone)]
pub enum Before {
    /// Send it on unchanged.
    Forward,
    /// Send this body instead, then merge `merge` (a JSON object) into the engine's answer.
    Rewrite { body: Vec<u8>, merge: serde_json::Value },
    /// Do not send it; answer with this status and body.
    Respond { status: u16, body: Vec<u8> },
    /// Do not send it; fail as a dropped connection would.
    Disconnect,
    /// Send it (so a write lands), then fail as if the answer was lost on the way back.
    LoseResponse,
}

/// Watches or changes the requests of a hooked client.
pub trait Hooks: Send + Sync + fmt::Debug {
    /// Called before each request with its operation name and JSON body.
    fn before(&self, _operation: &str, _body: &[u8]) -> Before {
        Before::Forward
    }

    /// Called after each answered request (not for `Disconnect`).
    fn after(&self, _operation: &str, _request: &[u8], _status: u16, _response: &[u8]) {}
}

/// An HTTP client that runs [`Hooks`] around another.
#[derive(Clone, Debug)]
pub struct HookedClient {
    inner: SharedHttpClient,
    hooks: Arc<dyn Hooks>,
}

impl HookedClient {
    pub fn new(inner: SharedHttpClient, hooks: Arc<dyn Hooks>) -> Self {
        Self { inner, hooks }
    }
}

impl HttpClient for HookedClient {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(HookedConnector {
            inner: self.inner.http_connector(settings, components),
            hooks: self.hooks.clone(),
        })
    }
}

#[derive(Debug)]
struct HookedConnector {
    inner: SharedHttpConnector,
    hooks: Arc<dyn Hooks>,
}

fn injected(what: &str) -> ConnectorError {
    ConnectorError::io(Box::new(std::io::Error::new(
        std::io::ErrorKind::ConnectionReset,
        format!("injected fault: {what}"),
    )))
}

fn merge_json(response: &[u8], merge: &serde_json::Value) -> Vec<u8> {
    let mut value: serde_json::Value =
        serde_json::from_slice(response).unwrap_or_else(|_| serde_json::json!({}));
    if let (Some(target), Some(extra)) = (value.as_object_mut(), merge.as_object()) {
        for (k, v) in extra {
            target.insert(k.clone(), v.clone());
        }
    }
    serde_json::to_vec(&value).unwrap_or_default()
}

impl HttpConnector for HookedConnector {
    fn call(&self, mut request: HttpRequest) -> HttpConnectorFuture {
        let operation = operation_of(&request).unwrap_or_default();
        let body = request.body().bytes().map(<[u8]>::to_vec).unwrap_or_default();
        let decision = self.hooks.before(&operation, &body);
        let (sent, merge, lose) = match decision {
            Before::Forward => (body, None, false),
            Before::LoseResponse => (body, None, true),
            Before::Rewrite { body: new_body, merge } => {
                request.headers_mut().insert("content-length", new_body.len().to_string());
                *request.body_mut() = SdkBody::from(new_body.clone());
                (new_body, Some(merge), false)
            }
            Before::Respond { status, body: answer } => {
                self.hooks.after(&operation, &body, status, &answer);
                return HttpConnectorFuture::ready(Ok(wire_response(status, answer)));
            }
            Before::Disconnect => {
                return HttpConnectorFuture::ready(Err(injected("connection dropped")));
            }
        };
        let inner = self.inner.clone();
        let hooks = self.hooks.clone();
        HttpConnectorFuture::new(async move {
            let mut response = inner.call(request).await?;
            let status = response.status().as_u16();
            // A real endpoint streams its answer: read it whole so hooks can see it.
            let streamed = std::mem::replace(response.body_mut(), SdkBody::taken());
            let mut answer = ByteStream::new(streamed)
                .collect()
                .await
                .map_err(|e| ConnectorError::io(Box::new(e)))?
                .into_bytes()
                .to_vec();
            if let Some(merge) = merge.filter(|_| status == 200) {
                answer = merge_json(&answer, &merge);
                // The engine's checksum no longer matches the changed body.
                response.headers_mut().remove("x-amz-crc32");
            }
            hooks.after(&operation, &sent, status, &answer);
            if lose {
                return Err(injected("response lost"));
            }
            response.headers_mut().insert("content-length", answer.len().to_string());
            *response.body_mut() = SdkBody::from(answer);
            Ok(response)
        })
    }
}

//! The table's shape (docs/data-model.md, "The table"): `pk`/`sk` strings, GSI1 over
//! `GSI1PK`/`GSI1SK` projecting all attributes, on-demand billing, TTL on `expires`. Creating it
//! is idempotent.

use crate::StoreError;
use crate::keys::{GSI1, GSI1PK, GSI1SK, PK, SK};
use crate::sdk::classify;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType,
    PointInTimeRecoverySpecification, Projection, ProjectionType, ScalarAttributeType, SseSpecification,
    SseType, TableStatus as SdkStatus, TimeToLiveSpecification,
};
use std::time::Duration;

/// The TTL attribute (epoch seconds) of sessions and verification tokens.
pub const TTL_ATTRIBUTE: &str = "expires";

/// What [`ensure_table`] found or did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    Created,
    AlreadyExisted,
}

fn key(name: &str, kind: KeyType) -> Result<KeySchemaElement, StoreError> {
    KeySchemaElement::builder().attribute_name(name).key_type(kind).build().map_err(StoreError::build)
}

fn string_attribute(name: &str) -> Result<AttributeDefinition, StoreError> {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .map_err(StoreError::build)
}

/// How a shared table is kept safe, as the CloudFormation template does it
/// (`deploy/cloudformation/resource-planner.yaml`): deletion protection and KMS encryption when
/// it is created (with the AWS managed key, or `kms_key`), point-in-time recovery always.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Protection {
    pub kms_key: Option<String>,
}

/// Creates the table with GSI1 and TTL unless it exists; waits until it is active.
pub async fn ensure_table(client: &Client, table: &str) -> Result<TableStatus, StoreError> {
    ensure_table_with(client, table, None).await
}

/// [`ensure_table`], protected as [`Protection`] says (the admin CLI's `create-table` on a
/// shared table).
pub async fn ensure_table_with(
    client: &Client,
    table: &str,
    protection: Option<&Protection>,
) -> Result<TableStatus, StoreError> {
    let exists = match client.describe_table().table_name(table).send().await {
        Ok(_) => true,
        Err(e) if e.as_service_error().is_some_and(|s| s.is_resource_not_found_exception()) => false,
        Err(e) => return Err(classify(e)),
    };
    let status = if exists {
        TableStatus::AlreadyExisted
    } else {
        let gsi = GlobalSecondaryIndex::builder()
            .index_name(GSI1)
            .key_schema(key(GSI1PK, KeyType::Hash)?)
            .key_schema(key(GSI1SK, KeyType::Range)?)
            .projection(Projection::builder().projection_type(ProjectionType::All).build())
            .build()
            .map_err(StoreError::build)?;
        let mut create = client.create_table();
        if let Some(p) = protection {
            let sse = SseSpecification::builder()
                .enabled(true)
                .sse_type(SseType::Kms)
                .set_kms_master_key_id(p.kms_key.clone())
                .build();
            create = create.deletion_protection_enabled(true).sse_specification(sse);
        }
        let created = create
            .table_name(table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(string_attribute(PK)?)
            .attribute_definitions(string_attribute(SK)?)
            .attribute_definitions(string_attribute(GSI1PK)?)
            .attribute_definitions(string_attribute(GSI1SK)?)
            .key_schema(key(PK, KeyType::Hash)?)
            .key_schema(key(SK, KeyType::Range)?)
            .global_secondary_indexes(gsi)
            .send()
            .await;
        match created {
            Ok(_) => TableStatus::Created,
            // Someone else created it meanwhile.
            Err(e) if e.as_service_error().is_some_and(|s| s.is_resource_in_use_exception()) => {
                TableStatus::AlreadyExisted
            }
            Err(e) => return Err(classify(e)),
        }
    };
    wait_active(client, table).await?;
    ensure_ttl(client, table).await?;
    if protection.is_some() {
        let pitr = PointInTimeRecoverySpecification::builder()
            .point_in_time_recovery_enabled(true)
            .build()
            .map_err(StoreError::build)?;
        client
            .update_continuous_backups()
            .table_name(table)
            .point_in_time_recovery_specification(pitr)
            .send()
            .await
            .map_err(classify)?;
    }
    Ok(status)
}

async fn wait_active(client: &Client, table: &str) -> Result<(), StoreError> {
    for attempt in 0..120u32 {
        let described = client.describe_table().table_name(table).send().await.map_err(classify)?;
        let table_desc = described.table();
        let table_active = table_desc.and_then(|t| t.table_status()) == Some(&SdkStatus::Active);
        let indexes_active = table_desc
            .map(|t| t.global_secondary_indexes())
            .unwrap_or_default()
            .iter()
            .all(|g| g.index_status().is_none_or(|s| *s == aws_sdk_dynamodb::types::IndexStatus::Active));
        if table_active && indexes_active {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(if attempt < 10 { 200 } else { 1000 })).await;
    }
    Err(StoreError::Unavailable { message: format!("the table {table} did not become active in time") })
}

async fn ensure_ttl(client: &Client, table: &str) -> Result<(), StoreError> {
    let current = client.describe_time_to_live().table_name(table).send().await.map_err(classify)?;
    let enabled = current.time_to_live_description().is_some_and(|d| {
        d.attribute_name() == Some(TTL_ATTRIBUTE)
            && matches!(
                d.time_to_live_status(),
                Some(aws_sdk_dynamodb::types::TimeToLiveStatus::Enabled)
                    | Some(aws_sdk_dynamodb::types::TimeToLiveStatus::Enabling)
            )
    });
    if enabled {
        return Ok(());
    }
    let spec = TimeToLiveSpecification::builder()
        .attribute_name(TTL_ATTRIBUTE)
        .enabled(true)
        .build()
        .map_err(StoreError::build)?;
    client
        .update_time_to_live()
        .table_name(table)
        .time_to_live_specification(spec)
        .send()
        .await
        .map_err(classify)?;
    Ok(())
}

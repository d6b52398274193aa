//! A hook that counts requests, capacity units and items read from the engine's answers.

use planner_store::engine::hooks::Hooks;
use std::sync::Mutex;

#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    pub requests: usize,
    pub read_units: f64,
    pub write_units: f64,
    /// Items the engine evaluated (`ScannedCount`, or items returned by gets).
    pub items_read: usize,
}

#[derive(Debug, Default)]
pub struct Meter(Mutex<Totals>);

impl Meter {
    /// The totals since the last reset.
    pub fn reset(&self) -> Totals {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

fn capacity(value: &serde_json::Value) -> (f64, f64) {
    // One table's units: the split into reads and writes where the answer gives it, else the
    // total as reads (a write's total is taken by the operation, below). BatchGetItem answers a
    // list of these, as a Query answers one; a list of totals alone read as nothing before, so a
    // batch's reads were not counted.
    let one = |c: &serde_json::Value| {
        let (r, w) =
            (c["ReadCapacityUnits"].as_f64().unwrap_or(0.0), c["WriteCapacityUnits"].as_f64().unwrap_or(0.0));
        if r == 0.0 && w == 0.0 { (c["CapacityUnits"].as_f64().unwrap_or(0.0), 0.0) } else { (r, w) }
    };
    match &value["ConsumedCapacity"] {
        serde_json::Value::Array(list) => {
            list.iter().map(one).fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1))
        }
        c @ serde_json::Value::Object(_) => one(c),
        _ => (0.0, 0.0),
    }
}

impl Hooks for Meter {
    fn after(&self, operation: &str, _request: &[u8], status: u16, response: &[u8]) {
        let value: serde_json::Value = serde_json::from_slice(response).unwrap_or_default();
        let mut t = self.0.lock().unwrap();
        t.requests += 1;
        if status != 200 {
            return;
        }
        let (r, w) = capacity(&value);
        let writes = matches!(
            operation,
            "PutItem" | "UpdateItem" | "DeleteItem" | "BatchWriteItem" | "TransactWriteItems"
        );
        let total = |list: &serde_json::Value| match list {
            serde_json::Value::Array(l) => l.iter().map(|c| c["CapacityUnits"].as_f64().unwrap_or(0.0)).sum(),
            c => c["CapacityUnits"].as_f64().unwrap_or(0.0),
        };
        if writes {
            t.write_units += if w > 0.0 { w } else { total(&value["ConsumedCapacity"]) };
        } else {
            t.read_units += r;
        }
        t.items_read += match operation {
            "Query" => value["ScannedCount"].as_u64().unwrap_or(0) as usize,
            "GetItem" => usize::from(value.get("Item").is_some()),
            "BatchGetItem" => value["Responses"]
                .as_object()
                .map_or(0, |tables| tables.values().filter_map(|l| l.as_array()).map(Vec::len).sum()),
            _ => 0,
        };
    }
}

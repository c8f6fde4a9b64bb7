//! Counts what a request costs, in test mode: its D1 round trips and rows, and its R2 operations.
//! The round trips are what the per-route budget test checks (`tests/api/d1-budgets.mjs`, ADR
//! 0011); the rows and operations are what `npm run bench:cost` prices.
//!
//! In production D1 lives in one place and the Worker runs near the user, so every D1 call a
//! request waits for in turn is a full round trip: their number is the latency that matters. With
//! `TEST_USAGE=on` outside production (the test server sets it; `wrangler.toml` never does),
//! `db::db` and `recordings::bucket` hand out their bindings wrapped in JavaScript `Proxy`s that
//! count, and the answer carries the counts:
//!
//! - `x-d1-round-trips`: a statement's `first`, `all`, `run` or `raw`, or a `batch` (one, however
//!   many statements), started while no other D1 call of the request is in flight: calls that run
//!   concurrently cost one wait, and so count once. `x-d1-round-trips-before-body` is the count
//!   when a handler started sending the request body to R2 (`mark_body_streaming`).
//! - `x-d1-rows-read`, `x-d1-rows-written`, `x-d1-duration-us` (the time D1 spent running the
//!   SQL, which bounds how many such requests one database serves a second): from each result's
//!   `meta`. `first()` returns a row
//!   without its `meta`, so while counting it is answered from `all()` (the same query; the first
//!   row, or a column of it, or null), which is what D1 does with it anyway.
//! - `x-r2-class-a`, `x-r2-class-b`: R2's billing classes (put, list, multipart create, part and
//!   complete are Class A; get and head Class B; delete and abort are free).
//!
//! Work that goes on after the answer (composing parts) gets a counter of its own and logs one
//! `usage` line when done (`log_background`). Wrapping the bindings, rather than each call
//! site, means no call can be missed.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use worker::{Bucket, D1Database, Response};

use crate::App;

#[wasm_bindgen(inline_js = r#"
export function newCounter() {
  return { rounds: 0, inFlight: 0, beforeBody: -1, rowsRead: 0, rowsWritten: 0, d1Ms: 0, r2ClassA: 0, r2ClassB: 0, doRequests: 0, doRowsRead: 0, doRowsWritten: 0 };
}

// A proxy of `target` whose methods named in `methods` are replaced by `methods[name](target,
// args)`; other functions are bound to the target. `targets` maps proxies back to their targets.
const targets = new WeakMap();
function wrap(target, methods) {
  const proxy = new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      const method = methods[key];
      return method ? (...args) => method(object, args) : value.bind(object);
    },
  });
  targets.set(proxy, target);
  return proxy;
}

export function countD1(db, counter) {
  const rows = (result) => {
    for (const one of Array.isArray(result) ? result : [result]) {
      counter.rowsRead += one?.meta?.rows_read ?? 0;
      counter.rowsWritten += one?.meta?.rows_written ?? 0;
      counter.d1Ms += one?.meta?.duration ?? 0;
    }
    return result;
  };
  // One round trip unless another D1 call of the request is already on its way. A call refused
  // with SQLITE_BUSY does not count: D1 is never busy, only the local SQLite file is, when a test
  // writes it behind the server's back, and `db.rs` tries the statement again (that one counts).
  const wait = (promise) => {
    const counted = counter.inFlight === 0;
    if (counted) counter.rounds += 1;
    counter.inFlight += 1;
    const settled = () => { counter.inFlight -= 1; };
    const refused = (err) => {
      settled();
      if (counted && String(err?.message ?? err).includes('SQLITE_BUSY')) counter.rounds -= 1;
    };
    promise.then(settled, refused);
    return promise.then(rows);
  };
  const statementMethods = {
    bind: (target, args) => statement(target.bind(...args)),
    first: (target, [column]) => wait(target.all()).then(({ results }) => {
      const row = results?.[0] ?? null;
      return column === undefined || column === null || row === null ? row : row[column] ?? null;
    }),
    all: (target, args) => wait(target.all(...args)),
    run: (target, args) => wait(target.run(...args)),
    raw: (target, args) => wait(target.raw(...args)),
  };
  const statement = (target) => wrap(target, statementMethods);
  return wrap(db, {
    prepare: (target, args) => statement(target.prepare(...args)),
    batch: (target, [statements]) => wait(target.batch(statements.map((s) => targets.get(s) ?? s))),
    exec: (target, args) => wait(target.exec(...args)),
  });
}

export function countR2(bucket, counter) {
  const a = (promise) => { counter.r2ClassA += 1; return promise; };
  const b = (promise) => { counter.r2ClassB += 1; return promise; };
  const upload = (target) => wrap(target, {
    uploadPart: (t, args) => a(t.uploadPart(...args)),
    complete: (t, args) => a(t.complete(...args)),
  });
  return wrap(bucket, {
    head: (t, args) => b(t.head(...args)),
    get: (t, args) => b(t.get(...args)),
    put: (t, args) => a(t.put(...args)),
    list: (t, args) => a(t.list(...args)),
    createMultipartUpload: (t, args) => a(t.createMultipartUpload(...args)).then(upload),
    resumeMultipartUpload: (t, args) => upload(t.resumeMultipartUpload(...args)),
  });
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = newCounter)]
    fn new_counter() -> JsValue;
    #[wasm_bindgen(js_name = countD1)]
    fn count_d1(db: JsValue, counter: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = countR2)]
    fn count_r2(bucket: JsValue, counter: &JsValue) -> JsValue;
}

/// A request's (or a background job's) counts: a plain JS object the proxies update.
#[derive(Clone)]
pub struct Counter(JsValue);

impl Counter {
    pub fn new() -> Counter {
        Counter(new_counter())
    }

    /// The D1 binding, counting into this counter.
    pub fn d1(&self, database: D1Database) -> D1Database {
        D1Database::unchecked_from_js(count_d1(database.into(), &self.0))
    }

    /// The R2 binding, counting into this counter.
    pub fn r2(&self, bucket: Bucket) -> Bucket {
        Bucket::unchecked_from_js(count_r2(bucket.into(), &self.0))
    }

    fn float(&self, name: &str) -> f64 {
        Reflect::get(&self.0, &JsValue::from_str(name)).ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
    }

    fn field(&self, name: &str) -> i64 {
        self.float(name) as i64
    }

    /// The counts, as header names and values.
    fn counts(&self) -> Vec<(&'static str, i64)> {
        let mut counts = vec![
            ("x-d1-round-trips", self.field("rounds")),
            ("x-d1-rows-read", self.field("rowsRead")),
            ("x-d1-rows-written", self.field("rowsWritten")),
            ("x-d1-duration-us", (self.float("d1Ms") * 1000.0).round() as i64),
            ("x-r2-class-a", self.field("r2ClassA")),
            ("x-r2-class-b", self.field("r2ClassB")),
            ("x-do-requests", self.field("doRequests")),
            ("x-do-rows-read", self.field("doRowsRead")),
            ("x-do-rows-written", self.field("doRowsWritten")),
        ];
        let before_body = self.field("beforeBody");
        if before_body >= 0 {
            counts.push(("x-d1-round-trips-before-body", before_body));
        }
        counts
    }

    /// One of the counts (`r2ClassA`, `rowsWritten`…).
    pub fn value(&self, name: &str) -> i64 {
        self.field(name)
    }

    /// Adds `n` to one of the counts (the participation objects' requests, SQLite rows and R2
    /// operations, which an object reports with each answer).
    pub fn add(&self, name: &str, n: i64) {
        let total = self.float(name) + n as f64;
        let _ = Reflect::set(&self.0, &JsValue::from_str(name), &JsValue::from_f64(total));
    }

    /// Puts the counts on the answer.
    pub fn report(&self, response: &mut Response) -> worker::Result<()> {
        let headers = response.headers_mut();
        for (name, value) in self.counts() {
            headers.set(name, &value.to_string())?;
        }
        Ok(())
    }

    /// One log line with the counts of work done after the answer (`job` names it).
    pub fn log_background(&self, job: &str) {
        let counts: serde_json::Map<String, serde_json::Value> = self
            .counts()
            .into_iter()
            .map(|(name, value)| (name.trim_start_matches("x-").to_string(), value.into()))
            .collect();
        crate::platform::log::usage(job, counts);
    }
}

/// Notes that the handler is about to send the request body to R2: the round trips so far are
/// the ones a chunk waits for before its bytes move.
pub fn mark_body_streaming(app: &App) {
    if let Some(counter) = &app.usage {
        let rounds = counter.field("rounds");
        let _ = Reflect::set(&counter.0, &JsValue::from_str("beforeBody"), &JsValue::from_f64(rounds as f64));
    }
}

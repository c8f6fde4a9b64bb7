// Cloudflare list prices (USD) that the benchmarks price measured operations at: Workers Paid
// (Standard usage model), D1 and R2 Standard storage. Marginal prices only: the $5/month plan and
// the monthly included usage are left out, so a figure is what one more unit of work costs.
//
// Read on 2026-11-25 from Cloudflare's documentation sources (github.com/cloudflare/cloudflare-docs):
//   src/content/docs/workers/platform/pricing.mdx (commit 07acbb6612b5cefa1f8348106c158b0814a2972a)
//   src/content/partials/workers/d1-pricing.mdx   (commit 25a83cedcf38e18ff93a5b1e6f10a8aab3ed7561)
//   src/content/docs/r2/pricing.mdx               (commit 07ec87d4f0b2bb3dd731f801af428f16d6c1b71d)
// published at developers.cloudflare.com/workers/platform/pricing/, /d1/platform/pricing/ and
// /r2/pricing/. Durable Objects (requests, duration) read on 2026-11-27 from
// developers.cloudflare.com/durable-objects/platform/pricing/; its SQLite storage rows are billed at
// the D1 row prices. Limits that bound growth, from /d1/platform/limits/ and /workers/platform/limits/.
export const PRICES_READ_ON = '2026-11-25';

export const PRICES = {
  /** Workers Standard: $0.30 per million requests (10 M/month included). Static assets are free. */
  workerRequest: 0.3 / 1e6,
  /** Workers Standard: $0.02 per million CPU milliseconds (30 M/month included). */
  workerCpuMs: 0.02 / 1e6,
  /** D1: $0.001 per million rows read (25 billion/month included). */
  d1RowRead: 0.001 / 1e6,
  /** D1: $1.00 per million rows written (50 million/month included); an index entry is a row too. */
  d1RowWritten: 1.0 / 1e6,
  /** D1: $0.75 per GB-month stored (5 GB included). */
  d1GbMonth: 0.75,
  /** R2 Standard: $4.50 per million Class A operations (put, list, multipart create/part/complete). */
  r2ClassA: 4.5 / 1e6,
  /** R2 Standard: $0.36 per million Class B operations (get, head). Delete and abort are free. */
  r2ClassB: 0.36 / 1e6,
  /** R2 Standard: $0.015 per GB-month stored (10 GB-month free); no egress charges. */
  r2GbMonth: 0.015,
  /** Durable Objects: $0.15 per million requests (HTTP, RPC, alarms; 1 M/month included). */
  doRequest: 0.15 / 1e6,
  /** Durable Objects: $12.50 per million GB-s of duration (wall clock while active, 128 MB). */
  doGbS: 12.5 / 1e6,
  /** SQLite-backed Durable Objects: rows read and written billed like D1's. */
  doRowRead: 0.001 / 1e6,
  doRowWritten: 1.0 / 1e6,
};

/** Platform limits that bound growth (Workers Paid). */
export const LIMITS = {
  /** D1: maximum size of one database. */
  d1DatabaseBytes: 10 * 1e9,
  /** Workers: default CPU time per invocation (configurable up to 5 minutes). */
  workerCpuMsPerInvocation: 30_000,
};

/**
 * Not a Cloudflare price: the euro–dollar rate used to compare with the €29 plan. An assumption
 * (no market data is read here); change it to today's rate.
 */
export const USD_PER_EUR = 1.08;

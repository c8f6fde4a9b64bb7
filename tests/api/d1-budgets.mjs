// D1 round-trip budgets, one per API route (ADR 0011), declared with the route itself in
// edge-worker/core/src/routes/table.rs (`.d1(n)`, `.why(..)`) and read here from its export
// (routes.mjs, ADR 0014). In production D1 is in one place and
// the Worker near the user, so each D1 call a request waits for in turn costs a full round trip
// from a far edge: that count is the latency that matters. The test server counts them per request
// (edge-worker/src/platform/usage.rs: a `batch` is one, concurrent calls count once) and answers
// `x-d1-round-trips`; authz-matrix.test.mjs calls every route as every role and checks the most
// any role needed against the route's budget.
//
// Targets: an authenticated GET at most 2 (the session with its user, then the data), a write at
// most 3, and a chunk upload none at all, before its body is streamed to R2 or after
// (`.chunk()` in the declaration; ADR 0013).
// A budget above its target must say why (a Rust test checks it too). Budgets are the designed
// counts, often below the target, so a change that adds a round trip shows up here even while it
// stays within the target.

import { ROUTES, routeKey } from './routes.mjs';

/** Route id → the route's declaration, which carries its budget (`d1`, `why`). */
export const BUDGETS = Object.fromEntries(ROUTES.map((route) => [route.id, route]));

/** Routes (chunk uploads) with a budget of round trips before their bytes go to R2 (`x-d1-round-trips-before-body`). */
const CHUNK_ROUTES = ROUTES.filter((route) => route.d1BeforeBody !== undefined);

/** What the calls of one test run cost, per route (by its id): the most any role needed. */
export class RoundTrips {
  #seen = new Map();
  #beforeBody = new Map();
  #unreported = [];

  /** Notes one answer's counts; an answer without the header is a problem (the count is off?). */
  record(route, role, headers) {
    const value = headers.get('x-d1-round-trips');
    if (value === null) {
      this.#unreported.push(`${route} as ${role}: no x-d1-round-trips header (is TEST_USAGE on?)`);
      return;
    }
    this.#seen.set(route, Math.max(this.#seen.get(route) ?? 0, Number(value)));
    const before = headers.get('x-d1-round-trips-before-body');
    if (before !== null) this.#beforeBody.set(route, Math.max(this.#beforeBody.get(route) ?? 0, Number(before)));
  }

  /** Prints the measured table next to the budgets, so a run shows where each route stands. */
  print() {
    for (const [route, row] of Object.entries(BUDGETS)) {
      const seen = this.#seen.get(route);
      const before = this.#beforeBody.has(route) ? ` (before body ${this.#beforeBody.get(route)})` : '';
      console.log(`${String(seen ?? '-').padStart(2)} / ${row.d1}  ${route} (${routeKey(row)})${before}`);
    }
  }

  /** Every way the run broke the budgets; empty when it kept them. */
  problems(routes) {
    const problems = [...this.#unreported];
    for (const route of routes) {
      const row = BUDGETS[route];
      if (row === undefined) {
        problems.push(`${route}: not declared in edge-worker/core/src/routes/table.rs (is routes.json stale?)`);
        continue;
      }
      if (row.d1 > row.d1Target && !row.why)
        problems.push(`${route}: budget ${row.d1} is above the target ${row.d1Target} without a reason`);
      const seen = this.#seen.get(route);
      if (seen === undefined) problems.push(`${route}: not measured`);
      else if (seen > row.d1) problems.push(`${route}: ${seen} round trips, budget ${row.d1}`);
    }
    for (const chunk of CHUNK_ROUTES) {
      const route = chunk.id;
      const before = this.#beforeBody.get(route);
      if (before === undefined) problems.push(`${route}: no x-d1-round-trips-before-body`);
      else if (before > chunk.d1BeforeBody)
        problems.push(`${route}: ${before} round trips before the body, budget ${chunk.d1BeforeBody}`);
    }
    return problems;
  }
}

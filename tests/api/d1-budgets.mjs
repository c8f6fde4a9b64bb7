// D1 round-trip budgets, one row per API route (ADR 0011). In production D1 is in one place and
// the Worker near the user, so each D1 call a request waits for in turn costs a full round trip
// from a far edge: that count is the latency that matters. The test server counts them per request
// (edge-worker/src/usage.rs: a `batch` is one, concurrent calls count once) and answers
// `x-d1-round-trips`; authz-matrix.test.mjs calls every route as every role and checks the most
// any role needed against the row here. A route without a row fails, like the matrix itself.
//
// Targets: an authenticated GET at most 2 (the session with its user, then the data), a write at
// most 3, and a chunk upload none at all, before its body is streamed to R2 or after
// (CHUNK_BEFORE_BODY; ADR 0013).
// A row above its target must say why. Rows are the designed counts, often below the target, so a
// change that adds a round trip shows up here even while it stays within the target.

/**
 * `METHOD pattern` → the round trips of the route's costliest path (the matrix calls each route as
 * every role; some roles only reach a refusal, which costs less). `{ max, why }` above the target.
 */
export const BUDGETS = {
  'GET /health': 1,
  'GET /openapi.json': 0,
  // The attempt counted with both failure counters and the user read; the session opened. A wrong
  // password counts the failure instead, and mails the owner when the account hits its limit.
  'POST /auth/login/local': 3,
  'POST /auth/register/local/customer': 2,
  'GET /auth/session': 1,
  // The attempt counted; the link is made and mailed after the answer (same timing either way).
  'POST /auth/password-reset': 1,
  'GET /auth/password-reset': 1,
  'PATCH /auth/password-reset': 2,
  'PATCH /auth/update-user-password': 3,
  'GET /user': 1,
  'POST /waitlist': 2,
  'POST /analysis/validate-participation': 1,
  'POST /analysis/participate': 2,
  'GET /analysis': 2,
  'POST /analysis': 3,
  'GET /analysis/{id}': 2,
  'PATCH /analysis/{id}': 3,
  'POST /analysis/{id}/close': 3,
  'POST /analysis/{id}/reopen': 3,
  // The rows deleted with the queue read; R2 emptied before the answer, the queue noted after.
  'DELETE /analysis/{id}': 3,
  'GET /analysis/{id}/summary': 2,
  'GET /analysis/{id}/export': 2,
  'GET /analysis/{id}/export/tasks': 2,
  'GET /analysis/{id}/notes': 2,
  'GET /analysis/{id}/reels': 2,
  // The session; the analysis with the clips named; the reel stored and read back with its playlist.
  'POST /analysis/{id}/reels': 3,
  'GET /reels/{id}': 2,
  'PATCH /reels/{id}': 3,
  'DELETE /reels/{id}': 3,
  'POST /reels/{id}/clips': 3,
  'DELETE /reels/{id}/clips/{clipId}': 3,
  'GET /analysis/{id}/shares': 2,
  // The session; the analysis with the link's target; the link stored and read back.
  'POST /analysis/{id}/shares': 3,
  'POST /shares/{id}/revoke': 3,
  // No session: the attempt counted with the link read, then the view counted with what it shows.
  'GET /share/{token}': 2,
  // The link and the file it may play, joined (the URL's signature is checked without D1).
  'GET /share-media/{id}/{source}/{segment}/{track}': 1,
  'POST /analysisEntry/upload-url': 1,
  // Without a free place the entry is deleted on the spot (one more).
  'PATCH /analysisEntry': 3,
  'GET /participation/current': 2,
  'POST /analysisEntry/{id}/resume': 3,
  // The object checks the capability and opens it; D1 records the segment with the hold.
  'POST /analysisEntry/{id}/segments': 1,
  // The participation's Durable Object keeps the ledger: a chunk never waits for D1 (ADR 0013).
  'PUT /analysisEntry/{id}/segments/{segment}/chunks/{index}': 0,
  'PUT /analysisEntry/{id}/segments/{segment}/camera-chunks/{index}': 0,
  // The capability with the entry; the image to R2; the time it was taken stored.
  'PUT /analysisEntry/{id}/thumbnail': 2,
  // The capability with the entry; the analysis's question settings; the answer with the hold.
  'PUT /analysisEntry/{id}/answers/tasks/{taskNumber}': 3,
  'PUT /analysisEntry/{id}/answers/sus': 3,
  // Kept by the participation's object until Finish (ADR 0013).
  'PUT /analysisEntry/{id}/steps': 0,
  // The object checks the capability and closes the segments (ADR 0013); D1 records them and the
  // length in one batch (the spec's single upload reads the entry once more).
  'POST /analysisEntry/{id}/complete': 2,
  'DELETE /analysisEntry/{id}': 2,
  'GET /analysisEntry/{id}': 2,
  'GET /entry/{id}': 2,
  'DELETE /entry/{id}': 3,
  'GET /entry/{id}/notes': 2,
  'POST /entry/{id}/notes': 3,
  'PATCH /entry/{id}/notes/{noteId}': 3,
  'DELETE /entry/{id}/notes/{noteId}': 3,
  'PUT /uploads/{id}': 2,
  'GET /recordings/{id}': 1,
  'GET /recordings/{id}/{segment}': 1,
  'GET /recordings/{id}/{segment}/camera': 1,
  'GET /thumbnails/{id}': 1,
  'GET /billing': 2,
  'POST /billing': 3,
  'POST /billing/checkout-session': 3,
  'POST /billing/customer-portal': 3,
  'POST /billing/webhook': 2,
  'GET /billing/local/checkout/{id}': 2,
  'POST /billing/local/checkout/{id}/pay': {
    max: 4,
    why: 'the local test-mode checkout (404 in production): the session and checkout read, the checkout claimed, then both events and the invoice',
  },
  'POST /billing/local/checkout/{id}/cancel': 3,
  'GET /billing/local/portal': 2,
  'GET /admin': 2,
  'PATCH /admin/users/{id}': 2,
  'DELETE /admin/users/{id}': 3,
  'GET /admin/waitlist': 2,
  'GET /admin/waitlist/export': 2,
  'POST /billing/local/portal/cancel': 3,
  'POST /auth/logout': 2,
};

/** Round trips a chunk may wait for before its bytes go to R2 (`x-d1-round-trips-before-body`). */
export const CHUNK_BEFORE_BODY = 0;
const CHUNK_ROUTES = ['PUT /analysisEntry/{id}/segments/{segment}/chunks/{index}', 'PUT /analysisEntry/{id}/segments/{segment}/camera-chunks/{index}'];

/** The target a route's row must meet unless it says why. */
const target = (route) => (route === 'GET /openapi.json' ? 0 : route.startsWith('GET ') ? 2 : 3);

const maxOf = (row) => (typeof row === 'number' ? row : row.max);

/** What the calls of one test run cost, per route: the most any role needed. */
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
      console.log(`${String(seen ?? '-').padStart(2)} / ${maxOf(row)}  ${route}${before}`);
    }
  }

  /** Every way the run broke the budgets; empty when it kept them. */
  problems(routes) {
    const problems = [...this.#unreported];
    for (const route of routes) {
      const row = BUDGETS[route];
      if (row === undefined) {
        problems.push(`${route}: no row in tests/api/d1-budgets.mjs`);
        continue;
      }
      if (maxOf(row) > target(route) && !row.why) problems.push(`${route}: budget ${maxOf(row)} is above the target ${target(route)} without a reason`);
      const seen = this.#seen.get(route);
      if (seen === undefined) problems.push(`${route}: not measured`);
      else if (seen > maxOf(row)) problems.push(`${route}: ${seen} round trips, budget ${maxOf(row)}`);
    }
    for (const route of CHUNK_ROUTES) {
      const before = this.#beforeBody.get(route);
      if (before === undefined) problems.push(`${route}: no x-d1-round-trips-before-body`);
      else if (before > CHUNK_BEFORE_BODY) problems.push(`${route}: ${before} round trips before the body, budget ${CHUNK_BEFORE_BODY}`);
    }
    return problems;
  }
}

// The API's route declarations (edge-worker/core/src/routes/table.rs), as exported to
// edge-worker/api-types/routes.json by lupa-api-types (kept fresh by a Rust test, ADR 0014). The
// authorization matrix and the D1 budgets read the routes from here instead of parsing Rust.
import { readFileSync } from 'node:fs';

const file = new URL('../../edge-worker/api-types/routes.json', import.meta.url);

/** Every route: `{id, method, pattern, access, d1, d1Target, why?, d1BeforeBody?, media?, localOnly?}`. */
export const ROUTES = JSON.parse(readFileSync(file, 'utf8')).routes;

/** `METHOD pattern`, how a route reads in messages (both tables are keyed by the route's `id`). */
export const routeKey = (route) => `${route.method} ${route.pattern}`;

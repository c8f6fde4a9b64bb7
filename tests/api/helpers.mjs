// Shared helpers for the API tests: the transport and the generated client (tests/lib/http.mjs),
// and signing up through the shared account flows (tests/lib/test-app.mjs), under the names the
// test files import.
import { uniqueEmail } from '../../scripts/lib/accounts.mjs';

export { uniqueEmail };
export { api, BASE, client, clientWith, randomIp, sessionCookie } from '../lib/http.mjs';
export { signUp } from '../lib/test-app.mjs';

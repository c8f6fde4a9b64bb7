// Streamed body limits (ADR 0006): a body sent without `Content-Length` (chunked) is read as a
// stream and refused with 413 as soon as it passes the route's limit, not after it was read
// whole. The server says how much it read (`x-lupa-body-read`). The client announces nothing,
// sends part of a 200 MB body and then waits with the body unfinished: only a server that refuses
// at its limit can answer then, so the check does not depend on how fast a loaded server reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { BASE, randomIp } from './helpers.mjs';
import { unfinishedPost } from './unfinished-post.mjs';

const MB = 1024 * 1024;

for (const path of ['/api/v1/waitlist', '/api/v1/auth/login/local', '/api/v1/billing/webhook']) {
  test(`a 200 MB chunked body to ${path} is refused before 1 MB of it was sent`, async () => {
    const res = await unfinishedPost(path, MB - 1, path.endsWith('webhook') ? { 'stripe-signature': 't=1,v1=00' } : {});
    // The server quit while the body was unfinished, with less than 1 MB of it sent.
    assert.ok(!res.timedOut, `the server waited for the rest of the body (${res.sent} bytes sent)`);
    if (!res.reset) {
      assert.equal(res.status, 413, res.text);
      assert.equal(JSON.parse(res.text).message, 'La solicitud es demasiado grande');
      const read = Number(res.headers['x-lupa-body-read']);
      assert.ok(read > 0 && read < MB, `server read ${read} bytes`);
    }
  });
}

test('a small chunked JSON body is read whole and handled as usual', async () => {
  const url = new URL('/api/v1/waitlist', BASE);
  const res = await new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
      },
      (r) => {
        let text = '';
        r.on('data', (d) => (text += d));
        r.on('end', () => resolve({ status: r.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.write('{"email":"trozos');
    req.end(`-${Date.now()}@example.com","consent":true}`);
  });
  assert.equal(res.status, 201, res.text);
});

// Streamed body limits (ADR 0006): a body sent without `Content-Length` (chunked) is read as a
// stream and refused with 413 as soon as it passes the route's limit, not after it was read
// whole. The server says how much it read (`x-lupa-body-read`). The client announces nothing,
// sends part of a 200 MB body and then waits with the body unfinished: only a server that refuses
// at its limit can answer then, so the check does not depend on how fast a loaded server reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { BASE, randomIp } from './helpers.mjs';

const MB = 1024 * 1024;

/**
 * POSTs `{"a":"xxxx…` with no Content-Length: 64 KiB every 20 ms until `sent` bytes, then waits
 * with the body unfinished until the server answers or drops the connection (at most 30 s).
 * Resolves with the status and headers (when the answer could be read) and the bytes sent.
 *
 * A server that stops reading and answers early closes a connection with unread data, and the
 * kernel may turn that into a reset before the client has read the answer: then `status` is
 * undefined and `reset` true. Either way the client knows the server quit before the body ended.
 * A server that waits for the whole body never answers: then `timedOut` is true.
 *
 * Locally there is one more hop: miniflare's entry worker passes the request to ours and, when
 * ours answers before the body ended, its pipe to ours may break first; it then answers 500 with
 * the runtime's "Network connection lost" stack as plain text (seen with a dozen of these at once).
 * That is the same early close as a reset, reported by the local proxy (production has no such
 * hop), so it counts as `reset`; our worker's own 500 is JSON and still fails the test.
 */
function unfinishedPost(path, sendBytes, headers = {}) {
  return new Promise((resolve) => {
    const url = new URL(path, BASE);
    let sent = 0;
    let over = false;
    let req;
    const done = (result) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      resolve({ ...result, sent });
      req.destroy();
    };
    const timer = setTimeout(() => done({ timedOut: true }), 30_000);
    req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp(), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode === 500 && text.startsWith('Error: Network connection lost.')
            ? done({ reset: true, error: 'local proxy: Network connection lost' })
            : done({ status: res.statusCode, headers: res.headers, text }),
        );
        res.on('error', () => done({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', (err) => done({ reset: true, error: err.code }));
    req.write('{"a":"');
    sent = 6;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    (async () => {
      while (!over && sent + chunk.length <= sendBytes) {
        req.write(chunk);
        sent += chunk.length;
        await new Promise((r) => setTimeout(r, 20));
      }
      // Then nothing more: the body stays open, as a 200 MB upload in progress would.
    })();
  });
}

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

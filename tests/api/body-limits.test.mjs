// Streamed body limits (ADR 0006): a body sent without `Content-Length` (chunked) is read as a
// stream and refused with 413 as soon as it passes the route's limit, not after it was read
// whole. The server says how much it read (`x-lupa-body-read`); the client sends slowly and stops
// as soon as the server answers or drops the connection, so 200 MB are never sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { BASE, randomIp } from './helpers.mjs';

const MB = 1024 * 1024;

/**
 * POSTs up to `total` bytes of `{"a":"xxxx…` with no Content-Length, 64 KiB every 50 ms (1.3 MB/s,
 * so 200 MB would take minutes), stopping as soon as the server answers or drops the connection.
 * Resolves with the status and headers (when the answer could be read) and the bytes sent.
 *
 * A server that stops reading and answers early closes a connection with unread data, and the
 * kernel may turn that into a reset before the client has read the answer: then `status` is
 * undefined and `reset` true. Either way the client knows after how many bytes the server quit.
 */
function chunkedPost(path, total, headers = {}) {
  return new Promise((resolve) => {
    const url = new URL(path, BASE);
    let sent = 0;
    let over = false;
    let req;
    const done = (result) => {
      if (over) return;
      over = true;
      resolve({ ...result, sent });
      req.destroy();
    };
    req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp(), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => done({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', () => done({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', (err) => done({ reset: true, error: err.code }));
    req.write('{"a":"');
    sent = 6;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    (async () => {
      while (!over && sent < total) {
        req.write(chunk);
        sent += chunk.length;
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!over) req.end('"}');
    })();
  });
}

for (const path of ['/api/v1/waitlist', '/api/v1/auth/login/local', '/api/v1/billing/webhook']) {
  test(`a 200 MB chunked body to ${path} is refused before 1 MB of it was sent`, async () => {
    const res = await chunkedPost(path, 200 * MB, path.endsWith('webhook') ? { 'stripe-signature': 't=1,v1=00' } : {});
    // The server quit before 1 MB had even been sent (let alone read).
    assert.ok(res.sent < MB, `client sent ${res.sent} bytes before the server quit (${res.error ?? res.status})`);
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
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() } }, (r) => {
      let text = '';
      r.on('data', (d) => (text += d));
      r.on('end', () => resolve({ status: r.statusCode, text }));
    });
    req.on('error', reject);
    req.write('{"email":"trozos');
    req.end(`-${Date.now()}@example.com","consent":true}`);
  });
  assert.equal(res.status, 201, res.text);
});

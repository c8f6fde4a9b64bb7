// A request body that never ends (ADR 0006's streamed limits): for the tests of routes that must
// refuse a body at their limit while it is still arriving, not after reading it whole
// (body-limits.test.mjs, uplink-probe.test.mjs).
import { request } from 'node:http';
import { BASE, randomIp } from './helpers.mjs';

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
export function unfinishedPost(path, sendBytes, headers = {}) {
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

// A researcher's live socket to a participation (ADR 0016), as the player opens it: for the API
// tests that watch what viewers are told.
import { BASE } from './helpers.mjs';

const WS = BASE.replace(/^http/, 'ws');

/** A viewer's socket with the session cookie; collects every event. */
export function watch(entryId, cookie) {
  const ws = new WebSocket(`${WS}/api/v1/entry/${entryId}/live`, { headers: { cookie, origin: BASE } });
  const events = [];
  const waiters = [];
  ws.addEventListener('message', (e) => {
    events.push(JSON.parse(e.data));
    for (const w of waiters.splice(0)) w();
  });
  const opened = new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  /** The first event (from `from` on) that `pred` accepts. */
  const next = async (pred, from = 0) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = events.slice(from).find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events.map((e) => e.type))}`);
      await new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { ws, events, opened, next };
}

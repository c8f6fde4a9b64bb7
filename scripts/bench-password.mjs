// Benchmark: how long one argon2id password hash takes inside workerd (the worker's real build).
// Starts its own `wrangler dev`, then compares logins that verify a password with requests that
// stop before hashing; the difference is the hash. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, register, uniqueEmail } from './lib/accounts.mjs';
import { startServer } from './lib/dev-server.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-'));
const server = await startServer({ stateDir });
const post = (path, body, ip) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
try {
  const email = uniqueEmail('bench');
  // The account is made through the shared flow; the timed logins below post by hand, as they must also be refused.
  await register(async (_method, path, body) => {
    const res = await post(path, body, '10.0.0.1');
    return { status: res.status, text: await res.text() };
  }, email);
  async function time(label, body) {
    const samples = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const res = await post('/api/v1/auth/login/local', body, `10.1.${i}.1`);
      await res.arrayBuffer();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    console.log(
      `${label.padEnd(34)} median ${median.toFixed(1)} ms  p90 ${samples[Math.floor(samples.length * 0.9)].toFixed(1)} ms`,
    );
    return median;
  }
  const withHash = await time('login (argon2id verify)', { username: email, password: PASSWORD });
  const without = await time('login refused before hashing', { username: email });
  console.log(
    `argon2id m=19456 KiB t=2 p=1, one hash in workerd: ~${(withHash - without).toFixed(1)} ms CPU (median difference)`,
  );
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}

// Benchmark: how long one argon2id password hash takes inside workerd (the worker's real build).
// Starts its own `wrangler dev`, then compares logins that verify a password with requests that
// stop before hashing; the difference is the hash. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/dev-server.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-'));
const server = await startServer({ stateDir });
const post = (path, body, ip) =>
  fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify(body) });
try {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'una clave de prueba larga';
  await post('/api/v1/auth/register/local/customer', { username: email, password }, '10.0.0.1');
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
    console.log(`${label.padEnd(34)} median ${median.toFixed(1)} ms  p90 ${samples[Math.floor(samples.length * 0.9)].toFixed(1)} ms`);
    return median;
  }
  const withHash = await time('login (argon2id verify)', { username: email, password });
  const without = await time('login refused before hashing', { username: email });
  console.log(`argon2id m=19456 KiB t=2 p=1, one hash in workerd: ~${(withHash - without).toFixed(1)} ms CPU (median difference)`);
} finally {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}

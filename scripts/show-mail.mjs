// `npm run mail`: prints the newest mails of the local outbox (local mail provider), e.g. to open
// a password-reset link while running `npm start`. Bodies never go to logs, so this is the way.
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const limit = Number(process.argv[2] ?? 3);
const out = execFileSync(
  'wrangler',
  [
    'd1',
    'execute',
    'DB',
    '--local',
    '--json',
    '--command',
    `SELECT to_address, subject, text_body, created_at FROM mail_outbox ORDER BY created_at DESC LIMIT ${Math.max(1, Math.min(limit, 50))}`,
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
const rows = JSON.parse(out)[0]?.results ?? [];
if (!rows.length) console.log('The local outbox is empty.');
for (const row of rows) {
  console.log(
    `\n── ${new Date(row.created_at).toISOString()}  to: ${row.to_address}\n   ${row.subject}\n\n${row.text_body}`,
  );
}

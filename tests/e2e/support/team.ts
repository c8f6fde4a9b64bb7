// Research teams in the e2e tests (ADR 0019): an invitation's link, read from the local outbox as
// the invitee would from their mail (the worker sends it after answering).
import { literal, sql } from './db';

/** The path of the newest invitation link mailed to `email` that is not one of `seen`. */
export async function invitePathFor(email: string, seen: string[] = []): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const rows = await sql(
      `SELECT text_body FROM mail_outbox WHERE lower(to_address) = ${literal(email.toLowerCase())} ORDER BY rowid DESC LIMIT 1`,
    );
    const match = (rows[0]?.text_body as string | undefined)?.match(/https?:\/\/\S+(\/invite\/[\w-]{43})/);
    if (match && !seen.includes(match[1]!)) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no invitation mail for ${email}`);
}

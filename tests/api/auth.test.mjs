// Accounts API: every status and message of product §7/§8 for login, registration, sessions, logout,
// password reset and password change, plus the security rules around them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, BASE, randomIp, sessionCookie, signUp, uniqueEmail, client } from './helpers.mjs';
import { eventually, q, sql } from './db.mjs';

const REGISTER = '/api/v1/auth/register/local/customer';
const LOGIN = '/api/v1/auth/login/local';
const RESET = '/api/v1/auth/password-reset';
const CHANGE = '/api/v1/auth/update-user-password';
const PASSWORD = 'una clave bastante larga';

test('registration creates a customer whatever role is sent, and stores only an argon2id hash', async () => {
  const email = uniqueEmail('reg');
  const res = await api(REGISTER, { method: 'POST', body: { username: email, password: PASSWORD, role: 'admin' } });
  assert.equal(res.status, 201);
  assert.equal(res.json.user.role, 'customer');
  assert.equal(res.json.user.email, email);
  assert.equal(res.json.user.password_hash, undefined);
  const [row] = await sql(`SELECT role, password_hash FROM users WHERE email_normalized = ${q(email)}`);
  assert.equal(row.role, 'customer');
  assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('registration refuses a taken e-mail case-insensitively with 409', async () => {
  const email = uniqueEmail('dup');
  assert.equal((await api(REGISTER, { method: 'POST', body: { username: email, password: PASSWORD } })).status, 201);
  const res = await api(REGISTER, { method: 'POST', body: { username: email.toUpperCase(), password: PASSWORD } });
  assert.equal(res.status, 409);
  assert.equal(res.json.message, 'No ha sido posible crear un usuario con este correo electrónico');
});

test('registration answers 422 for invalid e-mails and weak passwords, with details', async () => {
  const cases = [
    [{ username: 'not-an-email', password: PASSWORD }, 'Introduce un correo válido'],
    [{ username: uniqueEmail(), password: 'short' }, 'La contraseña debe tener al menos 8 caracteres'],
    [{ username: uniqueEmail(), password: 'password123' }, 'Esa contraseña es demasiado común; elige otra'],
    [{}, 'Introduce un correo válido'],
  ];
  for (const [body, detail] of cases) {
    const res = await api(REGISTER, { method: 'POST', body });
    assert.equal(res.status, 422, JSON.stringify(body));
    assert.equal(res.json.message, 'Por favor, proporcione un correo electrónico y contraseña válidos');
    assert.ok(
      res.json.errors.some((e) => e.msg === detail),
      JSON.stringify(res.json.errors),
    );
  }
});

test('login sets a __Host- HttpOnly Secure SameSite=Lax cookie, returns the role and updates last_login_at', async () => {
  const email = uniqueEmail('login');
  await api(REGISTER, { method: 'POST', body: { username: email, password: PASSWORD } });
  const res = await api(LOGIN, { method: 'POST', body: { username: ` ${email.toUpperCase()} `, password: PASSWORD } });
  assert.equal(res.status, 200);
  assert.equal(res.json.user.role, 'customer');
  assert.equal(typeof res.json.user.last_login_at, 'number');
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_session='));
  assert.ok(cookie);
  for (const attr of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']) assert.ok(cookie.includes(attr), attr);
  assert.ok(!/Domain=/i.test(cookie));
  const [row] = await sql(`SELECT last_login_at FROM users WHERE email_normalized = ${q(email)}`);
  assert.equal(row.last_login_at, res.json.user.last_login_at);
});

test('login answers 401 for a wrong pair and for an unknown account, with the same message', async () => {
  const { email } = await signUp('wrong');
  for (const body of [
    { username: email, password: 'otra clave distinta' },
    { username: uniqueEmail('nobody'), password: PASSWORD },
  ]) {
    const res = await api(LOGIN, { method: 'POST', body });
    assert.equal(res.status, 401);
    assert.equal(res.json.message, 'La combinación de email y contraseña es incorrecta');
    assert.equal(sessionCookie(res), undefined);
  }
});

test('login answers 422 when a field is missing and 403 for participants', async () => {
  for (const body of [{}, { username: 'a@b.es' }, { password: 'x' }, { username: '  ', password: 'x' }]) {
    const res = await api(LOGIN, { method: 'POST', body });
    assert.equal(res.status, 422, JSON.stringify(body));
    assert.equal(res.json.code, 'missing_fields');
  }
  const { email } = await signUp('participant');
  await sql(`UPDATE users SET role = 'participant' WHERE email_normalized = ${q(email)}`);
  const res = await api(LOGIN, { method: 'POST', body: { username: email, password: PASSWORD } });
  assert.equal(res.status, 403);
  assert.equal(res.json.code, 'participant_login');
  assert.equal(sessionCookie(res), undefined);
});

test('malformed bodies get 4xx, never 5xx', async () => {
  const cases = [
    [{ body: 'not json', headers: { 'content-type': 'application/json' } }, 400],
    [{ body: '[1,2]', headers: { 'content-type': 'application/json' } }, 400],
    [{ body: { username: 5, password: true } }, 422],
    [{ body: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
    [{ body: JSON.stringify({ username: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } }, 413],
  ];
  for (const [opts, status] of cases) {
    const res = await api(LOGIN, { method: 'POST', ...opts });
    assert.equal(res.status, status, JSON.stringify(opts).slice(0, 80));
    assert.equal(typeof res.json.message, 'string');
  }
});

test('session and user answer 401 without a session and the user with one', async () => {
  assert.equal((await client.authSession()).status, 401);
  assert.equal((await client.user({ cookie: '__Host-lupa_session=forged' })).status, 401);
  const { cookie, user } = await signUp('session');
  const session = await client.authSession({ cookie });
  assert.equal(session.status, 200);
  assert.equal(session.json.user.id, user.id);
  const me = await client.user({ cookie });
  assert.equal(me.json.user.email, user.email);
});

test('sessions are stored hashed, and logout revokes them server-side and clears the cookie', async () => {
  const { cookie, user } = await signUp('logout');
  const token = cookie.split('=')[1];
  const rows = await sql(`SELECT token_hash FROM sessions WHERE user_id = ${q(user.id)}`);
  assert.equal(rows.length, 1);
  assert.notEqual(rows[0].token_hash, token);
  assert.match(rows[0].token_hash, /^[0-9a-f]{64}$/);
  const out = await client.authLogout({ cookie });
  assert.equal(out.status, 200);
  assert.match(out.headers.getSetCookie().join(), /__Host-lupa_session=;.*Max-Age=0/);
  assert.equal((await client.authSession({ cookie })).status, 401);
  assert.equal((await sql(`SELECT 1 FROM sessions WHERE user_id = ${q(user.id)}`)).length, 0);
});

test('a new login gives a new session; expired sessions are refused', async () => {
  const { email, cookie, user } = await signUp('expiry');
  const again = await api(LOGIN, { method: 'POST', body: { username: email, password: PASSWORD } });
  assert.notEqual(sessionCookie(again), cookie);
  await sql(`UPDATE sessions SET expires_at = 0 WHERE user_id = ${q(user.id)}`);
  assert.equal((await client.authSession({ cookie })).status, 401);
});

test('cross-site mutations are rejected', async () => {
  const body = { username: uniqueEmail(), password: PASSWORD };
  const bySite = await api(LOGIN, { method: 'POST', body, headers: { 'sec-fetch-site': 'cross-site' } });
  assert.equal(bySite.status, 403);
  assert.equal(bySite.json.code, 'cross_site');
  const byOrigin = await api(LOGIN, { method: 'POST', body, headers: { origin: 'https://evil.example' } });
  assert.equal(byOrigin.status, 403);
});

test('failed logins are throttled per account and network, and never lock the owner out (ASVS 2.2.1)', async () => {
  const { email } = await signUp('ratelimit');
  const networkA = randomIp();
  const statuses = [];
  let last;
  for (let i = 0; i < 50; i++) {
    last = await api(LOGIN, { method: 'POST', ip: networkA, body: { username: email, password: 'clave equivocada' } });
    statuses.push(last.status);
  }
  // Network A gets 10 tries, then 429 with Retry-After for the window.
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
  assert.deepEqual(statuses.slice(10), Array(40).fill(429));
  assert.equal(last.json.message, 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.');
  assert.ok(Number(last.headers.get('retry-after')) > 0);
  assert.equal(
    (await api(LOGIN, { method: 'POST', ip: networkA, body: { username: email, password: PASSWORD } })).status,
    429,
  );
  // The owner, on another network, logs in with the right password.
  const right = await api(LOGIN, { method: 'POST', ip: randomIp(), body: { username: email, password: PASSWORD } });
  assert.equal(right.status, 200, right.text);
  // ...and is told by mail, once, that someone is failing on their account.
  const mails = await sql(
    `SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = ${q(email.toLowerCase())}`,
  );
  assert.deepEqual(
    mails.map((m) => m.subject),
    ['Intentos fallidos de inicio de sesión en tu cuenta de Lupa'],
  );
  assert.match(mails[0].text_body, /10 intentos fallidos/);

  // Failures spread over many networks are never refused, but every attempt on the account waits
  // longer (250 ms per failure past 10): after 16 failures, 1.5 s, even for the right password.
  for (let i = 0; i < 6; i++) {
    assert.equal(
      (await api(LOGIN, { method: 'POST', ip: randomIp(), body: { username: email, password: 'otra mala' } })).status,
      401,
    );
  }
  const started = performance.now();
  const slowed = await api(LOGIN, { method: 'POST', ip: randomIp(), body: { username: email, password: PASSWORD } });
  assert.equal(slowed.status, 200);
  assert.ok(performance.now() - started >= 1400, `answered after ${Math.round(performance.now() - started)} ms`);
});

test('concurrent wrong passwords from one network: at most the limit get a password check, and the owner still logs in', async () => {
  const { email } = await signUp('ratelimit-race');
  const network = randomIp();
  // All at once: the attempt is counted before the password is checked, so no guess can pass on a
  // count that the others have not added to yet.
  const answers = await Promise.all(
    Array.from({ length: 40 }, () =>
      api(LOGIN, { method: 'POST', ip: network, body: { username: email, password: 'clave equivocada' } }),
    ),
  );
  const checked = answers.filter((r) => r.status === 401).length;
  const refused = answers.filter((r) => r.status === 429).length;
  assert.equal(checked + refused, 40, answers.map((r) => r.status).join(','));
  assert.ok(checked <= 10, `${checked} password checks for a limit of 10`);
  assert.ok(checked >= 1);
  // The account-wide count only delays: the right password from another network gets in.
  const right = await api(LOGIN, { method: 'POST', ip: randomIp(), body: { username: email, password: PASSWORD } });
  assert.equal(right.status, 200, right.text);
});

test("a successful login gives its attempt back: the right password never uses up the network's tries", async () => {
  const { email } = await signUp('ratelimit-success');
  const network = randomIp();
  for (let i = 0; i < 12; i++) {
    assert.equal(
      (await api(LOGIN, { method: 'POST', ip: network, body: { username: email, password: PASSWORD } })).status,
      200,
      `login ${i + 1}`,
    );
  }
  // Ten wrong tries are still allowed after them, then the network is refused.
  const statuses = [];
  for (let i = 0; i < 11; i++)
    statuses.push(
      (await api(LOGIN, { method: 'POST', ip: network, body: { username: email, password: 'mala' } })).status,
    );
  assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
});

test('a request on a test clock days ahead does not sweep the counters that are live now', async () => {
  // Every counted attempt also sweeps expired counters. On a test clock in the future "expired"
  // took in every live counter, and a test running beside this one got its tries back.
  const { email } = await signUp('ratelimit-sweep');
  const network = randomIp();
  const wrong = () => api(LOGIN, { method: 'POST', ip: network, body: { username: email, password: 'mala' } });
  for (let i = 0; i < 10; i++) assert.equal((await wrong()).status, 401, `wrong try ${i + 1}`);
  const twoDaysAhead = { 'x-lupa-test-now': String(Date.now() + 2 * 86_400_000) };
  const ahead = await api(LOGIN, {
    method: 'POST',
    ip: randomIp(),
    headers: twoDaysAhead,
    body: { username: uniqueEmail(), password: 'x' },
  });
  assert.equal(ahead.status, 401);
  assert.equal((await wrong()).status, 429, 'the eleventh wrong try is still refused');
});

test('login is rate-limited per client with 429 whatever the accounts', async () => {
  const ip = randomIp();
  const statuses = [];
  for (let i = 0; i < 31; i++) {
    statuses.push((await api(LOGIN, { method: 'POST', ip, body: { username: uniqueEmail(), password: 'x' } })).status);
  }
  assert.equal(statuses.at(-1), 429);
  assert.ok(statuses.slice(0, 30).every((s) => s === 401));
});

test('limits slide: ten registrations just before the hour leave no room just after it, until Retry-After says', async () => {
  // The test clock (x-lupa-test-now) puts the attempts either side of the last hour boundary; a
  // fixed window would start counting again at the boundary and accept the eleventh.
  const HOUR = 3_600_000;
  const boundary = Math.floor(Date.now() / HOUR) * HOUR;
  const ip = randomIp();
  const register = (at) =>
    api(REGISTER, {
      method: 'POST',
      ip,
      headers: { 'x-lupa-test-now': String(at) },
      body: { username: uniqueEmail('slide'), password: PASSWORD },
    });
  for (let i = 0; i < 10; i++) assert.equal((await register(boundary - 1_000)).status, 201, `registration ${i + 1}`);
  const refused = await register(boundary + 1_000);
  assert.equal(refused.status, 429);
  assert.equal(refused.json.message, 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.');
  // Ten in the last hour and one refused in this one: room for one more once a fifth of the old
  // hour has slid out, 719 s later.
  const wait = Number(refused.headers.get('retry-after'));
  assert.equal(wait, 719);
  assert.equal((await register(boundary + 1_000 + wait * 1000)).status, 201);
});

test('password reset answers the same for unknown accounts and mails a single-use link for known ones', async () => {
  const unknown = await api(RESET, { method: 'POST', body: { email: uniqueEmail('ghost') } });
  const { email, user, cookie } = await signUp('reset');
  const known = await api(RESET, { method: 'POST', body: { email } });
  assert.equal(known.status, 200);
  assert.deepEqual(known.json, unknown.json);
  assert.deepEqual(known.json, { success: true, message: 'Pronto recibirás un enlace para restablecer tu contraseña' });

  const mail = await eventually(
    async () => (await sql(`SELECT subject, text_body, html_body FROM mail_outbox WHERE to_address = ${q(email)}`))[0],
  );
  assert.equal(mail.subject, 'Restablece tu contraseña de Lupa');
  assert.match(mail.html_body, /<html lang="es">/);
  const token = /passwordResetToken=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  assert.ok(token, mail.text_body);
  assert.ok(
    mail.text_body.includes(`${BASE}/auth/password-reset?passwordResetToken=`),
    'the link is built from the configured origin',
  );
  const [stored] = await sql(
    `SELECT token_hash, expires_at - created_at AS ttl FROM password_resets WHERE user_id = ${q(user.id)}`,
  );
  assert.notEqual(stored.token_hash, token);
  assert.equal(stored.ttl, 30 * 60 * 1000);

  const check = await api(`${RESET}?passwordResetToken=${token}`);
  assert.equal(check.status, 200);
  assert.equal(check.json.success, true);

  const mismatch = await api(RESET, {
    method: 'PATCH',
    body: { passwordResetToken: token, newPassword: 'nueva clave larga', confirmNewPassword: 'otra cosa' },
  });
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.json.message, 'Las contraseñas no coinciden');

  const weak = await api(RESET, {
    method: 'PATCH',
    body: { passwordResetToken: token, newPassword: 'corta', confirmNewPassword: 'corta' },
  });
  assert.equal(weak.status, 422);

  const ok = await api(RESET, {
    method: 'PATCH',
    body: { passwordResetToken: token, newPassword: 'nueva clave larga', confirmNewPassword: 'nueva clave larga' },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.success, true);
  // Every session is revoked; the old password is gone and the new one works.
  assert.equal((await client.authSession({ cookie })).status, 401);
  assert.equal((await api(LOGIN, { method: 'POST', body: { username: email, password: PASSWORD } })).status, 401);
  assert.equal(
    (await api(LOGIN, { method: 'POST', body: { username: email, password: 'nueva clave larga' } })).status,
    200,
  );
  // Single use: a used link is no longer there (404 `unknown_reset_token`, the same message; ADR 0020).
  const reused = await api(`${RESET}?passwordResetToken=${token}`);
  assert.equal(reused.status, 404);
  assert.equal(reused.json.message, 'Invalid or expired password reset token');
  assert.equal(reused.json.code, 'unknown_reset_token');
  const reapplied = await api(RESET, {
    method: 'PATCH',
    body: { passwordResetToken: token, newPassword: 'tercera clave larga', confirmNewPassword: 'tercera clave larga' },
  });
  assert.equal(reapplied.status, 404);
});

test('reset tokens expire, and missing or malformed tokens are refused', async () => {
  const { email, user } = await signUp('expired');
  await api(RESET, { method: 'POST', body: { email } });
  const mail = await eventually(
    async () => (await sql(`SELECT text_body FROM mail_outbox WHERE to_address = ${q(email)}`))[0],
  );
  const token = /passwordResetToken=([A-Za-z0-9_-]{43})/.exec(mail.text_body)[1];
  await sql(`UPDATE password_resets SET expires_at = 0 WHERE user_id = ${q(user.id)}`);
  assert.equal((await api(`${RESET}?passwordResetToken=${token}`)).status, 404);

  const missing = await api(RESET);
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, 'No password reset token provided');
  assert.equal((await api(`${RESET}?passwordResetToken=abc`)).status, 400);
  const invalidEmail = await api(RESET, { method: 'POST', body: { email: 'nope' } });
  assert.equal(invalidEmail.status, 400);
});

test('changing the password checks the current one, validates, and revokes other sessions', async () => {
  const { email, cookie } = await signUp('change');
  const other = sessionCookie(await api(LOGIN, { method: 'POST', body: { username: email, password: PASSWORD } }));
  assert.equal((await api(CHANGE, { method: 'PATCH', body: { currentPassword: 'x', newPassword: 'y' } })).status, 401);

  const missing = await api(CHANGE, { method: 'PATCH', cookie, body: {} });
  assert.equal(missing.status, 400);
  assert.deepEqual(
    missing.json.errors.map((e) => e.msg),
    ['La contraseña actual es obligatoria', 'La nueva contraseña es obligatoria'],
  );

  const wrong = await api(CHANGE, {
    method: 'PATCH',
    cookie,
    body: { currentPassword: 'no es esta', newPassword: 'nueva clave larga' },
  });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.json.message, 'La contraseña actual no es correcta');

  const ok = await api(CHANGE, {
    method: 'PATCH',
    cookie,
    body: { currentPassword: PASSWORD, newPassword: 'nueva clave larga' },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.message, 'Contraseña actualizada correctamente');
  const fresh = sessionCookie(ok);
  assert.ok(fresh && fresh !== cookie);
  assert.equal((await client.authSession({ cookie: other })).status, 401);
  assert.equal((await client.authSession({ cookie })).status, 401);
  assert.equal((await client.authSession({ cookie: fresh })).status, 200);
  assert.equal((await api(LOGIN, { method: 'POST', body: { username: email, password: PASSWORD } })).status, 401);
});

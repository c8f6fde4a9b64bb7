/**
 * Unit-test stand-in for the admin API (GET /admin/, PATCH and DELETE /admin/users/{id}, GET
 * /admin/waitlist) over an in-memory user list, on top of the app's fakeApi fetch stub.
 */
import { aUser, fakeApi, type FakeCall } from '@/app/test-utils';
import type { AdminUserDto } from '@/lib/api-types/AdminUserDto';
import type { WaitlistEntryDto } from '@/lib/api-types/WaitlistEntryDto';

export const created = new Date(2024, 2, 5, 10, 30).getTime();
export const lastLogin = new Date(2024, 5, 1, 9, 5).getTime();

export const anAdminUser = (overrides: Partial<AdminUserDto> = {}): AdminUserDto => ({
  id: 'u-ana',
  role: 'customer',
  email: 'ana@x.es',
  last_login_at: null,
  created_at: created,
  ...overrides,
});

type Answer = { status: number; body?: unknown };

interface FakeAdminOptions {
  users?: AdminUserDto[];
  waitlist?: WaitlistEntryDto[];
  /** The signed-in user's role and id. */
  role?: string;
  meId?: string;
  /** Fixed answer for GET /admin/ (e.g. an error) instead of the list. */
  list?: Answer;
  /** Fixed answer for PATCH /admin/users/{id}. */
  patch?: Answer;
  /** Fixed answer for DELETE /admin/users/{id}. */
  remove?: Answer;
  waitlistAnswer?: Answer;
}

/** Installs the fake; returns the recorded calls and the live user list. */
export function fakeAdminApi(options: FakeAdminOptions = {}): { calls: FakeCall[]; users: AdminUserDto[] } {
  const users = [...(options.users ?? [anAdminUser()])];
  const me = { ...aUser(options.role ?? 'admin', 'root@x.es'), id: options.meId ?? 'u-root' };
  const calls = fakeApi(({ method, url, body }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/v1/auth/session') return { status: 200, body: { user: me } };
    if (method === 'GET' && pathname === '/api/v1/admin/') {
      if (options.list) return options.list;
      const page = Number(searchParams.get('page') ?? '1');
      const pageSize = Number(searchParams.get('pageSize') ?? '50');
      const q = (searchParams.get('q') ?? '').toLowerCase();
      const matching = users.filter((user) => user.email.toLowerCase().includes(q));
      return {
        status: 200,
        body: { users: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize },
      };
    }
    const userMatch = pathname.match(/^\/api\/v1\/admin\/users\/([^/]+)$/);
    if (userMatch) {
      const index = users.findIndex((user) => user.id === decodeURIComponent(userMatch[1] ?? ''));
      if (method === 'PATCH') {
        if (options.patch) return options.patch;
        const user = users[index];
        if (!user) return { status: 404, body: { message: 'No encontrado', code: 'not_found' } };
        const updated = { ...user, role: (body as { role: string }).role };
        users[index] = updated;
        return { status: 200, body: updated };
      }
      if (method === 'DELETE') {
        if (options.remove) return options.remove;
        if (index < 0) return { status: 404, body: { message: 'No encontrado', code: 'not_found' } };
        users.splice(index, 1);
        return { status: 200, body: { message: 'Usuario eliminado' } };
      }
    }
    if (method === 'GET' && pathname === '/api/v1/admin/waitlist') {
      return options.waitlistAnswer ?? { status: 200, body: { entries: options.waitlist ?? [] } };
    }
    return undefined;
  });
  return { calls, users };
}

export const REFUSAL = 'User is not authorized to view this page - please log in again';

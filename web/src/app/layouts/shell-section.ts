/**
 * Which entry of the signed-in side navigation a URL belongs to, so nested screens keep their
 * section highlighted: an analysis (/analysis/*) or a recording (/entry/*) is part of the Dashboard,
 * the test-mode payment pages under /user/billing/* part of Facturación.
 */
import { paths } from '@/config/paths';

export type ShellSection = 'dashboard' | 'team' | 'billing' | 'profile';

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export function shellSection(pathname: string): ShellSection | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (under(path, paths.user.billing)) return 'billing';
  if (under(path, paths.user.profile)) return 'profile';
  if (under(path, paths.team)) return 'team';
  // /user on its own is the dashboard too (product §2 mounts it there).
  if (path === paths.user.root || under(path, paths.dashboard) || under(path, '/analysis') || under(path, '/entry')) {
    return 'dashboard';
  }
  return null;
}

/** The way back from a test-mode payment page to /user/billing (the user may also just close the tab). */
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function BackToBilling({ label }: { label: string }) {
  return (
    <Link to={paths.user.billing} className="button button--ghost">
      {label}
    </Link>
  );
}

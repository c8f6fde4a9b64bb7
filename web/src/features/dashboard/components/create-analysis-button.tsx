/**
 * 'Crear nuevo análisis': a link to the form with an active subscription; otherwise a disabled
 * button with product §2's tooltip. It is aria-disabled (not disabled) so it stays focusable and the
 * tooltip (the shared Tooltip, kept inside the window), linked by aria-describedby, appears on
 * keyboard focus as well as on hover; Escape hides it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';

interface CreateAnalysisButtonProps {
  /** undefined while billing is still loading (or failed): disabled, without the tooltip. */
  paid: boolean | undefined;
}

export function CreateAnalysisButton({ paid }: CreateAnalysisButtonProps) {
  const { t } = useTranslation();
  const icon = <Plus aria-hidden="true" size={18} />;

  if (paid) {
    return (
      <Link to={paths.analysis.create} className="button button--primary">
        {icon}
        {t('dashboard.create')}
      </Link>
    );
  }

  return (
    <Tooltip content={paid === false ? t('dashboard.createRequiresSubscription') : null}>
      {(trigger) => (
        <button
          type="button"
          className="button button--primary"
          aria-disabled="true"
          {...trigger}
          onClick={(event) => event.preventDefault()}
        >
          {icon}
          {t('dashboard.create')}
        </button>
      )}
    </Tooltip>
  );
}

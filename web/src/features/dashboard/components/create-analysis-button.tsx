/**
 * 'Crear nuevo análisis': a link to the form with an active subscription; otherwise a disabled
 * button with the spec's tooltip. It is aria-disabled (not disabled) so it stays focusable and the
 * tooltip, linked by aria-describedby, appears on keyboard focus as well as on hover; Escape hides it.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface CreateAnalysisButtonProps {
  /** undefined while billing is still loading (or failed): disabled, without the tooltip. */
  paid: boolean | undefined;
}

export function CreateAnalysisButton({ paid }: CreateAnalysisButtonProps) {
  const { t } = useTranslation();
  const tooltipId = useId();
  const [tipOpen, setTipOpen] = useState(false);

  if (paid) {
    return (
      <Link to={paths.analysis.create} className="button button--primary">
        {t('dashboard.create')}
      </Link>
    );
  }

  const explain = paid === false;
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => setTipOpen(true)}
      onMouseLeave={() => setTipOpen(false)}
    >
      <button
        type="button"
        className="button button--primary button--disabled"
        aria-disabled="true"
        aria-describedby={explain ? tooltipId : undefined}
        onFocus={() => setTipOpen(true)}
        onBlur={() => setTipOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTipOpen(false);
        }}
        onClick={(event) => event.preventDefault()}
      >
        {t('dashboard.create')}
      </button>
      {explain ? (
        <span id={tooltipId} role="tooltip" className="tooltip" hidden={!tipOpen}>
          {t('dashboard.createRequiresSubscription')}
        </span>
      ) : null}
    </span>
  );
}

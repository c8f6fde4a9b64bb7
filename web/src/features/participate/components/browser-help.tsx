/** 'Browser Settings Help': a disclosure with where each browser and system keeps these permissions. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Mac', 'Windows'] as const;

export function BrowserHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="browser-help">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {t('participate.permissions.helpToggle')}
        <span className="browser-help__chevron" aria-hidden="true" data-open={open} />
      </button>
      <div id={id} className="browser-help__panel" hidden={!open}>
        <dl>
          {BROWSERS.map((browser) => (
            <div key={browser} className="browser-help__item">
              <dt>{t(`participate.permissions.help${browser}Title`)}</dt>
              <dd>{t(`participate.permissions.help${browser}`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** Language picker ("Idioma"/"Language"): switches every string at once; i18n remembers the choice. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/config/constants';
import { isLanguage, setLanguage } from '@/lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : LANGUAGES[0];

  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg className="language-switch__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <select
        id={id}
        className="language-switch__select"
        // site/language.ts reads a choice made on a prerendered page before its script started.
        data-language-switch=""
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

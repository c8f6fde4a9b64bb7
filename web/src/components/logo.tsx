/** Lupa's logo: a magnifying glass mark, optionally followed by the "Lupa" wordmark. */
import { useTranslation } from 'react-i18next';

interface LogoProps {
  /** Show the wordmark next to the mark (default true). */
  withWordmark?: boolean;
}

/** The mark alone; decorative, so callers give the accessible name (usually the wordmark). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="13.5" cy="13.5" r="9" className="logo__lens" stroke="currentColor" strokeWidth="3.5" />
      <path
        d="M8.8 12.2a5 5 0 0 1 3.6-3.5"
        className="logo__glint"
        fill="none"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <path d="M20.3 20.3 28 28" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ withWordmark = true }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <LogoMark />
      {withWordmark ? (
        <span className="logo__wordmark">{t('app.name')}</span>
      ) : (
        <span className="visually-hidden">{t('app.name')}</span>
      )}
    </span>
  );
}

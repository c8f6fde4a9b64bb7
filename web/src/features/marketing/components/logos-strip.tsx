/** Strip of wordmarks of fictitious companies (no real brands), drawn inline so they cost no request. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Wordmark {
  name: string;
  /** A small mark drawn in a 32×32 box left of the name. */
  mark: ReactNode;
  weight: number;
  spacing?: number;
}

const WORDMARKS: Wordmark[] = [
  { name: 'Vértice', weight: 800, mark: <path d="M4 26 16 6l12 20Z" /> },
  { name: 'Orilla', weight: 600, spacing: 1, mark: <path d="M3 20c4-6 9-6 13 0s9 6 13 0v6H3Z" /> },
  {
    name: 'Mielo',
    weight: 700,
    mark: <path d="M16 4 26 10v12l-10 6-10-6V10Z" />,
  },
  {
    name: 'Trazo',
    weight: 500,
    spacing: 2,
    mark: <path d="M5 22c6-12 10 4 16-8l5 2c-7 14-11-2-17 8Z" />,
  },
  {
    name: 'Faro Norte',
    weight: 700,
    mark: <path d="M13 5h6l3 22H10Zm-7 2 5 2-5 2Zm20 0-5 2 5 2Z" />,
  },
  {
    name: 'Pampa',
    weight: 800,
    spacing: -0.5,
    mark: <path d="M16 5a11 11 0 1 1 0 22 11 11 0 0 1 0-22Zm0 6a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />,
  },
];

export function LogosStrip() {
  const { t } = useTranslation();
  return (
    <section className="logos" aria-label={t('landing.logos.label')}>
      <p className="logos__caption">{t('landing.logos.caption')}</p>
      <ul className="logos__list">
        {WORDMARKS.map(({ name, mark, weight, spacing = 0 }) => {
          // Room for the mark plus a generous average glyph width, so no system font clips the name.
          const width = Math.ceil(48 + name.length * (14 + spacing));
          return (
            <li key={name}>
              <svg
                className="logos__item"
                role="img"
                aria-label={name}
                viewBox={`0 0 ${width} 32`}
                height="32"
                width={width}
              >
                <g fill="currentColor">{mark}</g>
                <text
                  x="40"
                  y="23"
                  fill="currentColor"
                  fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
                  fontSize="20"
                  fontWeight={weight}
                  letterSpacing={spacing}
                >
                  {name}
                </text>
              </svg>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

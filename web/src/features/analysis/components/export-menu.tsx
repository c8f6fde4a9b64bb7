/**
 * The one CSV control of the 'Resultados' tab (issue 45): 'Exportar CSV', a disclosure button
 * that opens the two exports under it, each with a line saying what it holds: every
 * participation's rows (tasks, answers, notes, clips, findings) and the per-task summary (the
 * figures with their intervals, and the SUS). A disclosure rather than an ARIA menu: two links
 * need no roving focus, and Tab reaches them in order. Escape or a click elsewhere closes it, and
 * Escape gives the focus back to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Download } from 'lucide-react';
import { API_BASE_PATH } from '@/config/constants';
import { apiPaths } from '@/lib/api-paths';

/** The list's widest (20rem in export-menu's CSS), in px at the default font size, with a margin. */
const LIST_WIDTH_PX = 20 * 16 + 24;

export function ExportMenu({ analysisId }: { analysisId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The list opens under the button, lined up with its right end, or with its left end when the
  // button sits near the left of the screen (a phone, where the head wraps) and it would not fit.
  const [alignStart, setAlignStart] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const exports = [
    {
      key: 'entries',
      href: `${API_BASE_PATH}${apiPaths.analysisExport(analysisId)}`,
      label: t('summary.exportEntries'),
      hint: t('summary.exportEntriesHint'),
    },
    {
      key: 'tasks',
      href: `${API_BASE_PATH}${apiPaths.analysisExportTasks(analysisId)}`,
      label: t('summary.exportTasks'),
      hint: t('summary.exportTasksHint'),
    },
  ];

  return (
    <div
      className="export-menu"
      ref={root}
      data-testid="export-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={`${id}-exports`}
        onClick={(event) => {
          setAlignStart(event.currentTarget.getBoundingClientRect().right < LIST_WIDTH_PX);
          setOpen((was) => !was);
        }}
      >
        <Download aria-hidden="true" size={18} />
        {t('summary.export')}
        <ChevronDown aria-hidden="true" size={16} className="export-menu__chevron" />
      </button>
      <ul
        id={`${id}-exports`}
        className={`export-menu__list list-plain${alignStart ? ' export-menu__list--start' : ''}`}
        hidden={!open}
      >
        {exports.map((item) => (
          <li key={item.key}>
            <a
              className="export-menu__link"
              href={item.href}
              download
              aria-describedby={`${id}-${item.key}-hint`}
              data-testid={`export-${item.key}`}
              // Closed after the click, so the download the click starts is not cancelled.
              onClick={() => window.setTimeout(() => setOpen(false))}
            >
              {item.label}
            </a>
            <span id={`${id}-${item.key}-hint`} className="text-note">
              {item.hint}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

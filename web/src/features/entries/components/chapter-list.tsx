/**
 * The 'Tasks' panel (product §2): one chapter per step (scenario, URL, each task) with when it was first
 * entered and the time spent on it. Choosing a chapter seeks there and plays; the chapter under the
 * playhead is marked aria-current="step". A step never reached cannot be chosen.
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatClock, formatDuration } from '@/lib/time';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';

/** Step index of the first task: 0 is the scenario, 1 the URL. */
const FIRST_TASK_STEP = 2;

export interface ChapterTexts {
  scenario: string | null;
  url: string | null;
  tasks: readonly string[];
}

interface ChapterListProps {
  chapters: readonly ChapterDto[];
  texts: ChapterTexts;
  currentIndex: number | null;
  onSelect: (chapter: ChapterDto) => void;
}

function detailOf(chapter: ChapterDto, texts: ChapterTexts): string | null {
  if (chapter.kind === 'scenario') return texts.scenario;
  if (chapter.kind === 'url') return texts.url;
  return texts.tasks[chapter.index - FIRST_TASK_STEP] ?? null;
}

export function ChapterList({ chapters, texts, currentIndex, onSelect }: ChapterListProps) {
  const { t } = useTranslation();
  return (
    <section className="entry-panel entry-chapters" aria-labelledby="entry-tasks-title">
      <h2 id="entry-tasks-title">{t('entry.tasks')}</h2>
      {chapters.length === 0 ? (
        <p className="text-note">{t('entry.noChapters')}</p>
      ) : (
        <ol
          className="entry-chapters__list list-plain"
          aria-labelledby="entry-tasks-title"
          data-testid="entry-chapters"
        >
          {chapters.map((chapter) => {
            const reached = chapter.startMs !== null;
            const detail = detailOf(chapter, texts);
            return (
              <li key={chapter.index}>
                <button
                  type="button"
                  className="entry-chapter"
                  data-kind={chapter.kind}
                  aria-current={chapter.index === currentIndex ? 'step' : undefined}
                  aria-disabled={reached ? undefined : true}
                  onClick={() => {
                    if (reached) onSelect(chapter);
                  }}
                >
                  {/* The spaces keep words apart in the accessible name; a grid does not render them. */}
                  <span className="entry-chapter__title">{chapter.title}</span>{' '}
                  {detail ? <span className="entry-chapter__detail">{detail}</span> : null}{' '}
                  <span className="entry-chapter__meta">
                    <span>
                      {t('entry.chapterStart')}{' '}
                      {chapter.startMs === null ? (
                        <Badge>{t('entry.notReached')}</Badge>
                      ) : (
                        <time>{formatClock(chapter.startMs)}</time>
                      )}
                    </span>{' '}
                    <span>
                      {t('entry.chapterSpent')} <time>{formatDuration(chapter.spentMs)}</time>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The moderator's task control (ADR 0024): the analysis's tasks, the one the participant was moved
 * to, and 'Siguiente tarea', which sends `task {index}` (0-based into the tasks). Observers see
 * the same list without the buttons.
 */
import { useTranslation } from 'react-i18next';

interface TaskControlProps {
  tasks: string[];
  current: number | null;
  onMove: ((index: number) => void) | null;
}

export function TaskControl({ tasks, current, onMove }: TaskControlProps) {
  const { t } = useTranslation();
  const next = current === null ? 0 : current + 1;
  return (
    <section className="room-panel" aria-labelledby="tasks-title">
      <h2 id="tasks-title" className="room-panel__title">
        {t('moderated.tasks.title')}
      </h2>
      <p aria-live="polite" data-testid="room-task">
        {current === null
          ? t('moderated.tasks.none')
          : t('moderated.tasks.current', { n: current + 1, total: tasks.length })}
      </p>
      <ol className="room-tasks">
        {tasks.map((task, i) => (
          <li key={i} aria-current={i === current ? 'step' : undefined} className="room-tasks__item">
            <span>{task}</span>
            {onMove && i !== current ? (
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() => onMove(i)}
                aria-label={t('moderated.tasks.goTo', { n: i + 1 })}
              >
                {t('moderated.tasks.go')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {onMove ? (
        <button
          type="button"
          className="button button--primary"
          disabled={next >= tasks.length}
          onClick={() => onMove(next)}
        >
          {t('moderated.tasks.next')}
        </button>
      ) : null}
    </section>
  );
}

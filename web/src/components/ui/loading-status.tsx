/**
 * A spinner in place of what is still loading, with its words for screen readers in a status
 * role. The frame is the caller's: 'page-loader' (centred, the default) for a screen, the
 * session or a lazily loaded chunk, or a class of its own (a block's height, the entry page).
 */
export function LoadingStatus({
  label,
  className = 'page-loader',
  testId,
}: {
  label: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} role="status" data-testid={testId}>
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

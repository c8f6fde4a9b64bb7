/**
 * A spinner in place of content that is still loading (a list, a screen's data), with its words
 * for screen readers in a status role. Unlike PageLoader (a whole lazily loaded screen) it takes
 * only a block's height.
 */
import '@/components/ui/loading-block.css';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="loading-block" role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

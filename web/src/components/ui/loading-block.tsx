/**
 * A spinner in place of content that is still loading (a list, a screen's data), with its words
 * for screen readers in a status role. Unlike PageLoader (a whole lazily loaded screen) it takes
 * only a block's height.
 */
import { LoadingStatus } from '@/components/ui/loading-status';
import '@/components/ui/loading-block.css';

export function LoadingBlock({ label }: { label: string }) {
  return <LoadingStatus className="loading-block" label={label} />;
}

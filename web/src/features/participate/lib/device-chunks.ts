/**
 * The chunks an earlier tab left on this device (IndexedDB, ADR 0005) for an entry, through the
 * recorder module: dropped when the participant deletes an unfinished participation or it can no
 * longer be resumed. Best effort: without the module or IndexedDB there is nothing to drop.
 */
import { loadRecorder } from '@/features/participate/lib/load-recorder';

export async function discardDeviceChunks(entryId: string): Promise<void> {
  try {
    const module = (await loadRecorder()) as { Recorder?: { discard?: (entryId: string) => Promise<void> } };
    await module.Recorder?.discard?.(entryId);
  } catch {
    // Nothing stored, or storage unavailable: nothing to delete.
  }
}

/**
 * A React binding of the call client (`lib/call`): one `CallClient` per room for the component's
 * life, its snapshot as state, closed on unmount (never stopping the caller's tracks).
 */
import { useEffect, useState } from 'react';
import { CallClient, type CallOptions, type CallSnapshot } from '@/lib/call/call-client';

export function useCall(options: CallOptions | null): { client: CallClient | null; snapshot: CallSnapshot | null } {
  const [state, setState] = useState<{ client: CallClient | null; snapshot: CallSnapshot | null }>({
    client: null,
    snapshot: null,
  });
  const roomPath = options?.roomPath;
  const icePath = options?.icePath;
  useEffect(() => {
    if (!roomPath || !icePath) return undefined;
    const client = new CallClient({ roomPath, icePath });
    setState({ client, snapshot: client.snapshot() });
    const unsubscribe = client.subscribe((snapshot) => setState({ client, snapshot }));
    void client.start();
    return () => {
      unsubscribe();
      client.close();
    };
  }, [roomPath, icePath]);
  return state;
}

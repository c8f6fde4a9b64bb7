/**
 * The pre-flight uplink probe's client (issue 48): random bytes POSTed to the analysis's probe
 * route, timed, as bits per second; null on a refusal, a network failure, a short count or a
 * time-out (the request aborted).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeUplink } from '@/features/participate/api/uplink-probe';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `performance.now()` reads `times` in turn: the start, then the answer. */
function clock(...times: number[]) {
  const now = vi.spyOn(performance, 'now');
  for (const time of times) now.mockReturnValueOnce(time);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('probeUplink', () => {
  it('POSTs random bytes to the analysis and answers bits per second', async () => {
    const fetchMock = vi.fn(async () => answer({ receivedBytes: 262_144 }));
    vi.stubGlobal('fetch', fetchMock);
    clock(1_000, 1_500);

    // 256 KiB in half a second: 4,194,304 bit/s.
    await expect(probeUplink('an 1')).resolves.toBe(4_194_304);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/analysis/an%201/uplink-probe');
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/octet-stream' } });
    const body = init.body as Uint8Array;
    expect(body.byteLength).toBe(262_144);
    // Random, not zeros (nothing on the way can compress it): every 64 KiB slice was filled.
    for (const at of [0, 65_536, 131_072, 196_608]) {
      expect(body.subarray(at, at + 65_536).some((byte) => byte !== 0)).toBe(true);
    }
  });

  it('sends the size asked for', async () => {
    const fetchMock = vi.fn(async () => answer({ receivedBytes: 1000 }));
    vi.stubGlobal('fetch', fetchMock);
    clock(0, 8);
    await expect(probeUplink('an-1', 1000)).resolves.toBe(1_000_000);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body).toHaveProperty('byteLength', 1000);
  });

  it('is null when the server refuses, the network fails or not every byte arrived', async () => {
    const refusal = answer({ message: 'Demasiados intentos.', code: 'rate_limited' }, 429);
    for (const reply of [
      async () => refusal,
      async () => answer({ message: 'Análisis no encontrado.', code: 'analysis_not_found' }, 404),
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () => answer({ receivedBytes: 100 }),
      async () => new Response('not json', { status: 200 }),
    ]) {
      vi.stubGlobal('fetch', vi.fn(reply));
      await expect(probeUplink('an-1', 1000)).resolves.toBeNull();
    }
    vi.stubGlobal('fetch', vi.fn());
    await expect(probeUplink('an-1', 0)).resolves.toBeNull();
  });

  it('gives up after the time-out: the request is aborted and the answer is null', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', hanging);

    const pending = probeUplink('an-1', 1000, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(hanging.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBeNull();
    expect(hanging.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });
});

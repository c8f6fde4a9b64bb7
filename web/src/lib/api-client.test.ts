/** The API client: request shape, server error bodies, time-out and network failures become ApiError. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, get, post } from '@/lib/api-client';
import type { ErrorBody } from '@/lib/api-types/ErrorBody';
import type { HealthResponse } from '@/lib/api-types/HealthResponse';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers but rejects like the real one when its signal aborts. */
const hangingFetch = vi.fn(
  (_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }),
);

describe('api-client', () => {
  beforeEach(() => {
    hangingFetch.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the same-origin API with cookies and JSON headers and returns the body', async () => {
    const fetchMock = vi.fn(async () => json({ ok: true, version: '0.1.0' } satisfies HealthResponse));
    vi.stubGlobal('fetch', fetchMock);

    await expect(get<HealthResponse>('/health')).resolves.toEqual({ ok: true, version: '0.1.0' });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/health',
      expect.objectContaining({ method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } }),
    );
  });

  it('sends a JSON body with Content-Type on writes and encodes the query', async () => {
    const fetchMock = vi.fn(async () => json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);

    await post('/auth/login/local', { username: 'a@b.es', password: 'x' }, { query: { next: 'a b', skip: undefined } });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/login/local?next=a+b',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ username: 'a@b.es', password: 'x' }),
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      }),
    );
  });

  it("turns the server's error body into an ApiError carrying status, code and message", async () => {
    const body: ErrorBody = {
      message: 'La combinación de email y contraseña es incorrecta',
      code: 'invalid_credentials',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(body, 401)),
    );

    const error = await post('/auth/login/local', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 401, code: 'invalid_credentials', message: body.message });
  });

  it('keeps the status when an error answer is not our JSON body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 })),
    );

    await expect(get('/health')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('gives up after 5000 ms with an ApiError of status 0 and code "timeout"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch);

    const pending = get('/health').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(4999);
    expect(hangingFetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('turns a network failure into an ApiError of status 0 and code "network"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(get('/health')).rejects.toMatchObject({ name: 'ApiError', status: 0, code: 'network' });
  });

  it('reports a cancelled call as code "aborted", not as a time-out', async () => {
    vi.stubGlobal('fetch', hangingFetch);
    const controller = new AbortController();

    const pending = get('/health', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();

    await expect(pending).resolves.toMatchObject({ status: 0, code: 'aborted' });
  });
});

/** The one HTTP client for Lupa's API: same origin, cookies, JSON, a 5000 ms time-out and a typed ApiError. */
import { API_BASE_PATH, API_TIMEOUT_MS } from '@/config/constants';
import type { ErrorBody } from '@/lib/api-types/ErrorBody';
import type { ErrorCode } from '@/lib/api-types/ErrorCode';
import type { ValidationItem } from '@/lib/api-types/ValidationItem';

/** Codes the client itself produces; other codes come from the server's error body. */
export type ClientErrorCode = 'network' | 'timeout' | 'aborted' | 'invalid_response' | 'http_error';

const CLIENT_CODES: ReadonlySet<string> = new Set<ClientErrorCode>([
  'network',
  'timeout',
  'aborted',
  'invalid_response',
  'http_error',
]);

/** True for the codes the client invents when no usable error body arrived. */
export const isClientCode = (code: string): code is ClientErrorCode => CLIENT_CODES.has(code);

/**
 * Any failed API call. `message` is the server's message when it sent one (product §2's screens show
 * it), `code` is stable for programs, `status` is the HTTP status or 0 when no answer arrived.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's `ErrorCode` (exported from the worker's enum), or one the client produced. */
  readonly code: ErrorCode | ClientErrorCode;
  /** The `errors: [{msg}]` of an error body (e.g. password-policy reasons); empty otherwise. */
  readonly errors: ValidationItem[];

  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string, errors: ValidationItem[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The code of a failed API call; undefined for anything else (a browser error, a bug). */
export const errorCode = (error: unknown): ApiError['code'] | undefined => (isApiError(error) ? error.code : undefined);

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Appended as a query string; null and undefined values are left out. */
  query?: QueryParams;
  /** Cancels the call (e.g. TanStack Query's signal); the time-out still applies. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorBody).message === 'string' &&
  typeof (value as ErrorBody).code === 'string';

/** Reads a JSON body; an empty body is `undefined`, anything unparsable is `invalid`. */
async function readJson(response: Response): Promise<{ value: unknown } | 'invalid'> {
  const text = await response.text();
  if (!text.trim()) return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return 'invalid';
  }
}

/** The well-formed `{msg}` items of an error body's optional `errors` list. */
function validationItems(body: ErrorBody): ValidationItem[] {
  const items: unknown = body.errors;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is ValidationItem => typeof item === 'object' && item !== null && typeof item.msg === 'string',
  );
}

function errorFromResponse(response: Response, body: { value: unknown } | 'invalid'): ApiError {
  if (body !== 'invalid' && isErrorBody(body.value)) {
    return new ApiError(response.status, body.value.code, body.value.message, validationItems(body.value));
  }
  // Not our error body (a proxy page, a crash): keep the status, invent nothing.
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { query, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  // Every write declares JSON, even without a body, so the server can insist on it.
  if (method !== 'GET') headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    // The time-out covers the body too, so it is read inside the same try.
    const parsed = await readJson(response);
    if (!response.ok) throw errorFromResponse(response, parsed);
    if (parsed === 'invalid') {
      throw new ApiError(response.status, 'invalid_response', 'The server answered with invalid JSON');
    }
    return parsed.value as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(0, 'timeout', `No answer within ${timeoutMs} ms`);
    if (signal?.aborted) throw new ApiError(0, 'aborted', 'The request was cancelled');
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export const get = <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options);

export const post = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  request<T>('POST', path, body, options);

export const patch = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PATCH', path, body, options);

export const put = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  request<T>('PUT', path, body, options);

export const del = <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options);

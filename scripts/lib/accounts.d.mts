// Types of accounts.mjs for the TypeScript browser tests.
export interface Answer {
  status: number;
  text: string;
  /** The worker's `x-request-id`, named in the error when a call is refused. */
  requestId?: string;
}
export type Call<A extends Answer = Answer> = (method: string, path: string, body?: unknown) => Promise<A>;
/** What playwrightCall uses of Playwright's `APIRequestContext`. */
export interface PlaywrightRequest {
  fetch(
    url: string,
    options: { method: string; data?: unknown },
  ): Promise<{ status(): number; text(): Promise<string>; headers(): Record<string, string> }>;
}
export const PASSWORD: string;
export function playwrightCall(request: PlaywrightRequest): Call;
export function uniqueEmail(tag?: string): string;
export function fakeClientIp(): string;
export function register<A extends Answer>(call: Call<A>, email: string, password?: string): Promise<A>;
export function login<A extends Answer>(call: Call<A>, email: string, password?: string): Promise<A>;
export function createCustomer<A extends Answer>(call: Call<A>): Promise<A>;
export function openCheckout(call: Call): Promise<string>;
export function payCheckout<A extends Answer>(call: Call<A>, sessionId: string): Promise<A>;
export function subscribe(call: Call): Promise<void>;

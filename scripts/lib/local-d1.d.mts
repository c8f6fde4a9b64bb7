// Types of local-d1.mjs for the TypeScript browser tests.
export function d1File(stateDir: string): string;
export function statements(query: string): string[];
export function localSql(stateDir: string, query: string): Record<string, unknown>[][];

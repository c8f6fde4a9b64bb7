// Types of analysis-body.mjs for the TypeScript browser tests.
export interface TextTask {
  taskType: 'text';
  taskContent: string;
}
export function textTasks(...contents: string[]): TextTask[];
export function analysisBody<O extends Record<string, unknown>>(overrides?: O): Record<string, unknown> & O;

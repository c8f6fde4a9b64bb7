/** The only door to the recorder wasm: a dynamic import, so it downloads on participate screens only. */
export type RecorderModule = typeof import('@lupa/recorder');

export const loadRecorder = (): Promise<RecorderModule> => import('@lupa/recorder');

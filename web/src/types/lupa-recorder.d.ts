/** Types of the recorder wasm package (wasm-bindgen --target bundler output), which tsc may not find built. */
declare module '@lupa/recorder' {
  /** The first MediaRecorder mime type this browser supports, or undefined when none is. */
  export function pickMimeType(): string | undefined;
  /** Every mime type the recorder tries, in order of preference. */
  export function candidateMimeTypes(): string[];
}

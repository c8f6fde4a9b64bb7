/**
 * The submit handler of a form whose outcome its page shows from the mutation's state: it sends
 * the values and waits, so the button stays busy meanwhile, then runs `then` on success. A failure
 * stays in the mutation's `error`, where the page's alert reads it, so it isn't thrown again here.
 */
export const submitTo =
  <TValues, TData>(send: (values: TValues) => Promise<TData>, then?: (data: TData) => unknown) =>
  async (values: TValues) => {
    try {
      const data = await send(values);
      await then?.(data);
    } catch {
      // Shown from the mutation's error.
    }
  };

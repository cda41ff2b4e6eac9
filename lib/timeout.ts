/** `promise`, or the error `timedOut()` makes once `ms` pass first (the timer is cleared either way). */
export function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error = () => new Error(`timed out after ${ms} ms`)): Promise<T> {
  let timer: NodeJS.Timeout;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// Polling for work a queue worker does in the background: the check's first truthy
// answer, or a failure naming what never happened.
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

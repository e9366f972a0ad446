// Work that no first paint needs (the tracking island, the cookie banner) starts once the page
// has loaded and the browser is idle, so it does not compete with hydration for the main thread.

/** Longest wait for an idle moment after the load event, in ms. */
export const idleTimeoutMs = 3000;
// Browsers without requestIdleCallback (Safari) wait this long after the load event instead.
const fallbackDelayMs = 200;

/** Runs `task` once, after the load event, when the browser is idle. Returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = idleTimeoutMs): () => void {
  let cancelled = false;
  let cancelScheduled = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancelScheduled = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, fallbackDelayMs);
      cancelScheduled = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelScheduled();
  };
}

/** Time left, each part zero-padded to two digits (spec 9); days may grow past 99. */
export interface Countdown {
  days: string;
  hours: string;
  min: string;
  sec: string;
  /** True once the end has been reached; every part is then '00'. */
  done: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The countdown from `now` to `end` (both ms since the epoch or Dates), never negative. */
export function countdown(end: number | Date, now: number | Date = Date.now()): Countdown {
  const left = Math.max(0, Math.floor((Number(end) - Number(now)) / 1000));
  return {
    days: pad(Math.floor(left / 86_400)),
    hours: pad(Math.floor((left % 86_400) / 3600)),
    min: pad(Math.floor((left % 3600) / 60)),
    sec: pad(left % 60),
    done: left === 0,
  };
}

/**
 * Calls `onTick` now and at every whole second until `end`, then once with done = true and
 * stops. Returns a function that stops it early (e.g. on unmount).
 */
export function startCountdown(end: number | Date, onTick: (value: Countdown) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = Date.now();
    const value = countdown(end, now);
    onTick(value);
    if (value.done) return;
    // Aligned to the next second boundary of the remaining time, so ticks do not drift.
    const untilNext = (Number(end) - now) % 1000 || 1000;
    timer = setTimeout(tick, untilNext);
  };
  tick();
  return () => clearTimeout(timer);
}

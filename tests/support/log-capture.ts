// Collects the server's log lines (src/server/log.ts) in memory for one test.
import { setLogDestination } from '@/server/log';

export interface CapturedLogs {
  /** Every line written so far, exactly as it would reach standard output. */
  text(): string;
  /** The lines parsed as JSON. */
  entries(): Record<string, unknown>[];
  /** Sends the log back where it was. */
  restore(): void;
}

export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  setLogDestination({ write: (line: string) => void lines.push(line) });
  return {
    text: () => lines.join(''),
    entries: () =>
      lines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => setLogDestination(undefined),
  };
}

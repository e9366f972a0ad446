// The forgot-password page hands the checked email and code to /resetPassword through
// sessionStorage (this tab only, gone when it closes), never through the URL.
const key = 'turbovpn.reset';

export interface ResetState {
  email: string;
  code: string;
}

export function saveResetState(state: ResetState): void {
  sessionStorage.setItem(key, JSON.stringify(state));
}

export function readResetState(): ResetState | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as ResetState).email === 'string' &&
      typeof (value as ResetState).code === 'string'
    ) {
      return value as ResetState;
    }
  } catch {
    // Unreadable: start over.
  }
  return null;
}

export function clearResetState(): void {
  sessionStorage.removeItem(key);
}

// Where a long email address may break across lines: before the "@" and before each dot, so a
// narrow column shows "demo" / "@turbovpn" / ".local" instead of "demo@turbo" / "vpn.local".

/** The address cut before "@" and before every ".": joined again, it is the address. */
export function emailParts(email: string): string[] {
  return email.split(/(?=[@.])/).filter((part) => part !== '');
}

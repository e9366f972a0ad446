/** A `document.cookie` stand-in that remembers each cookie's attributes (browser-module tests). */
export function cookieJar() {
  const cookies = new Map<string, { value: string; attributes: Record<string, string> }>();
  return {
    cookies,
    get cookie(): string {
      return [...cookies].map(([name, entry]) => `${name}=${entry.value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...rest] = text.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const attributes = Object.fromEntries(
        rest.map((part) => {
          const [key = '', value = ''] = part.trim().split('=');
          return [key.toLowerCase(), value];
        }),
      );
      if (attributes['max-age'] === '0') cookies.delete(name);
      else cookies.set(name, { value: pair.slice(index + 1), attributes });
    },
  };
}

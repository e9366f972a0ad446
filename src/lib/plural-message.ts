// A count message for client islands without the ICU runtime (intl-messageformat, ~19 KB of
// gzipped script on every page that loads it). The server splits a message of the form
// `{count, plural, =0 {…} one {# …} other {# …}}` into its forms; the island picks one with the
// browser's Intl.PluralRules and puts the formatted number where the message has `#`.

/** The forms of a plural message by selector (`=0`, `one`, `few`, `other`, …). */
export type PluralForms = Record<string, string>;

/** Splits an ICU plural message whose forms are plain text (with `#`); throws on anything else. */
export function pluralForms(message: string): PluralForms {
  const head = /^\{\s*\w+\s*,\s*plural\s*,/.exec(message);
  if (!head || !message.endsWith('}')) {
    throw new Error(`not a plural message: ${message}`);
  }
  const body = message.slice(head[0].length, -1);
  const forms: PluralForms = {};
  const option = /\s*(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/y;
  let at = 0;
  while (body.slice(at).trim() !== '') {
    option.lastIndex = at;
    const found = option.exec(body);
    if (!found?.[1]) throw new Error(`unsupported plural message (plain forms only): ${message}`);
    forms[found[1]] = (found[2] ?? '').replaceAll("''", "'");
    at = option.lastIndex;
  }
  if (forms.other === undefined) throw new Error(`plural message without "other": ${message}`);
  return forms;
}

/** The form for `count` in `locale`, with `#` replaced by the number in the locale's digits. */
export function formatPlural(forms: PluralForms, count: number, locale: string): string {
  const form =
    forms[`=${count}`] ?? forms[new Intl.PluralRules(locale).select(count)] ?? forms.other ?? '';
  return form.replaceAll('#', new Intl.NumberFormat(locale).format(count));
}

// The footer sign-up's texts, prepared on the server so the island needs no ICU runtime: the
// two messages with arguments are split around them (`Newsletter.successText` around {email},
// `Forms.tooMany` around its plural of minutes, formatted in the browser by formatPlural).
import { type PluralForms, pluralForms } from '@/lib/plural-message';

/** A message with one argument, as the text before and after it. */
export interface SplitText {
  before: string;
  after: string;
}

export interface FooterNewsletterTexts {
  /** Forms.email */
  label: string;
  /** Newsletter.submit */
  submit: string;
  /** Newsletter.successText around {email} */
  sent: SplitText;
  /** Forms.errors.emailRequired, Forms.errors.invalidEmail, Forms.failed, Forms.network */
  emailRequired: string;
  invalidEmail: string;
  failed: string;
  network: string;
  /** Forms.tooMany around its {minutes, plural, …} */
  tooMany: SplitText & { forms: PluralForms };
}

function plainText(text: string, message: string): string {
  if (/[{}]|''/.test(text)) throw new Error(`unsupported message (one argument only): ${message}`);
  return text;
}

/** Splits a message with exactly one simple argument (`{email}`) around it. */
export function splitAround(message: string, argument: string): SplitText {
  const placeholder = `{${argument}}`;
  const at = message.indexOf(placeholder);
  if (at < 0) throw new Error(`no ${placeholder} in: ${message}`);
  return {
    before: plainText(message.slice(0, at), message),
    after: plainText(message.slice(at + placeholder.length), message),
  };
}

/** Splits a message with one `{argument, plural, …}` into the texts around it and its forms. */
export function splitPlural(message: string, argument: string): FooterNewsletterTexts['tooMany'] {
  const start = new RegExp(`\\{\\s*${argument}\\s*,\\s*plural\\s*,`).exec(message);
  if (!start) throw new Error(`no plural of ${argument} in: ${message}`);
  let depth = 0;
  let end = -1;
  for (let i = start.index; i < message.length; i += 1) {
    if (message[i] === '{') depth += 1;
    else if (message[i] === '}') depth -= 1;
    if (depth === 0) {
      end = i + 1;
      break;
    }
  }
  if (end < 0) throw new Error(`unbalanced braces in: ${message}`);
  return {
    before: plainText(message.slice(0, start.index), message),
    forms: pluralForms(message.slice(start.index, end)),
    after: plainText(message.slice(end), message),
  };
}

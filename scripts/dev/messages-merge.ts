// Adds a fragment of messages to messages/<locale>.json (default en): new keys are added,
// existing ones replaced, key order kept. Several people can add their namespaces at once:
//   flock /tmp/turbovpn-messages.lock node --import tsx scripts/dev/messages-merge.ts fragment.json [locale]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [fragmentPath, locale = 'en'] = process.argv.slice(2);
if (!fragmentPath) {
  console.error('usage: node --import tsx scripts/dev/messages-merge.ts <fragment.json> [locale]');
  process.exit(2);
}

/** A message catalogue: texts and namespaces of texts. */
type Messages = { [key: string]: string | Messages };

function merge(target: Messages, source: Record<string, unknown>, at: string): void {
  for (const [key, value] of Object.entries(source)) {
    const where = at ? `${at}.${key}` : key;
    if (typeof value === 'string') {
      if (typeof target[key] === 'object') throw new Error(`${where} is a namespace, not a text`);
      target[key] = value;
    } else if (value && typeof value === 'object') {
      if (typeof target[key] === 'string') throw new Error(`${where} is a text, not a namespace`);
      target[key] ??= {};
      merge(target[key] as Messages, value as Record<string, unknown>, where);
    } else {
      throw new Error(`${where} must be a text or an object`);
    }
  }
}

const file = path.join(process.cwd(), 'messages', `${locale}.json`);
const messages = JSON.parse(readFileSync(file, 'utf8'));
merge(messages, JSON.parse(readFileSync(fragmentPath, 'utf8')), '');
writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
console.log(`merged ${fragmentPath} into ${path.relative(process.cwd(), file)}`);

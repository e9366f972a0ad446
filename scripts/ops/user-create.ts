// `npm run user:create -- --email a@example.com --password 'S3cret-pass!' [--name 'Ann']`:
// creates an account with a password on the configured database (migrations applied first).
// Run with --conditions=react-server (see package.json), like db:migrate.
import { parseArgs } from 'node:util';
import { runCommand } from '../command';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: '' },
    },
    strict: true,
  });
  const rules = await import('../../src/lib/password-rules');
  const email = values.email ?? '';
  const password = values.password ?? '';
  const emailProblem = rules.checkEmail(email);
  if (emailProblem) {
    console.error(`user:create: --email: ${rules.validationTexts[emailProblem]}`);
    return 2;
  }
  const passwordProblem = rules.checkNewPassword(password);
  if (passwordProblem) {
    console.error(`user:create: --password: ${rules.validationTexts[passwordProblem]}`);
    return 2;
  }

  const { prepareDatabase } = await import('../../src/server/startup');
  const { createUserWithPassword } = await import('../../src/server/account/users');
  const { handle } = await prepareDatabase();
  try {
    const created = await createUserWithPassword(handle.db, {
      email: rules.normalizeEmail(email),
      password,
      name: values.name ?? '',
    });
    if (!created) {
      console.error(`user:create: an account for ${rules.normalizeEmail(email)} already exists`);
      return 1;
    }
    console.log(`Created account ${rules.normalizeEmail(email)} in ${handle.label}`);
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand('user:create', main);

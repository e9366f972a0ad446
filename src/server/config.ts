import 'server-only';
import { z } from 'zod';

// Every setting the server reads, with its documented default (README.md, .env.example).
// An invalid value stops the server at start with a message that names the setting.
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // What this server is for, independent of how Next was built (`next start` always sets
    // NODE_ENV=production): a newcomer's `npm start` is 'development' and gets the demo account;
    // operators run 'production', which never seeds demo data.
    APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
    SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PGLITE_DIR: z.string().min(1).default('./data/pglite'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // Unset: mail goes to the development outbox (stored in the database and logged).
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Turbo VPN <no-reply@turbovpn.local>'),
  })
  .superRefine((value, ctx) => {
    // The outbox would swallow real users' mail: production needs a real SMTP server.
    if (value.APP_ENV === 'production' && !value.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when APP_ENV=production',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

let current: Config | undefined;

/** The configuration of this process, parsed once from the environment. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

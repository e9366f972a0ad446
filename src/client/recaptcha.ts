// reCAPTCHA v3 in the browser (spec 7 and 8): the script is added only when a site key is
// configured; a token is asked for with an action name ('submit' by default). The loader polls
// every 200 ms for the library and gives up after more than 300 attempts (about 60 s). Any
// failure gives an empty token and a warning; the server then decides (it refuses an empty
// token when its secret is set).

export const recaptchaPollMs = 200;
export const recaptchaMaxAttempts = 300;

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

export type RecaptchaWarning =
  | { kind: 'load-failed' }
  | { kind: 'execute-failed'; message: string };

export interface RecaptchaEnvironment {
  window: { grecaptcha?: Grecaptcha };
  document: Pick<Document, 'createElement' | 'head' | 'querySelector'>;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

export interface Recaptcha {
  token(action?: string): Promise<string>;
}

const scriptId = 'recaptcha-v3';

export function createRecaptcha(options: {
  siteKey: string | undefined;
  onWarning: (warning: RecaptchaWarning) => void;
  environment?: RecaptchaEnvironment;
}): Recaptcha {
  // Resolved on first use: the forms using this also render on the server, without window.
  const environment = (): RecaptchaEnvironment =>
    options.environment ?? {
      window: window as unknown as RecaptchaEnvironment['window'],
      document,
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    };

  function load(env: RecaptchaEnvironment, siteKey: string) {
    if (env.document.querySelector(`#${scriptId}`)) return;
    const script = env.document.createElement('script');
    script.id = scriptId;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.defer = true;
    env.document.head.appendChild(script);
  }

  return {
    token(action = 'submit') {
      const { siteKey } = options;
      if (!siteKey) return Promise.resolve('');
      const env = environment();
      load(env, siteKey);
      return new Promise((resolve) => {
        let attempts = 0;
        const poll = () => {
          attempts += 1;
          const grecaptcha = env.window.grecaptcha;
          if (grecaptcha && typeof grecaptcha.execute === 'function') {
            const fail = (error: unknown) => {
              const message = error instanceof Error ? error.message : String(error);
              options.onWarning({ kind: 'execute-failed', message });
              resolve('');
            };
            grecaptcha.ready(() => {
              try {
                grecaptcha.execute(siteKey, { action }).then(resolve, fail);
              } catch (error: unknown) {
                fail(error);
              }
            });
            return;
          }
          if (attempts > recaptchaMaxAttempts) {
            options.onWarning({ kind: 'load-failed' });
            resolve('');
            return;
          }
          env.setTimeout(poll, recaptchaPollMs);
        };
        poll();
      });
    },
  };
}

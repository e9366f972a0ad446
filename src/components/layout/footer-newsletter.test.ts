import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/client/http';
import { limits, newsletterSubscribeSchema } from '@/lib/form-rules';
import { formatPlural } from '@/lib/plural-message';
import { FooterNewsletter } from './footer-newsletter';
import { emailProblem, maxEmailLength, problemOfError } from './footer-newsletter-rules';
import { type FooterNewsletterTexts, splitAround, splitPlural } from './footer-newsletter-texts';

const messagesDir = path.join(process.cwd(), 'messages');
const locales = readdirSync(messagesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));
const messagesOf = (locale: string) =>
  JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')) as {
    Forms: { tooMany: string };
    Newsletter: { successText: string };
  };

describe('emailProblem (the footer’s check before sending)', () => {
  const addresses = [
    '',
    '   ',
    'reader@example.com',
    '  reader@example.com  ',
    'first.last+vpn@mail.example.co.uk',
    "o'neil@example.ie",
    'a_b-c@sub-domain.example.org',
    'nobody',
    'reader@',
    '@example.com',
    'reader@example',
    'reader@example.c',
    'reader@@example.com',
    'reader@-example.com',
    '.reader@example.com',
    'reader.@example.com',
    're..ader@example.com',
    'reader@example..com',
    'reader@exa mple.com',
    'reader@example.com.',
    'réader@example.com',
    'reader@exämple.com',
    'reader@127.0.0.1',
    'reader@example.123',
    '"quoted"@example.com',
    '<script>@example.com',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
  ];

  it('agrees with the newsletter’s schema on every address', () => {
    for (const email of addresses) {
      const parsed = newsletterSubscribeSchema.safeParse({ email, locale: 'en' });
      const expected = parsed.success ? null : parsed.error.issues[0]?.message;
      expect(emailProblem(email)?.key ?? null, JSON.stringify(email)).toBe(expected);
    }
  });

  it('uses the schema’s length limit', () => {
    expect(maxEmailLength).toBe(limits.email);
  });
});

describe('problemOfError (reading a failed subscribe call)', () => {
  const failure = (status: number, data?: unknown) =>
    new ApiRequestError(status, { code: status, message: 'Error', data });

  it('shows the server’s email error on the field', () => {
    const fields = [{ field: 'email', key: 'invalidEmail' }];
    expect(problemOfError(failure(400, { fields }))).toEqual({ key: 'invalidEmail' });
    expect(
      problemOfError(failure(400, { fields: [{ field: 'email', key: 'emailRequired' }] })),
    ).toEqual({ key: 'emailRequired' });
  });

  it('rounds the wait of a refused attempt up to minutes (an hour when not given)', () => {
    expect(problemOfError(failure(429, { retry_after: 61 }))).toEqual({
      key: 'tooMany',
      minutes: 2,
    });
    expect(problemOfError(failure(429, { retry_after: 5 }))).toEqual({
      key: 'tooMany',
      minutes: 1,
    });
    expect(problemOfError(failure(429))).toEqual({ key: 'tooMany', minutes: 60 });
  });

  it('tells a lost connection from a failure on the server', () => {
    expect(problemOfError(failure(0))).toEqual({ key: 'network' });
    expect(problemOfError(failure(503, undefined))).toEqual({ key: 'failed' });
    expect(problemOfError(failure(500))).toEqual({ key: 'failed' });
    expect(problemOfError(failure(400, { fields: [{ field: 'locale', key: 'invalid' }] }))).toEqual(
      { key: 'failed' },
    );
    expect(problemOfError(new Error('boom'))).toEqual({ key: 'failed' });
  });
});

describe('the texts prepared on the server', () => {
  it('give the same "check your inbox" text as the ICU runtime in every locale', () => {
    const email = 'reader@example.com';
    for (const locale of locales) {
      const message = messagesOf(locale).Newsletter.successText;
      const { before, after } = splitAround(message, 'email');
      const expected = new IntlMessageFormat(message, locale).format({ email });
      expect(`${before}${email}${after}`, locale).toBe(expected);
    }
  });

  it('give the same "too many attempts" text as the ICU runtime in every locale', () => {
    for (const locale of locales) {
      const message = messagesOf(locale).Forms.tooMany;
      const { before, forms, after } = splitPlural(message, 'minutes');
      for (const minutes of [1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 60, 101]) {
        const expected = new IntlMessageFormat(message, locale).format({ minutes });
        const actual = `${before}${formatPlural(forms, minutes, locale)}${after}`;
        expect(actual, `${locale} ${minutes}`).toBe(expected);
      }
    }
  });

  it('refuse messages they cannot reproduce exactly', () => {
    expect(() => splitAround('Sent to you.', 'email')).toThrow(/no \{email\}/);
    expect(() => splitAround('{name}, we sent it to {email}.', 'email')).toThrow(/one argument/);
    expect(() => splitPlural('Wait {minutes} minutes.', 'minutes')).toThrow(/no plural/);
    expect(() => splitPlural('Wait {minutes, plural, other {# min}.', 'minutes')).toThrow(
      /unbalanced/,
    );
    expect(() => splitPlural('{who}: wait {minutes, plural, other {# min}}.', 'minutes')).toThrow(
      /one argument/,
    );
  });
});

describe('FooterNewsletter as the server renders it', () => {
  const texts: FooterNewsletterTexts = {
    label: 'Email',
    submit: 'Subscribe',
    sent: { before: 'Sent to ', after: '.' },
    emailRequired: 'Please Enter Email',
    invalidEmail: '! Invalid Email provide',
    failed: 'Failed',
    network: 'Offline',
    tooMany: { before: 'Wait ', forms: { other: '# min' }, after: '.' },
  };
  const html = renderToStaticMarkup(
    createElement(FooterNewsletter, { locale: 'ar', action: '/ar/edmsub', texts }),
  );

  it('is a labelled email field and a submit button, leading to /edmsub before hydration', () => {
    expect(html).toMatch(/^<form [^>]*action="\/ar\/edmsub"/);
    expect(html).toMatch(/^<form [^>]*noValidate=""/);
    expect(html).toMatch(/<label for="footer-newsletter-email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<input[^>]*id="footer-newsletter-email"[^>]*type="email"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
  });

  it('puts no name on the field, so the address never ends up in a URL', () => {
    expect(html).not.toContain('name=');
  });

  it('shows no message before the visitor sends', () => {
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain('aria-invalid');
  });
});

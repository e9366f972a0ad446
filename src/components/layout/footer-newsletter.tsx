'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '@/client/http';
import { formatPlural } from '@/lib/plural-message';
import {
  emailProblem,
  maxEmailLength,
  problemOfError,
  type SignupProblem,
} from './footer-newsletter-rules';
import type { FooterNewsletterTexts } from './footer-newsletter-texts';

const fieldId = 'footer-newsletter-email';
const problemId = `${fieldId}-problem`;

/**
 * The footer's newsletter sign-up: step one of the double opt-in, as on /edmsub (POST
 * /api/mms/newsletter/v1/subscribe), then "check your inbox" in place of the form. Its texts come
 * as props, so it brings neither next-intl's client nor zod to the pages. Before the page is
 * hydrated (or without JavaScript) the form leads to /edmsub (`action`); the field has no name, so
 * the address never lands in that URL.
 */
export function FooterNewsletter({
  locale,
  action,
  texts,
}: {
  locale: string;
  action: string;
  texts: FooterNewsletterTexts;
}) {
  const [problem, setProblem] = useState<SignupProblem | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A new alert element for each failed attempt, so the same text is announced again.
  const [attempt, setAttempt] = useState(0);
  const fieldRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // Focused so screen readers read it, as the form it replaces is gone.
  useEffect(() => {
    if (sentTo !== null) doneRef.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const email = fieldRef.current?.value.trim() ?? '';
    let found = emailProblem(email);
    if (!found) {
      setProblem(null);
      setSending(true);
      try {
        await api.request('/api/mms/newsletter/v1/subscribe', {
          method: 'POST',
          body: { email, locale },
          quiet: true,
        });
        setSentTo(email);
        return;
      } catch (error: unknown) {
        found = problemOfError(error);
      } finally {
        setSending(false);
      }
    }
    setProblem(found);
    setAttempt((n) => n + 1);
    if (found.key === 'emailRequired' || found.key === 'invalidEmail') fieldRef.current?.focus();
  }

  if (sentTo !== null) {
    return (
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-success-700 bg-white px-4 py-3 font-medium text-success-700"
      >
        {texts.sent.before}
        <bdi className="wrap-anywhere">{sentTo}</bdi>
        {texts.sent.after}
      </p>
    );
  }

  const fieldInvalid = problem?.key === 'emailRequired' || problem?.key === 'invalidEmail';
  return (
    <form action={action} noValidate onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="block font-medium">
        {texts.label}
      </label>
      <div className="mt-1 flex flex-wrap gap-3">
        <input
          ref={fieldRef}
          id={fieldId}
          type="email"
          autoComplete="email"
          maxLength={maxEmailLength}
          aria-invalid={fieldInvalid || undefined}
          aria-describedby={problem ? problemId : undefined}
          className="min-h-11 min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-navy-900 aria-[invalid=true]:border-error-700"
        />
        {/* aria-disabled, not disabled: the button keeps the focus while the request runs. */}
        <button
          type="submit"
          aria-disabled={sending || undefined}
          aria-busy={sending || undefined}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-accent-700 px-5 py-2 font-semibold text-white transition-colors duration-(--duration-standard) hover:bg-accent-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {texts.submit}
        </button>
      </div>
      {problem ? (
        <p
          key={attempt}
          id={problemId}
          role="alert"
          className="mt-3 rounded-lg border border-error-700 bg-white px-3 py-2 text-sm font-medium text-error-700"
        >
          {problem.key === 'tooMany'
            ? `${texts.tooMany.before}${formatPlural(texts.tooMany.forms, problem.minutes, locale)}${texts.tooMany.after}`
            : texts[problem.key]}
        </p>
      ) : null}
    </form>
  );
}

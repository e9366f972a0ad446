'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '../ui/button';

/** The gift card code in large type, with a button that copies it and says whether it did. */
export function CopyCode({ code }: { code: string }) {
  const t = useTranslations('GiftCard');
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus(t('copied'));
    } catch {
      setStatus(t('copyFailed'));
    }
  }

  return (
    <div className="mt-4">
      <p className="font-medium text-slate-600" id="gift-code-label">
        {t('codeLabel')}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <output
          aria-labelledby="gift-code-label"
          dir="ltr"
          className="rounded-lg bg-slate-100 px-4 py-3 font-mono text-lg font-bold tracking-wide break-all select-all sm:text-2xl sm:tracking-wider"
          data-gift-code
        >
          {code}
        </output>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </div>
      <p role="status" className={status ? 'mt-2 text-sm text-slate-700' : ''}>
        {status}
      </p>
    </div>
  );
}

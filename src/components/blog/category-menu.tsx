'use client';

import { useEffect, useRef, useState } from 'react';
import { api } from '@/client/http';
import { formatPlural, type PluralForms } from '@/lib/plural-message';

interface CategoryEntry {
  slug: string;
  name: string;
  posts: number;
  url: string;
}

/** The menu's texts, from the server (Blog.allTopics, topicsLoading, topicsError, postCount). */
export interface CategoryMenuTexts {
  allTopics: string;
  topicsLoading: string;
  topicsError: string;
  postCount: PluralForms;
}

// Spec 4: the category list is loaded on demand. The bar's static links work without
// JavaScript; this disclosure fetches every category with its post count when first opened.
export function CategoryMenu({ locale, texts }: { locale: string; texts: CategoryMenuTexts }) {
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const [categories, setCategories] = useState<CategoryEntry[]>([]);
  const details = useRef<HTMLDetailsElement>(null);

  function load() {
    if (state === 'loading' || state === 'ready') return;
    setState('loading');
    api
      .request<CategoryEntry[]>('/ws/mm/v2/blog/recommend-categories', {
        query: { locale },
        quiet: true,
      })
      .then((found) => {
        setCategories(found);
        setState('ready');
      })
      .catch(() => setState('failed'));
  }

  // Opened before React took the page over (the blog's scripts come after its first paint): that
  // toggle event has passed, so the list loads now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when React takes the menu over.
  useEffect(() => {
    if (details.current?.open) load();
  }, []);

  return (
    <details
      ref={details}
      className="relative shrink-0"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) load();
      }}
    >
      <summary className="flex min-h-9 cursor-pointer list-none items-center rounded-full px-3 py-2 text-sm font-medium hover:bg-slate-100">
        {texts.allTopics}
      </summary>
      <div className="absolute end-0 z-20 mt-2 w-64 rounded-(--radius-card) border border-slate-200 bg-white p-2 shadow-(--shadow-dialog)">
        {state === 'loading' ? (
          <p className="p-2 text-sm text-slate-600">{texts.topicsLoading}</p>
        ) : null}
        {state === 'failed' ? (
          <p role="alert" className="p-2 text-sm text-error-700">
            {texts.topicsError}
          </p>
        ) : null}
        {state === 'ready' ? (
          <ul>
            {categories.map((category) => (
              <li key={category.slug}>
                <a
                  href={category.url}
                  className="flex items-center justify-between gap-2 rounded-md px-2 py-2 text-sm no-underline hover:bg-slate-100"
                >
                  <span className="font-medium">{category.name}</span>
                  <span className="text-slate-600">
                    {formatPlural(texts.postCount, category.posts, locale)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}

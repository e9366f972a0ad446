'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { api } from '@/client/http';

interface Suggestion {
  term: string;
  kind: 'tag' | 'title';
}

// The search field; as the visitor types it offers matching topics and titles
// (GET /ws/mm/v2/blog/recommend-searchs) through the browser's own datalist.
export function SearchSuggest({
  id,
  locale,
  defaultValue,
  placeholder,
}: {
  id: string;
  locale: string;
  defaultValue: string;
  placeholder: string;
}) {
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const latest = useRef(0);

  useEffect(() => {
    const typed = value.trim();
    if (typed.length < 2 || typed.length > 100) {
      setSuggestions([]);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(() => {
      api
        .request<Suggestion[]>('/ws/mm/v2/blog/recommend-searchs', {
          query: { locale, q: typed, limit: 8 },
          quiet: true, // suggestions are a convenience: a failure shows nothing, no toast
        })
        .then((found) => {
          if (request === latest.current) setSuggestions(found);
        })
        .catch(() => {
          if (request === latest.current) setSuggestions([]);
        });
    }, 200);
    return () => clearTimeout(timer);
  }, [value, locale]);

  return (
    <>
      <input
        id={id}
        type="search"
        name="q"
        required
        maxLength={100}
        autoComplete="off"
        list={listId}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        className="min-h-11 w-full flex-1 rounded-full border border-slate-300 bg-white px-4 text-navy-900 placeholder:text-slate-600"
      />
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={`${s.kind}:${s.term}`} value={s.term} />
        ))}
      </datalist>
    </>
  );
}

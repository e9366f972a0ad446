'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from '@/client/http';

export interface IpCheckLabels {
  cardTitle: string;
  loading: string;
  ip: string;
  country: string;
  location: string;
  status: string;
  exposed: string;
  exposedHint: string;
  protected: string;
  protectedHint: string;
  unknown: string;
  error: string;
  errorHint: string;
  retry: string;
}

interface GeoResult {
  ip: string;
  country: string;
  location: string;
  exposed: boolean;
}

type State = { kind: 'loading' } | { kind: 'done'; geo: GeoResult } | { kind: 'error' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The geo message (spec 3) as this card shows it; location may be text or { city, region }. */
function toResult(data: unknown): GeoResult | null {
  if (!data || typeof data !== 'object') return null;
  const raw = data as Record<string, unknown>;
  if (typeof raw.is_exposed !== 'boolean') return null;
  const place = raw.location;
  const location =
    typeof place === 'object' && place !== null
      ? [
          text((place as Record<string, unknown>).city),
          text((place as Record<string, unknown>).region),
        ]
          .filter(Boolean)
          .join(', ')
      : text(place);
  return { ip: text(raw.user_ip), country: text(raw.country), location, exposed: raw.is_exposed };
}

/** Asks the geo endpoint what address and country the site sees for this visitor. */
export function IpCheck({ labels }: { labels: IpCheckLabels }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ kind: 'loading' });
    try {
      // quiet: this card shows its own error state instead of the global toast.
      const data = await api.request<unknown>('/api/mms/account/v1/geo_info', {
        method: 'POST',
        quiet: true,
        signal,
      });
      const geo = toResult(data);
      setState(geo ? { kind: 'done', geo } : { kind: 'error' });
    } catch {
      if (!signal?.aborted) setState({ kind: 'error' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <div aria-live="polite" aria-busy={state.kind === 'loading'} className="min-h-56">
      {state.kind === 'loading' ? (
        <p className="flex min-h-56 items-center justify-center text-slate-600">
          <span
            aria-hidden="true"
            className="me-3 inline-block size-5 animate-spin rounded-full border-2 border-slate-300 border-t-accent-700 motion-reduce:animate-none"
          />
          {labels.loading}
        </p>
      ) : state.kind === 'error' ? (
        <div className="min-h-56 py-4" data-state="error">
          <p className="font-semibold text-error-700">{labels.error}</p>
          <p className="mt-2 text-slate-600">{labels.errorHint}</p>
          <button
            type="button"
            onClick={() => void load()}
            className="mt-4 inline-flex min-h-11 items-center rounded-full border-2 border-accent-700 px-5 py-2 font-semibold text-accent-700 hover:bg-accent-50"
          >
            {labels.retry}
          </button>
        </div>
      ) : (
        <Result geo={state.geo} labels={labels} />
      )}
    </div>
  );
}

function Result({ geo, labels }: { geo: GeoResult; labels: IpCheckLabels }) {
  const rows = [
    { label: labels.ip, value: geo.ip || labels.unknown, ltr: Boolean(geo.ip) },
    { label: labels.country, value: geo.country || labels.unknown, ltr: false },
    ...(geo.location ? [{ label: labels.location, value: geo.location, ltr: false }] : []),
  ];
  return (
    <div data-state="result">
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-slate-600">{row.label}</dt>
            <dd className="break-all text-xl font-bold text-navy-900 sm:text-2xl">
              {/* An address reads left to right in every language. */}
              {row.ltr ? <bdi dir="ltr">{row.value}</bdi> : row.value}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-slate-600">{labels.status}</dt>
          <dd
            className={`text-xl font-bold sm:text-2xl ${geo.exposed ? 'text-warning-700' : 'text-success-700'}`}
          >
            {geo.exposed ? labels.exposed : labels.protected}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-slate-600">
        {geo.exposed ? labels.exposedHint : labels.protectedHint}
      </p>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { api } from '@/client/http';
import { accountApi } from '@/client/session';
import { formatDisplayDate } from '@/lib/date-format';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { showToast } from '../ui/toast';

export interface DeviceItem {
  app_type: number;
  app_name: string;
  user_id: string;
  name: string;
  last_seen_at: string;
  current: boolean;
}

/** The account's apps, each removable after a confirmation (device/unbind). */
export function DevicesCard({ initial }: { initial: DeviceItem[] }) {
  const t = useTranslations('Account');
  const td = useTranslations('Dialogs');
  const [devices, setDevices] = useState(initial);
  const [pending, setPending] = useState<DeviceItem | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (device: DeviceItem) => device.name || `${device.app_name} (${t('unnamedDevice')})`;

  async function unbind(device: DeviceItem) {
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/device/unbind`, {
        method: 'POST',
        body: { unbind_app_type: device.app_type, unbind_user_id: device.user_id },
      });
      setDevices((list) =>
        list.filter((d) => !(d.app_type === device.app_type && d.user_id === device.user_id)),
      );
      showToast('success', t('unbound', { name: label(device) }));
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return (
    <section
      aria-labelledby="devices-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h3 id="devices-heading" className="text-xl font-bold">
        {t('devices')}
      </h3>
      <p className="mt-1 text-slate-600">{t('devicesIntro')}</p>
      {devices.length === 0 ? (
        <p className="mt-4">{t('noDevices')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {devices.map((device) => (
            <li
              key={`${device.app_type}:${device.user_id}`}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-device={device.user_id}
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{label(device)}</p>
                <p className="text-sm text-slate-600">
                  {device.app_name} · {t('deviceLastSeen')}{' '}
                  <time dateTime={device.last_seen_at} suppressHydrationWarning>
                    {formatDisplayDate(new Date(device.last_seen_at))}
                  </time>
                  {device.current ? ` · ${t('deviceCurrent')}` : null}
                </p>
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  onClick={() => setPending(device)}
                  aria-label={t('unbindLabel', { name: label(device) })}
                >
                  {t('unbind')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={pending !== null}
        title={t('unbindConfirmTitle')}
        onCancel={() => setPending(null)}
        actions={
          <>
            <Button variant="secondary" autoFocus onClick={() => setPending(null)}>
              {td('cancel')}
            </Button>
            <Button busy={busy} onClick={() => pending && void unbind(pending)}>
              {busy ? t('unbinding') : t('unbind')}
            </Button>
          </>
        }
      >
        <p>{pending ? t('unbindConfirmText', { name: label(pending) }) : null}</p>
      </Dialog>
    </section>
  );
}

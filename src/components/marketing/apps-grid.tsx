import { Link } from '@/i18n/navigation';
import { promotedApps } from '@/lib/site';
import type { Copy } from './copy';
import { Icon, platformIcons } from './icon-map';

/** The apps of spec 1 (Windows, macOS, Android, iOS, Xbox, PlayStation, Switch), each linked. */
export function AppsGrid({ t, names }: { t: Copy; names: Copy }) {
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {promotedApps.map((app) => {
        const glyph = platformIcons[app.id];
        return (
          <li key={app.id}>
            <Link
              href={app.path}
              className="flex h-full items-start gap-3 rounded-(--radius-card) border border-slate-200 bg-white p-4 no-underline shadow-(--shadow-card) transition-shadow duration-(--duration-standard) hover:shadow-md"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                {glyph ? <Icon icon={glyph} size={22} /> : null}
              </span>
              <span>
                <span className="block font-semibold">{names(app.id)}</span>
                <span className="block text-sm text-slate-600">{t(`apps.${app.id}`)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

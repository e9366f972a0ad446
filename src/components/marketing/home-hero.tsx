import { Container } from '@/components/ui/container';
import { LinkButton, onDarkButton } from '@/components/ui/link-button';
import { Link } from '@/i18n/navigation';
import type { Copy } from './copy';

/** The home page's opening: h1, what Turbo VPN is, and the two calls to action. */
export function HomeHero({ t, heading }: { t: Copy; heading: string }) {
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <Container className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-3 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {heading}
          </h1>
          <p className="mt-5 max-w-[60ch] text-lg text-slate-300">{t('hero.lede')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton href="/download">{t('hero.download')}</LinkButton>
            <Link href="/pricing" className={onDarkButton}>
              {t('hero.pricing')}
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-300">{t('hero.assurance')}</p>
        </div>
        <HeroIllustration label={t('hero.illustration')} />
      </Container>
    </section>
  );
}

/** Our own drawing: devices joined to a server through a shield. Fixed size, so no layout shift. */
function HeroIllustration({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 400 300"
      role="img"
      aria-label={label}
      className="mx-auto hidden h-auto w-full max-w-md sm:block"
      width="400"
      height="300"
    >
      <defs>
        <linearGradient id="hero-shield" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <g fill="none" stroke="#334a7a" strokeWidth="2" strokeDasharray="6 8">
        <path d="M90 90 C150 90 160 150 200 150" />
        <path d="M90 220 C150 220 160 150 200 150" />
        <path d="M200 150 C250 150 260 150 320 150" />
      </g>
      <rect
        x="30"
        y="60"
        width="90"
        height="60"
        rx="8"
        fill="#13284f"
        stroke="#5b7bb5"
        strokeWidth="2"
      />
      <rect x="40" y="70" width="70" height="40" rx="3" fill="#1e3a6e" />
      <rect
        x="55"
        y="185"
        width="40"
        height="70"
        rx="8"
        fill="#13284f"
        stroke="#5b7bb5"
        strokeWidth="2"
      />
      <rect x="62" y="195" width="26" height="46" rx="3" fill="#1e3a6e" />
      <rect
        x="300"
        y="105"
        width="70"
        height="90"
        rx="8"
        fill="#13284f"
        stroke="#5b7bb5"
        strokeWidth="2"
      />
      <g fill="#3b82f6">
        <circle cx="316" cy="125" r="4" />
        <circle cx="316" cy="150" r="4" />
        <circle cx="316" cy="175" r="4" />
      </g>
      <g stroke="#5b7bb5" strokeWidth="3" strokeLinecap="round">
        <path d="M330 125h28M330 150h28M330 175h28" />
      </g>
      <path
        d="M200 95 155 112v38c0 28 19 52 45 60 26-8 45-32 45-60v-38l-45-17Z"
        fill="url(#hero-shield)"
      />
      <path
        d="m182 152 13 13 25-27"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

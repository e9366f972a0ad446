import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Section } from '@/components/ui/section';
import { Steps } from '@/components/ui/steps';
import { Link } from '@/i18n/navigation';
import { type GameConsole, gameConsoles } from '@/lib/catalog';
import type { Copy } from '../marketing/copy';

/** The two ways to protect a console (no console has a VPN app): router, or shared connection. */
export function ConsoleMethods({ t, join }: { t: Copy; join?: string }) {
  const routerSteps = [1, 2, 3].map((n) => t(`consoles.routerStep${n}`));
  const sharedSteps = [t('consoles.sharedWindows'), t('consoles.sharedMac')];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="article">
        <h3 className="text-xl font-bold">{t('consoles.routerTitle')}</h3>
        <p className="mt-2 text-slate-600">{t('consoles.routerBody')}</p>
        <div className="mt-5">
          <Steps items={join ? [...routerSteps, join] : routerSteps} />
        </div>
      </Card>
      <Card as="article">
        <h3 className="text-xl font-bold">{t('consoles.sharedTitle')}</h3>
        <p className="mt-2 text-slate-600">{t('consoles.sharedBody')}</p>
        <ul className="mt-5 list-disc space-y-3 ps-5">
          {sharedSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        {join ? <p className="mt-4 font-medium">{join}</p> : null}
      </Card>
    </div>
  );
}

/** /download/{console}: the setup guide for one console. */
export function ConsoleGuide({
  console,
  heading,
  t,
  names,
}: {
  console: GameConsole;
  heading: string;
  t: Copy;
  names: Copy;
}) {
  return (
    <>
      <section className="bg-slate-50 py-10 sm:py-14">
        <Container>
          <Breadcrumbs
            label={t('breadcrumb')}
            items={[
              { label: t('home'), href: '/' },
              { label: t('download'), href: '/download' },
              { label: t('gameConsole'), href: '/download/game-console' },
              { label: names(console) },
            ]}
          />
          <h1 className="mt-6 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {heading}
          </h1>
          <p className="mt-4 max-w-[65ch] text-lg text-slate-600">
            {t(`consoles.${console}.intro`)}
          </p>
        </Container>
      </section>
      <Section id="methods" title={t('allConsoles')} lede={t('consoles.overviewIntro')}>
        <ConsoleMethods t={t} join={t(`consoles.${console}.join`)} />
      </Section>
      <Section id="check" tone="tint" title={t('consoles.checkTitle')}>
        <p className="max-w-[70ch] text-lg">{t(`consoles.${console}.check`)}</p>
        <p className="mt-4 max-w-[70ch] text-slate-600">{t('consoles.premiumNote')}</p>
      </Section>
      <nav aria-labelledby="other-consoles" className="border-t border-slate-200">
        <Container className="py-10">
          <h2 id="other-consoles" className="text-xl font-bold">
            {t('consoles.guides')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {gameConsoles
              .filter((other) => other !== console)
              .map((other) => (
                <li key={other}>
                  <Link
                    href={`/download/${other}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 py-2 font-medium no-underline hover:border-accent-600"
                  >
                    {t('consoleGuide', { name: names(other) })}
                  </Link>
                </li>
              ))}
          </ul>
        </Container>
      </nav>
    </>
  );
}

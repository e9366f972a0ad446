import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import { Container } from '../ui/container';
import { PaymentReturn, type ReturnVariant } from './payment-return';

/**
 * The frame of the provider's return pages (/paystatus…, /win-pay-result): the heading, and the
 * island that completes the payment named in the address. Static: the island reads the order.
 */
export async function ReturnPage({
  locale,
  heading,
  variant,
  before,
}: {
  locale: Locale;
  heading: string;
  variant: ReturnVariant;
  before?: ReactNode;
}) {
  const { Checkout, PayStatus, Auth, Validation } = await getMessages({ locale });
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-xl">
        {before ? <div className="mb-6">{before}</div> : null}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        <div className="mt-6 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6">
          <NextIntlClientProvider
            locale={locale}
            messages={{ Checkout, PayStatus, Auth, Validation }}
          >
            <PaymentReturn variant={variant} />
          </NextIntlClientProvider>
        </div>
      </div>
    </Container>
  );
}

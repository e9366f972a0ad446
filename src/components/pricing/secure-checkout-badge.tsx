'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import { ShieldIcon } from '../ui/icons';
import { showsSecureCheckout } from './secure-checkout';

/**
 * "Secure checkout" in the plain2 layout's header. A layout does not know its page, but the
 * segment below it does (also on the server render), so /redeem-suc never shows the mark.
 */
export function SecureCheckoutBadge({ label }: { label: string }) {
  const segment = useSelectedLayoutSegment();
  if (!showsSecureCheckout(segment)) return null;
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium text-success-700">
      <ShieldIcon size={18} />
      {label}
    </p>
  );
}

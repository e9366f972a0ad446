import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { giftCards } from '@/server/db/schema';
import { paymentErrors } from './errors';
import { extendPremium, planInterval } from './fulfil';
import { normalizeGiftCode } from './gift-code';
import { grantFor } from './grant';

/**
 * Redeems a gift card for an account: single use (a conditional update in one transaction with
 * the premium time it grants). Unknown, malformed and voided codes answer alike.
 */
export async function redeemGift(db: Db, params: { code: string; userId: string }) {
  const code = normalizeGiftCode(params.code);
  if (!code) throw paymentErrors.giftCodeInvalid();
  return db.transaction(async (tx) => {
    const [card] = await tx
      .update(giftCards)
      .set({ status: 'redeemed', redeemedBy: params.userId, redeemedAt: new Date() })
      .where(and(eq(giftCards.code, code), eq(giftCards.status, 'active')))
      .returning();
    if (!card) {
      const [existing] = await tx.select().from(giftCards).where(eq(giftCards.code, code));
      throw existing?.status === 'redeemed'
        ? paymentErrors.giftCodeUsed()
        : paymentErrors.giftCodeInvalid();
    }
    const grant = grantFor(card.productId, await planInterval(tx, card.planId));
    const subscription = await extendPremium(tx, {
      userId: params.userId,
      planId: card.planId,
      productId: card.productId,
      grant,
    });
    return { planId: card.planId, premiumUntil: subscription?.premiumUntil ?? null };
  });
}

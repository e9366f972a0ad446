import 'server-only';
import type { Db } from '@/server/db/client';
import { paymentErrors } from './errors';
import { accountForBuyer, planInterval } from './fulfil';
import { normalizeGiftCode } from './gift-code';
import { grantFor } from './grant';
import { claimGiftCard, findGiftCardByCode, setGiftCardRedeemer } from './queries/gift-cards';
import { extendPremium } from './queries/subscriptions';

/** Who redeems: a signed-in account, or an email (its account is made only on success). */
export type Redeemer = { userId: string } | { email: string };

export interface Redemption {
  planId: string;
  premiumUntil: Date | null;
  userId: string;
  /** True when this redemption made the account (a new email). */
  created: boolean;
}

/**
 * Redeems a gift card, once: the card is claimed with a conditional update (still active, and
 * no refund asked for its order) in one transaction with the account it goes to and the premium
 * time it grants. A refund request holds the card in the same way, so of a refund and a
 * redemption arriving together exactly one succeeds. Unknown, malformed, held and voided codes
 * answer alike, and make no account.
 */
export async function redeemGift(
  db: Db,
  params: { code: string; redeemer: Redeemer },
): Promise<Redemption> {
  const code = normalizeGiftCode(params.code);
  if (!code) throw paymentErrors.giftCodeInvalid();
  return db.transaction(async (tx) => {
    const card = await claimGiftCard(tx, { code });
    if (!card) {
      const existing = await findGiftCardByCode(tx, { code });
      throw existing?.status === 'redeemed'
        ? paymentErrors.giftCodeUsed()
        : paymentErrors.giftCodeInvalid();
    }
    const owner =
      'userId' in params.redeemer
        ? { userId: params.redeemer.userId, created: false }
        : await accountForBuyer(tx, params.redeemer.email);
    await setGiftCardRedeemer(tx, { cardId: card.id, userId: owner.userId });
    const grant = grantFor(card.productId, await planInterval(tx, card.planId));
    const subscription = await extendPremium(tx, {
      userId: owner.userId,
      planId: card.planId,
      productId: card.productId,
      grant,
    });
    return {
      planId: card.planId,
      premiumUntil: subscription?.premiumUntil ?? null,
      userId: owner.userId,
      created: owner.created,
    };
  });
}

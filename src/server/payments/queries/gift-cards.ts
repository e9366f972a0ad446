import 'server-only';
import { and, desc, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { giftCards, refundRequests } from '@/server/db/schema';

// Gift cards: issued by a paid gift order (one card per order), redeemed once by whoever holds
// the code. A card's buyer is its order's account; its redeemer is `redeemed_by`.

export type GiftCardRow = typeof giftCards.$inferSelect;

export interface GiftCardOfOrderParams {
  orderId: string;
}

/** The card a gift order issued, or undefined; global: the caller already holds the order. */
export async function findGiftCardOfOrder(
  db: Db,
  params: GiftCardOfOrderParams,
): Promise<GiftCardRow | undefined> {
  const [gift] = await db.select().from(giftCards).where(eq(giftCards.orderId, params.orderId));
  return gift;
}

/** The status of a gift order's card, or undefined; global: the refund sender holds the order. */
export async function findGiftCardStatusOfOrder(db: Db, params: GiftCardOfOrderParams) {
  const [card] = await db
    .select({ status: giftCards.status })
    .from(giftCards)
    .where(eq(giftCards.orderId, params.orderId));
  return card;
}

export interface GiftCardsOfOrdersParams {
  orderIds: string[];
}

/** The cards the given orders issued; global: callers pass ids from `listAccountOrders`. */
export async function listGiftCardsOfOrders(
  db: Db,
  params: GiftCardsOfOrdersParams,
): Promise<GiftCardRow[]> {
  return db.select().from(giftCards).where(inArray(giftCards.orderId, params.orderIds));
}

export interface GiftCardsRedeemedByParams {
  userId: string;
}

/** The cards the account redeemed, newest first, at most 100 (payment history). */
export async function listGiftCardsRedeemedBy(
  db: Db,
  params: GiftCardsRedeemedByParams,
): Promise<GiftCardRow[]> {
  return db
    .select()
    .from(giftCards)
    .where(eq(giftCards.redeemedBy, params.userId))
    .orderBy(desc(giftCards.redeemedAt))
    .limit(100);
}

export interface InsertGiftCardParams {
  /** Normalised (upper case, no dashes). */
  code: string;
  orderId: string;
  planId: string;
  productId: string;
}

/** Issues the card of a gift order just paid (status 'active'); global: fulfilment's step. */
export async function insertGiftCard(db: Db, params: InsertGiftCardParams): Promise<void> {
  await db.insert(giftCards).values(params);
}

export interface GiftCardCodeParams {
  /** Normalised (upper case, no dashes). */
  code: string;
}

/** The card with this code, just marked redeemed, or undefined; global by design: a code lookup. */
export async function claimGiftCard(
  db: Db,
  params: GiftCardCodeParams,
): Promise<GiftCardRow | undefined> {
  // One conditional update: only while the card is active and no refund was asked for its order,
  // so of a redemption and a refund request arriving together exactly one wins.
  const [card] = await db
    .update(giftCards)
    .set({ status: 'redeemed', redeemedAt: new Date() })
    .where(
      and(
        eq(giftCards.code, params.code),
        eq(giftCards.status, 'active'),
        notExists(
          db
            .select({ id: refundRequests.id })
            .from(refundRequests)
            .where(eq(refundRequests.orderId, giftCards.orderId)),
        ),
      ),
    )
    .returning();
  return card;
}

/** The card with this code in any status, or undefined; global by design: a code lookup. */
export async function findGiftCardByCode(
  db: Db,
  params: GiftCardCodeParams,
): Promise<GiftCardRow | undefined> {
  const [existing] = await db.select().from(giftCards).where(eq(giftCards.code, params.code));
  return existing;
}

export interface SetGiftCardRedeemerParams {
  cardId: string;
  userId: string;
}

/** Records the account a card goes to; global: the card this redemption just claimed. */
export async function setGiftCardRedeemer(
  db: Db,
  params: SetGiftCardRedeemerParams,
): Promise<void> {
  await db
    .update(giftCards)
    .set({ redeemedBy: params.userId })
    .where(eq(giftCards.id, params.cardId));
}

/** The ids of an order's active card, now held ('refunding'); the order is `findAccountOrder`'s. */
export async function holdGiftCardForRefund(db: Db, params: GiftCardOfOrderParams) {
  return db
    .update(giftCards)
    .set({ status: 'refunding' })
    .where(and(eq(giftCards.orderId, params.orderId), eq(giftCards.status, 'active')))
    .returning({ id: giftCards.id });
}

/** A refunded order's card, now void, with who redeemed it; global: the provider refunded it. */
export async function voidGiftCardOfOrder(db: Db, params: GiftCardOfOrderParams) {
  const [card] = await db
    .update(giftCards)
    .set({ status: 'void' })
    .where(eq(giftCards.orderId, params.orderId))
    .returning({ id: giftCards.id, redeemedBy: giftCards.redeemedBy });
  return card;
}

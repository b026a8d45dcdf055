import crypto from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, isNotNull, like, ne } from 'drizzle-orm';
import Stripe from 'stripe';
import { CLUB_TIME_ZONE, TICKET_CODE_ALPHABET, utcToZonedLocal, zonedToUtc } from '@bayclub/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { eventPayments, eventRegistrations, events, payoutAccounts, profiles } from '../db/schema/index.js';
import { startStripeLocal } from '../platform/stripe-local/index.js';

/** The demo's host who sells seats (a full member the other demo seeds also use). */
export const DEMO_PAID_HOST_EMAIL = 'avarivera@bayclub.demo';

/**
 * The money half of `npm run seed:demo` (issue 22): a demo host with an enabled payout account and a sold-out paid
 * event with a waitlist, so a newcomer can try Checkout, the paid waitlist and refunds at once. Written against
 * the local Stripe double the app uses without keys (its state in DATA_DIR/stripe-local.json, so the running app
 * knows the account and the payments). With STRIPE_SECRET_KEY set nothing is seeded: real accounts are made by
 * real people. Idempotent: nothing happens once any event has a price.
 */
export async function seedDemoPayments(db: Db, config: Config): Promise<{ events: number; payments: number; waitlisted: number }> {
  const totals = { events: 0, payments: 0, waitlisted: 0 };
  if (config.STRIPE_SECRET_KEY) return totals;
  const [paid] = await db.select({ id: events.id }).from(events).where(isNotNull(events.priceAmount)).limit(1);
  if (paid) return totals;
  const [host] = await db.select({ id: profiles.id, email: profiles.email }).from(profiles).where(eq(profiles.email, DEMO_PAID_HOST_EMAIL));
  if (!host?.email) return totals;
  const crowd = await db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(and(like(profiles.email, '%@bayclub.demo'), eq(profiles.accountType, 'full_platform'), eq(profiles.applicationStatus, 'approved'), ne(profiles.id, host.id)))
    .orderBy(asc(profiles.username))
    .limit(5);
  if (crowd.length < 5) return totals;

  const local = await startStripeLocal({
    publicUrl: config.publicUrl,
    stateFile: path.join(config.DATA_DIR, 'stripe-local.json'),
    webhookSecrets: { platform: 'whsec_local_platform', connect: 'whsec_local_connect' },
  });
  try {
    const stripe = new Stripe('sk_test_local', { host: local.host, port: local.port, protocol: 'http', maxNetworkRetries: 0 });
    const account = await stripe.accounts.create({
      country: 'US',
      email: host.email,
      controller: { stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' } },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { bayclub_user_id: host.id },
    });
    await local.act.onboard(account.id, 'complete');
    await db
      .insert(payoutAccounts)
      .values({ userId: host.id, stripeAccountId: account.id, country: 'US', email: host.email, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true })
      .onConflictDoNothing();

    // Nine days from now at 6 PM club time, 4 seats at $45, guests allowed: sold out with two on the waitlist.
    const day = new Date(`${utcToZonedLocal(new Date(), CLUB_TIME_ZONE).slice(0, 10)}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 9);
    const startsAt = zonedToUtc(`${day.toISOString().slice(0, 10)}T18:00`, CLUB_TIME_ZONE);
    const eventId = crypto.randomUUID();
    const price = 4500;
    const buyers = [
      { member: crowd[0]!, guests: 1 },
      { member: crowd[1]!, guests: 0 },
      { member: crowd[2]!, guests: 0 },
    ];
    const waitlist = [crowd[3]!, crowd[4]!];
    const code = () => Array.from(crypto.randomBytes(6), (b) => TICKET_CODE_ALPHABET[b % TICKET_CODE_ALPHABET.length]).join('');
    await db.insert(events).values({
      id: eventId,
      createdBy: host.id,
      title: 'Sunset sail on Tampa Bay',
      description:
        'Two hours under sail from the Harbour Island marina, snacks and a glass of something cold included. Paid seats: refunds until 48 hours before; if a seat frees up, the waitlist gets 12 hours to claim it.',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      timeZone: CLUB_TIME_ZONE,
      venue: 'Harbour Island Marina',
      address: '777 S Harbour Island Blvd, Tampa',
      city: 'tampa',
      visibility: 'members',
      capacity: 4,
      guestsAllowed: 1,
      goingCount: 4,
      waitlistCount: waitlist.length,
      priceAmount: price,
      currency: 'usd',
      refundCutoffHours: 48,
      claimWindowHours: 12,
    });
    for (const [i, b] of buyers.entries()) {
      const seats = 1 + b.guests;
      const paymentId = crypto.randomUUID();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: seats, price_data: { currency: 'usd', unit_amount: price, product_data: { name: 'Sunset sail on Tampa Bay' } } }],
        payment_intent_data: { transfer_data: { destination: account.id }, metadata: { bayclub_payment_id: paymentId } },
        metadata: { bayclub_payment_id: paymentId, bayclub_event_id: eventId },
        customer_email: b.member.email ?? undefined,
        success_url: `${config.publicUrl}/events/${eventId}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      });
      await local.act.pay(session.id);
      const paidSession = await stripe.checkout.sessions.retrieve(session.id);
      const [reg] = await db
        .insert(eventRegistrations)
        .values({ eventId, userId: b.member.id, status: 'going', guests: b.guests, ticketCode: code(), createdAt: new Date(Date.now() - (5 - i) * 3_600_000) })
        .returning({ id: eventRegistrations.id });
      await db.insert(eventPayments).values({
        id: paymentId,
        registrationId: reg!.id,
        eventId,
        userId: b.member.id,
        destinationAccountId: account.id,
        seats,
        amount: price * seats,
        currency: 'usd',
        status: 'paid',
        checkoutSessionId: session.id,
        paymentIntentId: typeof paidSession.payment_intent === 'string' ? paidSession.payment_intent : null,
        expiresAt: new Date(),
        paidAt: new Date(),
      });
      totals.payments++;
    }
    for (const [i, member] of waitlist.entries()) {
      await db.insert(eventRegistrations).values({ eventId, userId: member.id, status: 'waitlisted', guests: 0, ticketCode: code(), waitlistedAt: new Date(Date.now() - (2 - i) * 60_000) });
      totals.waitlisted++;
    }
    totals.events = 1;
    return totals;
  } finally {
    await local.close();
  }
}

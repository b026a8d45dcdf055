// Refunds of a paid session's charge: full or partial, with the club's fee refunded and the host's transfer
// reversed in proportion when asked, settled at once or later (as bank refunds are).
import type { FormObject } from './form-body.js';
import { atLeast, bool, formatMoney, int, invalid, metadata, noSuch, oneOf, rejectUnknown, str, type Shape } from './params.js';
import { newId, own, type Charge, type Ctx, type Refund } from './store.js';

const CREATE_SHAPE: Shape = {
  payment_intent: 'any',
  charge: 'any',
  amount: 'any',
  reason: 'any',
  refund_application_fee: 'any',
  reverse_transfer: 'any',
  metadata: 'any',
  expand: 'any',
};

function chargeOf(ctx: Ctx, p: FormObject): Charge {
  const intentId = str(p.payment_intent, 'payment_intent');
  const chargeId = str(p.charge, 'charge');
  if (!intentId && !chargeId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
  if (intentId && chargeId) throw invalid('You can only specify one of these parameters: payment_intent, charge.');
  if (intentId) {
    const pi = own(ctx.state.paymentIntents, intentId);
    if (!pi) throw noSuch('payment_intent', intentId, 'payment_intent', 400);
    return ctx.state.charges[pi.latest_charge]!;
  }
  const charge = own(ctx.state.charges, chargeId!);
  if (!charge) throw noSuch('charge', chargeId!, 'charge', 400);
  return charge;
}

/** A share of `total` for `part` of `whole`; the last part takes what is left, so the shares add up exactly. */
const share = (total: number, taken: number, part: number, whole: number, last: boolean) =>
  last ? total - taken : Math.min(total - taken, Math.round((total * part) / whole));

/** POST /v1/refunds */
export function createRefund(ctx: Ctx, p: FormObject): Refund {
  rejectUnknown(p, CREATE_SHAPE);
  const charge = chargeOf(ctx, p);
  const requested = atLeast(int(p.amount, 'amount'), 1, 'amount');
  const reason = oneOf(p.reason, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
  const refundFee = bool(p.refund_application_fee, 'refund_application_fee') ?? false;
  const reverseTransfer = bool(p.reverse_transfer, 'reverse_transfer') ?? false;
  const refundMetadata = metadata(p.metadata, 'metadata');
  if (charge.refunded) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const left = charge.amount - charge.amount_refunded;
  const amount = requested ?? left;
  if (amount > left) {
    throw invalid(
      `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, charge.currency)})`,
      'amount',
      'amount_too_large',
    );
  }
  const last = amount === left;
  const fee = charge.application_fee ? ctx.state.applicationFees[charge.application_fee] : undefined;
  const transfer = charge.transfer ? ctx.state.transfers[charge.transfer] : undefined;
  const feePart = fee && refundFee ? share(fee.amount, fee.amount_refunded, amount, charge.amount, last) : 0;
  const transferPart = transfer && reverseTransfer ? share(transfer.amount, transfer.amount_reversed, amount, charge.amount, last) : 0;

  // A pending refund already counts as refunded (Stripe takes the money back at once; a failure gives it back).
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  if (fee) {
    fee.amount_refunded += feePart;
    fee.refunded = fee.amount_refunded === fee.amount;
  }
  if (transfer) {
    transfer.amount_reversed += transferPart;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
  }
  const refund: Refund = {
    id: newId('re_'),
    object: 'refund',
    amount,
    currency: charge.currency,
    status: ctx.state.refundMode === 'now' ? 'succeeded' : 'pending',
    failure_reason: null,
    reason,
    payment_intent: charge.payment_intent,
    charge: charge.id,
    transfer_reversal: transferPart > 0 ? newId('trr_') : null,
    metadata: refundMetadata,
    created: ctx.nowSeconds(),
  };
  ctx.state.refunds[refund.id] = refund;
  ctx.state.refundEffects[refund.id] = { fee: feePart, transfer: transferPart };
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', charge);
  return refund;
}

export function retrieveRefund(ctx: Ctx, id: string): Refund {
  const refund = own(ctx.state.refunds, id);
  if (!refund) throw noSuch('refund', id, 'id');
  return refund;
}

/** A pending refund settles (refund.updated; a failed one also refund.failed, and gives the money back). */
export function settleRefund(ctx: Ctx, id: string, status: 'succeeded' | 'failed'): Refund {
  const refund = retrieveRefund(ctx, id);
  if (refund.status !== 'pending') throw new Error(`Refund ${id} is ${refund.status}: only a pending refund settles`);
  refund.status = status;
  if (status === 'failed') {
    refund.failure_reason = 'unknown';
    const charge = ctx.state.charges[refund.charge]!;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    const effects = ctx.state.refundEffects[refund.id] ?? { fee: 0, transfer: 0 };
    const fee = charge.application_fee ? ctx.state.applicationFees[charge.application_fee] : undefined;
    if (fee) {
      fee.amount_refunded -= effects.fee;
      fee.refunded = false;
    }
    const transfer = charge.transfer ? ctx.state.transfers[charge.transfer] : undefined;
    if (transfer) {
      transfer.amount_reversed -= effects.transfer;
      transfer.reversed = false;
    }
  }
  ctx.emit('refund.updated', refund);
  if (status === 'failed') ctx.emit('refund.failed', refund);
  return refund;
}

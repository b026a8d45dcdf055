// Face of the payments module (issue 22): payout accounts, paid seats, refunds, Stripe's webhooks.
export { registerPayments, type PaymentsServices } from './module.js';

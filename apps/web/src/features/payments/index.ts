// The payments feature's widgets for others to compose (issue 22): Settings' Earnings card and payments list, the
// event form's price, the event page's paid RSVP actions, the hosts' Sales card and the admins' mode banner.
export { PaymentSetupCard } from './payment-setup-card';
export { PaymentHistory } from './payment-history';
export { GetTicketButton, PayNowButton, PaymentDue } from './checkout-actions';
export { PaidTicketActions, RefundStatus } from './ticket-payment';
export { SalesCard } from './sales-card';
export { PaymentsModeBanner } from './payments-mode-banner';
export { useCheckoutReturn } from './use-checkout-return';
export { SETTINGS_PARAM, PAYOUTS_PARAM } from './use-payout-return';
export { moneyInputText, parseMoneyInput, timeUntil } from './money';

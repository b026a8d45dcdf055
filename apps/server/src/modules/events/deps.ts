import type { Currency } from '@bayclub/shared';
import type { MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';

/** What the events routes need from the rest of the app (module.ts hands it to each). */
export interface EventsDeps {
  media: MediaService;
  notifier: Notifier;
  /**
   * Issue 22, wired by app composition to the payments module (which builds on this module's face, so it cannot be
   * imported from here): the currency a member may sell seats in (null: no enabled payout account), and what
   * happens after an event is cancelled (its payments are refunded).
   */
  payouts?: EventPayouts;
}

export interface EventPayouts {
  sellerCurrency(userId: string): Promise<Currency | null>;
  afterCancel(eventId: string): void;
}

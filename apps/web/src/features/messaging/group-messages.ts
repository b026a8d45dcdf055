import { dayKey, dayLabel, type MessageView } from '@bayclub/shared';
import { intlLocale, sharedText } from '#/lib/i18n';
import type { PendingMessage } from './pending-store';

/** A bubble in the chat: a message the server has, or one still sending / failed. */
export type ChatEntry = { kind: 'sent'; key: string; message: MessageView } | { kind: 'pending'; key: string; message: PendingMessage };

export interface ChatRow {
  entry: ChatEntry;
  /** The last message of a run from one sender: its time shows under it (spec 2). */
  endsRun: boolean;
}

export interface ChatDay {
  key: string;
  label: string;
  rows: ChatRow[];
}

/** Server messages (oldest first) followed by the pending ones the server does not have yet. */
export function chatEntries(sent: readonly MessageView[], pending: readonly PendingMessage[]): ChatEntry[] {
  const clientIds = new Set(sent.map((m) => m.clientId).filter(Boolean));
  return [
    ...sent.map((message): ChatEntry => ({ kind: 'sent', key: message.id, message })),
    ...pending.filter((m) => !clientIds.has(m.clientId)).map((message): ChatEntry => ({ kind: 'pending', key: message.clientId, message })),
  ];
}

/**
 * Spec 2: messages grouped by local calendar day, each run from one sender ending with its time. The day's heading
 * (Today, Yesterday, the date) is in the page's language: the list that asks has loaded the shared texts.
 */
export function groupByDay(entries: readonly ChatEntry[], now: Date = new Date()): ChatDay[] {
  const days: ChatDay[] = [];
  entries.forEach((entry, i) => {
    const key = dayKey(entry.message.createdAt);
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      day = { key, label: sharedText(dayLabel(entry.message.createdAt, now, intlLocale())), rows: [] };
      days.push(day);
    }
    const next = entries[i + 1];
    const endsRun = !next || next.message.senderId !== entry.message.senderId || dayKey(next.message.createdAt) !== key;
    day.rows.push({ entry, endsRun });
  });
  return days;
}

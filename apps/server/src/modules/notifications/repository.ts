import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { NotificationType } from '@bayclub/shared';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
}

export async function insertNotification(db: DbOrTx, n: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({ ...n, relatedId: n.relatedId ?? null })
    .returning({ id: notifications.id });
  return row!.id;
}

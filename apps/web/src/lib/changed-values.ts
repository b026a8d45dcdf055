/**
 * What an edit form changed, for a partial update: the dirty fields but those in `omit`, and all the fields of a
 * `together` group when any of them changed (an event's start, end and zone; a place's latitude and longitude),
 * as the update schemas ask. A group's empty field is sent as null.
 */
export function changedValues<T extends object>(
  values: T,
  dirty: Partial<Record<keyof T, unknown>>,
  { omit = [], together = [] }: { omit?: ReadonlyArray<keyof T>; together?: ReadonlyArray<ReadonlyArray<keyof T>> } = {},
): Partial<T> {
  const changes: Partial<Record<keyof T, unknown>> = {};
  for (const key of Object.keys(dirty) as Array<keyof T>) {
    if (dirty[key] && !omit.includes(key)) changes[key] = values[key];
  }
  for (const group of together) {
    if (group.some((key) => key in changes)) for (const key of group) changes[key] = values[key] ?? null;
  }
  return changes as Partial<T>;
}

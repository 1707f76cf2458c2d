/**
 * Retention of personal data (docs/product/delivery.md#retention): RETENTION_DAYS after its
 * due date a janaza notice's name, photo, age and note are removed. The name keeps this neutral
 * marker; screens show the catalogue's `retention.removedName` in the reader's language instead.
 */
export const PERSONAL_DATA_REMOVED = '[removed]';

export function isPersonalDataRemoved(name: string | null | undefined): boolean {
  return name === PERSONAL_DATA_REMOVED;
}

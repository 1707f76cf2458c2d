import { PERSONAL_DATA_REMOVED } from '@ummahnotify/core';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../audit';
import type { Db } from '../../db/connect';
import type { ImageStore } from '../uploads/store';

/** The audit entities whose rows copy a janaza notice (features/janaza: its routes and correction.ts). */
const NOTICE_ENTITIES = ['janaza_notice', 'janaza'];
const BATCH = 100;
const DAY_MS = 24 * 60 * 60_000;

/** A notice as an audit row copied it (toNotice's JSON), with the personal data removed; other JSON unchanged. */
export function redactedCopy(json: string | null): string | null {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return json;
  const row = { ...(value as Record<string, unknown>) };
  if ('name' in row) row.name = PERSONAL_DATA_REMOVED;
  if ('age' in row) row.age = 0;
  if ('note' in row) row.note = '';
  for (const key of ['imageUrl', 'thumbnailUrl', 'image_id', 'imageId']) if (key in row) row[key] = null;
  return JSON.stringify(row);
}

export interface RetentionResult {
  notices: number;
  photos: number;
}

/**
 * Removes the personal data of every janaza notice whose due date is more than `retentionDays` ago and
 * that still holds it: the photo and its thumbnail first (database or bucket; removing one already gone
 * is harmless), then in one transaction per batch the name (the neutral marker), age, note and image
 * of the notice and of the audit rows' copies of it. The row, its status and its deliveries stay.
 * Idempotent: a removed notice is never looked at again; a run cut short is finished by the next.
 */
export async function removeExpiredPersonalData(
  db: Db,
  images: Pick<ImageStore, 'remove'>,
  retentionDays: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  now = new Date(),
): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const at = now.toISOString();
  const result: RetentionResult = { notices: 0, photos: 0 };
  let after = '';
  for (;;) {
    const due = await db
      .selectFrom('janaza_notices')
      .select(['id', 'image_id'])
      .where('personal_data_removed_at', 'is', null)
      .where('due_date', '<', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    after = due[due.length - 1].id;
    const ready: string[] = [];
    for (const notice of due) {
      if (notice.image_id) {
        try {
          await images.remove(db, notice.image_id);
          result.photos++;
        } catch (error) {
          // Kept whole until its photo can be deleted: the next run tries again.
          log?.warn({ err: error, notice: notice.id }, 'retention: deleting a photo failed');
          continue;
        }
      }
      ready.push(notice.id);
    }
    if (ready.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('janaza_notices')
        .set({ name: PERSONAL_DATA_REMOVED, age: 0, note: '', image_id: null, personal_data_removed_at: at })
        .where('id', 'in', ready)
        .where('personal_data_removed_at', 'is', null)
        .executeTakeFirst();
      result.notices += Number(changed.numUpdatedRows);
      const copies = await trx
        .selectFrom('audit_log')
        .select(['id', 'before', 'after'])
        .where('entity', 'in', NOTICE_ENTITIES)
        .where('entity_id', 'in', ready)
        .execute();
      for (const copy of copies) {
        const before = redactedCopy(copy.before);
        const afterCopy = redactedCopy(copy.after);
        if (before === copy.before && afterCopy === copy.after) continue;
        await trx.updateTable('audit_log').set({ before, after: afterCopy }).where('id', '=', copy.id).execute();
      }
    });
  }
  return result;
}

/** One run: removes what is due and, when it removed something, records the run in the audit log (the activity log's "retention runs"). */
export async function runRetention(
  db: Db,
  images: Pick<ImageStore, 'remove'>,
  retentionDays: number,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<RetentionResult> {
  const result = await removeExpiredPersonalData(db, images, retentionDays, log);
  // A run that removed nothing leaves no trace: the log shows the runs that changed something.
  if (result.notices === 0) return result;
  await audit(db, {
    actorId: null,
    action: 'retention.run',
    entity: 'retention',
    entityId: null,
    after: { notices: result.notices, photos: result.photos, retentionDays },
  });
  log?.info({ ...result, retentionDays }, 'retention: personal data removed');
  return result;
}

import type { Kysely } from 'kysely';

/**
 * One noun per entity and one tense in the audit log, as the features now write it:
 * `<entity>.<past participle>` (event.created, not event.create; committee-member.*, not committee.*
 * under the entity committee_member). Rows written before are renamed, so the activity log reads one way.
 */
const ACTIONS: [old: string, now: string][] = [
  ['event.create', 'event.created'],
  ['event.update', 'event.updated'],
  ['event.delete', 'event.deleted'],
  ['event.publish', 'event.published'],
  ['event.unpublish', 'event.unpublished'],
  ['event.ai-source', 'event.ai-sourced'],
  ['event.correction', 'event.corrected'],
  ['janaza.correction', 'janaza.corrected'],
  ['committee.created', 'committee-member.created'],
  ['committee.updated', 'committee-member.updated'],
  ['committee.role-assigned', 'committee-member.role-assigned'],
  ['committee.deleted', 'committee-member.deleted'],
];
const ENTITIES: [old: string, now: string][] = [['committee_member', 'committee-member']];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
async function rename(db: Kysely<any>, column: 'action' | 'entity', pairs: [string, string][]): Promise<void> {
  for (const [from, to] of pairs) await db.updateTable('audit_log').set(column, to).where(column, '=', from).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see rename()
export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, 'action', ACTIONS);
  await rename(db, 'entity', ENTITIES);
}

const back = (pairs: [string, string][]): [string, string][] => pairs.map(([a, b]) => [b, a]);

// biome-ignore lint/suspicious/noExplicitAny: see rename()
export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, 'action', back(ACTIONS));
  await rename(db, 'entity', back(ENTITIES));
}

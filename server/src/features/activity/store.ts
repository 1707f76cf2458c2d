import { singaporeDayStart } from '@ummahnotify/core';
import {
  type ActivityEntry,
  type ActivityPerson,
  type ActivityQuery,
  actionsOfKind,
  activityKindOf,
} from '@ummahnotify/domain';
import type { Db } from '../../db/connect';
import { afterCursor, page } from '../../db/keyset';

/** What an audit row was about, as people name it, from the copy it keeps (after, else before). */
export function subjectOf(before: string | null, after: string | null): string | null {
  for (const text of [after, before]) {
    if (!text) continue;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!row || typeof row !== 'object') continue;
    const pick = (...keys: string[]) => keys.map((k) => row[k]).find((v) => typeof v === 'string' && v.trim() !== '');
    const named = pick('name', 'heading', 'businessName', 'business_name');
    if (typeof named === 'string') return named;
    const first = pick('firstName', 'first_name');
    const last = pick('lastName', 'last_name');
    if (first || last) return [first, last].filter(Boolean).join(' ');
    const email = pick('email');
    if (typeof email === 'string') return email;
    // delivery switched off or on (features/delivery/switch-routes.ts): what and why
    const reason = pick('reason');
    if (typeof reason === 'string' && typeof row.scope === 'string') return `${row.scope}: ${reason}`;
  }
  return null;
}

function countOf(after: string | null): number | null {
  if (!after) return null;
  try {
    const n = (JSON.parse(after) as { notices?: unknown }).notices;
    return typeof n === 'number' ? n : null;
  } catch {
    return null;
  }
}

const personOf = (u: { id: string; first_name: string; last_name: string; email: string }): ActivityPerson => ({
  id: u.id,
  name: `${u.first_name} ${u.last_name}`.trim() || u.email,
  email: u.email,
});

/** Newest first, by (at, id); filters by actor, kind (its actions, shared/domain/src/summary/activity.ts) and Singapore dates. */
export async function listActivity(
  db: Db,
  query: ActivityQuery,
): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
  let select = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.before',
      'a.after',
      'a.actor_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ]);
  if (query.actor) select = select.where('a.actor_id', '=', query.actor);
  if (query.kind) select = select.where('a.action', 'in', actionsOfKind(query.kind));
  if (query.from) select = select.where('a.at', '>=', singaporeDayStart(query.from));
  if (query.to) select = select.where('a.at', '<', singaporeDayStart(query.to, 1));
  if (query.cursor) select = select.where(afterCursor(query.cursor, { at: 'a.at', id: 'a.id' }));
  const rows = await select
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { rows: kept, nextCursor } = page(rows, query.limit, (r) => ({ at: r.at, id: r.id }));
  return {
    entries: kept.map((r) => ({
      id: r.id,
      at: r.at,
      action: r.action,
      kind: activityKindOf(r.action),
      entity: r.entity,
      entityId: r.entity_id,
      actor:
        r.actor_id && r.email
          ? personOf({ id: r.actor_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '', email: r.email })
          : null,
      subject: subjectOf(r.before, r.after),
      count: r.action === 'retention.run' ? countOf(r.after) : null,
    })),
    nextCursor,
  };
}

/** Everyone with an account, by name: the person filter's choices. */
export async function listPeople(db: Db): Promise<ActivityPerson[]> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
  return users.map(personOf);
}

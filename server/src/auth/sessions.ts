import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { newToken, sha256 } from '../secrets';

export const SESSION_COOKIE = 'un_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Server-side sessions: the cookie holds a random token, the table only its hash. */
export async function openSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** last_seen_at is written at most this often: an idle time-out of minutes needs no write per request. */
const SEEN_RESOLUTION_MS = 60_000;

/**
 * The session's user, read fresh on every call so changed rights apply at once. A session past its
 * expiry, or unused for idleMs, ends here (and is deleted).
 */
export async function userForSession(db: Db, token: string, idleMs: number): Promise<UserRow | undefined> {
  const id = sha256(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(row.session_last_seen_at);
  if (Date.parse(row.session_expires_at) <= now || lastSeen + idleMs <= now) {
    await closeSession(db, token);
    return undefined;
  }
  if (now - lastSeen >= SEEN_RESOLUTION_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  const { session_expires_at: _e, session_last_seen_at: _s, ...user } = row;
  return user;
}

/** When the session of this token ends at the latest (its expiry), or undefined when there is no such session. */
export async function sessionExpiry(db: Db, token: string): Promise<Date | undefined> {
  const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', sha256(token)).executeTakeFirst();
  return row ? new Date(row.expires_at) : undefined;
}

/** Deletes the sessions past their expiry or unused for idleMs; returns how many. */
export async function purgeSessions(db: Db, idleMs: number, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb('last_seen_at', '<=', new Date(now.getTime() - idleMs).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function closeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute();
}

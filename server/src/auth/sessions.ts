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

/** The session's user, read fresh on every call so changed rights apply at once. */
export async function userForSession(db: Db, token: string): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.session_expires_at <= new Date().toISOString()) {
    await closeSession(db, token);
    return undefined;
  }
  const { session_expires_at: _, ...user } = row;
  return user;
}

export async function closeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute();
}

export async function closeSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

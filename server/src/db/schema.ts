import type { Insertable, Selectable } from 'kysely';

/**
 * Table types. Both engines store ids and times as text (UTC ISO 8601) and booleans as 0/1 integers,
 * so rows read the same on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  oidc_sub: string | null;
  email: string;
  first_name: string;
  last_name: string;
  rights: string;
  activated: number;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked database row cannot be replayed as a cookie. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  at: string;
}

export interface MembersTable {
  id: string;
  admin_id: string | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  postal: string;
  email: string;
  contact: string;
  position: string;
  is_verified: number;
  is_partner: number;
  is_volunteer: number;
  business_name: string;
  uen: string;
  membership_status: string;
  registered_on: string;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_by: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  uploads: UploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

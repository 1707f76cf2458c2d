import type { Provider } from '@ummahnotify/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toProvider } from './json';

/** Providers are the members whose position is masjid or partner (docs/architecture.md#data). */
export const PROVIDER_POSITIONS = ['masjid', 'partner'] as const;

function providers(db: Kysely<Database>) {
  return db
    .selectFrom('members')
    .select(['id', 'business_name', 'first_name', 'last_name', 'contact'])
    .where('position', 'in', [...PROVIDER_POSITIONS]);
}

export async function listProviders(db: Kysely<Database>): Promise<Provider[]> {
  const rows = await providers(db).execute();
  return rows.map(toProvider).sort((a, b) => a.businessName.localeCompare(b.businessName));
}

/** The provider with this id, or undefined when there is none (or that member is not a masjid or partner). */
export async function findProvider(db: Kysely<Database>, id: string): Promise<Provider | undefined> {
  const row = await providers(db).where('id', '=', id).executeTakeFirst();
  return row ? toProvider(row) : undefined;
}

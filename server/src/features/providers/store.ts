import type { Provider } from '@ummahnotify/shared/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MembersTable } from '../../db/schema';

/** Providers are the members whose position is masjid or partner (docs/architecture.md#data). */
export const PROVIDER_POSITIONS = ['masjid', 'partner'] as const;

type ProviderRow = Pick<Selectable<MembersTable>, 'id' | 'business_name' | 'first_name' | 'last_name' | 'contact'>;

/** A masjid without a business name is shown by its member name. */
export function toProvider(row: ProviderRow): Provider {
  const businessName = row.business_name.trim() || `${row.first_name} ${row.last_name}`.trim();
  return { _id: row.id, businessName, contact: row.contact };
}

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

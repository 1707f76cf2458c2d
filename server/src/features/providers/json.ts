import type { Provider } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { MembersTable } from '../../db/schema';

export type ProviderRow = Pick<
  Selectable<MembersTable>,
  'id' | 'business_name' | 'first_name' | 'last_name' | 'contact'
>;

/** A masjid without a business name is shown by its member name. */
export function toProvider(row: ProviderRow): Provider {
  const businessName = row.business_name.trim() || `${row.first_name} ${row.last_name}`.trim();
  return { _id: row.id, businessName, contact: row.contact };
}

/** The janaza section's API paths (docs/product/api.md). */
export const JANAZA_PATHS = {
  providers: '/api/v1/admin/notifications/providers',
  notices: '/api/v1/admin/notifications/janaza',
  notice: (id: string) => `/api/v1/admin/notifications/janaza/${encodeURIComponent(id)}`,
  /** When a prayer on a day is (`?prayer=asar&prayerDate=YYYY-MM-DD`): the form asks before saving a time past. */
  prayerTime: '/api/v1/admin/notifications/prayer-time',
  /** POST {reason}: withdraw an approved notice; everyone it reached is told it is cancelled. */
  withdrawal: (id: string) => `/api/v1/admin/notifications/janaza/${encodeURIComponent(id)}/withdrawal`,
  /** The second path set (docs/product/api.md) repeats the api prefix; list and create are mounted there too. */
  legacyNotices: '/api/api/v1/admin/ummahnotify/janaza',
} as const;

/** The janaza section's API paths (SPEC §7). */
export const JANAZA_PATHS = {
  providers: '/api/v1/admin/notifications/providers',
  notices: '/api/v1/admin/notifications/janaza',
  notice: (id: string) => `/api/v1/admin/notifications/janaza/${encodeURIComponent(id)}`,
  /** SPEC §7's second path set repeats the api prefix; list and create are mounted there too. */
  legacyNotices: '/api/api/v1/admin/ummahnotify/janaza',
} as const;

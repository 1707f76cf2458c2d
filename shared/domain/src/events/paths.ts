/** Paths of the events section (docs/product/api.md, both sets). Server routes and the remote use these. */
export const EVENT_PATHS = {
  list: '/api/v1/admin/events',
  one: (id: string) => `/api/v1/admin/events/${id}`,
  publish: (id: string) => `/api/v1/admin/events/publish/${id}`,
  aiSource: (id: string) => `/api/v1/admin/ummahnotify/ai-event/${id}`,
  /** POST: send a marked correction of a published, sent event to the same recipients (docs/product/delivery.md#what-is-sent). */
  correction: (id: string) => `/api/v1/admin/events/${id}/correction`,
  /** POST {reason}: withdraw a published event; everyone it reached is told it is cancelled (rules.md#event). */
  withdrawal: (id: string) => `/api/v1/admin/events/${id}/withdrawal`,
} as const;

import { REMOTE_NAMES, type Rights } from '@ummahnotify/shared/domain';

/**
 * Who may call what: every route the server registers must have a line here, or start-up fails.
 * 'public': anyone. 'signed-in': any session, whatever its rights. A list: only those rights.
 * The rights-matrix test calls every route as every kind of caller and compares with this table.
 */
export type Access = 'public' | 'signed-in' | readonly Rights[];

/** Staff rights: the janaza and events sections' routes. */
export const STAFF = ['superadmin', 'admin', 'editor'] as const;
export const SUPERADMIN = ['superadmin'] as const;

export const ROUTE_RIGHTS: Record<string, Access> = {
  // foundation
  'GET /healthz': 'public',
  'GET /app-config.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/auth/google/logout': 'public',
  'GET /api/protected': 'signed-in',
  'GET /api/v1/admin/users/refused-sign-ins': SUPERADMIN,
  'POST /api/v1/admin/users/:id/link-sign-in': SUPERADMIN,
  // uploads (server/src/features/uploads)
  'GET /api/v1/uploads/:id': STAFF,
  'GET /api/v1/uploads/:id/thumb': STAFF,

  // janaza (server/src/features/janaza, providers)
  'GET /api/v1/admin/notifications/providers': STAFF,
  'GET /api/v1/admin/notifications/janaza': STAFF,
  'POST /api/v1/admin/notifications/janaza': STAFF,
  'PATCH /api/v1/admin/notifications/janaza/:id': STAFF,
  'DELETE /api/v1/admin/notifications/janaza/:id': STAFF,

  // events (server/src/features/events)
  'GET /api/v1/admin/events': STAFF,
  'POST /api/v1/admin/events': STAFF,
  'PATCH /api/v1/admin/events/:id': STAFF,
  'POST /api/v1/admin/events/:id': STAFF,
  'DELETE /api/v1/admin/events/:id': STAFF,
  'PATCH /api/v1/admin/events/publish/:id': STAFF,
  'POST /api/v1/admin/ummahnotify/ai-event/:id': STAFF,
  'POST /api/v1/admin/events/:id/correction': STAFF,

  // members and committee (server/src/features/members, committee)
  'GET /api/v1/admin/members/un': SUPERADMIN,
  'POST /api/v1/admin/members/un': SUPERADMIN,
  'PATCH /api/v1/admin/members/un/:id': SUPERADMIN,
  'DELETE /api/v1/admin/members/un/:id': SUPERADMIN,
  'PUT /api/v1/admin/users/verify/member/:id': SUPERADMIN,
  'GET /api/v1/admin/members/committee': SUPERADMIN,
  'POST /api/v1/admin/members/committee': SUPERADMIN,
  'PATCH /api/v1/admin/members/committee/:id': SUPERADMIN,
  'DELETE /api/v1/admin/members/committee/:id': SUPERADMIN,
  'PATCH /api/v1/admin/members/committee/assign/:id': SUPERADMIN,

  // summary and subscribers (server/src/features/summary, subscribers)
  'GET /api/v1/admin/dashboard/summary': SUPERADMIN,
  'GET /api/v1/admin/ummahnotify/list': SUPERADMIN,
  'GET /api/v1/admin/ummahnotify/stats': SUPERADMIN,
  'POST /api/v1/admin/ummahnotify/updateuser': SUPERADMIN,
  // the activity log (server/src/features/activity): who did what and when
  'GET /api/v1/admin/audit': SUPERADMIN,
  // the janaza section's list and create again (SPEC §7 repeats the api prefix): the janaza routes' rights
  'GET /api/api/v1/admin/ummahnotify/janaza': STAFF,
  'POST /api/api/v1/admin/ummahnotify/janaza': STAFF,

  // delivery (server/src/delivery): staff see the sending of their notices and events
  'GET /api/v1/admin/delivery/channels': STAFF,
  'GET /api/v1/admin/delivery/status': STAFF,
  'POST /api/v1/admin/notifications/janaza/:id/correction': STAFF,

  // public sign-up and feed (server/src/features/signup, feed): no session; rate limited
  'GET /api/public/signup/options': 'public',
  'POST /api/public/signup/webpush': 'public',
  'POST /api/public/signup/webpush/remove': 'public',
  'POST /api/public/signup/email': 'public',
  'POST /api/public/signup/email/confirm': 'public',
  'POST /api/public/signup/telegram': 'public',
  'POST /api/public/telegram/webhook': 'public',
  'POST /api/public/signup/whatsapp': 'public',
  'POST /api/public/signup/whatsapp/confirm': 'public',
  'GET /api/public/whatsapp/webhook': 'public',
  'POST /api/public/whatsapp/webhook': 'public',
  'POST /api/public/unsubscribe': 'public',
  'POST /api/public/unsubscribe/:token': 'public',
  'GET /api/public/feed': 'public',
  'GET /api/public/feed/janaza/:file': 'public',
  'GET /api/public/feed/events/:file': 'public',
  'GET /api/public/images/:id': 'public',

  // front-end files
  'GET /*': 'public',
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [`GET /remotes/${name}/*`, 'public' as const])),
  // the in-process issuer of demo mode (registered only in demo mode)
  'GET /demo-oidc/.well-known/openid-configuration': 'public',
  'GET /demo-oidc/jwks': 'public',
  'GET /demo-oidc/authorize': 'public',
  'POST /demo-oidc/authorize': 'public',
  'POST /demo-oidc/token': 'public',
  'GET /demo-oidc/userinfo': 'public',
};

export function accessFor(method: string, url: string): Access | undefined {
  return ROUTE_RIGHTS[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_RIGHTS[`GET ${url}`] : undefined);
}

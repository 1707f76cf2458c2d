export const MEMBERS_API = {
  list: '/api/v1/admin/members/un',
  one: (id: string) => `/api/v1/admin/members/un/${id}`,
  verify: (id: string) => `/api/v1/admin/users/verify/member/${id}`,
} as const;

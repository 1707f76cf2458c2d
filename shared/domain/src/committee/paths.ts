export const COMMITTEE_API = {
  list: '/api/v1/admin/members/committee',
  one: (id: string) => `/api/v1/admin/members/committee/${id}`,
  assign: (id: string) => `/api/v1/admin/members/committee/assign/${id}`,
} as const;

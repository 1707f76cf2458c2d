import { api } from '@ummahnotify/shared/client';

export async function post<T = unknown>(url: string, body: unknown): Promise<T> {
  return (await api.post<T>(url, body)).data;
}

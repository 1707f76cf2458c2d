import { useQuery } from '@tanstack/react-query';
import { api } from '@ummahnotify/client/public-app';
import { type Language, SIGNUP_API, type Topic } from '@ummahnotify/core';
import type { SignupOptions } from '@ummahnotify/domain';

/** What the visitor chose above the channels; every sign-up call sends it. */
export interface Choice {
  topics: Topic[];
  language: Language;
}

export function useSignupOptions() {
  return useQuery({
    queryKey: ['signup', 'options'],
    queryFn: async () => (await api.get<SignupOptions>(SIGNUP_API.options)).data,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export async function post<T = unknown>(url: string, body: unknown): Promise<T> {
  return (await api.post<T>(url, body)).data;
}

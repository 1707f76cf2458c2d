import { api } from '@ummahnotify/client';
import { SUMMARY_API, type Summary, summaryResponseSchema } from '@ummahnotify/domain';

export const SUMMARY_QUERY_KEY = ['summary'] as const;

/** GET the summary (docs/product/api.md): `{code, data: [summary]}`, checked against the shape of docs/product/data.md#summary. */
export async function fetchSummary(signal?: AbortSignal): Promise<Summary> {
  const { data } = await api.get(SUMMARY_API.summary, { signal });
  return summaryResponseSchema.parse(data).data[0];
}

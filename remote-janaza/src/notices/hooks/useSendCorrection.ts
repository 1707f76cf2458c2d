import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@ummahnotify/shared/client';
import { refreshDeliveryStatus } from '@ummahnotify/shared/client/section';
import { DELIVERY_API } from '@ummahnotify/shared/domain';

/** POST the correction (202 {code, data: {number}}); the counts are looked at again either way. */
export function useSendCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await api.post<{ code: number; data?: { number?: number } }>(DELIVERY_API.janazaCorrection(id));
      return data?.data?.number;
    },
    onSettled: () => refreshDeliveryStatus(queryClient, 'janaza'),
  });
}

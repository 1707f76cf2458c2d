import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshDeliveryStatus } from '@ummahnotify/shared/client/section';
import { sendCorrection } from '../api';

/** Sends the correction; the counts are looked at again either way. */
export function useSendCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendCorrection(id),
    onSettled: () => refreshDeliveryStatus(queryClient, 'janaza'),
  });
}

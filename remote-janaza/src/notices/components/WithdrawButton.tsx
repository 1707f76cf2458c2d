import { WithdrawButton as Withdraw } from '@ummahnotify/client/section';
import { type JanazaNotice, janazaWithdrawalSchema } from '@ummahnotify/domain';
import { useWithdrawJanaza } from '../hooks/queries';

/** "Withdraw" of a sent notice (docs/product/rules.md#withdrawing-a-sent-notice), with the janaza section's words. */
export function WithdrawButton({ notice }: { notice: JanazaNotice }) {
  const withdraw = useWithdrawJanaza();
  return (
    <Withdraw
      ns="janaza"
      itemName={notice.name}
      reasonRule={janazaWithdrawalSchema.shape.reason}
      withdraw={(reason) => withdraw.mutateAsync({ id: notice._id, reason })}
      pending={withdraw.isPending}
    />
  );
}

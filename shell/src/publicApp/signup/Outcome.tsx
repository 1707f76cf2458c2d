import { Alert } from '../ui/Alert';

/** The answer to the visitor's last action, under the button that caused it. */
export type Outcome = { type: 'success' | 'error' | 'info'; text: string } | null;

export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return <Alert role={outcome.type === 'error' ? 'alert' : 'status'} type={outcome.type} title={outcome.text} />;
}

import { Alert } from '../ui/Alert';

/** The answer to the visitor's last action, under the button that caused it. */
export type Outcome = { type: 'success' | 'error' | 'info'; text: string } | null;

export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return <Alert role={outcome.type === 'error' ? 'alert' : 'status'} type={outcome.type} title={outcome.text} />;
}

/** Off screen, for screen readers: a live region that says the proof of work is under way (the button says it too). */
const OFF_SCREEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function ProvingStatus({ text }: { text: string | null }) {
  return (
    <span role="status" aria-live="polite" style={OFF_SCREEN}>
      {text ?? ''}
    </span>
  );
}

import { useCallback, useState } from 'react';

/** What is wrong with a draft, by field (the text shown under it, or '' just to mark it). */
export type DraftProblems<D> = Partial<Record<keyof D, string>>;

export interface RowDraft<D> {
  /** The row in edit mode, or null. */
  editingId: string | null;
  draft: D | null;
  problems: DraftProblems<D>;
  /** Edit mode for one row at a time: a new start drops the previous draft. */
  start: (id: string, draft: D) => void;
  /** Changes the draft; a changed field's problem goes. */
  change: (patch: Partial<D>) => void;
  /** Marks what keeps the draft from being saved; the row stays in edit mode. */
  refuse: (problems: DraftProblems<D>) => void;
  cancel: () => void;
}

/** The inline row edit (docs/product/data.md#row-edit-in-the-lists): one row at a time, a draft copy, Save or Cancel. */
export function useRowDraft<D extends object>(): RowDraft<D> {
  const [editing, setEditing] = useState<{ id: string; draft: D; problems: DraftProblems<D> } | null>(null);
  const start = useCallback((id: string, draft: D) => setEditing({ id, draft, problems: {} }), []);
  const cancel = useCallback(() => setEditing(null), []);
  const change = useCallback(
    (patch: Partial<D>) =>
      setEditing((e) => {
        if (!e) return e;
        const problems = { ...e.problems };
        for (const field of Object.keys(patch)) delete problems[field as keyof D];
        return { ...e, draft: { ...e.draft, ...patch }, problems };
      }),
    [],
  );
  const refuse = useCallback((problems: DraftProblems<D>) => setEditing((e) => (e ? { ...e, problems } : e)), []);
  return {
    editingId: editing?.id ?? null,
    draft: editing?.draft ?? null,
    problems: editing?.problems ?? {},
    start,
    change,
    refuse,
    cancel,
  };
}

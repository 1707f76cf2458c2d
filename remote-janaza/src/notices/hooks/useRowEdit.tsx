import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@ummahnotify/client';
import {
  type DraftProblems,
  readApiProblem,
  refreshDeliveryStatus,
  schemaProblems,
  useRowDraft,
  useSectionText,
} from '@ummahnotify/client/section';
import { type JanazaNotice, janazaUpdateSchema } from '@ummahnotify/domain';
import { useCallback } from 'react';
import { imageProblem } from '../components/ImagePicker';
import { INLINE_FIELDS, type InlineField } from '../components/JanazaFields';
import { useUpdateJanaza } from './queries';

/** A notice's inline-editable fields (JanazaFields) as the row holds them (age is empty while typing) and a new photo. */
export type JanazaDraft = Omit<Pick<JanazaNotice, InlineField>, 'age'> & { age: number | null; image?: File };
export type DraftErrors = DraftProblems<JanazaDraft>;

export interface RowEdit {
  editingId: string | null;
  draft: JanazaDraft | null;
  errors: DraftErrors;
  start: (notice: JanazaNotice) => void;
  change: (patch: Partial<JanazaDraft>) => void;
  cancel: () => void;
  save: () => void;
}

const draftOf = (n: JanazaNotice): JanazaDraft =>
  Object.fromEntries(INLINE_FIELDS.map((field) => [field, n[field]])) as Pick<JanazaNotice, InlineField>;

/**
 * One row at a time (docs/product/data.md): Edit copies the notice into a draft, Save sends it and leaves edit
 * mode (the row shows the change at once and rolls back with a toast if the server refuses), Cancel
 * discards it. The draft is checked with the shared schema first; a bad draft stays in edit mode.
 */
export function useRowEdit(): RowEdit {
  const { t, schemaText, say, problemText } = useSectionText('janaza');
  const toast = useToast();
  const update = useUpdateJanaza();
  const queryClient = useQueryClient();
  const row = useRowDraft<JanazaDraft>();
  const { editingId, draft, change, cancel, refuse } = row;
  const start = useCallback((n: JanazaNotice) => row.start(n._id, draftOf(n)), [row.start]);

  const save = useCallback(() => {
    if (!editingId || !draft) return;
    const { image, ...fields } = draft;
    const parsed = janazaUpdateSchema.safeParse(fields);
    const found: DraftErrors = {};
    for (const [field, message] of Object.entries(schemaProblems(janazaUpdateSchema, fields)))
      found[field.split('.')[0] as keyof JanazaDraft] ??= schemaText(message);
    const imageKey = imageProblem(image);
    if (imageKey) found.image = t(imageKey);
    if (!parsed.success || imageKey) {
      refuse(found);
      return;
    }
    const { postal: _postal, ...changes } = parsed.data as typeof parsed.data & { postal?: string };
    const previewUrl = image && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(image) : undefined;
    update.mutate(
      { id: editingId, changes, image, previewUrl },
      {
        onSuccess: () => {
          toast.success(t('updated'));
          // An approval queues a broadcast: show 'Preparing recipients…' now, not at the next slow poll.
          void refreshDeliveryStatus(queryClient, 'janaza');
        },
        onError: (error) => {
          const problem = readApiProblem(error);
          const [first] = problem.errors;
          const reason = first ? say(first) : problemText(problem);
          toast.error(
            <>
              {t('updateFailed')}
              {reason ? <div>{reason}</div> : null}
            </>,
          );
        },
      },
    );
    cancel();
  }, [editingId, draft, schemaText, say, problemText, t, toast, update, cancel, refuse, queryClient]);

  return { editingId, draft, errors: row.problems, start, change, cancel, save };
}

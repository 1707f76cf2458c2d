import { act, renderHook } from '@testing-library/react';
import { useRowDraft } from './useRowDraft';

interface Draft {
  name: string;
  email: string;
}

describe('the inline row edit', () => {
  it('edits one row at a time from a copy, and Cancel drops the copy', () => {
    const { result } = renderHook(() => useRowDraft<Draft>());
    expect(result.current.editingId).toBeNull();
    act(() => result.current.start('a', { name: 'Aisha', email: 'a@x.sg' }));
    act(() => result.current.change({ name: 'Aisha B' }));
    expect(result.current).toMatchObject({ editingId: 'a', draft: { name: 'Aisha B', email: 'a@x.sg' } });
    act(() => result.current.start('b', { name: 'Bilal', email: 'b@x.sg' }));
    expect(result.current).toMatchObject({ editingId: 'b', draft: { name: 'Bilal' } });
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ editingId: null, draft: null, problems: {} });
  });

  it('a refused draft stays in edit mode with its fields marked until they change', () => {
    const { result } = renderHook(() => useRowDraft<Draft>());
    act(() => result.current.start('a', { name: '', email: '' }));
    act(() => result.current.refuse({ name: 'Name is required', email: '' }));
    expect(result.current.editingId).toBe('a');
    expect(result.current.problems).toEqual({ name: 'Name is required', email: '' });
    act(() => result.current.change({ email: 'a@x.sg' }));
    expect(result.current.problems).toEqual({ name: 'Name is required' });
  });
});

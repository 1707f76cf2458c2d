import type { App } from 'antd';
import type { ReactNode } from 'react';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** antd's confirmation dialog as a question: true for OK, false for Cancel or closing it. */
export function askToConfirm(
  modal: Modal,
  question: { title: ReactNode; content: ReactNode; okText: string; cancelText: string },
): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ ...question, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}

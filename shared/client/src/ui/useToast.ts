import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@ummahnotify/core';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';

/** antd toasts with docs/product/rules.md#constants-and-timings timings: success 2 s, error 4 s (at most 20 at once, set in AppProviders). */
export function useToast() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      success: (content: ReactNode) => message.success(content, TOAST_SUCCESS_S),
      error: (content: ReactNode) => message.error(content, TOAST_ERROR_S),
      info: (content: ReactNode) => message.info(content, TOAST_SUCCESS_S),
    }),
    [message],
  );
}

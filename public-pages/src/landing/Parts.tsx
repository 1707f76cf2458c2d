import { ConfigProvider, Form } from 'antd';
// antd's own context (lib/, the copy Node loads with antd): its error list takes the form's class prefix from a Form.Item around it.
import { FormItemPrefixContext } from 'antd/lib/form/context';
import type { ReactNode } from 'react';
import { useContext } from 'react';

/**
 * A part of the page that takes one of a few looks (a field with or without its error, a button busy or not): the
 * look shown first in place, and every look as a `<template>` the script (browser/signup/view.ts) puts in its place.
 * All drawn by antd here; the script only chooses. `[data-part]` takes no box of its own (render.tsx's page CSS).
 */
export function Part<V extends string>({
  name,
  looks,
  first,
}: {
  name: string;
  looks: Record<V, ReactNode>;
  first: NoInfer<V>;
}) {
  return (
    <>
      <div data-part={name} data-look={first}>
        {looks[first]}
      </div>
      {(Object.entries(looks) as [V, ReactNode][]).map(([look, node]) => (
        <template key={look} data-look-of={`${name}:${look}`}>
          {node}
        </template>
      ))}
    </>
  );
}

/** Where the script writes a text it was given at run time (a field's error, an outcome). */
export const Slot = () => <span data-text />;

/**
 * antd's error line under a field, in the field's Form.Item: `text`, or the slot the script writes it in. antd draws
 * it only after its first render in a browser (the errors are debounced), so here it comes from antd's ErrorList, as
 * Form.Item puts it.
 */
export function FieldError({ text }: { text?: string }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  return (
    <FormItemPrefixContext.Provider value={{ prefixCls: getPrefixCls('form'), status: 'error' }}>
      <Form.ErrorList errors={[text ?? <Slot key="text" />]} />
    </FormItemPrefixContext.Provider>
  );
}

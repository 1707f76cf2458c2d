import { useIsMobile } from '@ummahnotify/shared/client';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** What the frame reads of a list's query; react-query's result has all of it. */
export type SectionListQuery = { isPending: boolean; isError: boolean };

export type SectionListProps<Row> = {
  query: SectionListQuery;
  rows: Row[];
  /** Under the spinner while the list loads. */
  loading: string;
  /** The list's error (an antd Alert with Retry) and its "no rows" (an antd Empty). */
  failed: ReactNode;
  empty: ReactNode;
  /** One card per row on a phone (under 768 px), in a column of cards. */
  card: (row: Row, index: number) => ReactNode;
  cardsTestId?: string;
  /** The antd Table of the rows at 768 px and up. */
  table: ReactNode;
};

/** A table's paging: more rows than `size` are paged, `size` a page. */
export const pagesOf = (rows: number, size: number) =>
  rows > size ? { pageSize: size, showSizeChanger: false } : false;

/**
 * A section's list: a spinner while it loads, its error, its "no rows", then its table at 768 px and up and a
 * column of cards below. The list brings its own antd Alert, Empty and Table: the kit importing them would
 * split the shell's antd chunks anew and cost every dashboard page about a kilobyte (the size budget).
 */
export function SectionList<Row extends object>({
  query,
  rows,
  loading,
  failed,
  empty,
  card,
  cardsTestId,
  table,
}: SectionListProps<Row>) {
  const mobile = useIsMobile();
  if (query.isPending)
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description={loading}>
          <span />
        </Spin>
      </Flex>
    );
  if (query.isError) return failed;
  if (rows.length === 0) return empty;
  return mobile ? (
    <Flex vertical gap={12} data-testid={cardsTestId}>
      {rows.map(card)}
    </Flex>
  ) : (
    table
  );
}

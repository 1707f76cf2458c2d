import { useIsMobile } from '@ummahnotify/client';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** What the frame reads of a list's query; react-query's result has all of it. */
export type SectionListQuery = { isPending: boolean; isError: boolean };

export type SectionListProps<Row> = {
  query: SectionListQuery;
  rows: Row[];
  /** While the list loads: a text (under the spinner) or the list's own placeholder (an antd Skeleton). */
  loading: ReactNode;
  /** The list's error (an antd Alert with Retry) and its "no rows" (an antd Empty). */
  failed: ReactNode;
  empty: ReactNode;
  /** Once loaded, above and below the rows or the "no rows" (a count line, a "Load more"). */
  above?: ReactNode;
  below?: ReactNode;
  /** One card per row on a phone (under 768 px), in a column of cards 12 px apart. */
  card: (row: Row, index: number) => ReactNode;
  cardsTestId?: string;
  /** The cards as a list instead: a <ul> of the <li>s that `card` returns, `gap` px apart. */
  cardList?: { gap: number };
  /** The antd Table of the rows at 768 px and up. */
  table: ReactNode;
};

/** A table's paging: more rows than `size` are paged, `size` a page. */
export const pagesOf = (rows: number, size: number) =>
  rows > size ? { pageSize: size, showSizeChanger: false } : false;

const BARE_LIST = { margin: 0, padding: 0, listStyle: 'none' };

/**
 * A section's list: a spinner while it loads, its error, its "no rows", then its table at 768 px and up and a
 * column of cards below. The list brings its own antd Alert, Empty, Skeleton and Table: the kit importing them
 * would split the shell's antd chunks anew and cost every dashboard page about a kilobyte (the size budget).
 */
export function SectionList<Row extends object>({
  query,
  rows,
  loading,
  failed,
  empty,
  above,
  below,
  card,
  cardsTestId,
  cardList,
  table,
}: SectionListProps<Row>) {
  const mobile = useIsMobile();
  if (query.isPending)
    return typeof loading === 'string' ? (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description={loading}>
          <span />
        </Spin>
      </Flex>
    ) : (
      loading
    );
  if (query.isError) return failed;
  let shown: ReactNode;
  if (rows.length === 0) shown = empty;
  else if (!mobile) shown = table;
  else
    shown = (
      <Flex
        vertical
        gap={cardList?.gap ?? 12}
        component={cardList ? 'ul' : 'div'}
        style={cardList ? BARE_LIST : undefined}
        data-testid={cardsTestId}
      >
        {rows.map(card)}
      </Flex>
    );
  return (
    <>
      {above}
      {shown}
      {below}
    </>
  );
}

import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { pagesOf, SectionList, type SectionListProps, type SectionListQuery } from './SectionList';

type Row = { _id: string; name: string };
const ROWS: Row[] = [
  { _id: 'a', name: 'Aminah' },
  { _id: 'b', name: 'Bilal' },
  { _id: 'c', name: 'Chandra' },
];
const LOADED: SectionListQuery = { isPending: false, isError: false };

function list(
  query: SectionListQuery,
  rows: Row[],
  pageSize = Number.POSITIVE_INFINITY,
  more: Partial<SectionListProps<Row>> = {},
) {
  return render(
    <SectionList<Row>
      query={query}
      rows={rows}
      loading="Loading..."
      failed={<div role="alert">Could not load</div>}
      empty={<p>Nothing yet</p>}
      table={
        <Table<Row>
          rowKey="_id"
          columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
          dataSource={rows}
          pagination={pagesOf(rows.length, pageSize)}
        />
      }
      card={(row, i) => <article key={row._id}>{`${i + 1}. ${row.name}`}</article>}
      cardsTestId="cards"
      {...more}
    />,
  );
}

/** Makes the next renders see a phone (under 768 px) or a wide screen. */
function onPhone(phone: boolean) {
  window.matchMedia = ((media: string) => ({
    matches: phone,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

const wideScreen = window.matchMedia;
afterEach(() => {
  window.matchMedia = wideScreen;
});

describe('the section list frame', () => {
  it('says it is loading while the query is pending', () => {
    list({ ...LOADED, isPending: true }, []);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the list's error when the query failed", () => {
    list({ isPending: false, isError: true }, ROWS);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when there are no rows', () => {
    list(LOADED, []);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it('shows a table on a wide screen, paged only past the page size', () => {
    const { unmount } = list(LOADED, ROWS, 2);
    expect(screen.getAllByRole('row')).toHaveLength(3); // the header and the first page's two rows
    expect(screen.getByRole('list')).toHaveClass('ant-pagination');
    unmount();
    list(LOADED, ROWS);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows one card per row on a phone', () => {
    onPhone(true);
    list(LOADED, ROWS);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByTestId('cards')).getAllByRole('article');
    expect(cards.map((c) => c.textContent)).toEqual(['1. Aminah', '2. Bilal', '3. Chandra']);
  });

  it("shows the list's own placeholder instead of the spinner while it loads", () => {
    const { container } = list({ ...LOADED, isPending: true }, [], undefined, {
      loading: <div role="status" aria-label="Loading the list" />,
    });
    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeInTheDocument();
    expect(container.querySelector('.ant-spin')).toBeNull();
  });

  it('shows the nodes above and below once loaded: around the rows and around "no rows"', () => {
    const around = { above: <p>Showing 3 of 3</p>, below: <button type="button">Load more</button> };
    const { container, unmount } = list(LOADED, ROWS, undefined, around);
    expect(container.textContent).toMatch(/^Showing 3 of 3.*Chandra.*Load more$/);
    unmount();
    list(LOADED, [], undefined, around);
    expect(screen.getByText('Nothing yet').previousElementSibling).toHaveTextContent('Showing 3 of 3');
    expect(screen.getByText('Nothing yet').nextElementSibling).toHaveTextContent('Load more');
  });

  it('leaves the nodes above and below out while loading and when the query failed', () => {
    const around = { above: <p>Showing 3 of 3</p>, below: <button type="button">Load more</button> };
    const { unmount } = list({ ...LOADED, isPending: true }, [], undefined, around);
    expect(screen.queryByText('Showing 3 of 3')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    unmount();
    list({ isPending: false, isError: true }, ROWS, undefined, around);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Showing 3 of 3')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('puts the cards in a list when asked, with its gap', () => {
    onPhone(true);
    list(LOADED, ROWS, undefined, {
      cardList: { gap: 8 },
      card: (row) => <li key={row._id}>{row.name}</li>,
    });
    const cards = screen.getByTestId('cards');
    expect(cards.tagName).toBe('UL');
    expect(cards).toHaveStyle({ listStyle: 'none', padding: '0px', margin: '0px', gap: '8px' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aminah', 'Bilal', 'Chandra']);
  });

  it('puts the cards in a plain column, 12 px apart, unless asked for a list', () => {
    onPhone(true);
    list(LOADED, ROWS);
    const cards = screen.getByTestId('cards');
    expect(cards.tagName).toBe('DIV');
    expect(cards).toHaveStyle({ gap: '12px' });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { pagesOf, SectionList, type SectionListQuery } from './SectionList';

type Row = { _id: string; name: string };
const ROWS: Row[] = [
  { _id: 'a', name: 'Aminah' },
  { _id: 'b', name: 'Bilal' },
  { _id: 'c', name: 'Chandra' },
];
const LOADED: SectionListQuery = { isPending: false, isError: false };

function list(query: SectionListQuery, rows: Row[], pageSize = Number.POSITIVE_INFINITY) {
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
});

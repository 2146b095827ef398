// The list pattern every list screen uses: its states, the pager and the list parameters.
import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { EmptyState, ListState, type ListQuery } from './ListState.tsx';
import { Pager, pageRange } from './Pager.tsx';
import { useListParams } from './use-list-params.ts';

const query = (over: Partial<ListQuery<string[]>>): ListQuery<string[]> => ({
  data: undefined,
  isLoading: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
});

function List({ q }: { q: ListQuery<string[]> }) {
  return (
    <ListState
      query={q}
      error="Failed to load things."
      isEmpty={(d) => d.length === 0}
      empty={<EmptyState text="Nothing yet." />}
    >
      {(d) => (
        <ul aria-label="Things">
          {d.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

describe('ListState', () => {
  it('says it is loading, then shows the list', () => {
    const { rerender } = renderWithProviders(<List q={query({ isLoading: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(<List q={query({ data: ['a', 'b'] })} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the error with Try again, which reads the list again', async () => {
    const q = query({ isError: true });
    const { user } = renderWithProviders(<List q={q} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load things.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when the answer holds nothing', () => {
    renderWithProviders(<List q={query({ data: [] })} />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('Pager', () => {
  it('counts pages and the rows a page shows, and past a capped count keeps counting on', () => {
    expect(pageRange(1, 10, 25)).toEqual({ pageCount: 3, from: 1, to: 10 });
    expect(pageRange(3, 10, 25)).toEqual({ pageCount: 3, from: 21, to: 25 });
    expect(pageRange(1, 10, 0)).toEqual({ pageCount: 1, from: 1, to: 0 });
    expect(pageRange(100, 10, 1000, true)).toEqual({ pageCount: 100, from: 991, to: 1000 });
  });

  it('closes Previous on the first page and Next on the last unless the count is capped', async () => {
    const onPage = vi.fn();
    const { rerender, user } = renderWithProviders(
      <Pager label="Things pages" page={1} pageCount={2} onPage={onPage} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Things pages' });
    expect(nav).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pager label="Things pages" page={2} pageCount={2} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(
      <Pager label="Things pages" page={2} pageCount={2} capped onPage={onPage} position="Page 2 of 2+" />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText('Page 2 of 2+')).toBeInTheDocument();
  });
});

describe('useListParams', () => {
  it('goes back to page 1 when the search or a filter changes, and sends the search once typing pauses', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useListParams({ category: 'all' }));
      act(() => result.current.setPage(3));
      act(() => result.current.setSearch(' deck '));
      expect(result.current.page).toBe(1);
      expect(result.current.filtered).toBe(true);
      expect(result.current.query).toBe('');
      act(() => void vi.advanceTimersByTime(300));
      expect(result.current.query).toBe('deck');
      act(() => result.current.setPage(2));
      act(() => result.current.setFilter('category', 'hvac'));
      expect(result.current.page).toBe(1);
      expect(result.current.filters).toEqual({ category: 'hvac' });
      act(() => result.current.clear());
      expect(result.current.search).toBe('');
      expect(result.current.filters).toEqual({ category: 'all' });
      expect(result.current.filtered).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

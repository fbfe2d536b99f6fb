import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, type NextPages } from './load-more.tsx';

/** The observers the component made, so a test can scroll the foot into view. */
let observers: Array<{ callback: IntersectionObserverCallback; disconnected: boolean }> = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function pages(change: Partial<NextPages> = {}): NextPages {
  return {
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(async () => undefined),
    ...change,
  };
}

/** The live observer sees the foot of the list. */
function scrollToFoot() {
  const live = observers.filter((observer) => !observer.disconnected);
  act(() => {
    for (const observer of live) {
      observer.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

describe('LoadMore', () => {
  it('asks for the next page from the button and when the foot scrolls into view', async () => {
    const next = pages();
    render(<LoadMore pages={next} end="That is all." />);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(next.fetchNextPage).toHaveBeenCalledTimes(1);
    scrollToFoot();
    expect(next.fetchNextPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('That is all.')).not.toBeInTheDocument();
  });

  it('waits while a page is loading: the button says so and asks nothing more', () => {
    const next = pages({ isFetchingNextPage: true });
    render(<LoadMore pages={next} end="That is all." />);

    expect(screen.getByRole('button', { name: 'Loading more...' })).toBeDisabled();
    scrollToFoot();
    expect(next.fetchNextPage).not.toHaveBeenCalled();
  });

  it('says the end under the last page, or nothing when the page gives no end', () => {
    const { rerender } = render(
      <LoadMore pages={pages({ hasNextPage: false })} end="That is all." />,
    );
    expect(screen.getByText('That is all.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(observers).toEqual([]);

    rerender(<LoadMore pages={pages({ hasNextPage: false })} end={null} />);
    expect(screen.queryByText('That is all.')).not.toBeInTheDocument();
  });

  it('after a failed page offers Try again and stops loading on scroll while paused', async () => {
    const next = pages();
    render(<LoadMore pages={next} end="That is all." paused failed />);

    expect(screen.getByRole('alert')).toHaveTextContent('More could not load. Try again');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(observers).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(next.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});

import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';

/** Loads the next page when `target` scrolls into view (the "Load more" button stays for keyboards). */
function useLoadOnView(enabled: boolean, load: () => void) {
  const target = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return target;
}

/** What LoadMore reads of an infinite query (TanStack's useInfiniteQuery result fits). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a list read a page at a time, newest first: the next page loads as the foot
 * scrolls into view, and a "Load more" button does the same for keyboards; under the last page,
 * `end` (nothing when null).
 */
export function LoadMore({
  pages,
  end,
  paused = false,
  failed = false,
}: {
  pages: NextPages;
  end: ReactNode;
  /** No loading on scroll (after an error, so a failing page is not asked for again and again). */
  paused?: boolean;
  /** The next page failed: an alert with "Try again" instead of the button. */
  failed?: boolean;
}) {
  const canLoadMore = pages.hasNextPage && !pages.isFetchingNextPage;
  const loadMore = () => {
    if (canLoadMore) void pages.fetchNextPage();
  };
  const sentinel = useLoadOnView(pages.hasNextPage && !paused, loadMore);

  return (
    <>
      <div ref={sentinel} />
      {failed ? (
        <p role="alert" className="mt-4 text-center text-sm text-muted-foreground">
          More could not load.{' '}
          <button type="button" className="text-primary underline" onClick={loadMore}>
            Try again
          </button>
        </p>
      ) : pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={loadMore} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        </div>
      ) : end !== null ? (
        <p className="mt-4 text-center text-xs text-muted-foreground">{end}</p>
      ) : null}
    </>
  );
}

import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Panel } from '#client/components/ui/panel.tsx';
import { cn } from '#client/lib/cn.ts';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

/** The figures a chart draws, as a plain table (the chart's accessible twin). */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  wide = false,
}: {
  caption: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Wider than a phone: the table scrolls sideways, so it takes the keyboard's focus to scroll. */
  wide?: boolean;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
      {...(wide ? { tabIndex: 0, role: 'group', 'aria-label': caption } : {})}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn('px-2 py-1.5 font-medium', column.numeric && 'text-right')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-0">
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.header} scope="row" className="px-2 py-1.5 text-left font-normal">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={cn('px-2 py-1.5', column.numeric && 'text-right tabular-nums')}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart in its panel: a sentence that says what it shows (read by everyone, and the figure's
 * caption), the chart, and a "Show as table" disclosure with the same figures.
 */
export function ChartPanel({
  title,
  icon,
  summary,
  table,
  footer,
  className,
  children,
}: {
  title: string;
  icon: ReactNode;
  summary: ReactNode;
  /** Omitted when there is nothing to tabulate (the panel shows its empty state instead). */
  table?: ReactNode;
  /** Under the chart and its table: links onward, a form. */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <Panel title={title} icon={icon} className={cn('min-w-0', className)}>
      <figure aria-labelledby={captionId} className="space-y-3">
        <figcaption id={captionId} className="text-sm text-muted-foreground">
          {summary}
        </figcaption>
        {children}
      </figure>
      {table && (
        <details className="group mt-3">
          <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <ChevronRight
              aria-hidden="true"
              className="size-4 transition-transform group-open:rotate-90"
            />
            Show as table
          </summary>
          <div className="mt-2">{table}</div>
        </details>
      )}
      {footer && <div className="mt-4">{footer}</div>}
    </Panel>
  );
}

/** A panel's note when a chart has nothing to draw yet: what would fill it. */
export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The data table of every list (analyses, users, waitlist, participations, invoices): a real
 * <table> with a caption and column headers for screen readers, which below 640 px turns each row
 * into a card whose cells carry their column's name (from `data-label`). Columns marked `primary`
 * lead the card as its heading; `actions` columns sit at the card's foot.
 */
import type { ReactNode } from 'react';
import '@/components/ui/table.css';

/**
 * The column's name: the header, and as plain text the label shown before the value on the phone
 * card. A text header is its own label; a header that is markup names its label.
 */
type ColumnName = { header: string; label?: undefined } | { header: ReactNode; label: string };

export type Column<Row> = ColumnName & {
  key: string;
  cell: (row: Row) => ReactNode;
  /** The card's heading on phones (e.g. the title); no label is shown before it. */
  primary?: boolean;
  /** Buttons: right-aligned on wide screens, a full-width row on the card. */
  actions?: boolean;
  /** Numbers and dates align right on wide screens. */
  numeric?: boolean;
  className?: string;
};

/** What the phone card shows before a cell: nothing for the heading and the buttons. */
function cardLabel<Row>(column: Column<Row>): string | undefined {
  if (column.primary || column.actions) return undefined;
  return column.label === undefined ? column.header : column.label;
}

/** React's key of a row: its `id` when it has one, else what `rowKey` says. */
type RowKey<Row> = Row extends { id: string } ? { rowKey?: (row: Row) => string } : { rowKey: (row: Row) => string };

type TableProps<Row> = RowKey<Row> & {
  caption: ReactNode;
  /** Hide the caption visually (the page heading already says it) but keep it for screen readers. */
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowProps?: (row: Row) => Record<string, string | undefined>;
  testId?: string;
  busy?: boolean;
};

export function Table<Row>({
  caption,
  captionHidden = true,
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  busy,
}: TableProps<Row>) {
  const keyOf = rowKey ?? ((row: Row) => (row as { id: string }).id);
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId} aria-busy={busy || undefined}>
        <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)} data-label={cardLabel(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellClass<Row>(column: Column<Row>): string {
  return [
    'table__cell',
    column.primary ? 'table__cell--primary' : '',
    column.actions ? 'table__cell--actions' : '',
    column.numeric ? 'table__cell--numeric' : '',
    column.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

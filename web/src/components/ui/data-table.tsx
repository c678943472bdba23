import type { ReactNode } from 'react'

interface DataTableProps<T> {
  columns: string[]
  rows: readonly T[]
  children: (row: T, index: number) => ReactNode
  className?: string
  labelledBy?: string
  /** The one row shown when `rows` is empty. */
  empty?: string
}

/** A scrollable table with one header per column; `children` renders each row's <tr>. */
export function DataTable<T>({ columns, rows, children, className, labelledBy, empty }: DataTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className={className} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(children)
          )}
        </tbody>
      </table>
    </div>
  )
}

import { pageItems } from '../../lib/paging'

interface PaginationProps {
  currentPage: number
  totalPages: number
  onChange: (page: number) => void
}

export function Pagination({ currentPage, totalPages, onChange }: PaginationProps) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pagination">
      <button disabled={currentPage <= 1} onClick={() => onChange(currentPage - 1)} aria-label="Previous page">
        ‹ Prev
      </button>
      {pageItems(currentPage, totalPages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            className={item === currentPage ? 'active' : undefined}
            aria-current={item === currentPage ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="ellipsis" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button disabled={currentPage >= totalPages} onClick={() => onChange(currentPage + 1)} aria-label="Next page">
        Next ›
      </button>
    </nav>
  )
}

// Paging control (spec §9): first and last page, 3 pages each side of the current one, ellipses between.
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export function pageItems(current: number, total: number, siblings = 3): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : []
  const start = Math.max(2, current - siblings)
  const end = Math.min(total - 1, current + siblings)
  const items: PageItem[] = [1]
  if (start > 2) items.push('ellipsis-start')
  for (let p = start; p <= end; p++) items.push(p)
  if (end < total - 1) items.push('ellipsis-end')
  items.push(total)
  return items
}

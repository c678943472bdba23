// One page of a list and the count of the whole list, read together: the shape of every paged
// listing in the console. The callers build both queries, so each keeps its own tenant filter.

/** A query ordered and filtered, ready to be cut to a page. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } }
}

/** A query that counts the list's rows as `n` (`eb.fn.countAll().as('n')`). */
interface Counted {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>
}

/** Rows of page `page` (from 1) of `pageSize`, and the total the counting query finds. */
export async function pageWithTotal<Row>(rows: Pageable<Row>, count: Counted, page: number, pageSize: number): Promise<{ rows: Row[]; total: number }> {
  const [found, counted] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows: found, total: Number(counted.n) }
}

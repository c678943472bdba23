// The comments thread of a question. Comments are plain text; the author's name is taken from the
// verified token when the comment is written (other services cannot read identity's tables).
import type { Kysely } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
const columns = ['id', 'questionId', 'fileId', 'comment', 'commentType', 'firstName', 'lastName', 'createdAt'] as const

export function listComments(db: Db, tenantId: string, questionId: string) {
  return db
    .selectFrom('comment')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('questionId', '=', questionId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
}

/** Adds a comment and makes it the question's latest `comment`, in one transaction. */
export async function addComment(
  db: Db,
  tenantId: string,
  input: { questionId: string; fileId: string; comment: string; commentType: string; userId: string; firstName: string; lastName: string },
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comment')
      .values({ id: crypto.randomUUID(), tenantId, ...input })
      .returning(columns)
      .executeTakeFirstOrThrow()
    await trx.updateTable('question').set({ comment: input.comment }).where('tenantId', '=', tenantId).where('id', '=', input.questionId).execute()
    return row
  })
}

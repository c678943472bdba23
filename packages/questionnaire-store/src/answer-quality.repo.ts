// The drafter's track record (issue 24): each question drafted since the record began compared with
// what people made of it — approved unchanged, edited (and how much), cleared, its choice changed, or
// not reviewed yet — counted per source of the draft. Tenant-scoped; optionally one questionnaire.
import type { AnswerQuality, DraftSource, SourceQuality } from '@portal/contracts'
import type { Kysely } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

const SOURCE: Record<string, DraftSource> = { library: 'library', pair: 'pair', documents: 'sentence', model: 'model' }

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** The share of a text changed, 0–1: one minus the Dice overlap of the two texts' words (order aside). */
export function changedShare(before: string, after: string): number {
  const a = words(before)
  const b = words(after)
  if (!a.length && !b.length) return 0
  const counts = new Map<string, number>()
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1)
  let shared = 0
  for (const w of b) {
    const n = counts.get(w) ?? 0
    if (n > 0) {
      shared++
      counts.set(w, n - 1)
    }
  }
  return 1 - (2 * shared) / (a.length + b.length)
}

const empty = (): SourceQuality => ({ drafted: 0, approvedUnchanged: 0, edited: 0, editedShare: 0, cleared: 0, choiceChanged: 0, pending: 0 })

interface Row {
  answerSource: string
  draftAnswer: string
  draftChoice: string | null
  answer: string
  choiceValue: string | null
  llmstatus: boolean
}

/** How one drafted question fared, added to its source's tally (editedShare summed; averaged at the end). */
function tally(q: SourceQuality, r: Row): void {
  q.drafted++
  const text = r.answer.trim()
  const draft = r.draftAnswer.trim()
  const cleared = !text && r.choiceValue === null
  const edited = !cleared && text !== draft
  const choiceChanged = !cleared && (r.choiceValue ?? null) !== (r.draftChoice ?? null)
  if (cleared) q.cleared++
  if (edited) {
    q.edited++
    q.editedShare += changedShare(draft, text)
  }
  if (choiceChanged) q.choiceChanged++
  if (r.llmstatus && !edited && !choiceChanged && !cleared) q.approvedUnchanged++
  if (!r.llmstatus && !edited && !choiceChanged && !cleared) q.pending++
}

export async function answerQuality(db: Kysely<QuestionnaireDb>, tenantId: string, questionnaireId?: string): Promise<AnswerQuality> {
  let query = db
    .selectFrom('question')
    .select(['answerSource', 'draftAnswer', 'draftChoice', 'answer', 'choiceValue', 'llmstatus'])
    .where('tenantId', '=', tenantId)
    .where('draftRecorded', '=', true)
    .where('answerSource', '<>', '')
    .where((eb) => eb.or([eb('draftAnswer', '<>', ''), eb('draftChoice', 'is not', null)]))
  if (questionnaireId) query = query.where('fileId', '=', questionnaireId)
  const bySource = { library: empty(), pair: empty(), sentence: empty(), model: empty() }
  const total = empty()
  for (const r of await query.execute()) {
    const source = SOURCE[r.answerSource]
    if (!source) continue
    tally(bySource[source], r)
    tally(total, r)
  }
  for (const q of [...Object.values(bySource), total]) q.editedShare = q.edited ? Number((q.editedShare / q.edited).toFixed(3)) : 0
  return { questionnaireId: questionnaireId ?? null, bySource, total }
}

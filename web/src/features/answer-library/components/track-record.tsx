// The drafter's track record as a compact table: per source of the drafts, how many were drafted,
// approved unchanged, edited (with the mean share of the text changed), cleared, given another
// choice, and still waiting. Shown on the dashboard (the whole tenant) and in a questionnaire's
// review header (that questionnaire). Nothing reviewed yet: a sentence says so instead of zeros.
import { useId, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { type AnswerQuality, DRAFT_SOURCES, reviewed, SOURCE_NAMES, type SourceQuality, useAnswerQuality } from '../api/quality'
import '../answer-library.css'

const percent = (share: number) => `${Math.round(Math.min(1, Math.max(0, share)) * 100)} %`

function Cells({ q }: { q: SourceQuality }) {
  return (
    <>
      <td>{q.drafted}</td>
      <td>{q.approvedUnchanged}</td>
      <td>{q.edited ? `${q.edited} (${percent(q.editedShare)} changed)` : '0'}</td>
      <td>{q.cleared}</td>
      <td>{q.choiceChanged}</td>
      <td>{q.pending}</td>
    </>
  )
}

/** True when no person has approved, edited or cleared a draft yet. */
export const nothingReviewed = (quality: AnswerQuality) => reviewed(quality.total) === 0

/** The empty state's words: nothing reviewed yet, and what is waiting. */
export function NothingReviewed({ quality }: { quality: AnswerQuality }) {
  const waiting = quality.total.pending
  return (
    <>
      <p className="empty-title">No drafted answers reviewed yet</p>
      <p className="empty-hint muted">
        {waiting
          ? `${waiting} drafted answer${waiting === 1 ? ' waits' : 's wait'} for review. Once reviewers approve, edit or clear drafts, how each source did shows here.`
          : 'Once reviewers approve, edit or clear drafted answers, how each source did shows here.'}
      </p>
    </>
  )
}

export function TrackRecordTable({ quality, caption }: { quality: AnswerQuality; caption: string }) {
  const id = useId()
  return (
    // A phone scrolls the table sideways inside its own box, which takes focus so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="table-wrap track-record" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="small">
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Drafted</th>
            <th scope="col">Approved unchanged</th>
            <th scope="col">Edited</th>
            <th scope="col">Cleared</th>
            <th scope="col">Choice changed</th>
            <th scope="col">Waiting</th>
          </tr>
        </thead>
        <tbody>
          {DRAFT_SOURCES.map((source) => (
            <tr key={source}>
              <th scope="row">{SOURCE_NAMES[source]}</th>
              <Cells q={quality.bySource[source]} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All sources</th>
            <Cells q={quality.total} />
          </tr>
        </tfoot>
      </table>
    </section>
  )
}

/**
 * One questionnaire's track record, folded in its review header: asked for only once opened, so the
 * review screen does not wait on it.
 */
export function QuestionnaireTrackRecord({ questionnaireId }: { questionnaireId: string }) {
  const [open, setOpen] = useState(false)
  const quality = useAnswerQuality(questionnaireId, open)
  let body = null
  if (open) {
    if (quality.isPending)
      body = (
        <p className="muted" role="status">
          Loading the track record…
        </p>
      )
    else if (quality.isError)
      body = (
        <p role="alert" className="form-error">
          {`The track record could not be loaded. ${errorMessage(quality.error, '')}`.trim()}
        </p>
      )
    else if (nothingReviewed(quality.data)) body = <NothingReviewed quality={quality.data} />
    else body = <TrackRecordTable quality={quality.data} caption="How the drafts of this questionnaire were reviewed, by source" />
  }
  return (
    <details className="track-record-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>How the drafts did</summary>
      {body}
    </details>
  )
}

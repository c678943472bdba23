// "Check the columns" (the import-mapping step): the sheet, the header row, and a role for each
// column of the sheet's preview. Saved, the questions are read again with these columns and drafting
// starts. The preview of another sheet exists only once that sheet is saved: for another sheet the
// columns are typed as letters instead. Cell text from the customer's file is rendered as text only.
import { type FormEvent, useEffect, useId, useState } from 'react'
import { FormError, FormSuccess } from '../../../components/ui/form-message'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { columnLetter, isLetter, type Layout, type LayoutColumns, type LayoutTarget, letterIndex, useLayout, useSaveLayout } from '../api/layout'
import { assign, type Columns, columnsOf, ROLES, type Role, roleOf, toBody } from './layout-roles'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function confidenceText(l: Pick<Layout, 'confidence' | 'confirmed' | 'needsCheck'>): string {
  if (l.confirmed) return 'Confirmed'
  if (l.needsCheck) return 'The product is unsure of these columns: check them'
  return `Read with ${Math.round(l.confidence * 100)} % confidence`
}

/**
 * Letters of the preview's columns: one past its widest row (answers often go in a new column after
 * the table), and wide enough for every chosen column.
 */
function previewLetters(layout: Layout, columns: Columns): string[] {
  const chosen = [columns.id, columns.question, columns.answer, columns.choice, columns.comments, ...columns.context].filter((c): c is string => Boolean(c))
  const width = Math.max(0, ...layout.preview.map((r) => r.cells.length + 1), ...chosen.map((c) => letterIndex(c) + 1))
  return Array.from({ length: width }, (_, i) => columnLetter(i))
}

function Preview({
  layout,
  columns,
  headerRow,
  onRole,
}: {
  layout: Layout
  columns: Columns
  headerRow: number
  onRole: (letter: string, role: Role) => void
}) {
  const id = useId()
  const letters = previewLetters(layout, columns)
  return (
    // Wide sheets scroll inside their own box, which takes focus so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="table-wrap layout-preview" aria-label={`Preview of ${layout.sheet}`} tabIndex={0}>
      <table className="small">
        <thead>
          <tr>
            <th scope="col">Row</th>
            {letters.map((letter) => (
              <th scope="col" key={letter}>
                <label htmlFor={`${id}-${letter}`}>{`Column ${letter}`}</label>
                <select id={`${id}-${letter}`} name={`role-${letter}`} value={roleOf(columns, letter)} onChange={(e) => onRole(letter, e.target.value as Role)}>
                  {ROLES.map(([role, text]) => (
                    <option key={role} value={role}>
                      {text}
                    </option>
                  ))}
                </select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {layout.preview.map((r) => (
            <tr key={r.row} className={r.row === headerRow ? 'layout-header-row' : undefined}>
              <th scope="row">{r.row === headerRow ? `${r.row} (header)` : r.row}</th>
              {letters.map((letter, i) => (
                <td key={letter}>{r.cells[i] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

type Typed = Record<'question' | 'id' | 'answer', string>
const LETTER_FIELDS: [keyof Typed, string][] = [
  ['question', 'Question column'],
  ['id', 'Id column (optional)'],
  ['answer', 'Answer column (optional)'],
]

/** Another sheet than the one previewed: its columns typed as letters. */
function LetterInputs({ typed, onChange }: { typed: Typed; onChange: (key: keyof Typed, value: string) => void }) {
  const id = useId()
  return (
    <div className="field-row">
      {LETTER_FIELDS.map(([key, label]) => (
        <div className="field" key={key}>
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <input
            id={`${id}-${key}`}
            name={`letter-${key}`}
            value={typed[key]}
            maxLength={3}
            autoComplete="off"
            spellCheck={false}
            required={key === 'question'}
            placeholder={key === 'question' ? 'A' : ''}
            onChange={(e) => onChange(key, e.target.value.toUpperCase().replace(/[^A-Z]/g, ''))}
          />
        </div>
      ))}
    </div>
  )
}

/** The letters typed for another sheet, as columns; or why they cannot be sent. */
function typedColumns(typed: Typed): LayoutColumns | string {
  if (!typed.question) return 'Choose the question column'
  const wrong = Object.values(typed).find((v) => v && !isLetter(v))
  if (wrong) return `${wrong} is not a column letter`
  return { question: typed.question, ...(typed.id ? { id: typed.id } : {}), ...(typed.answer ? { answer: typed.answer } : {}) }
}

/** Whose columns: a questionnaire of the AI review by its id, or any file's LayoutTarget (outbound templates and questionnaires). */
export type LayoutOf = { questionnaireId: string; target?: undefined } | { target: LayoutTarget; questionnaireId?: undefined }

export function LayoutForm({ questionnaireId, target, layout }: LayoutOf & { layout: Layout }) {
  const id = useId()
  const save = useSaveLayout(target ?? (questionnaireId as string))
  const [sheet, setSheet] = useState(layout.sheet)
  const [headerRow, setHeaderRow] = useState(String(layout.headerRow))
  const [columns, setColumns] = useState(() => columnsOf(layout))
  const [typed, setTyped] = useState<Typed>({ question: layout.columns.question, id: layout.columns.id ?? '', answer: layout.columns.answer ?? '' })
  const [error, setError] = useState('')
  const [saved, setSaved] = useState('')
  // A new reading (saved here, or by someone else) is what the form starts from again.
  useEffect(() => {
    setSheet(layout.sheet)
    setHeaderRow(String(layout.headerRow))
    setColumns(columnsOf(layout))
    setTyped({ question: layout.columns.question, id: layout.columns.id ?? '', answer: layout.columns.answer ?? '' })
  }, [layout])

  const otherSheet = sheet !== layout.sheet
  const rows = layout.sheets.find((s) => s.name === sheet)?.rows
  const edited = () => {
    setError('')
    setSaved('')
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const header = Number(headerRow)
    if (headerRow.trim() === '' || !Number.isInteger(header) || header < 0 || (rows !== undefined && header > rows))
      return setError(`The header row is a row number from 0 to ${rows ?? 'the last row'} (0: no header row)`)
    const chosen = otherSheet ? typedColumns(typed) : (toBody(columns) ?? 'Choose the question column')
    if (typeof chosen === 'string') return setError(chosen)
    edited()
    save.mutate(
      { sheet, headerRow: header, columns: chosen },
      {
        onSuccess: (l) => setSaved(target?.onSaved ? target.onSaved(l) : `Columns saved: ${plural(l.total, 'question')} read`),
        onError: (err) => setError(errorMessage(err, 'The columns could not be saved')),
      },
    )
    return undefined
  }

  return (
    <form className="layout-form" onSubmit={submit} noValidate aria-describedby={`${id}-confidence`}>
      <p id={`${id}-confidence`} className={layout.needsCheck && !layout.confirmed ? 'layout-confidence unsure' : 'layout-confidence'}>
        {confidenceText(layout)}
      </p>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-sheet`}>Sheet</label>
          <select
            id={`${id}-sheet`}
            name="sheet"
            value={sheet}
            onChange={(e) => {
              setSheet(e.target.value)
              edited()
            }}
          >
            {layout.sheets.map((s) => (
              <option key={s.name} value={s.name}>
                {`${s.name} (${plural(s.questions, 'question')})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-header`}>Header row</label>
          <input
            id={`${id}-header`}
            name="headerRow"
            type="number"
            inputMode="numeric"
            min={0}
            {...(rows !== undefined ? { max: rows } : {})}
            value={headerRow}
            aria-describedby={`${id}-header-hint`}
            onChange={(e) => {
              setHeaderRow(e.target.value)
              edited()
            }}
          />
          <p className="muted small" id={`${id}-header-hint`}>
            0: the sheet has no header row
          </p>
        </div>
      </div>
      {otherSheet ? (
        <>
          <p className="muted">{`The preview of ${sheet} shows once its columns are saved: type the letters of its columns now, then check them after saving.`}</p>
          <LetterInputs
            typed={typed}
            onChange={(key, value) => {
              setTyped((t) => ({ ...t, [key]: value }))
              edited()
            }}
          />
        </>
      ) : (
        <Preview
          layout={layout}
          columns={columns}
          headerRow={Number(headerRow)}
          onRole={(letter, role) => {
            setColumns((c) => assign(c, letter, role))
            edited()
          }}
        />
      )}
      <section className="layout-read" aria-labelledby={`${id}-read`}>
        <h3 id={`${id}-read`}>First questions as read</h3>
        {layout.read.length ? (
          <ol>
            {layout.read.map((q) => (
              <li key={`${q.row}-${q.id}`}>
                <span className="muted">{q.id ? `Row ${q.row} · ${q.id}: ` : `Row ${q.row}: `}</span>
                {q.question}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">No questions were read with these columns.</p>
        )}
        <p className="muted small">{`${plural(layout.total, 'question')} read in all`}</p>
      </section>
      <FormError>{error}</FormError>
      <FormSuccess>{saved}</FormSuccess>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save columns'}
        </button>
      </div>
    </form>
  )
}

/** The form for a questionnaire, once its columns are loaded. */
export function LayoutPanel(props: LayoutOf) {
  const layout = useLayout(props.target ?? (props.questionnaireId as string))
  if (layout.isPending) return <Spinner label="Loading the columns" />
  if (layout.isError) return <FormError>{errorMessage(layout.error, 'The columns could not be loaded')}</FormError>
  return <LayoutForm {...props} layout={layout.data} />
}

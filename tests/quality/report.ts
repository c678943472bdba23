// The figures per corpus, per half (tuning / held-out) and per source of the draft (library row,
// document pair, document sentence, model), as tables: printed by `npm run quality` and by
// packages/drafting/test/offline-quality.test.ts.
import { type DraftSource, type Figures, figures, halfOf, type Judged, ofCorpus, ofSource } from './metrics.js'

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(1)} %`)
const COLS = ['items', 'answerable', 'answered', 'of answerable', 'supported', 'choices', 'precision', 'debris', 'no review', 'precision']
const cells = (x: Figures) => [
  `${x.items}`,
  `${x.answerable}`,
  `${x.answered}`,
  pct(x.answeredOfAnswerable),
  pct(x.support),
  `${x.choices}`,
  pct(x.choicePrecision),
  `${x.debris}`,
  `${x.noReview}`,
  pct(x.noReviewPrecision),
]
const HALVES = ['tuning', 'held-out'] as const
const SOURCES: DraftSource[] = ['library', 'pair', 'sentence', 'model']

function table(title: string, rows: [string, Judged[]][]): string[] {
  const out = [title, `${''.padEnd(30)}${COLS.map((c) => c.padStart(14)).join('')}`]
  for (const [label, js] of rows)
    out.push(
      `${label.padEnd(30)}${cells(figures(js))
        .map((c) => c.padStart(14))
        .join('')}`,
    )
  return out
}

/** Lines of the per-corpus / per-half / per-source report. */
export function reportLines(judged: Judged[]): string[] {
  const corpora = [...new Set(judged.map((j) => j.item.corpus))]
  const byCorpus = corpora.flatMap((c): [string, Judged[]][] => [
    [c, ofCorpus(judged, c)],
    ...HALVES.map((h): [string, Judged[]] => [`  ${c} ${h}`, halfOf(ofCorpus(judged, c), h)]),
  ])
  const bySource = corpora.flatMap((c) =>
    SOURCES.filter((s) => ofSource(ofCorpus(judged, c), s).length).flatMap((s): [string, Judged[]][] => [
      [`${c} ${s}`, ofSource(ofCorpus(judged, c), s)],
      ...HALVES.map((h): [string, Judged[]] => [`  ${c} ${s} ${h}`, ofSource(halfOf(ofCorpus(judged, c), h), s)]),
    ]),
  )
  return [
    ...table('By corpus and half ("of answerable": answerable items answered; "supported": answers from a labelled passage, row or pair)', byCorpus),
    '',
    ...table('By source of the answer (answered drafts only)', bySource),
  ]
}

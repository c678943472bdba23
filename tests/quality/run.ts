// npm run quality: the offline drafter against the labelled quality set (README.md), PGlite in
// memory. Prints the figures issue 11 sets targets for; not a test (packages/drafting/test/offline-quality.test.ts
// holds the targets). Options:
//   --show=misses   every answer that is unsupported, has debris or a wrong choice, and every abstention on an answerable item
//   --show=all      every item
//   --sweep         "no review needed" precision at candidate confidence thresholds (how REVIEW_FROM was chosen)
// With OPENAI_BASE_URL set (as for the portal: OPENAI_API_KEY, LLM_MODEL), the model drafts instead of
// the offline drafter, through the same draftQuestion call; its answers show as source "model".
import { createDrafter } from '@portal/drafting'
import { FIRST_CORPORA, figures, halfOf, isAnswerable, type Judged, TARGETS } from './metrics.js'
import { reportLines } from './report.js'
import { runQualityInMemory } from './run-quality.js'

const args = new Set(process.argv.slice(2))
const show = [...args].find((a) => a.startsWith('--show='))?.slice(7)

const env = process.env
const modelDrafter = env.OPENAI_BASE_URL
  ? createDrafter({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY ?? 'none', model: env.LLM_MODEL || 'gpt-4o-mini' })
  : undefined
if (modelDrafter) console.log(`Drafting with the model ${env.LLM_MODEL || 'gpt-4o-mini'} at ${env.OPENAI_BASE_URL}`)
const run = await runQualityInMemory(modelDrafter ? { modelDrafter } : {})
const first = run.judged.filter((j) => FIRST_CORPORA.includes(j.item.corpus))
const f = figures(first)

const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(48)} ${value.padStart(12)}   ${target}`)
const p = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(1)} %`)
const vs = (x: number, min: number) => (x >= min ? `ok (>= ${min} %)` : `UNDER ${min} %`)

console.log(`\nOffline drafter on the labelled quality set: ${run.judged.length} items; index ${(run.indexMs / 1000).toFixed(1)} s`)
console.log(`Issue 11's corpora (${FIRST_CORPORA.join(', ')}: ${f.items} items, ${f.answerable} answerable):`)
row('retrieval: a labelled passage in the 5 chunks', p(f.retrieval))
row('answered', `${f.answered}`)
row('abstained', `${f.abstained}`)
row('answered though not answerable', `${f.answeredUnanswerable}`)
row('cited passage supports the answer', p(f.support), vs(f.support, TARGETS.support))
row('answer sentences from a labelled passage', p(f.sentenceSupport))
row('choices proposed', `${f.choices}`)
row('choice precision', p(f.choicePrecision), vs(f.choicePrecision, TARGETS.choicePrecision))
row('choice recall (of labelled choices)', p(f.choiceRecall))
row('answerable questions given a choice', p(f.choiceCoverage), vs(f.choiceCoverage, TARGETS.choiceCoverage))
row('"no review needed"', `${f.noReview}`)
row('"no review needed" precision', p(f.noReviewPrecision), vs(f.noReviewPrecision, TARGETS.noReviewPrecision))
for (const half of ['tuning', 'held-out'] as const) {
  const h = figures(halfOf(first, half))
  row(`  ${half} half (${half === 'tuning' ? 'even' : 'odd'} items): ${h.noReview} drafts`, p(h.noReviewPrecision))
}
row('distinct-answer ratio', Number.isNaN(f.distinctRatio) ? 'n/a' : f.distinctRatio.toFixed(3))
row('answers with Markdown debris', `${f.debris}`, f.debris === 0 ? 'ok (0)' : 'OVER 0')
row('drafts flagged for instruction-like text', `${f.flagged}`)
row('retrieve + draft throughput', `${(f.items / (run.draftMs / 1000)).toFixed(0)} q/s`)
if (run.missingPassages.length) console.log(`\nLABELS NOT FOUND IN THE EXTRACTED TEXT (${run.missingPassages.length}):\n  ${run.missingPassages.join('\n  ')}`)
if (run.missingEntries.length)
  console.log(`\nLABELLED ENTRIES NOT IN THE CORPUS'S LIBRARY (${run.missingEntries.length}):\n  ${run.missingEntries.join('\n  ')}`)

console.log(`\n${reportLines(run.judged).join('\n')}`)
// Close entries shown beside a draft for review: how often the one shown is an entry the label names.
console.log('\nSuggestions shown for review (answer-library corpora): drafts with one / naming a labelled entry / answerable items not answered')
for (const corpus of Object.keys(run.librarySize).filter((c) => run.librarySize[c]!.library || run.librarySize[c]!.pair))
  for (const half of ['tuning', 'held-out'] as const) {
    const js = halfOf(
      run.judged.filter((j) => j.item.corpus === corpus),
      half,
    )
    const open = js.filter((j) => !j.answered && isAnswerable(j.item))
    row(
      `  ${corpus} ${half}`,
      `${js.filter((j) => j.suggested).length} / ${js.filter((j) => j.suggested === 'labelled').length}`,
      `of ${open.length} unanswered answerable: ${open.filter((j) => j.suggested === 'labelled').length} labelled shown`,
    )
  }
console.log(
  `\nanswer libraries: ${
    Object.entries(run.librarySize)
      .filter(([, n]) => n.library || n.pair)
      .map(([c, n]) => `${c}: ${n.library} rows, ${n.pair} pairs`)
      .join('; ') || 'none'
  }`,
)

if (args.has('--sweep')) {
  console.log('\nAnswered only if confidence >= t (support of the answers kept):')
  for (let t = 0.3; t <= 1.0001; t += 0.05) {
    const s = run.judged.filter((j) => j.answered && j.draft.confidence >= t - 1e-9)
    row(`  t = ${t.toFixed(2)}`, `${s.length} answers`, s.length ? `support ${p((100 * s.filter((j) => j.supported).length) / s.length)}` : '')
  }
  console.log('\n"No review needed" if confidence >= t (answered drafts with no review reason other than weak evidence),')
  console.log('whole set | tuning half (even items) | held-out half (odd items):')
  const eligible = (js: Judged[]) => js.filter((j) => j.answered && (!j.draft.reviewReason || /^Weak evidence/.test(j.draft.reviewReason)))
  const at = (js: Judged[], t: number) => {
    const s = eligible(js).filter((j) => j.draft.confidence >= t - 1e-9)
    return s.length ? `${s.filter((j) => j.correct).length}/${s.length}` : '-'
  }
  for (let t = 0.3; t <= 1.0001; t += 0.05) {
    row(`  t = ${t.toFixed(2)}`, at(run.judged, t), `${at(halfOf(run.judged, 'tuning'), t).padStart(8)} ${at(halfOf(run.judged, 'held-out'), t).padStart(8)}`)
  }
}

if (show) {
  for (const j of run.judged) {
    const bad = (j.answered && (!j.supported || j.debris.length || j.draft.choice !== (j.item.choice ?? undefined))) || (!j.answered && isAnswerable(j.item))
    if (show !== 'all' && !bad) continue
    console.log(`\n[${j.item.id}] ${j.item.question}`)
    console.log(
      `  label: ${isAnswerable(j.item) ? `${j.item.passages.length} passage(s), rows ${(j.item.library ?? []).join(' ') || '-'}, pairs ${j.item.pairs?.length ?? 0}` : 'not answerable'}, choice ${j.item.choice ?? '-'}`,
    )
    console.log(`  retrieved: ${j.retrieved ? 'yes' : 'no'}`)
    console.log(
      `  draft: choice ${j.draft.choice ?? '-'}, confidence ${j.draft.confidence}, ${j.draft.needsReview ? `review (${j.draft.reviewReason ?? ''})` : 'no review'}`,
    )
    if (j.answered)
      console.log(`  [${j.source}] ${j.supported ? 'SUPPORTED' : 'UNSUPPORTED'}${j.debris.length ? ` DEBRIS(${j.debris.join(', ')})` : ''}: ${j.draft.answer}`)
  }
}

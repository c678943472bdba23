// The questionnaire schema, one file per migration. Never edit an applied one; a new key must sort
// after every key here (tests/upgrade/migration-order.test.ts), since kysely refuses a migration
// that sorts before one a database has already applied.
import type { Migration } from '@portal/db'
import { chunkMigrations } from '@portal/knowledge'
import * as m0300 from './2026_11_23T0300_companies_files_questions.js'
import * as m0400 from './2026_11_24T0100_comment.js'
import * as m0500 from './2026_11_26T0000_row_security.js'
import * as m0600 from './2026_11_26T0100_daily_usage.js'
import * as m0700 from './2026_11_29T0000_review_reason_and_source.js'
import * as m0800 from './2026_11_29T0200_draft_turns.js'
import * as m0900 from './2026_11_30T0000_person_answer.js'
import * as m1000 from './2026_11_30T0100_answer_version.js'
import * as m1100 from './2026_12_02T0000_layout.js'
import * as m1200 from './2026_12_03T0000_answer_library.js'
import * as m1300 from './2026_12_03T0100_draft_record.js'
import * as m1400 from './2026_12_04T0300_company_documents.js'
import * as m1500 from './2026_12_04T0400_drafted_by.js'
import * as m1600 from './2026_12_05T0200_evidence_refs.js'

export const migrations: Record<string, Migration> = {
  ...chunkMigrations,
  '2026_11_23T0300_companies_files_questions': m0300,
  '2026_11_24T0100_comment': m0400,
  '2026_11_26T0000_row_security': m0500,
  '2026_11_26T0100_daily_usage': m0600,
  '2026_11_29T0000_review_reason_and_source': m0700,
  '2026_11_29T0200_draft_turns': m0800,
  '2026_11_30T0000_person_answer': m0900,
  '2026_11_30T0100_answer_version': m1000,
  '2026_12_02T0000_layout': m1100,
  '2026_12_03T0000_answer_library': m1200,
  '2026_12_03T0100_draft_record': m1300,
  '2026_12_04T0300_company_documents': m1400,
  '2026_12_04T0400_drafted_by': m1500,
  '2026_12_05T0200_evidence_refs': m1600,
}

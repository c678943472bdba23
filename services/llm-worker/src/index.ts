// llm-worker: present in every target with its health route; the draft-answers job arrives with
// the questionnaire service. Its drafting core is in src/draft/.
import { healthOnlyModule } from '@portal/http'

export const module = healthOnlyModule('llm-worker')

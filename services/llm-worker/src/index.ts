// llm-worker: present in every target with its health route; its capabilities arrive with later issues.
import { healthOnlyModule } from '@portal/http'

export const module = healthOnlyModule('llm-worker')

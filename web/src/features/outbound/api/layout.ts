// "Check the columns" of a template or of a questionnaire sent with its file (issue 23): the same
// form as the AI review's questionnaires (review/components/layout-form), at the outbound addresses.
import type { LayoutTarget } from '../../review/api/layout'
import { detailKey, LIST_KEY } from './keys'

/** A template's columns; saved, its questions and the template list are asked for again. */
export const templateLayout = (id: string): LayoutTarget => ({
  path: `/api/questionnaire-templates/${encodeURIComponent(id)}/layout`,
  key: ['layout', 'template', id],
  stale: [['questionnaire-templates']],
})

/** A sent questionnaire's columns; saved, the outbound and the list are asked for again. */
export const outboundLayout = (id: string): LayoutTarget => ({
  path: `/api/outbound/${encodeURIComponent(id)}/layout`,
  key: ['layout', 'outbound', id],
  stale: [detailKey(id), [...LIST_KEY]],
})

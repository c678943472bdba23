// /outbound (spec §2): the templates and the questionnaires sent.
import { OutboundListCard } from './outbound-list-card'
import { TemplatesCard } from './templates-card'

export function OutboundPage() {
  return (
    <div className="outbound-page">
      <h1>Security Questionnaire</h1>
      <TemplatesCard />
      <OutboundListCard />
    </div>
  )
}

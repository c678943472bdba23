import { KnowledgeBasePage } from '../../../features/knowledge-base/components/knowledge-base-page'

/** The company knowledge base (/knowledge-base). */
export default function KnowledgeBaseRoute() {
  return <KnowledgeBasePage />
}

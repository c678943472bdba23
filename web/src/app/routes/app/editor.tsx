import { EditorPage } from '../../../features/trust-center/components/editor-page'

export default function Route() {
  return <EditorPage />
}

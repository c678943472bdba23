import { NdaEditor } from '../../../features/trust-center/components/nda-editor'

export default function Route() {
  return <NdaEditor />
}

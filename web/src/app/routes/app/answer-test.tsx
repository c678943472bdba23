import { AnswerTestPage } from '../../../features/answer-test/components/answer-test-page'

export default function AnswerTestRoute() {
  return <AnswerTestPage />
}

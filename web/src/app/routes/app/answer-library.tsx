import { LibraryPage } from '../../../features/answer-library/components/library-page'

/** The answer library (/answer-library). */
export default function AnswerLibraryRoute() {
  return <LibraryPage />
}

import '@testing-library/jest-dom/jest-globals'
import { configure } from '@testing-library/react'

// CI runs these suites next to the heavy integration ones; the first render of a lazy route
// compiles its module and can take well over the library's 1 s default under that load.
configure({ asyncUtilTimeout: 10_000 })

// jsdom in jest 30 lacks TextEncoder/TextDecoder, which react-router 7 needs.
const { TextEncoder, TextDecoder } = require('node:util')
Object.assign(globalThis, { TextEncoder, TextDecoder })

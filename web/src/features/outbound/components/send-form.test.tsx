import { describe, expect, it } from '@jest/globals'
import { EMPTY_SEND_FORM, EXPIRY_MESSAGE, type SendForm, sendFormReducer, validateSendForm } from './send-form'

const file = new File(['x'], 'caiq.xlsx')
const valid: SendForm = { ...EMPTY_SEND_FORM, clientName: 'Global Bank', email: 'ciso@bank.example', file }

describe('send form: file or template', () => {
  it('clears the template when a file is picked, and the file when a template is picked', () => {
    const withTemplate = sendFormReducer(EMPTY_SEND_FORM, { type: 'template', templateId: 't1' })
    expect(withTemplate).toMatchObject({ templateId: 't1', file: null })
    const withFile = sendFormReducer(withTemplate, { type: 'file', file })
    expect(withFile).toMatchObject({ templateId: '', file })
    const back = sendFormReducer(withFile, { type: 'template', templateId: 't2' })
    expect(back).toMatchObject({ templateId: 't2', file: null })
  })
  it('leaves the other choice alone when one is cleared', () => {
    const withTemplate = sendFormReducer(EMPTY_SEND_FORM, { type: 'template', templateId: 't1' })
    expect(sendFormReducer(withTemplate, { type: 'file', file: null })).toMatchObject({ templateId: 't1', file: null })
    const withFile = sendFormReducer(EMPTY_SEND_FORM, { type: 'file', file })
    expect(sendFormReducer(withFile, { type: 'template', templateId: '' })).toMatchObject({ templateId: '', file })
  })
  it('keeps typed fields and resets to the empty form with 30 days', () => {
    const typed = sendFormReducer(valid, { type: 'field', field: 'clientName', value: 'Acme' })
    expect(typed.clientName).toBe('Acme')
    expect(sendFormReducer(typed, { type: 'reset' })).toEqual({ clientName: '', email: '', expiresInDays: '30', file: null, templateId: '' })
  })
})

describe('send form validation', () => {
  it('gives the spec messages for an empty form', () => {
    expect(validateSendForm(EMPTY_SEND_FORM)).toEqual({
      clientName: 'Client name is required',
      email: 'This field is required',
      source: 'Please upload a file or select a template',
    })
  })
  it('checks the email pattern and blank names', () => {
    expect(validateSendForm({ ...valid, clientName: '   ', email: 'not-an-email' })).toEqual({
      clientName: 'Client name is required',
      email: 'Invalid email address',
    })
  })
  it('accepts a file or a template', () => {
    expect(validateSendForm(valid)).toEqual({})
    expect(validateSendForm({ ...valid, file: null, templateId: 't1' })).toEqual({})
  })
  it('takes 1 to 365 whole days for the link', () => {
    for (const bad of ['0', '366', '2.5', '', 'x', '-1']) expect(validateSendForm({ ...valid, expiresInDays: bad }).expiresInDays).toBe(EXPIRY_MESSAGE)
    for (const ok of ['1', '30', '365']) expect(validateSendForm({ ...valid, expiresInDays: ok }).expiresInDays).toBeUndefined()
  })
})

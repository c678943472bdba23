// The outbound messages shared with the server, word for word (a module without TypeBox, so the
// bundle stays free of schemas).
export { OutboundText as TEXT } from '@portal/contracts/outbound-text'

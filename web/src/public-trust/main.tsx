// Entry of the public trust-center bundle (trust.html), served by the gateway on published hosts.
// It imports nothing of the staff console: plain React and this folder.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PublicApp } from './public-app'

const root = document.getElementById('root')
if (root) createRoot(root).render(<StrictMode><PublicApp /></StrictMode>)

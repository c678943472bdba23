import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { AppProvider } from './app/provider'
import { AppRoutes } from './app/router'
import './index.css'

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProvider>
          <AppRoutes />
        </AppProvider>
      </BrowserRouter>
    </StrictMode>,
  )

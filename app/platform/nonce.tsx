import { createContext, useContext } from 'react'

// The CSP nonce of the current request, given by server.ts through the load context.
export const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)

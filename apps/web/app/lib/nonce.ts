import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this server render (ADR 023): the host makes one per
 * request, puts it in the policy header and hands it to the render as the load context's
 * `cspNonce`; entry.server.tsx provides it here, and every inline script the page writes
 * carries it (React Router's and React's own scripts, the consent-mode head script). In the
 * browser there is none: scripts added after hydration come from this origin's files.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

// The CSP nonce of the current render, for <Scripts>, <ScrollRestoration> and any inline script.
import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext<string | undefined>(undefined);
// A function rather than `NonceContext.Provider` itself: the browser's bundle, which never uses it, can then leave it out.
export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}
export const useNonce = () => useContext(NonceContext);

// The public site's stylesheet, inlined in the head of public pages. Only the server
// has its text (entry.server.tsx imports it); the browser keeps what the server sent.
import { createContext, useContext, type ReactNode } from 'react';

const InlineStylesContext = createContext<string>('');
// A function (as NonceProvider) so that the browser's bundle leaves it out.
export function InlineStylesProvider({ value, children }: { value: string; children: ReactNode }) {
  return <InlineStylesContext.Provider value={value}>{children}</InlineStylesContext.Provider>;
}
export const useInlineStyles = () => useContext(InlineStylesContext);

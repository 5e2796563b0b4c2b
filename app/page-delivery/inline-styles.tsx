// The public site's stylesheet, inlined in the head of public pages (delivery-head.tsx).
// Only the server has its text (render-entry.server.tsx provides it); the browser keeps
// what the server sent.
import { createContext, useContext, type ReactNode } from 'react';

const InlineStylesContext = createContext<string>('');
// A function rather than the context's Provider itself, so that the browser's bundle, which never uses it, leaves it out.
export function InlineStylesProvider({ value, children }: { value: string; children: ReactNode }) {
  return <InlineStylesContext.Provider value={value}>{children}</InlineStylesContext.Provider>;
}
export const useInlineStyles = () => useContext(InlineStylesContext);

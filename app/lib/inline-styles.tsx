// The public site's stylesheet, inlined in the head of public pages. Only the server
// has its text (entry.server.tsx imports it); the browser keeps what the server sent.
import { createContext, useContext } from 'react';

const InlineStylesContext = createContext<string>('');
export const InlineStylesProvider = InlineStylesContext.Provider;
export const useInlineStyles = () => useContext(InlineStylesContext);

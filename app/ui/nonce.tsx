/**
 * The Content-Security-Policy nonce of the page being rendered, handed from
 * app/entry.server.tsx to root.tsx's <Scripts> and <ScrollRestoration>. In the
 * browser it is empty: the scripts have run, and browsers hide a nonce from
 * the DOM anyway.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

import { createContext, useContext, type ReactNode } from "react";
import { useMatches } from "react-router";
import type { PageHandle } from "~/models/page";

/**
 * URL dialogs come right after the header in the document, so a text browser, a screen reader reading in order
 * and a keyboard meet the dialog before the page under it (and long before the footer).
 *
 * React has no portals on the server, and the page's dialog needs the page's loader and action data (a refused
 * dialog form shows its message in the dialog, with or without JavaScript). So the shell renders the page's route
 * a second time in the slot after the header: there the page returns only its dialog (null when none is open),
 * and in <main> only the page. Plain React on both sides: the server's HTML and the hydrated page are the same.
 */
const InDialogSlot = createContext(false);

/**
 * The slot: renders `route` (the shell's <Outlet />) for its dialog, only for a route whose handle says
 * `pageDialog: true`. Any other route would print its whole page twice.
 */
export function PageDialogSlot({ route }: { route: ReactNode }) {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as PageHandle | undefined;
  if (!handle?.pageDialog) return null;
  return <InDialogSlot.Provider value={true}>{route}</InDialogSlot.Provider>;
}

/**
 * True while a `pageDialog` route renders in the slot after the header: the page then returns only its open
 * dialog, or null. Call it first in the page component, before any early return.
 */
export function useInDialogSlot(): boolean {
  return useContext(InDialogSlot);
}

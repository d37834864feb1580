// What the macros of a page body need from the page around them: its path (relative `$lsx` paths,
// the default list) and id (`$ref` to its own attachments), and the share link it is read through.
import { createContext, useContext } from 'react';

export interface MacroPage {
  path?: string;
  pageId?: string;
  shareLinkId?: string;
}

export const MacroPageContext = createContext<MacroPage>({});

export const useMacroPage = (): MacroPage => useContext(MacroPageContext);

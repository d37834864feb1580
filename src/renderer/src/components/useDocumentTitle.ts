// The browser tab's title: the admin's template (`{{pagename}} - {{sitename}}` by default,
// /admin/customize) with the screen or page and the wiki's title.
import { useEffect } from 'react';
import { customTitle } from '../../../shared/customize-types';
import { useSession } from '../stores/session';

export function useDocumentTitle(screen: string | null): void {
  const appTitle = useSession((s) => s.config.title);
  const template = useSession((s) => s.config.customize?.customizeTitle ?? '');
  useEffect(() => {
    document.title = customTitle(template, screen, appTitle);
  }, [screen, appTitle, template]);
}

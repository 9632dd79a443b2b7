/**
 * What a page change does for people who cannot see it happen: the document's title follows the
 * page's heading (so tabs, history and screen readers name the page, and a partner's page its
 * partner), and after a navigation the focus moves to that heading, as a new page load would.
 * Keyed by path, not the whole address: a filter typed into the address does not move the focus.
 */
import { useLocation } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';

export const CONSOLE_NAME = 'Halcyon partner console';

export function FollowNavigation() {
  const { path } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    // The first load leaves the focus where the browser puts it; a navigation moves it.
    let focus = !first.current;
    first.current = false;
    let focused: HTMLElement | undefined;
    const sync = () => {
      const heading = main.querySelector('h1');
      if (!heading) return;
      const title = `${heading.textContent?.trim()} · ${CONSOLE_NAME}`;
      if (document.title !== title) document.title = title;
      // A heading replaced while loading (the partner's id, then its name) takes the focus with it.
      if (focus || (focused && !focused.isConnected && document.activeElement === document.body)) {
        focus = false;
        heading.tabIndex = -1;
        heading.focus();
        focused = heading;
      }
    };
    const observer = new MutationObserver(sync);
    observer.observe(main, { subtree: true, childList: true, characterData: true });
    sync();
    return () => observer.disconnect();
  }, [path]);
  return null;
}

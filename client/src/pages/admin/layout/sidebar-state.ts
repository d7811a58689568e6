import { useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';

/** docs/product.md#admin-console: the sidebar's collapsed or expanded state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'admin_sidebar_state';
const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export function readSidebarCollapsed(cookie = document.cookie): boolean {
  return cookie.split('; ').some((part) => part === `${SIDEBAR_COOKIE}=collapsed`);
}

function writeSidebarCookie(collapsed: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 'collapsed' : 'expanded'}; Max-Age=${SEVEN_DAYS_SECONDS}; Path=/admin; SameSite=Lax${secure}`;
}

/**
 * Desktop collapse (remembered) and the phone drawer (not remembered); ctrl/cmd+b toggles whichever
 * applies at the current width. Below 768 px the sidebar is a drawer (docs/product.md#admin-console).
 */
export function useSidebar() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [mobileOpened, setMobileOpened] = useState(false);

  const toggleDesktop = useCallback(() => {
    setCollapsed((current) => {
      writeSidebarCookie(!current);
      return !current;
    });
  }, []);
  const toggleMobile = useCallback(() => setMobileOpened((current) => !current), []);
  const closeMobile = useCallback(() => setMobileOpened(false), []);
  const toggle = useCallback(() => {
    if (window.matchMedia('(max-width: 767.98px)').matches) toggleMobile();
    else toggleDesktop();
  }, [toggleDesktop, toggleMobile]);

  // Fires in form fields too: ctrl+b has no meaning in a plain input.
  useHotkeys([['mod+B', toggle]], []);
  return { collapsed, mobileOpened, toggleDesktop, toggleMobile, closeMobile };
}

'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** Spec 2.1: navigation always scrolls to the top (unless the link targets an anchor). */
export function ScrollToTop() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

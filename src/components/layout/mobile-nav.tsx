'use client';

import { usePathname } from 'next/navigation';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { type DismissReason, useDismiss } from './use-dismiss';

/**
 * Wraps the server-rendered navigation: always visible on wide screens, behind a menu button
 * on narrow ones. Escape closes it and returns focus to the button; a tap outside it or
 * navigating closes it.
 *
 * On narrow screens the open panel is a row of the header below the logo and button, so it pushes
 * the page down instead of lying over it: it can never cover half a button of the page (the
 * Arabic hero's was cut in two). A veil over the page below catches the tap that closes the menu,
 * so that tap does not also press whatever lay under the finger.
 */
export function MobileNav({
  openLabel,
  closeLabel,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);

  if (open && openedAt !== pathname) setOpen(false);

  const close = useCallback((reason: DismissReason) => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  }, []);
  useDismiss(root, open, close);

  return (
    // `contents`: the button and the panel stay items of the header's row.
    <div ref={root} className="contents">
      <button
        ref={button}
        type="button"
        // The vertical margin keeps the header's first row 64 px high when the panel wraps below.
        className="my-2.5 inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100 lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">{open ? closeLabel : openLabel}</span>
      </button>
      <div
        id={panelId}
        className={`${open ? 'block' : 'hidden'} basis-full border-t border-slate-200 lg:block lg:basis-auto lg:border-0`}
      >
        {children}
      </div>
      {open ? (
        // Hidden from assistive technology and not focusable: keyboards close the menu with Escape.
        <div
          aria-hidden="true"
          data-menu-veil=""
          className="absolute inset-x-0 top-full h-dvh bg-navy-950/50 lg:hidden"
          onClick={() => close('outside')}
        />
      ) : null}
    </div>
  );
}

'use client';

import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '../ui/icons';

/**
 * Wraps the server-rendered navigation: always visible on wide screens, behind a menu button
 * on narrow ones. Escape closes it and returns focus to the button; navigating closes it.
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
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);

  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100 lg:hidden"
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
        className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-(--shadow-card) lg:static lg:block lg:border-0 lg:bg-transparent lg:shadow-none`}
      >
        {children}
      </div>
    </>
  );
}

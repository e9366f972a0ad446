import { type RefObject, useEffect } from 'react';

/** Why a menu closes: the Escape key, or a press (mouse, pen or finger) or focus outside it. */
export type DismissReason = 'escape' | 'outside';

/** Whether an event's target lies inside `container` (false without one or without a target). */
export function isInside(
  container: Pick<Node, 'contains'> | null,
  target: EventTarget | null,
): boolean {
  if (!container || !target) return false;
  return container.contains(target as Node);
}

/**
 * While `open`, calls `dismiss` on Escape anywhere in the page, on a press outside `container`
 * and when the keyboard moves focus out of it. Presses are seen in the capture phase, so a handler
 * that stops them cannot keep the menu open; the press itself still does what it does.
 * `dismiss` must be stable (useCallback).
 */
export function useDismiss(
  container: RefObject<Element | null>,
  open: boolean,
  dismiss: (reason: DismissReason) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dismiss('escape');
    };
    const onOutside = (event: Event) => {
      if (!isInside(container.current, event.target)) dismiss('outside');
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside, true);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside, true);
      document.removeEventListener('focusin', onOutside);
    };
  }, [container, open, dismiss]);
}

import { analyticsEvents, flushAnalytics, track } from './analytics';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

/** The attribute marking download links: `<a data-track-download="windows" …>`. */
export const downloadAttribute = 'data-track-download';

// A broken page can throw in a loop; a few reports say everything.
const maxErrorReports = 10;

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === 'string' ? reason : 'unknown error';
}

/**
 * Page-wide listeners of the tracking island: download clicks, errors (and the chunk-load
 * reload), and sending the queue when the page is hidden. Returns a cleanup.
 */
export function listenToPage(): () => void {
  let errorReports = 0;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest(`[${downloadAttribute}]`);
    if (!link) return;
    track(analyticsEvents.downloadClick, {
      platform: link.getAttribute(downloadAttribute) || null,
      href: link.getAttribute('href'),
    });
  };
  const onError = (reason: unknown, source: string) => {
    if (isChunkLoadError(reason) && reloadAfterChunkError(() => location.reload())) return;
    if (errorReports >= maxErrorReports) return;
    errorReports += 1;
    track(analyticsEvents.error, { message: describeReason(reason).slice(0, 500), source });
  };
  const onWindowError = (event: ErrorEvent) => onError(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => onError(event.reason, 'unhandledrejection');
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flushAnalytics(true);
  };
  const onPageHide = () => void flushAnalytics(true);

  document.addEventListener('click', onClick, { capture: true });
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('click', onClick, { capture: true });
    window.removeEventListener('error', onWindowError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}

// Which page numbers a pagination shows (kept apart from the component so it tests without Next).

/** The page numbers to show: first, last, and a window around the current one; null is a gap. */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page += 1) {
    const near = Math.abs(page - current) <= radius;
    if (page === 1 || page === total || near) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

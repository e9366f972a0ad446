import type { ReactNode } from 'react';

/** The content column: at most 1200 px wide, with inline padding on small screens. */
export function Container({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full max-w-[1200px] px-4 sm:px-6 ${className}`}>{children}</div>
  );
}

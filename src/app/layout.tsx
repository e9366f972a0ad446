import type { ReactNode } from 'react';

// The document (<html lang dir>) is rendered per locale in [locale]/layout.tsx.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}

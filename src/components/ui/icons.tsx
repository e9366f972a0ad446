import type { SVGProps } from 'react';

// Our own small icon set, rendered on the server. Decorative by default (aria-hidden).
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />
      <path d="m9 12 2 2 4-4" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </Svg>
  );
}

export function ChevronIcon(props: IconProps) {
  return (
    <Svg {...props} className={`flip-rtl ${props.className ?? ''}`}>
      <path d="m9 6 6 6-6 6" />
    </Svg>
  );
}

/**
 * A chevron pointing forward in the reading direction: right in left-to-right languages, left
 * in right-to-left ones. Both shapes are drawn and the page's direction shows one (`ltr:` /
 * `rtl:`), so it does not depend on a transform being painted (breadcrumb separators).
 */
export function ForwardChevronIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9 6 6 6-6 6" className="rtl:hidden" data-points="right" />
      <path d="m15 6-6 6 6 6" className="ltr:hidden" data-points="left" />
    </Svg>
  );
}

export function ArrowIcon(props: IconProps) {
  return (
    <Svg {...props} className={`flip-rtl ${props.className ?? ''}`}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Svg>
  );
}

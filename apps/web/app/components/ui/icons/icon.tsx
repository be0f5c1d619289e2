import type { ReactNode, SVGProps } from 'react';

/** Inline stroke icons (24×24 grid). Decorative: the control around them carries the name. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

export function Icon({ size = 24, children, ...props }: IconProps & { children: ReactNode }) {
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
      {...props}
    >
      {children}
    </svg>
  );
}

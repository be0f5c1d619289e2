import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function CartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
      <circle cx="10" cy="20.5" r="1.2" />
      <circle cx="17.5" cy="20.5" r="1.2" />
    </Icon>
  );
}

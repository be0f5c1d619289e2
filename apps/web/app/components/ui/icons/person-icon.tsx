import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

/** A person: the account's icon. */
export function PersonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

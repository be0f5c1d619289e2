import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function StoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10 5 4h14l2 6M4 10v10h16V10M3 10h18M9 20v-6h6v6" />
    </Icon>
  );
}

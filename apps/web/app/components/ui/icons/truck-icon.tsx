import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function TruckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 6h11v10H2zM13 10h4l3 3v3h-7" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="16.5" cy="17.5" r="1.8" />
    </Icon>
  );
}

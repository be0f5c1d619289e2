import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </Icon>
  );
}

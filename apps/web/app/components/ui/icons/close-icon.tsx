import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

/** A clipboard with a list: the picklist's icon. */
export function PicklistIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
    </Icon>
  );
}

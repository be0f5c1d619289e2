import { Icon } from './icon.tsx';
import type { IconProps } from './icon.tsx';

/** An envelope: e-mail links. */
export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
    </Icon>
  );
}

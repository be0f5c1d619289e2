/**
 * The desktop mega menu primitives (Radix NavigationMenu: roving focus between triggers,
 * Escape closes and returns focus to the trigger, hover intent), wrapped here so the rest of
 * the app has one import site for the library.
 *
 * Workaround for radix-ui/primitives#3085: an open trigger is followed by an aria-hidden
 * "focus proxy" with tabindex 0 that catches Tab and moves focus into the content. Screen
 * readers can land on it and axe reports it (aria-hidden-focus, WCAG 4.1.2). We take the
 * proxy out of the tab order and do its job on the trigger instead: Tab on an open trigger
 * sends Radix its own entry key, which restores the content's tab order and focuses it.
 */
import * as Primitive from '@radix-ui/react-navigation-menu';
import { useEffect, useRef } from 'react';
import type { ComponentProps, KeyboardEvent } from 'react';

const FOCUS_PROXY = '[aria-hidden="true"][tabindex="0"]';

export function NavigationMenuRoot(props: ComponentProps<typeof Primitive.Root>) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const untabProxies = () => {
      for (const proxy of root.querySelectorAll(FOCUS_PROXY)) proxy.setAttribute('tabindex', '-1');
    };
    untabProxies();
    const observer = new MutationObserver(untabProxies);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <Primitive.Root ref={ref} {...props} />;
}

export function NavigationMenuTrigger({
  onKeyDown,
  ...props
}: ComponentProps<typeof Primitive.Trigger>) {
  const enterContentOnTab = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    const trigger = event.currentTarget;
    if (event.defaultPrevented || event.key !== 'Tab' || event.shiftKey) return;
    if (trigger.getAttribute('data-state') !== 'open') return;
    event.preventDefault();
    const vertical =
      trigger.closest('[data-orientation]')?.getAttribute('data-orientation') === 'vertical';
    trigger.dispatchEvent(
      new window.KeyboardEvent('keydown', {
        key: vertical ? 'ArrowRight' : 'ArrowDown',
        bubbles: true,
      }),
    );
  };
  return <Primitive.Trigger {...props} onKeyDown={enterContentOnTab} />;
}

export {
  List as NavigationMenuList,
  Item as NavigationMenuItem,
  Content as NavigationMenuContent,
  Link as NavigationMenuLink,
  Sub as NavigationMenuSub,
} from '@radix-ui/react-navigation-menu';

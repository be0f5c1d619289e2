/**
 * Main-menu group collapsing (storefront.md §2 "Main menu"): a group with more than 5
 * children is collapsed to 96px and shows how many children are hidden (children minus 4).
 */

export const MENU_COLLAPSED_HEIGHT_PX = 96;
export const MENU_GROUP_MAX_CHILDREN = 5;

export interface CollapsedGroup<T> {
  collapsed: boolean;
  /** The children shown while collapsed (all of them when not collapsed). */
  visible: T[];
  hiddenCount: number;
}

export function collapsedGroup<T>(
  children: readonly T[],
  options: { max?: number } = {},
): CollapsedGroup<T> {
  const max = options.max ?? MENU_GROUP_MAX_CHILDREN;
  if (children.length <= max) return { collapsed: false, visible: [...children], hiddenCount: 0 };
  // One slot of the `max` goes to the "+N" toggle, so max - 1 children stay visible.
  const visible = children.slice(0, max - 1);
  return { collapsed: true, visible, hiddenCount: children.length - visible.length };
}

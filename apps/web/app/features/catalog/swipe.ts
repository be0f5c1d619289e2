import { SWIPE_THRESHOLD } from '@bygg/domain/limits';

export type SwipeAction = 'previous' | 'next' | 'close' | null;

/**
 * Spec §4: a sideways swipe over 10 % of the width moves between images (left → next), a
 * vertical swipe over 10 % of the height closes; the larger movement decides.
 */
export function swipeAction(
  dx: number,
  dy: number,
  size: { width: number; height: number },
): SwipeAction {
  const sideways = Math.abs(dx) / Math.max(size.width, 1);
  const vertical = Math.abs(dy) / Math.max(size.height, 1);
  if (sideways >= vertical && sideways > SWIPE_THRESHOLD) return dx < 0 ? 'next' : 'previous';
  if (vertical > SWIPE_THRESHOLD) return 'close';
  return null;
}

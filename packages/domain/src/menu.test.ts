import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MENU_COLLAPSED_HEIGHT_PX, collapsedGroup } from './menu.ts';

describe('menu groups', () => {
  it('leaves groups with up to 5 children open', () => {
    expect(collapsedGroup([1, 2, 3, 4, 5])).toEqual({
      collapsed: false,
      visible: [1, 2, 3, 4, 5],
      hiddenCount: 0,
    });
  });

  it('collapses larger groups and hides children minus 4', () => {
    expect(MENU_COLLAPSED_HEIGHT_PX).toBe(96);
    expect(collapsedGroup(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      collapsed: true,
      visible: ['a', 'b', 'c', 'd'],
      hiddenCount: 2,
    });
  });

  it('never loses a child', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (children) => {
        const group = collapsedGroup(children);
        expect(group.visible.length + group.hiddenCount).toBe(children.length);
        expect(group.collapsed).toBe(children.length > 5);
        if (group.collapsed) expect(group.hiddenCount).toBe(children.length - 4);
      }),
    );
  });
});

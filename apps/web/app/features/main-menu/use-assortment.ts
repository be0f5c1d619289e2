import { useCallback, useRef, useState } from 'react';
import { ASSORTMENT_RESOURCE } from './menu-tree.ts';
import type { MenuNode } from './menu-tree.ts';

export type AssortmentStatus = 'idle' | 'loading' | 'ready' | 'error';

export type Assortment = {
  status: AssortmentStatus;
  children: MenuNode[];
  /** Starts the fetch unless it is under way or done; after an error it tries again. */
  load: () => void;
};

export const ASSORTMENT_ERROR = 'Kunde inte ladda kategorierna';

function isMenuNodes(value: unknown): value is MenuNode[] {
  return (
    Array.isArray(value) &&
    value.every(
      (node: Partial<MenuNode> | null) =>
        typeof node?.id === 'string' &&
        typeof node.name === 'string' &&
        typeof node.href === 'string' &&
        isMenuNodes(node.children),
    )
  );
}

/**
 * The main menu's category tree (issue 3), fetched once from the resource route the first
 * time the menu is hovered, focused or opened, and shared by the mega menu and the drawer.
 */
export function useAssortment(): Assortment {
  const [status, setStatus] = useState<AssortmentStatus>('idle');
  const [children, setChildren] = useState<MenuNode[]>([]);
  // Settled state lives in a ref too, so `load` keeps its identity (effects may depend on it).
  const settled = useRef<'pending' | 'busy' | 'done'>('pending');
  const load = useCallback(() => {
    if (settled.current !== 'pending') return;
    settled.current = 'busy';
    setStatus('loading');
    fetch(ASSORTMENT_RESOURCE, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        const nodes = (body as { children?: unknown } | null)?.children;
        if (!isMenuNodes(nodes)) throw new Error(`${ASSORTMENT_RESOURCE} answered ${res.status}`);
        settled.current = 'done';
        setChildren(nodes);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('Could not load the menu categories:', error);
        settled.current = 'pending';
        setStatus('error');
      });
  }, []);
  return { status, children, load };
}

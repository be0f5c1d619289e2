import type { ComponentProps } from 'react';
import { MiniCartButton } from '~/features/cart/mini-cart-button.tsx';
import { SiteHeader } from '~/features/header/site-header.tsx';
import { AccountMenu } from '~/features/login/account-menu.tsx';
import { MainMenu, MenuButton } from '~/features/main-menu/main-menu.tsx';
import type { MenuNode } from '~/features/main-menu/menu-tree.ts';
import { MiniPicklist } from '~/features/picklist/mini-picklist.tsx';
import { StoreButton } from '~/features/stores/store-choice-button.tsx';

type PageHeaderProps = Pick<
  ComponentProps<typeof SiteHeader>,
  'organisation' | 'labels' | 'mode' | 'retailSearchWebsiteId'
> & {
  /** The main menu's first level (the category tree comes when the menu is first used). */
  menu: MenuNode;
  /** The logged-in user, or null for a visitor. */
  sessionUser: { name: string } | null;
  /** The visitor's store has trade accounts (spec §6): the login button shows. */
  loginOffered?: boolean;
};

/**
 * The header of every page with its parts from several features: the menu (bar and drawer
 * button), search, account, store, picklist and cart buttons. Composed here, next to root.tsx,
 * as features do not import each other; one module, so root.tsx can load it as a chunk of its
 * own and hydrate it when that has arrived (issue 3, ADR 016). Until then the server's markup
 * is what it was before hydration: links and a GET search form that work without JavaScript.
 */
export function PageHeader({
  organisation,
  labels,
  mode,
  retailSearchWebsiteId,
  menu,
  sessionUser,
  loginOffered = true,
}: PageHeaderProps) {
  return (
    <SiteHeader
      organisation={organisation}
      // Visitors' logo goes to the start page; store and proffs variants come with login.
      logoHref="/"
      labels={labels}
      mode={mode}
      menuButton={<MenuButton landmark />}
      slimMenuButton={<MenuButton />}
      navigation={<MainMenu root={menu} />}
      storeButton={<StoreButton />}
      account={<AccountMenu user={sessionUser} loginOffered={loginOffered} />}
      retailSearchWebsiteId={retailSearchWebsiteId}
      picklistButton={<MiniPicklist />}
      cartButton={<MiniCartButton />}
    />
  );
}

/**
 * Inline stroke icons (24×24 grid), one module each (issue 3): a chunk holds only the icons
 * its code uses, so the first load of a page does not carry every icon of the site.
 */
export { SearchIcon } from './icons/search-icon.tsx';
export { CartIcon } from './icons/cart-icon.tsx';
export { MenuIcon } from './icons/menu-icon.tsx';
export { CloseIcon } from './icons/close-icon.tsx';
export { ChevronDownIcon } from './icons/chevron-down-icon.tsx';
export { ChevronRightIcon } from './icons/chevron-right-icon.tsx';
export { ArrowLeftIcon } from './icons/arrow-left-icon.tsx';
export { ArrowRightIcon } from './icons/arrow-right-icon.tsx';
export { TruckIcon } from './icons/truck-icon.tsx';
export { StoreIcon } from './icons/store-icon.tsx';
export { PhoneIcon } from './icons/phone-icon.tsx';
export { PicklistIcon } from './icons/picklist-icon.tsx';
export { PersonIcon } from './icons/person-icon.tsx';
export { MailIcon } from './icons/mail-icon.tsx';

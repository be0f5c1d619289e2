import { formatPostcode } from '@bygg/domain/postcode';
import { MailIcon } from '~/components/ui/icons/mail-icon.tsx';
import { PhoneIcon } from '~/components/ui/icons/phone-icon.tsx';
import type { StoreDetail, StoreSummary } from './store-model.ts';
import { telHref } from './store-model.ts';

/** Street address, then postcode and town, as Swedish addresses are written. */
export function StoreAddress({
  store,
}: {
  store: Pick<StoreSummary, 'address' | 'zipCode' | 'city'>;
}) {
  return (
    <address className="store-address">
      <span>{store.address}</span>
      <span>
        {formatPostcode(store.zipCode)} {store.city}
      </span>
    </address>
  );
}

type ContactStore = Pick<StoreDetail, 'phone' | 'cellphone' | 'email'>;

export function hasContactRoutes(store: ContactStore): boolean {
  return Boolean(store.phone || store.cellphone || store.email);
}

/** Phone (tel:), cellphone (tel:) and e-mail (mailto:), each only when the store has one. */
export function StoreContactLinks({ store }: { store: ContactStore }) {
  if (!hasContactRoutes(store)) return null;
  return (
    <dl className="store-contact">
      {store.phone ? (
        <div className="store-contact__row">
          <dt>
            <PhoneIcon size={18} />
            Telefon
          </dt>
          <dd>
            <a href={telHref(store.phone)}>{store.phone}</a>
          </dd>
        </div>
      ) : null}
      {store.cellphone ? (
        <div className="store-contact__row">
          <dt>
            <PhoneIcon size={18} />
            Mobil
          </dt>
          <dd>
            <a href={telHref(store.cellphone)}>{store.cellphone}</a>
          </dd>
        </div>
      ) : null}
      {store.email ? (
        <div className="store-contact__row">
          <dt>
            <MailIcon size={18} />
            E-post
          </dt>
          <dd>
            <a href={`mailto:${store.email}`}>{store.email}</a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

import { Link } from 'react-router';
import type { PicklistEntry } from '@bygg/contracts/picklist';
import type { OrganisationId } from '@bygg/contracts/common';
import { CloseIcon } from '~/components/ui/icons/close-icon.tsx';
import { formatKronor } from '~/lib/format.ts';
import { lineTitle, NO_AMOUNT, stockText, vatNote } from './picklist-model.ts';
import type { PicklistVatMode } from '@bygg/contracts/picklist';
import { QuantityStepper } from './quantity-stepper.tsx';

export type PicklistLinesProps = {
  entries: readonly PicklistEntry[];
  vat: PicklistVatMode;
  /** The stored quantity, which may be ahead of the priced one while a change is priced. */
  quantityOf: (articleId: number) => number;
  locked: ReadonlySet<number>;
  errors: ReadonlyMap<number, string>;
  onClearError: (articleId: number) => void;
  onQuantity: (articleId: number, quantity: number, title: string) => void;
  productHref: (slug: string) => string;
  onNavigate?: () => void;
  /** The page shows article numbers and stock in the store; the drawer keeps it short. */
  detailed: { organisation: OrganisationId; hasStore: boolean } | null;
};

function Thumbnail({ entry }: { entry: PicklistEntry }) {
  const sources = entry.cover_image?.sources ?? [];
  const smallest = [...sources].sort((a, b) => a.width - b.width)[0];
  if (!smallest) return <span className="line-item__image picklist-line__image--none" />;
  return (
    <img
      className="line-item__image"
      src={smallest.src}
      srcSet={sources.map((source) => `${source.src} ${source.width}w`).join(', ')}
      sizes="64px"
      width={64}
      height={64}
      alt=""
      loading="lazy"
    />
  );
}

/** The picklist's lines: picture, name, article number, stock, quantity, price and sum. */
export function PicklistLines(props: PicklistLinesProps) {
  const { entries, vat, detailed } = props;
  return (
    <ul className="line-items picklist-lines">
      {entries.map((entry) => {
        const title = lineTitle(entry);
        const isLocked = props.locked.has(entry.article_id);
        const error = props.errors.get(entry.article_id);
        const quantity = props.quantityOf(entry.article_id);
        const stock = detailed ? stockText(entry.stock, detailed) : null;
        return (
          <li
            key={entry.article_id}
            className={`line-item picklist-line${isLocked ? ' picklist-line--locked' : ''}`}
            aria-busy={isLocked}
          >
            <Thumbnail entry={entry} />
            <div className="line-item__info">
              {entry.brand ? <p className="picklist-line__brand">{entry.brand.name}</p> : null}
              <Link
                className="picklist-line__title"
                to={props.productHref(entry.slug)}
                onClick={props.onNavigate}
              >
                {entry.title}
              </Link>
              {entry.variant ? <p className="picklist-line__variant">{entry.variant}</p> : null}
              <p className="picklist-line__meta">Art.nr {entry.article_id}</p>
              {stock ? (
                <p className={`picklist-stock picklist-stock--${stock.tone}`}>
                  <span className="picklist-stock__dot" aria-hidden="true" />
                  {stock.label}
                </p>
              ) : null}
            </div>
            <div className="line-item__controls">
              <QuantityStepper
                value={quantity}
                label={title}
                disabled={isLocked}
                onChange={(next) => props.onQuantity(entry.article_id, next, title)}
              />
              <button
                type="button"
                className="picklist-line__remove"
                disabled={isLocked}
                onClick={() => props.onQuantity(entry.article_id, 0, title)}
              >
                <CloseIcon size={16} />
                <span>
                  Ta bort<span className="visually-hidden"> {title}</span>
                </span>
              </button>
            </div>
            <div className="picklist-line__prices">
              {entry.price === null ? (
                <p className="picklist-line__no-price">Pris saknas</p>
              ) : (
                <>
                  <p className="picklist-line__sum">
                    <span className="visually-hidden">Summa: </span>
                    {entry.sum === null ? NO_AMOUNT : formatKronor(entry.sum)}
                  </p>
                  <p className="picklist-line__unit-price">
                    {formatKronor(entry.price)}/{entry.unit}
                    {vat === 'excl' ? ` ${vatNote(vat)}` : ''}
                  </p>
                </>
              )}
            </div>
            {isLocked ? (
              <span className="picklist-line__spinner" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">Uppdaterar {title} …</span>
              </span>
            ) : null}
            <div className="picklist-line__alert" role="alert">
              {error ? (
                // Spec §4: the message clears after 1.5 s or on click.
                <button
                  type="button"
                  className="picklist-line__error"
                  onClick={() => props.onClearError(entry.article_id)}
                >
                  {error}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { ArrowRightIcon } from '~/components/ui/icons/arrow-right-icon.tsx';
import type { PreviewModel, PreviewOption } from './search-preview-model.ts';
import type { PreviewState } from './use-search-preview.ts';
import './search-preview.css';

type SearchPreviewProps = {
  id: string;
  open: boolean;
  state: PreviewState;
  model: PreviewModel | null;
  active: number;
  optionId: (index: number) => string;
  onChoose: (option: PreviewOption) => void;
  onHover: (index: number) => void;
};

/**
 * The preview under the header search box (spec §4): 'Söker efter {query}' while a slow reply
 * is on its way, 'Inga resultat för {query}' when nothing matched, otherwise the groups as a
 * listbox. The listbox element is always rendered (aria-controls must point at it); focus
 * stays in the box, and the active line is announced through aria-activedescendant.
 */
export function SearchPreview({
  id,
  open,
  state,
  model,
  active,
  optionId,
  onChoose,
  onHover,
}: SearchPreviewProps) {
  const message = open ? statusMessage(state, model) : null;
  const showList = open && model !== null && model.total > 0;
  return (
    <div className={open ? 'search-preview search-preview--open' : 'search-preview'} hidden={!open}>
      {message ? <p className="search-preview__message">{message}</p> : null}
      <ul
        id={id}
        role="listbox"
        aria-label="Sökförslag"
        className="search-preview__list"
        hidden={!showList}
      >
        {showList
          ? model.groups.map((group) => (
              <li key={group.group} role="presentation" className="search-preview__group">
                {/* Seen, not read: the group's own name is its aria-label. */}
                <div aria-hidden="true" className="search-preview__heading">
                  {group.heading}
                </div>
                <ul role="group" aria-label={group.heading}>
                  {group.options.map((option) => (
                    <Option
                      key={option.index}
                      option={option}
                      id={optionId(option.index)}
                      active={option.index === active}
                      onChoose={onChoose}
                      onHover={onHover}
                    />
                  ))}
                </ul>
              </li>
            ))
          : null}
        {showList && model.all ? (
          <Option
            option={model.all}
            id={optionId(model.all.index)}
            active={model.all.index === active}
            onChoose={onChoose}
            onHover={onHover}
          />
        ) : null}
      </ul>
    </div>
  );
}

function statusMessage(state: PreviewState, model: PreviewModel | null): string | null {
  if (state.status === 'loading') return state.slow ? `Söker efter ${state.query}` : null;
  if (state.status === 'error') {
    return 'Sökningen kunde inte visas just nu. Tryck Enter för att söka ändå.';
  }
  if (state.status === 'loaded' && model?.total === 0) return `Inga resultat för ${state.query}`;
  return null;
}

type OptionProps = {
  option: PreviewOption;
  id: string;
  active: boolean;
  onChoose: (option: PreviewOption) => void;
  onHover: (index: number) => void;
};

function Option({ option, id, active, onChoose, onHover }: OptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`search-preview__option search-preview__option--${option.kind}`}
      // Keep focus in the box: a mouse press must not blur it before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option)}
      onMouseEnter={() => onHover(option.index)}
    >
      <span className="search-preview__text">{option.text}</span>
      {option.detail ? <span className="search-preview__detail">{option.detail}</span> : null}
      {option.kind === 'hit' ? null : <ArrowRightIcon size={16} />}
    </li>
  );
}

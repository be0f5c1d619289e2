import { Form, useSubmit } from 'react-router';
import type { ChoiceSelection, ChoiceTree } from './choice-tree.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { availableChoices, isBetterUValueChoice } from './choice-tree.ts';

type ConfiguratorProps = {
  tree: ChoiceTree;
  selection: ChoiceSelection;
};

/**
 * The choice tree as a GET form, one select per choice: the URL holds the combination, so
 * the server resolves it to an article (price, stock) with or without JavaScript. Options the
 * earlier choices rule out are not offered.
 */
export function Configurator({ tree, selection }: ConfiguratorProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      className="configurator"
      aria-label="Välj utförande"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {tree.map((entry) => {
        const id = `choice-${entry.name}`;
        const options = availableChoices(entry, selection);
        const optional = isBetterUValueChoice(entry);
        return (
          <div key={entry.name} className="configurator__field">
            <label htmlFor={id}>{entry.label}</label>
            <select
              id={id}
              name={entry.name}
              value={selection[entry.name] ?? ''}
              onChange={() => {}}
            >
              <option value={optional ? 'false' : ''}>
                {optional ? 'Standard' : `Välj ${entry.label.toLowerCase()}`}
              </option>
              {options.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {hydrated ? null : (
        <button type="submit" className="button button--secondary">
          Visa utförande
        </button>
      )}
    </Form>
  );
}

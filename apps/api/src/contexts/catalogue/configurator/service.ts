import type { OrganisationId } from '@bygg/contracts/common';
import type { ConfiguratorQuote, WindowSelectionInput } from '@bygg/contracts/configurator';
import {
  WINDOW_STEPS,
  WINDOW_STEP_LABELS,
  configureWindow,
  windowKey,
  windowRefusals,
  type WindowModel,
  type WindowSelection,
} from '@bygg/domain/window-configurator';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import type { ProductsService, Viewer } from '../products/service.ts';
import type { ConfiguratorRepository, ConfiguratorRow } from './repository.ts';

/** The selection the page opens with: the model's middle sizes, 2-glas, side-hung, white. */
export function defaultSelection(model: WindowModel): WindowSelection {
  return {
    width: model.widthsDm.includes(10) ? 10 : (model.widthsDm[0] ?? 0),
    height: model.heightsDm.includes(12) ? 12 : (model.heightsDm[0] ?? 0),
    glazing: model.glazings[0]?.value ?? '',
    depth: model.depths[0]?.value ?? '',
    opening: model.openings.find((o) => o.value === 'sidohangt')?.value ?? '',
    colour: model.colours[0]?.value ?? '',
  };
}

/**
 * "Bygg ditt fönster" (issue 22): resolves a choice with the domain's rules, finds its article
 * in the product's choice tree and prices it for the store as the cart will.
 */
export class ConfiguratorService {
  constructor(
    private readonly repository: ConfiguratorRepository,
    private readonly products: ProductsService,
  ) {}

  private async load(organisation: OrganisationId, brand: string): Promise<ConfiguratorRow> {
    const row = await this.repository.find(organisation, brand);
    if (!row) throw new NotFoundError(`Det finns ingen fönsterkonfigurator för ${brand}`);
    return row;
  }

  async start(
    organisation: OrganisationId,
    brand: string,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ConfiguratorQuote> {
    const row = await this.load(organisation, brand);
    return this.resolve(organisation, row, brand, defaultSelection(row.model), storeId, viewer);
  }

  async quote(
    organisation: OrganisationId,
    brand: string,
    selection: WindowSelectionInput,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ConfiguratorQuote> {
    const row = await this.load(organisation, brand);
    return this.resolve(organisation, row, brand, selection, storeId, viewer);
  }

  private async resolve(
    organisation: OrganisationId,
    row: ConfiguratorRow,
    brand: string,
    selection: WindowSelection,
    storeId: number | undefined,
    viewer: Viewer,
  ): Promise<ConfiguratorQuote> {
    const result = configureWindow(row.model, selection, row.brandName);
    if (!result.ok) {
      const fields = result.refusals.map((r) => ({ path: `query.${r.step}`, message: r.reason }));
      throw new BadRequestError(result.refusals.map((r) => r.reason).join(' '), fields);
    }
    const last = row.tree.find((entry) => entry.name === WINDOW_STEPS[WINDOW_STEPS.length - 1]);
    const articleId = last?.articles[windowKey(selection)]?.[0];
    if (articleId === undefined) {
      // The rules allow it but no article was made for it: the tree and model disagree.
      throw new ConflictError('Fönstret kan inte beställas just nu. Kontakta din butik.');
    }
    const { offer, store_id } = await this.products.articleOffer(
      organisation,
      articleId,
      storeId,
      viewer,
    );
    return {
      brand,
      product: {
        id: row.productId,
        slug: row.slug,
        title: `${row.brandName} ${row.title}`,
        description: row.description,
      },
      selection,
      steps: WINDOW_STEPS.map((name) => ({
        name,
        label: WINDOW_STEP_LABELS[name],
        choices: (row.tree.find((e) => e.name === name)?.choices ?? []).map((choice) => {
          const value = name === 'width' || name === 'height' ? Number(choice.value) : choice.value;
          const refusal = windowRefusals(row.model, { ...selection, [name]: value })[0];
          return { value: choice.value, label: choice.label, refused: refusal?.reason ?? null };
        }),
      })),
      article_id: articleId,
      title: result.window.description,
      options: result.window.options,
      u_value: result.window.uValue,
      area_m2: result.window.areaM2,
      store_id,
      offer,
    };
  }
}

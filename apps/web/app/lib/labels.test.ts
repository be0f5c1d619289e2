// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LABELS, LABEL_NODES, labelDefaultsByUri, labelsFromReply } from './labels.ts';

describe('labels', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the content service for each uri with its Swedish default', () => {
    expect(labelDefaultsByUri()[LABEL_NODES.searchPlaceholder.uri]).toBe(
      LABEL_NODES.searchPlaceholder.default,
    );
  });

  it("uses the content service's value and falls back to the default for null", () => {
    const labels = labelsFromReply({
      [LABEL_NODES.searchPlaceholder.uri]: 'Sök här',
      [LABEL_NODES.freeShipping.uri]: null,
      [LABEL_NODES.clickAndCollect.uri]: 'Hämta i butik',
    });
    expect(labels.searchPlaceholder).toBe('Sök här');
    expect(labels.freeShipping).toBe(DEFAULT_LABELS.freeShipping);
  });

  it("logs 'Missing result for node' for a uri the reply lacks and shows the default", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const labels = labelsFromReply({});
    expect(labels).toEqual(DEFAULT_LABELS);
    expect(warn).toHaveBeenCalledWith('Missing result for node', LABEL_NODES.freeShipping.uri);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { OrganisationId } from '@bygg/contracts/common';
import { BadRequestError } from '../../errors.ts';
import type { ContentRepository } from './repository.ts';
import { formatNodeUri, parseNodeUri, withKnownLanguage } from './uri.ts';

/** The client batches the labels of one render (10 ms window); this bounds one batch. */
export const MAX_NODES_PER_REQUEST = 500;

export class ContentService {
  constructor(private readonly repository: ContentRepository) {}

  /**
   * POST /djedi/nodes/: each requested uri → its stored value, else the default the client
   * sent (null when it sent none). Answers are keyed by the uris exactly as requested.
   */
  async nodes(
    organisation: OrganisationId,
    request: Record<string, string | null>,
    log: FastifyBaseLogger,
  ): Promise<Record<string, string | null>> {
    const requested = Object.entries(request);
    if (requested.length > MAX_NODES_PER_REQUEST) {
      const message = `Högst ${MAX_NODES_PER_REQUEST} noder per anrop`;
      throw new BadRequestError(message, [{ path: 'body', message }]);
    }
    const lookups = requested.map(([uri, fallback]) => {
      const parsed = parseNodeUri(uri);
      if (!parsed) {
        const message = 'Ogiltig nod-uri: sökvägen saknas';
        throw new BadRequestError(message, [{ path: `body.${uri}`, message }]);
      }
      const { uri: resolved, fellBack } = withKnownLanguage(parsed);
      if (fellBack) {
        log.warn({ uri, language: parsed.namespace }, 'unknown content language, using en-us');
      }
      return { uri, fallback, key: formatNodeUri(resolved), version: resolved.version };
    });
    const stored = await this.repository.nodes(organisation, [
      ...new Set(lookups.map((lookup) => lookup.key)),
    ]);
    return Object.fromEntries(
      lookups.map(({ uri, fallback, key, version }) => {
        const node = stored.get(key);
        // A request for another version than the one stored gets the client's default.
        const matches = node && (version === null || String(node.version) === version);
        return [uri, matches ? node.value : fallback];
      }),
    );
  }
}

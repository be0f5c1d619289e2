import type { FastifyBaseLogger } from 'fastify';
import type { OrganisationId } from '@bygg/contracts/common';
import { BadRequestError } from '../../../kernel/errors.ts';
import type { ContentRepository } from './repository.ts';
import { sanitiseNodeValue } from './sanitise.ts';
import { formatNodeUri, parseNodeUri, parseVersion, withKnownLanguage } from './uri.ts';

/** The client batches the labels of one render (10 ms window); this bounds one batch. */
export const MAX_NODES_PER_REQUEST = 500;

type Lookup = {
  uri: string;
  fallback: string | null;
  key: string;
  ext: string;
  version: number | null;
  /** A default may be stored for this node (a label, asked for in a language we serve). */
  storable: boolean;
};

export class ContentService {
  constructor(private readonly repository: ContentRepository) {}

  /**
   * POST /djedi/nodes/: each requested uri → its stored value, else the default the client
   * sent (null when it sent none), which is then stored as the node's first version.
   * `uri#n` reads version n. Answers are keyed by the uris exactly as requested.
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
    const lookups = requested.map(([uri, fallback]) => this.lookup(uri, fallback, log));
    const stored = await this.repository.nodes(organisation, [
      ...new Set(lookups.map((lookup) => lookup.key)),
    ]);
    const older = await this.repository.versionValues(
      organisation,
      lookups.flatMap(({ key, version }) =>
        version !== null && stored.get(key)?.version !== version ? [{ uri: key, version }] : [],
      ),
    );
    const firstSeen = await this.storeFirstDefaults(organisation, lookups, stored);
    return Object.fromEntries(
      lookups.map(({ uri, fallback, key, version }) => {
        const node = stored.get(key);
        if (version === null) return [uri, node ? node.value : (firstSeen.get(key) ?? fallback)];
        if (node?.version === version) return [uri, node.value];
        // A version that was never published gets the client's default.
        return [uri, older.get(`${key}#${version}`) ?? fallback];
      }),
    );
  }

  private lookup(uri: string, fallback: string | null, log: FastifyBaseLogger): Lookup {
    const parsed = parseNodeUri(uri);
    if (!parsed) {
      const message = 'Ogiltig nod-uri: sökvägen saknas';
      throw new BadRequestError(message, [{ path: `body.${uri}`, message }]);
    }
    const version = parseVersion(parsed.version);
    if (version === undefined) {
      const message = 'Ogiltig nod-uri: versionen ska vara ett positivt heltal';
      throw new BadRequestError(message, [{ path: `body.${uri}`, message }]);
    }
    const { uri: resolved, fellBack } = withKnownLanguage(parsed);
    if (fellBack) {
      log.warn({ uri, language: parsed.namespace }, 'unknown content language, using en-us');
    }
    return {
      uri,
      fallback,
      key: formatNodeUri(resolved),
      ext: resolved.ext,
      version,
      // A default sent for another language must not become the en-us text, and a default
      // sent with a version pin describes that version, not the live node.
      storable: !fellBack && version === null && this.repository.handles(resolved),
    };
  }

  private async storeFirstDefaults(
    organisation: OrganisationId,
    lookups: Lookup[],
    stored: Map<string, unknown>,
  ): Promise<Map<string, string>> {
    // Keyed by canonical uri: two spellings of one node store the first default sent.
    const firstSeen = new Map<string, string>();
    for (const { key, ext, fallback, storable } of lookups) {
      if (storable && fallback !== null && !stored.has(key) && !firstSeen.has(key)) {
        // Anyone may send a default, so a rich-text one is sanitised like a publish.
        firstSeen.set(key, sanitiseNodeValue(ext, fallback));
      }
    }
    await this.repository.storeDefaults(
      organisation,
      [...firstSeen].map(([uri, value]) => ({ uri, value })),
    );
    return firstSeen;
  }
}

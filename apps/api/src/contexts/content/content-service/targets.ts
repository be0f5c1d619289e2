import type { Database } from '@bygg/db/client';
import type { NodeUri } from './uri.ts';

/** A node's published value and version as its owner stores it. */
export type TargetValue = { value: string; version: number | null };

/**
 * Where an editable node's current value lives. Content-service labels live in djedi_nodes
 * (the repository); CMS fields (menu labels, page blocks, the 'cms://' uris) live in
 * cms_nodes and are written by the CMS module's target. The content service keeps the version
 * history for both, so publish, version list and restore work the same for every node.
 */
export interface ContentTarget {
  /** True for the uris this target stores (by scheme). */
  handles(uri: NodeUri): boolean;
  /** The current value; null when the node does not exist (yet). */
  read(organisation: string, uri: NodeUri, executor?: Database): Promise<TargetValue | null>;
  /**
   * Stores a published value. Throws NotFoundError when the target cannot hold the node (a
   * CMS field of a page or block that does not exist); labels are created on first publish.
   */
  /** Refuses (400) a value the target could not store; called before a draft is saved too. */
  check?(uri: NodeUri, value: string): void;
  write(
    organisation: string,
    uri: NodeUri,
    value: string,
    version: number,
    executor?: Database,
  ): Promise<void>;
}

/**
 * The content service's client errors (trade-area spec §8): a reply outside 200–399 carries
 * its status and text; a network failure without a reply is 'fetch error' with status -1; a
 * reply that lacks a requested node is 'Missing result for node'.
 */
export class ContentFetchError extends Error {
  /** The HTTP status, or -1 when no response arrived (spec §7). */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ContentFetchError';
    this.status = status;
  }
}

export const FETCH_ERROR = 'fetch error';
export const MISSING_RESULT = 'Missing result for node';

export function missingResult(uri: string): ContentFetchError {
  // The reply was fine; the node simply is not in it (status 200 of the batch).
  return new ContentFetchError(`${MISSING_RESULT}: ${uri}`, 200);
}

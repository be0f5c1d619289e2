import { data } from 'react-router';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { refusalOrThrow } from './dashboard-store.server.ts';
import { apiFieldErrors, CHECK_FIELDS_MESSAGE, type SettingsResult } from './settings-model.ts';

/** What a settings action answers after the API took the change. */
export function savedResult(): SettingsResult {
  return { saved: true, error: null, fieldErrors: {} };
}

/** A form the API would refuse: 400 with each field's problem, no call made. */
export function invalidForm(fieldErrors: Record<string, string>) {
  return data({ saved: false, error: CHECK_FIELDS_MESSAGE, fieldErrors } satisfies SettingsResult, {
    status: 400,
  });
}

/**
 * A failed save: the API's 400 with the fields it names (an e-mail already taken, the last
 * administrator), 403 its refusal; 404 is the not-found page and anything else an outage.
 */
export function failedSave(error: unknown) {
  if (error instanceof TradeRequestError && error.status === 400) {
    const reply = apiFieldErrors(error.response.data);
    return data(
      {
        saved: false,
        error: reply.error ?? CHECK_FIELDS_MESSAGE,
        fieldErrors: reply.fieldErrors,
      } satisfies SettingsResult,
      { status: 400 },
    );
  }
  const { refused } = refusalOrThrow(error);
  return data({ saved: false, error: refused, fieldErrors: {} } satisfies SettingsResult, {
    status: 403,
  });
}

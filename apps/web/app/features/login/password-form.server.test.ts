// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT_MESSAGE } from '@bygg/contracts/auth';
import { PASSWORDS_DIFFER_MESSAGE } from './password-content.ts';
import { passwordAction } from './password-form.server.ts';

function post(fields: Record<string, string>) {
  return new Request('http://localhost/proffs/losenord', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

type Answer = { data: { fieldErrors: Record<string, string> }; init: { status: number } };

describe('passwordAction', () => {
  it('refuses two different passwords and a short one before any API call', async () => {
    const differ = (await passwordAction(
      post({ intent: 'set', token: 't', password: 'Långt lösenord', confirm: 'Något annat' }),
    )) as unknown as Answer;
    expect(differ.init.status).toBe(400);
    expect(differ.data.fieldErrors.confirm).toBe(PASSWORDS_DIFFER_MESSAGE);
    const short = (await passwordAction(
      post({ intent: 'set', token: 't', password: 'kort', confirm: 'kort' }),
    )) as unknown as Answer;
    expect(short.data.fieldErrors.password).toBe(PASSWORD_TOO_SHORT_MESSAGE);
  });

  it('refuses something that is not an e-mail address', async () => {
    const answer = (await passwordAction(
      post({ intent: 'request', email: 'inte en adress' }),
    )) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors.email).toBe('Ange en giltig e-postadress');
  });
});

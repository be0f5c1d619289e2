import { data } from 'react-router';
import { z } from 'zod';
import {
  PASSWORD_LINK_INVALID_MESSAGE,
  PasswordSchema,
  ResetPasswordBodySchema,
} from '@bygg/contracts/auth';
import { parseForm } from '~/lib/forms.server.ts';
import { requestPasswordReset, setUserPassword } from '~/lib/session-api.server.ts';
import { PASSWORDS_DIFFER_MESSAGE } from './password-content.ts';

const PasswordFormSchema = z.discriminatedUnion('intent', [
  ResetPasswordBodySchema.extend({ intent: z.literal('request') }),
  z
    .object({
      intent: z.literal('set'),
      token: z.string().min(1).max(200),
      password: PasswordSchema,
      confirm: z.string().max(200),
    })
    .refine((form) => form.password === form.confirm, {
      path: ['confirm'],
      message: PASSWORDS_DIFFER_MESSAGE,
    }),
]);

export type PasswordField = 'email' | 'password' | 'confirm';

export type PasswordActionData = {
  /** 'sent': the reset was asked for; 'saved': the new password is set. */
  done: 'sent' | 'saved' | null;
  formError: string | null;
  /** The link is unknown, used or expired: the page offers to ask for a new one. */
  linkInvalid: boolean;
  fieldErrors: Partial<Record<PasswordField, string>>;
};

const NOTHING: PasswordActionData = {
  done: null,
  formError: null,
  linkInvalid: false,
  fieldErrors: {},
};

/** The /proffs/losenord action: ask for a link (intent 'request') or set a password ('set'). */
export async function passwordAction(request: Request) {
  const parsed = await parseForm(request, PasswordFormSchema);
  if (!parsed.success) {
    const fieldErrors: PasswordActionData['fieldErrors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password' || field === 'confirm') && !fieldErrors[field])
        fieldErrors[field] = issue.message;
    }
    return data<PasswordActionData>(
      { ...NOTHING, formError: 'Kontrollera fälten och försök igen.', fieldErrors },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const result =
    form.intent === 'request'
      ? await requestPasswordReset(request, form.email)
      : await setUserPassword(request, form.token, form.password);
  if (result.ok)
    return data<PasswordActionData>({
      ...NOTHING,
      done: form.intent === 'request' ? 'sent' : 'saved',
    });
  return data<PasswordActionData>(
    {
      ...NOTHING,
      formError: result.message,
      linkInvalid: result.message === PASSWORD_LINK_INVALID_MESSAGE,
    },
    { status: result.status },
  );
}

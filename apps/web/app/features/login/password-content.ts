/** The /proffs/losenord form's own message (the password rules are in contracts/auth.ts). */
export const PASSWORDS_DIFFER_MESSAGE = 'Lösenorden är inte likadana';

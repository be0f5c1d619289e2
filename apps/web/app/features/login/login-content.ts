import { labelUri } from '~/lib/content/node-uri.ts';

/** The login page's intro: a markdown node editors can change (issue 6). */
export const LOGIN_INTRO = {
  uri: labelUri('login/intro.md'),
  default:
    'Som **proffskund** ser du ert företags egna priser exklusive moms och kan handla mot faktura. I översikten finns företagets händelser, fakturor, kontaktuppgifter och användare.\n\nLogga in med din e-postadress och ditt lösenord.',
} as const;

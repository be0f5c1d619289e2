import { labelUri } from '~/lib/content/node-uri.ts';

/** The login page's intro: a markdown node editors can change (issue 6). */
export const LOGIN_INTRO = {
  uri: labelUri('login/intro.md'),
  default:
    'Som **proffskund** ser du dina priser exklusive moms, din översikt, företagets användare, händelser och fakturor.\n\nLogga in med din e-postadress och ditt lösenord.',
} as const;

import type { OrganisationId } from '@bygg/domain/organisations';
import type { CmsBlock, CmsNavigation } from '../schema/cms.ts';
import { demoPages, newsletterModal, type DemoProduct } from './cms-demo-pages.ts';
import type { CampaignSeed } from './prices.ts';

export type CmsNodeSeed = {
  id: number;
  organisationId: OrganisationId;
  uri: string;
  /** 'newsletter' holds the newsletter modal's content (storefront.md §2). */
  namespace: 'pages' | 'main-menu' | 'footer' | 'newsletter';
  path: string;
  type: 'page' | 'menu' | 'footer';
  parentId: number | null;
  position: number;
  title: string;
  description: string | null;
  content: CmsBlock[];
  navigation: CmsNavigation | null;
};

export type DjediNodeSeed = { organisationId: OrganisationId; uri: string; value: string };

export type CmsContext = {
  organisationId: OrganisationId;
  name: string;
  domain: string;
  campaigns: readonly CampaignSeed[];
  /** Image URL of a product in the category path prefix (rendered by the API), if any. */
  imageFor(categoryPrefix: string): string | null;
  /** Up to `count` products in the category path prefix, with their brand (demo blocks). */
  productsIn(categoryPrefix: string, count: number): DemoProduct[];
};

const rich = (id: string, text: string, align: 'left' | 'center' = 'left'): CmsBlock => ({
  type: 'rich-text',
  id,
  props: { text, align },
});
const button = (id: string, label: string, href: string): CmsBlock => ({
  type: 'button-link',
  id,
  props: { label, href, align: 'left' },
});
const subpages = (id: string, layout: 'grid' | 'list' = 'grid'): CmsBlock => ({
  type: 'subpages',
  id,
  props: { layout, variant: layout === 'grid' ? 'card' : 'button' },
});
const accordion = (id: string, items: Array<[string, string]>): CmsBlock => ({
  type: 'accordion',
  id,
  props: { items: items.map(([title, content], i) => ({ id: `${id}-${i + 1}`, title, content })) },
});
const table = (id: string, columns: string[], rows: string[][]): CmsBlock => ({
  type: 'table',
  id,
  props: {
    columns: columns.map((value, i) => ({ value, alignment: i === 0 ? 'left' : 'right' })),
    rows,
  },
});
const image = (id: string, url: string | null, caption: string): CmsBlock[] =>
  url
    ? [
        {
          type: 'image',
          id,
          props: { url, thumbnails: [], tag: null, href: null, size: 'wide', caption },
        },
      ]
    : [];

type PageDef = {
  path: string;
  title: string;
  description: string;
  blocks: CmsBlock[];
  children?: PageDef[];
};

function pages(ctx: CmsContext): PageDef[] {
  const { name, domain } = ctx;
  const privacy = (prefix: string): CmsBlock[] => [
    rich(
      `${prefix}-intro`,
      `${name} värnar om din personliga integritet. Här beskriver vi hur vi samlar in, använder och skyddar dina personuppgifter när du handlar hos oss i butik och på webben.`,
    ),
    accordion(`${prefix}-faq`, [
      [
        'Vilka uppgifter sparar vi?',
        'Namn, adress, e-post, telefonnummer och köphistorik när du handlar eller skapar ett proffskonto.',
      ],
      [
        'Varför sparar vi dem?',
        'För att kunna leverera dina varor, hantera reklamationer och uppfylla bokföringslagen.',
      ],
      [
        'Hur länge sparas de?',
        'Kvitton och fakturor sparas i sju år enligt bokföringslagen. Övriga uppgifter tas bort när de inte längre behövs.',
      ],
      [
        'Dina rättigheter',
        `Du har rätt att begära utdrag, rättelse eller radering. Kontakta dataskydd@${domain}.`,
      ],
    ]),
    rich(
      `${prefix}-cookies`,
      'Vi använder nödvändiga kakor för att webbplatsen ska fungera. Kakor för statistik och marknadsföring sätts bara om du har godkänt dem.',
    ),
  ];
  return [
    {
      path: '/',
      title: `Välkommen till ${name}`,
      description: 'Byggvaror, verktyg och färg till bra priser, i butik och på webben.',
      blocks: [
        rich(
          'start-hero',
          `Allt för ditt bygge, från grund till tak. Handla på webben och hämta i din butik, eller få varorna levererade hem.`,
          'center',
        ),
        button('start-assortment', 'Se hela sortimentet', '/produkter'),
        {
          type: 'article',
          id: 'start-campaigns',
          props: {
            appearance: 'orange',
            width: 'wide',
            title: 'Kampanjpriser just nu',
            blocks: [
              rich(
                'start-campaigns-text',
                'Just nu har vi kampanjpriser på utvalda varor. Erbjudandena gäller så långt lagret räcker.',
              ),
              button('start-campaigns-link', 'Till kampanjerna', '/kampanjer'),
            ],
          },
        },
        ...image(
          'start-image',
          ctx.imageFor('travaror/tryckimpregnerat-virke'),
          'Bygg din altan med tryckimpregnerat virke.',
        ),
        {
          type: 'article',
          id: 'start-proffs',
          props: {
            appearance: 'dark-gray',
            width: 'normal',
            title: 'För dig som bygger i yrket',
            blocks: [
              rich(
                'start-proffs-text',
                'Proffskunder får egna priser, fakturaköp och projekt samlade på ett ställe.',
              ),
              button('start-proffs-link', 'Läs om proffskonto', '/xlhjalpen/proffskonto'),
            ],
          },
        },
        {
          type: 'recommendations',
          id: 'start-populart',
          props: { key: 'popular', title: 'Populära produkter' },
        },
      ],
    },
    {
      path: '/kundservice',
      title: 'Kundservice',
      description: 'Svar på vanliga frågor om leveranser, returer och köp.',
      blocks: [
        rich(
          'ks-intro',
          `Har du frågor om din order eller våra varor? Ring oss på 010-123 45 00 (vardagar 8–17) eller mejla kundservice@${domain}.`,
        ),
        subpages('ks-subpages', 'grid'),
      ],
      children: [
        {
          path: '/kundservice/leveranser',
          title: 'Leveranser',
          description: 'Hemleverans, byggleverans och hämta i butik.',
          blocks: [
            rich(
              'lev-intro',
              'Välj mellan att hämta i butik, hemleverans med paketbud eller byggleverans med kranbil för tyngre gods.',
            ),
            table(
              'lev-table',
              ['Leveranssätt', 'Leveranstid', 'Pris'],
              [
                ['Hämta i butik', 'Samma dag', '0:-'],
                ['Paketleverans', '2–4 arbetsdagar', '79:-'],
                ['Byggleverans', '3–7 arbetsdagar', 'från 895:-'],
              ],
            ),
            rich('lev-free', 'Fri frakt för order över 499:-* (*gäller paketleverans).'),
          ],
        },
        {
          path: '/kundservice/returer',
          title: 'Returer och öppet köp',
          description: '30 dagars öppet köp på de flesta varor.',
          blocks: [
            rich(
              'ret-intro',
              'Du har 30 dagars öppet köp på oanvända varor i originalförpackning. Kapade, brutna eller specialbeställda varor kan inte returneras.',
            ),
            accordion('ret-faq', [
              [
                'Hur returnerar jag?',
                'Lämna varan i valfri butik tillsammans med kvittot, eller kontakta kundservice för returfrakt.',
              ],
              [
                'När får jag pengarna tillbaka?',
                'Återbetalning sker till samma betalsätt inom 14 dagar.',
              ],
            ]),
          ],
        },
        {
          path: '/kundservice/integritetspolicy',
          title: 'Integritetspolicy',
          description: 'Så hanterar vi dina personuppgifter.',
          blocks: privacy('ks-privacy'),
        },
      ],
    },
    {
      path: '/integritetspolicy',
      title: 'Integritetspolicy',
      description: 'Så hanterar vi dina personuppgifter.',
      blocks: privacy('privacy'),
    },
    {
      path: '/om-webbplatsen',
      title: 'Om webbplatsen',
      description: 'Tillgänglighet, kakor och villkor för webbplatsen.',
      blocks: [
        rich(
          'site-intro',
          `${name}s webbplats drivs av ${name} AB. Vi strävar efter att webbplatsen ska vara tillgänglig för alla och följa WCAG 2.2 nivå AA.`,
        ),
        rich(
          'site-contact',
          `Hittar du något som inte fungerar? Mejla webb@${domain} så åtgärdar vi det.`,
        ),
      ],
    },
    {
      path: '/om-oss',
      title: `Om ${name}`,
      description: 'Byggvaruhandel med lokal förankring.',
      blocks: [
        rich(
          'about-intro',
          `${name} är en svensk byggvaruhandel med butiker från Skåne till Norrbotten. Våra medarbetare hjälper både privatpersoner och proffs med material, verktyg och goda råd.`,
        ),
        rich(
          'about-sustainability',
          'Vi märker varor med hållbarhetsbedömning och arbetar för att öka andelen miljömärkta produkter i sortimentet.',
        ),
      ],
    },
    {
      path: '/kampanjer',
      title: 'Kampanjer',
      description: 'Aktuella erbjudanden.',
      blocks: [
        rich(
          'camp-intro',
          'Här hittar du våra aktuella kampanjer. Priserna gäller under kampanjperioden eller så långt lagret räcker.',
        ),
        ...ctx.campaigns
          .filter((c) => c.organisationId === ctx.organisationId)
          .map((c) => button(`camp-${c.slug}`, c.title, `/kampanjer/${c.slug}`)),
      ],
    },
    {
      path: '/inspiration',
      title: 'Inspiration',
      description: 'Idéer och guider för ditt nästa projekt.',
      blocks: [
        rich('insp-intro', 'Låt dig inspireras av våra guider, från altanbygge till fasadmålning.'),
        subpages('insp-subpages', 'grid'),
      ],
      children: [
        {
          path: '/inspiration/bygga-altan',
          title: 'Bygga altan',
          description: 'Steg för steg från plintar till trall.',
          blocks: [
            rich(
              'altan-1',
              'En altan börjar med en stabil grund. Räkna med plintar var 1,5–2 meter och använd tryckimpregnerat virke i klass NTR AB för reglar och trall.',
            ),
            ...image(
              'altan-img',
              ctx.imageFor('travaror/tryckimpregnerat-virke'),
              'Trall i tryckimpregnerad furu.',
            ),
            button(
              'altan-link',
              'Handla trall och reglar',
              '/produkter/travaror/tryckimpregnerat-virke',
            ),
          ],
        },
        {
          path: '/inspiration/byta-fonster',
          title: 'Byta fönster',
          description: 'Välj rätt storlek och U-värde.',
          blocks: [
            rich(
              'fonster-1',
              'Fönstrets storlek anges i modulmått, till exempel 12x14 för 1200×1400 mm. Ett lägre U-värde betyder bättre isolering.',
            ),
            button('fonster-link', 'Se fönster', '/produkter/fonster-och-dorrar/fonster'),
          ],
        },
        {
          path: '/inspiration/mala-fasad',
          title: 'Måla fasaden',
          description: 'Förarbete, grundning och rätt färg.',
          blocks: [
            rich(
              'fasad-1',
              'Tvätta fasaden, skrapa bort lös färg och grunda obehandlat trä innan du målar två strykningar med husfärg.',
            ),
            button('fasad-link', 'Se husfärg', '/produkter/farg/utomhusfarg'),
          ],
        },
      ],
    },
    {
      path: '/proffs',
      title: 'Proffs',
      description: 'För dig som bygger i yrket.',
      blocks: [
        rich(
          'proffs-intro',
          'Som proffskund får du egna priser, fakturaköp, projekt och offerter samlade på ett ställe. Ansök om konto i din butik.',
        ),
        button('proffs-login', 'Logga in', '/login'),
      ],
    },
    ...demoPages(ctx),
  ];
}

const MENU: Array<{ label: string; href: string; children?: Array<[string, string]> }> = [
  {
    label: 'Inspiration',
    href: '/inspiration',
    children: [
      ['Bygga altan', '/inspiration/bygga-altan'],
      ['Byta fönster', '/inspiration/byta-fonster'],
      ['Måla fasaden', '/inspiration/mala-fasad'],
    ],
  },
  {
    label: 'XL-guiden',
    href: '/xl-guiden',
    children: [
      ['Altan och uteplats', '/xl-guiden/projektkategori/altan-och-uteplats'],
      ['Bygg en altan', '/xl-guiden/projekt/bygga-altan'],
      ['Välj rätt trall', '/xl-guiden/artikel/valja-ratt-trall'],
    ],
  },
  { label: 'Kampanjer', href: '/kampanjer' },
  { label: 'Butiker', href: '/butiker' },
  {
    label: 'Kundservice',
    href: '/kundservice',
    children: [
      ['Leveranser', '/kundservice/leveranser'],
      ['Returer och öppet köp', '/kundservice/returer'],
      ['XL-hjälpen', '/xlhjalpen'],
      ['Integritetspolicy', '/kundservice/integritetspolicy'],
    ],
  },
  { label: 'Proffs', href: '/proffs' },
];

const FOOTER_COLUMNS: Array<{ title: string; path: string; links: Array<[string, string]> }> = [
  {
    title: 'Kundservice',
    path: 'kundservice',
    links: [
      ['Kontakta oss', '/kundservice'],
      ['Leveranser', '/kundservice/leveranser'],
      ['Returer och öppet köp', '/kundservice/returer'],
      ['XL-hjälpen', '/xlhjalpen'],
      ['Reklamation', '/xlhjalpen/reklamation'],
    ],
  },
  {
    title: 'Handla',
    path: 'handla',
    links: [
      ['Sortiment', '/produkter'],
      ['Kampanjer', '/kampanjer'],
      ['Hitta butik', '/butiker'],
      ['Varumärken', '/varumarken'],
      ['Plocklista', '/plocklista'],
    ],
  },
  {
    title: 'Om oss',
    path: 'om',
    links: [
      ['Om företaget', '/om-oss'],
      ['Proffs', '/proffs'],
      ['Integritetspolicy', '/integritetspolicy'],
      ['Om webbplatsen', '/om-webbplatsen'],
      ['Nyhetsbrev', '/nyhetsbrev'],
    ],
  },
];

export function buildCms(ctx: CmsContext, firstId: number): CmsNodeSeed[] {
  const nodes: CmsNodeSeed[] = [];
  let id = firstId;
  const push = (node: Omit<CmsNodeSeed, 'id' | 'organisationId'>): CmsNodeSeed => {
    const full = { id: id++, organisationId: ctx.organisationId, ...node };
    nodes.push(full);
    return full;
  };
  const nav = (label: string, href: string, footer = false): CmsNavigation => ({
    label,
    href,
    showIn: { header: true, footer },
  });

  const addPage = (page: PageDef, parentId: number | null, position: number) => {
    const node = push({
      uri: `pages:${page.path}`,
      namespace: 'pages',
      path: page.path,
      type: 'page',
      parentId,
      position,
      title: page.title,
      description: page.description,
      content: page.blocks,
      navigation: parentId === null ? null : nav(page.title, page.path),
    });
    page.children?.forEach((child, i) => addPage(child, node.id, i));
  };
  pages(ctx).forEach((page, i) => addPage(page, null, i));
  const modal = newsletterModal(ctx);
  push({
    uri: `newsletter:${modal.path}`,
    namespace: 'newsletter',
    path: modal.path,
    type: 'page',
    parentId: null,
    position: 0,
    title: modal.title,
    description: modal.description,
    content: modal.blocks,
    navigation: null,
  });

  MENU.forEach((item, i) => {
    const parent = push({
      uri: `main-menu:${item.href}`,
      namespace: 'main-menu',
      path: item.href,
      type: 'menu',
      parentId: null,
      position: i,
      title: item.label,
      description: null,
      content: [],
      navigation: nav(item.label, item.href),
    });
    item.children?.forEach(([label, href], k) =>
      push({
        uri: `main-menu:${href}`,
        namespace: 'main-menu',
        path: href,
        type: 'menu',
        parentId: parent.id,
        position: k,
        title: label,
        description: null,
        content: [],
        navigation: nav(label, href),
      }),
    );
  });

  FOOTER_COLUMNS.forEach((column, i) => {
    const parent = push({
      uri: `footer:/${column.path}`,
      namespace: 'footer',
      path: `/${column.path}`,
      type: 'footer',
      parentId: null,
      position: i,
      title: column.title,
      description: null,
      content: [],
      navigation: null,
    });
    column.links.forEach(([label, href], k) =>
      push({
        uri: `footer:/${column.path}${href}`,
        namespace: 'footer',
        path: `/${column.path}${href}`,
        type: 'footer',
        parentId: parent.id,
        position: k,
        title: label,
        description: null,
        content: [],
        navigation: { label, href, showIn: { header: false, footer: true } },
      }),
    );
  });
  push({
    uri: 'footer:/kontakt',
    namespace: 'footer',
    path: '/kontakt',
    type: 'footer',
    parentId: null,
    position: FOOTER_COLUMNS.length,
    title: 'Kontakt',
    description: `Kundservice 010-123 45 00, vardagar 8–17. kundservice@${ctx.domain}`,
    content: [],
    navigation: null,
  });
  push({
    uri: 'footer:/juridik',
    namespace: 'footer',
    path: '/juridik',
    type: 'footer',
    parentId: null,
    position: FOOTER_COLUMNS.length + 1,
    title: 'Juridik',
    description: `© ${ctx.name} AB. Alla priser inklusive moms om inget annat anges.`,
    content: [],
    navigation: null,
  });
  return nodes;
}

/** Swedish labels of the content service (trade-area spec §7), language sv-se. */
export function buildDjedi(ctx: CmsContext): DjediNodeSeed[] {
  const labels: Record<string, string> = {
    'header/search-placeholder': 'Sök produkter, kategorier, butiker…',
    'header/free-shipping': 'Fri frakt för order över 499:-*',
    'header/click-and-collect': 'Klicka och hämta i din butik',
    'header/cart-button': 'Varukorg',
    'header/picklist-button': 'Plocklista',
    'header/login': 'Logga in',
    'header/choose-store': 'Välj butik',
    'menu/home': 'Hem',
    'menu/assortment': 'Sortiment',
    'menu/show-all': 'Visa allt i {category}',
    'menu/back': 'Tillbaka',
    'cart/title': 'Min varukorg',
    'cart/empty': 'Din varukorg är tom.',
    'cart/to-checkout': 'Till kassan',
    'picklist/title': 'Plocklista',
    'picklist/to-picklist': 'Till plocklistan',
    'store/my-store': 'Min butik',
    'store/choose-your-store': 'Välj din butik',
    'store/search-placeholder': 'Sök på butik, ort, adress eller postnummer',
    'store/selector-placeholder': 'Sök efter postnummer',
    'store/no-results': 'Inga butiker hittades.',
    'footer/newsletter-title': 'Nyhetsbrev',
    'footer/newsletter-text': 'Få erbjudanden och tips för ditt nästa projekt direkt i inkorgen.',
    'footer/customer-service': `Kundservice 010-123 45 00, kundservice@${ctx.domain}`,
    'footer/legal': `© ${ctx.name} AB`,
    'notice/technical-problems':
      'Vi har just nu tekniska problem med sök och produktvisning. Kontakta din lokala butik för hjälp.',
    'notice/delivery-delay':
      'På grund av omflyttning av lager kan leveranser ta några dagar längre än vanligt.',
  };
  return Object.entries(labels).map(([path, value]) => ({
    organisationId: ctx.organisationId,
    uri: `i18n://sv-se@${path}.txt`,
    value,
  }));
}

import { encodeBase64Utf8 } from '@bygg/domain/cms-blocks';
import type { CmsBlock } from '../schema/cms.ts';

/**
 * Demo CMS pages that between them use every block type of the spec (storefront.md §2, §3):
 * the help area (/xlhjalpen), the guide (/xl-guiden with a project category, a project and an
 * article), the brand page and the newsletter page. Deterministic and Swedish; the products
 * and brands come from the seeded catalogue so product links and brand tiles lead somewhere.
 */

export type DemoProduct = {
  slug: string;
  title: string;
  image: string;
  brand: { slug: string; name: string } | null;
};

export type DemoPagesContext = {
  name: string;
  domain: string;
  /** Up to `count` seeded products in a category path prefix. */
  productsIn(categoryPrefix: string, count: number): DemoProduct[];
};

export type DemoPage = {
  path: string;
  title: string;
  description: string;
  blocks: CmsBlock[];
  children?: DemoPage[];
};

const b = (type: string, id: string, props: Record<string, unknown>): CmsBlock => ({
  type,
  id,
  props,
});
const rich = (id: string, text: string, align: 'left' | 'center' = 'left') =>
  b('rich-text', id, { text, align });
const button = (id: string, label: string, href: string, align: 'left' | 'center' = 'left') =>
  b('button-link', id, { label, href, align });
const accordion = (id: string, items: Array<[string, string]>) =>
  b('accordion', id, {
    items: items.map(([title, content], i) => ({ id: `${id}-${i + 1}`, title, content })),
  });
const table = (id: string, columns: Array<[string, 'left' | 'right']>, rows: string[][]) =>
  b('table', id, { columns: columns.map(([value, alignment]) => ({ value, alignment })), rows });

const DECKING = 'travaror/tryckimpregnerat-virke';

function helpArea(ctx: DemoPagesContext): DemoPage {
  // Embedded HTML: customer-service hours as an editor would paste them from another system.
  const hours = `<h3>Kundservice har öppet</h3>
<table><thead><tr><th scope="col">Dag</th><th scope="col">Telefon och chatt</th></tr></thead>
<tbody><tr><td>Måndag–fredag</td><td>08.00–17.00</td></tr><tr><td>Lördag</td><td>10.00–14.00</td></tr>
<tr><td>Söndag och helgdag</td><td>Stängt</td></tr></tbody></table>
<p>Ring <a href="tel:+46101234500">010-123 45 00</a> eller mejla <a href="mailto:kundservice@${ctx.domain}">kundservice@${ctx.domain}</a>.</p>`;
  return {
    path: '/xlhjalpen',
    title: 'XL-hjälpen',
    description: 'Svar på vanliga frågor om beställning, leverans, betalning och reklamationer.',
    blocks: [
      rich(
        'hjalp-intro',
        `<p>Här hittar du svar på de vanligaste frågorna om att handla hos ${ctx.name}. Hittar du inte det du söker är du välkommen att kontakta oss.</p>`,
      ),
      b('anchor-links', 'hjalp-ankare', {
        links: [
          { id: 'hjalp-ankare-1', target: 'hjalp-bestalla', label: 'Beställa' },
          { id: 'hjalp-ankare-2', target: 'hjalp-leverans', label: 'Leverans' },
          { id: 'hjalp-ankare-3', target: 'hjalp-betala', label: 'Betalning' },
          { id: 'hjalp-ankare-4', target: 'hjalp-kontakt', label: 'Kontakta oss' },
        ],
      }),
      accordion('hjalp-bestalla', [
        [
          'Hur beställer jag?',
          '<p>Lägg varorna i varukorgen, välj butik eller leveranssätt i kassan och betala med kort, Swish eller faktura.</p>',
        ],
        [
          'Kan jag ändra min order?',
          '<p>Så länge ordern inte är plockad kan kundservice ändra eller avbryta den. Ring oss så snart som möjligt.</p>',
        ],
        [
          'Kan jag beställa varor som inte finns på webben?',
          '<p>Ja. Din butik kan beställa hem hela leverantörens sortiment, till exempel specialmått på fönster och dörrar.</p>',
        ],
      ]),
      table(
        'hjalp-leverans',
        [
          ['Leveranssätt', 'left'],
          ['Pris', 'right'],
        ],
        [
          ['Hämta i butik', '0:-'],
          ['Paketleverans, 2–4 arbetsdagar', '79:-'],
          ['Byggleverans med kranbil', 'från 895:-'],
        ],
      ),
      accordion('hjalp-betala', [
        [
          'Vilka betalsätt finns?',
          '<p>Kort, Swish och faktura. Proffskunder med kredit handlar mot faktura med 30 dagars betalningstid.</p>',
        ],
        [
          'Får jag ROT-avdrag?',
          '<p>ROT-avdrag gäller arbetskostnaden, inte material. Köper du montering genom oss gör vi avdraget direkt på fakturan.</p>',
        ],
      ]),
      b('split-container', 'hjalp-kontakt', {
        hasBackground: true,
        align: 'top',
        columns: [
          [
            rich(
              'hjalp-kontakt-text',
              '<h2>Kontakta oss</h2><p>Skicka dina frågor med formuläret så svarar vi inom en arbetsdag.</p>',
            ),
            b('form-embed', 'hjalp-formular', {
              id: 'kundservice-kontakt-2026',
              title: 'Kontaktformulär för kundservice',
            }),
          ],
          [
            b('iframe-embed', 'hjalp-oppettider', {
              base64EncodedEmbed: encodeBase64Utf8(hours),
              title: 'Kundservice öppettider',
            }),
          ],
        ],
      }),
      b('subpages', 'hjalp-undersidor', { layout: 'list', variant: 'button' }),
    ],
    children: [
      {
        path: '/xlhjalpen/reklamation',
        title: 'Reklamation',
        description: 'Så reklamerar du en vara som är felaktig.',
        blocks: [
          rich(
            'rekl-intro',
            '<p>Är en vara felaktig har du enligt konsumentköplagen tre års reklamationsrätt. Kontakta oss så snart du upptäcker felet.</p>',
          ),
          table(
            'rekl-lista',
            [['Det här behöver vi från dig', 'left']],
            [
              ['Kvitto eller ordernummer'],
              ['En beskrivning av felet'],
              ['Foton på felet och förpackningens etikett'],
            ],
          ),
          button('rekl-kontakt', 'Kontakta kundservice', '/xlhjalpen#hjalp-kontakt'),
        ],
      },
      {
        path: '/xlhjalpen/proffskonto',
        title: 'Proffskonto',
        description: 'Egna priser, fakturaköp och projekt för dig som bygger i yrket.',
        blocks: [
          rich(
            'proffskonto-intro',
            '<p>Med ett proffskonto får ditt företag avtalspriser, fakturaköp, projekt och offerter samlade på ett ställe. Ansök i din butik med organisationsnummer och firmatecknare.</p>',
          ),
          button('proffskonto-login', 'Logga in som proffs', '/login'),
        ],
      },
    ],
  };
}

function guide(ctx: DemoPagesContext): DemoPage {
  const decking = ctx.productsIn(DECKING, 6);
  const productLinks = decking
    .slice(0, 3)
    .map((product, i) => b('product-link', `altan-produkt-${i + 1}`, { slug: product.slug }));
  const gallery = decking.map((product, i) => ({
    url: product.image,
    alt: product.title,
    caption: i === 0 ? 'Tryckimpregnerat virke i klass NTR AB tål markkontakt.' : null,
    tag: i === 0 ? 'Populär' : null,
    thumbnails: [],
  }));
  const firstImage = decking[0]?.image ?? null;
  const project: DemoPage = {
    path: '/xl-guiden/projekt/bygga-altan',
    title: 'Bygg en altan steg för steg',
    description: 'Från plintar och bärlinor till färdig trall – så bygger du en hållbar altan.',
    blocks: [
      b('split-container', 'altan-start', {
        hasBackground: false,
        align: 'center',
        columns: [
          firstImage
            ? [
                b('image', 'altan-bild', {
                  url: firstImage,
                  alt: 'Trall av tryckimpregnerad furu',
                  caption: 'Trall i tryckimpregnerad furu.',
                  size: 'large',
                  thumbnails: [],
                  tag: null,
                  href: null,
                }),
              ]
            : [],
          [
            rich(
              'altan-steg',
              '<h2>Så går det till</h2><ol><li>Mät ut altanen och gräv för plintarna, var 1,5–2 meter.</li><li>Montera bärlinor och reglar med rätt lutning från huset.</li><li>Skruva trallen med 5–8 mm mellanrum och rostfri skruv.</li></ol>',
            ),
          ],
        ],
      }),
      b('article', 'altan-material', {
        appearance: 'sand',
        width: 'normal',
        title: 'Materialåtgång för 20 m²',
        blocks: [
          table(
            'altan-materialtabell',
            [
              ['Material', 'left'],
              ['Dimension', 'left'],
              ['Åtgång', 'right'],
            ],
            [
              ['Trall', '28×120 mm', '160 m'],
              ['Regel', '45×145 mm', '60 m'],
              ['Betongplint', '–', '15 st'],
              ['Trallskruv, rostfri', '4,2×55 mm', '1 000 st'],
            ],
          ),
        ],
      }),
      ...(productLinks.length > 0
        ? [
            rich('altan-handla-rubrik', '<h2>Handla till altanen</h2>'),
            b('grid', 'altan-produkter', { columns: 3, blocks: productLinks }),
          ]
        : []),
      ...(gallery.length > 0 ? [b('image-grid', 'altan-galleri', { images: gallery })] : []),
      b('video', 'altan-video', {
        url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        title: 'Film: så lägger du trall',
        caption: 'Filmen visas från YouTube.',
      }),
      b('grid', 'altan-paket', {
        columns: 2,
        blocks: [
          b('custom-product', 'altan-paket-20', {
            brand: ctx.name,
            name: 'Altanpaket 20 m², tryckimpregnerat',
            price: 14995,
            image: decking[1]?.image ?? null,
            href: `/produkter/${DECKING}`,
          }),
          b('custom-product', 'altan-paket-30', {
            brand: ctx.name,
            name: 'Altanpaket 30 m², tryckimpregnerat',
            price: 21495,
            image: decking[2]?.image ?? null,
            href: `/produkter/${DECKING}`,
          }),
        ],
      }),
      b('recommendations', 'altan-populart', { key: 'popular', title: 'Populärt just nu' }),
    ],
  };
  const article: DemoPage = {
    path: '/xl-guiden/artikel/valja-ratt-trall',
    title: 'Välj rätt trall',
    description: 'Tryckimpregnerat, värmebehandlat eller komposit – för- och nackdelar.',
    blocks: [
      rich(
        'trall-intro',
        '<p>Trall finns i flera material. Vilket som passar dig beror på budget, underhåll och hur altanen ska se ut om tio år.</p>',
      ),
      table(
        'trall-jamforelse',
        [
          ['Material', 'left'],
          ['Pris per m²', 'right'],
          ['Underhåll', 'left'],
          ['Livslängd', 'left'],
        ],
        [
          ['Tryckimpregnerad furu', 'från 180:-', 'Olja vartannat år', '20–30 år'],
          ['Värmebehandlad furu', 'från 320:-', 'Olja varje år', '15–25 år'],
          ['Komposit', 'från 650:-', 'Tvätta vid behov', '25 år eller mer'],
        ],
      ),
      b('article', 'trall-tips', {
        appearance: 'light-orange',
        width: 'normal',
        title: 'Tips från butiken',
        blocks: [
          rich(
            'trall-tips-text',
            '<p>Lägg trallen med märgsidan nedåt så minskar risken för flagor och sprickor.</p>',
          ),
        ],
      }),
      b('page', 'trall-projekt', { path: '/xl-guiden/projekt/bygga-altan' }),
      b('publication', 'trall-katalog', {
        id: 'tradgardskatalog-2026',
        title: `${ctx.name}s trädgårdskatalog 2026`,
      }),
    ],
  };
  return {
    path: '/xl-guiden',
    title: 'XL-guiden',
    description: 'Guider, projekt och råd för ditt bygge.',
    blocks: [
      b('article', 'guide-lead', {
        appearance: 'dark',
        width: 'wide',
        minHeight: 240,
        title: 'Bygg själv med rätt material',
        blocks: [
          rich(
            'guide-lead-text',
            '<p>Steg-för-steg-guider, materiallistor och tips från våra byggexperter.</p>',
          ),
          button('guide-lead-link', 'Börja med altanen', '/xl-guiden/projekt/bygga-altan'),
        ],
      }),
      b('subpages', 'guide-undersidor', { layout: 'grid', variant: 'card' }),
      b('article', 'guide-rad', {
        appearance: 'gray',
        width: 'normal',
        title: 'Fråga i butiken',
        blocks: [
          rich(
            'guide-rad-text',
            '<p>Våra medarbetare hjälper dig att räkna på material och välja rätt verktyg.</p>',
          ),
          button('guide-rad-link', 'Hitta din butik', '/butiker'),
        ],
      }),
    ],
    children: [
      {
        path: '/xl-guiden/projektkategori/altan-och-uteplats',
        title: 'Altan och uteplats',
        description: 'Projekt för altan, trädäck och uteplats.',
        blocks: [
          rich(
            'uteplats-intro',
            '<p>Allt om att bygga altan, trädäck och uteplats: planering, material och montering.</p>',
          ),
          b('grid', 'uteplats-sidor', {
            columns: 2,
            blocks: [
              b('page', 'uteplats-projekt', { path: '/xl-guiden/projekt/bygga-altan' }),
              b('page', 'uteplats-artikel', { path: '/xl-guiden/artikel/valja-ratt-trall' }),
            ],
          }),
        ],
      },
      project,
      article,
    ],
  };
}

function brandPage(ctx: DemoPagesContext): DemoPage {
  const seen = new Set<string>();
  const brands = ['travaror', 'farg', 'verktyg', 'isolering', 'fonster-och-dorrar', 'el']
    .flatMap((prefix) => ctx.productsIn(prefix, 40))
    .flatMap((product) => (product.brand ? [product.brand] : []))
    .filter((brand) => !seen.has(brand.slug) && seen.add(brand.slug))
    .slice(0, 8);
  const sizes = ['large', 'medium', 'small'] as const;
  return {
    path: '/varumarken',
    title: 'Våra varumärken',
    description: 'Kända varumärken för bygg, färg och verktyg.',
    blocks: [
      rich(
        'varumarken-intro',
        `<p>${ctx.name} säljer varumärken som proffsen litar på. Välj ett varumärke för att se dess sortiment.</p>`,
      ),
      ...(brands.length > 0
        ? [
            b('grid', 'varumarken-rutnat', {
              columns: 4,
              blocks: brands.map((brand, i) =>
                b('brand', `varumarke-${brand.slug}`, {
                  name: brand.name,
                  href: `/produkter?brand=${brand.slug}`,
                  image: null,
                  size: sizes[i % sizes.length],
                  contained: i % 2 === 0,
                }),
              ),
            }),
          ]
        : []),
    ],
  };
}

function newsletterPage(ctx: DemoPagesContext): DemoPage {
  return {
    path: '/nyhetsbrev',
    title: 'Nyhetsbrev',
    description: 'Erbjudanden, nyheter och tips för ditt nästa projekt.',
    blocks: [
      rich(
        'nyhetsbrev-intro',
        `<p>Prenumerera på ${ctx.name}s nyhetsbrev och få erbjudanden och byggtips varannan vecka. Du kan avsluta prenumerationen när du vill via länken i varje utskick.</p>`,
      ),
      b('form-embed', 'nyhetsbrev-formular', {
        id: 'nyhetsbrev-anmalan',
        title: 'Anmälan till nyhetsbrevet',
      }),
    ],
  };
}

export function demoPages(ctx: DemoPagesContext): DemoPage[] {
  return [helpArea(ctx), guide(ctx), brandPage(ctx), newsletterPage(ctx)];
}

/** The newsletter modal's content (storefront.md §2, §4): a CMS node of its own. */
export function newsletterModal(ctx: DemoPagesContext): DemoPage {
  return {
    path: '/modal',
    title: 'Få inspiration i inkorgen',
    description: 'Erbjudanden och byggtips från oss varannan vecka.',
    blocks: [
      rich(
        'nyhetsbrev-modal-text',
        `<p>Bli först med kampanjer och få ${ctx.name}s bästa tips för ditt nästa projekt.</p>`,
      ),
      button('nyhetsbrev-modal-knapp', 'Prenumerera på nyhetsbrevet', '/nyhetsbrev'),
    ],
  };
}

/**
 * What the demo catalogue knows about each kind of product (a second-level category of the
 * tree in seed-data/categories.json): what it is used for (the description's second
 * sentence), its usual material, the certifications that kind of product carries, a typical
 * weight per sales unit when the title gives nothing to compute one from, and the picture
 * shape. The standards named are the harmonised product standards of each product family
 * (general knowledge); the products themselves are invented, so nothing here is a claim
 * about a real article.
 */
export type ProductType = {
  use: string;
  material: string;
  certifications: readonly string[];
  /** Typical weight of one sales unit in kg, [min, max]. */
  kg: readonly [number, number];
  /** Picture shape (apps/api media pictograms). */
  shape: string;
};

const T = (
  use: string,
  material: string,
  certifications: readonly string[],
  kg: readonly [number, number],
  shape: string,
): ProductType => ({ use, material, certifications, kg, shape });

const CE = 'CE-märkt';

export const PRODUCT_TYPES: Readonly<Record<string, ProductType>> = {
  // Trävaror
  'travaror/konstruktionsvirke': T(
    'Konstruktionsvirke för stommar i väggar, bjälklag och takstolar.',
    'Gran',
    ['CE-märkt enligt EN 14081-1'],
    [1, 4],
    'plank',
  ),
  'travaror/tryckimpregnerat-virke': T(
    'Tryckimpregnerat virke för altaner, staket och konstruktioner utomhus.',
    'Tryckimpregnerad furu',
    ['NTR-certifierad impregnering'],
    [1.5, 5],
    'plank',
  ),
  'travaror/limtra-och-lvl': T(
    'Limträ och LVL för långa spännvidder och bärande balkar och pelare.',
    'Limmad gran',
    ['CE-märkt enligt EN 14080'],
    [8, 40],
    'beam',
  ),
  'travaror/panel': T(
    'Panel för fasader och innerväggar, spontad för tät och jämn yta.',
    'Gran',
    ['PEFC-certifierat trä'],
    [1, 3],
    'panel',
  ),
  'travaror/lister-och-foder': T(
    'Lister och foder som ger snygga avslutningar mot golv, tak, dörrar och fönster.',
    'Furu',
    ['PEFC-certifierat trä'],
    [0.3, 1.5],
    'moulding',
  ),
  'travaror/hyvlat-virke': T(
    'Hyvlat virke med släta ytor för snickerier, inredning och hyllor.',
    'Furu',
    ['PEFC-certifierat trä'],
    [0.5, 3],
    'plank',
  ),
  // Skivmaterial
  'skivmaterial/gipsskivor': T(
    'Gipsskivor för väggar och tak på regelstomme av trä eller stål.',
    'Gips med kartongyta',
    ['CE-märkt enligt EN 520', 'Brandklass A2-s1,d0'],
    [18, 35],
    'sheet',
  ),
  'skivmaterial/spanskivor': T(
    'Spånskivor för golv, väggar och inredning.',
    'Spånskiva',
    ['CE-märkt enligt EN 312'],
    [10, 45],
    'sheet',
  ),
  'skivmaterial/plywood-och-osb': T(
    'Plywood och OSB för golv, tak, väggar och formar där det krävs styvhet.',
    'Plywood',
    ['CE-märkt enligt EN 13986'],
    [12, 40],
    'sheet',
  ),
  'skivmaterial/board-och-mdf': T(
    'Board och MDF för inredning, skåpsryggar och vindskydd.',
    'Träfiber',
    ['CE-märkt enligt EN 13986'],
    [5, 30],
    'sheet',
  ),
  'skivmaterial/specialskivor': T(
    'Specialskivor för våtrum, fasader, brandskydd och akustik.',
    'Fibercement',
    ['CE-märkt'],
    [8, 40],
    'sheet',
  ),
  // Isolering
  'isolering/mineralull': T(
    'Mineralull för värmeisolering och ljuddämpning i väggar, bjälklag och vindar.',
    'Mineralull',
    ['CE-märkt enligt EN 13162', 'Brandklass A1'],
    [5, 15],
    'batt',
  ),
  'isolering/cellplast': T(
    'Cellplast för isolering under platta på mark, grundmurar och källarväggar.',
    'Expanderad polystyren (EPS)',
    ['CE-märkt enligt EN 13163'],
    [2, 10],
    'block',
  ),
  'isolering/losull-och-naturisolering': T(
    'Lösull och naturisolering för vindar och väggar, även i svåråtkomliga utrymmen.',
    'Mineralull',
    ['CE-märkt'],
    [10, 20],
    'sack',
  ),
  'isolering/fukt-och-vindskydd': T(
    'Fukt- och vindskydd som håller konstruktionen torr och tät.',
    'Polyeten (PE)',
    ['CE-märkt enligt EN 13984'],
    [1, 15],
    'roll',
  ),
  // Mur, betong & grund
  'mur-betong-och-grund/betong-och-cement': T(
    'Betong och cement för gjutning av plintar, trappsteg och mindre plattor.',
    'Cement och ballast',
    ['CE-märkt enligt EN 197-1'],
    [15, 40],
    'sack',
  ),
  'mur-betong-och-grund/murbruk-och-puts': T(
    'Murbruk och puts för murning och putsning av fasader och väggar.',
    'Kalk, cement och sand',
    ['CE-märkt enligt EN 998'],
    [20, 25],
    'sack',
  ),
  'mur-betong-och-grund/block-och-tegel': T(
    'Block och tegel för murade väggar, grundmurar och fasader.',
    'Lättbetong',
    ['CE-märkt enligt EN 771'],
    [2, 20],
    'brick',
  ),
  'mur-betong-och-grund/armering': T(
    'Armering som tar upp dragkrafter i gjutna plattor, balkar och grunder.',
    'Kallvalsat stål',
    ['CE-märkt', 'Stålkvalitet enligt SS 212540'],
    [2, 30],
    'rebar',
  ),
  'mur-betong-och-grund/grundlaggning-och-dranering': T(
    'Produkter för grundläggning och dränering som leder bort vatten från huset.',
    'Polypropen (PP)',
    ['CE-märkt'],
    [1, 25],
    'pipe',
  ),
  // Tak
  'tak/takpannor': T(
    'Takpannor för ett tätt och beständigt yttertak.',
    'Betong',
    ['CE-märkt enligt EN 490'],
    [3, 5],
    'rooftile',
  ),
  'tak/takplat': T(
    'Takplåt och plåtdetaljer för tak på bostäder, garage och förråd.',
    'Förzinkat stål med färgbeläggning',
    ['CE-märkt enligt EN 14782'],
    [2, 20],
    'roofsheet',
  ),
  'tak/takpapp-och-underlag': T(
    'Takpapp och underlag som gör taket vattentätt under pannor, plåt eller som ytskikt.',
    'Bitumen med polyesterstomme',
    ['CE-märkt enligt EN 13707'],
    [10, 45],
    'roll',
  ),
  'tak/takavvattning': T(
    'Takavvattning som leder regnvatten från taket till dagvatten eller dränering.',
    'Förzinkat stål',
    ['CE-märkt enligt EN 612'],
    [0.2, 6],
    'gutter',
  ),
  'tak/taksakerhet': T(
    'Taksäkerhet för säker förflyttning och skydd mot snöras på taket.',
    'Förzinkat stål',
    ['Provad enligt EN 516 och EN 12951'],
    [3, 25],
    'ladder',
  ),
  // Fönster & dörrar
  'fonster-och-dorrar/fonster': T(
    'Fönster med energiglas som släpper in ljus och håller värmen inne.',
    'Trä med utsida av aluminium',
    ['CE-märkt enligt EN 14351-1', 'P-märkt'],
    [15, 60],
    'window',
  ),
  'fonster-och-dorrar/ytterdorrar': T(
    'Ytterdörrar för entré, altan och förråd med god täthet och inbrottsskydd.',
    'Trä med isolerad kärna',
    ['CE-märkt enligt EN 14351-1'],
    [35, 70],
    'door',
  ),
  'fonster-och-dorrar/innerdorrar': T(
    'Innerdörrar för bostadens rum, levererade färdigmålade.',
    'MDF med träram',
    ['CE-märkt'],
    [12, 30],
    'door',
  ),
  'fonster-och-dorrar/garageportar': T(
    'Garageportar som öppnas smidigt och isolerar garaget.',
    'Stål med isolerad kärna',
    ['CE-märkt enligt EN 13241'],
    [60, 120],
    'garage',
  ),
  'fonster-och-dorrar/dorr-och-fonstertillbehor': T(
    'Tillbehör som gör dörrar och fönster kompletta, säkra och täta.',
    'Zinklegering',
    ['CE-märkt'],
    [0.1, 3],
    'handle',
  ),
  // Golv
  'golv/parkett-och-tragolv': T(
    'Trägolv och parkett för vardagsrum, sovrum och hall.',
    'Ek',
    ['FSC-certifierat trä', 'CE-märkt enligt EN 14342'],
    [15, 25],
    'floor',
  ),
  'golv/laminatgolv': T(
    'Laminatgolv med tålig yta för hem med mycket slitage.',
    'HDF med dekorpapper och slitskikt',
    ['CE-märkt enligt EN 14041'],
    [14, 20],
    'floor',
  ),
  'golv/vinyl-och-plastmatta': T(
    'Vinyl och plastmatta för kök, hall och våtrum där golvet ska tåla vatten.',
    'Vinyl (PVC)',
    ['CE-märkt enligt EN 14041', 'GBR-godkänd för våtrum'],
    [5, 15],
    'floor',
  ),
  'golv/klinker-och-kakel': T(
    'Klinker och kakel för golv och väggar i badrum, kök och hall.',
    'Porslinsklinker',
    ['CE-märkt enligt EN 14411'],
    [15, 25],
    'tiles',
  ),
  'golv/golvunderlag-och-tillbehor': T(
    'Golvunderlag och tillbehör som ger jämnt, tyst och fuktskyddat golv.',
    'Polyeten (PE)',
    ['CE-märkt'],
    [1, 20],
    'roll',
  ),
  // Färg
  'farg/inomhusfarg': T(
    'Inomhusfärg för väggar, tak och snickerier.',
    'Vattenburen akrylatfärg',
    ['Emissionsklassad (M1)'],
    [1, 14],
    'can',
  ),
  'farg/utomhusfarg': T(
    'Utomhusfärg som skyddar fasader, fönster och trä mot väder och sol.',
    'Akrylatfärg',
    ['CE-märkt'],
    [1, 14],
    'can',
  ),
  'farg/lack-olja-och-bets': T(
    'Lack, olja och bets som skyddar och framhäver trä inne och ute.',
    'Vattenburen lack',
    ['Emissionsklassad (M1)'],
    [0.3, 6],
    'can',
  ),
  'farg/grundfarg-och-spackel': T(
    'Grundfärg och spackel som förbereder ytan för ett jämnt slutresultat.',
    'Vattenburen',
    ['Emissionsklassad (M1)'],
    [0.3, 15],
    'bucket',
  ),
  'farg/maleriverktyg': T(
    'Måleriverktyg för att förbereda, måla och avsluta ett målningsjobb.',
    'Plast och polyester',
    [],
    [0.1, 1.5],
    'roller',
  ),
  'farg/tapet': T(
    'Tapet och tillbehör för väggar i bostadens rum.',
    'Non-woven',
    ['CE-märkt enligt EN 15102'],
    [0.5, 2],
    'wallpaper',
  ),
  // Byggkemi
  'byggkemi/fogmassor': T(
    'Fogmassor som tätar skarvar och fogar mot fukt, drag och smuts.',
    'Silikon',
    ['CE-märkt enligt EN 15651'],
    [0.3, 0.6],
    'cartridge',
  ),
  'byggkemi/lim': T(
    'Lim för trä, skivor och montage inne och ute.',
    'PVAc-dispersion',
    ['Provat enligt EN 204'],
    [0.1, 1.2],
    'cartridge',
  ),
  'byggkemi/fogskum-och-brandtatning': T(
    'Fogskum och brandtätning för att isolera och täta runt fönster, dörrar och genomföringar.',
    'Polyuretan (PU)',
    ['CE-märkt'],
    [0.6, 1.1],
    'spray',
  ),
  'byggkemi/tatskikt-och-vatrum': T(
    'Tätskikt för våtrum som skyddar bakomliggande konstruktion mot vatten.',
    'Akrylatdispersion',
    ['Branschgodkänt enligt BBV', 'CE-märkt'],
    [1, 15],
    'bucket',
  ),
  'byggkemi/kakelfix-och-fog': T(
    'Kakelfix och fog för sättning och fogning av kakel och klinker.',
    'Cementbaserat bruk',
    ['CE-märkt enligt EN 12004'],
    [2, 20],
    'sack',
  ),
  'byggkemi/rengoring-och-ytskydd': T(
    'Rengöring och ytskydd för fasader, tak, trall och sten.',
    'Vattenbaserad lösning',
    [],
    [1, 5.5],
    'jug',
  ),
  // Verktyg
  'verktyg/elverktyg': T(
    'Elverktyg för borrning, sågning och slipning på bygget och i hemmet.',
    'Glasfiberförstärkt plast och metall',
    [CE, 'Provad enligt EN 62841'],
    [1.2, 4],
    'drill',
  ),
  'verktyg/batterier-och-laddare': T(
    'Batterier och laddare för sladdlösa verktyg i samma batteriplattform.',
    'Litiumjon',
    [CE],
    [0.3, 1.5],
    'battery',
  ),
  'verktyg/handverktyg': T(
    'Handverktyg för snickeri, montage och reparationer.',
    'Härdat stål',
    [],
    [0.1, 1],
    'hammer',
  ),
  'verktyg/matverktyg': T(
    'Mätverktyg för att mäta, märka och kontrollera i lod och våg.',
    'Aluminium',
    [],
    [0.1, 1.5],
    'ruler',
  ),
  'verktyg/verktygstillbehor': T(
    'Tillbehör som borr, bits, sågblad och slipmaterial till elverktyg.',
    'Snabbstål (HSS)',
    ['Provad enligt EN 12413'],
    [0.05, 0.8],
    'bit',
  ),
  'verktyg/stegar-och-arbetsbockar': T(
    'Stegar, bockar och plattformar för säkert arbete på höjd.',
    'Aluminium',
    ['Provad enligt EN 131'],
    [3, 15],
    'ladder',
  ),
  'verktyg/forvaring': T(
    'Förvaring som håller ordning på verktyg och tillbehör.',
    'Slagtålig plast',
    [],
    [1, 6],
    'toolbox',
  ),
  // Järn & infästning
  'jarn-och-infastning/skruv': T(
    'Skruv för infästning i trä, gips, trall och fasad.',
    'Härdat kolstål',
    ['CE-märkt enligt EN 14592'],
    [0.3, 3],
    'screw',
  ),
  'jarn-och-infastning/spik': T(
    'Spik för byggnation, beslag och infästning i trä.',
    'Stål',
    ['CE-märkt enligt EN 14592'],
    [0.5, 5],
    'nail',
  ),
  'jarn-och-infastning/byggbeslag': T(
    'Byggbeslag för starka förband mellan reglar, balkar och stolpar.',
    'Förzinkat stål',
    ['CE-märkt enligt ETA'],
    [0.05, 1.5],
    'bracket',
  ),
  'jarn-och-infastning/plugg-och-ankare': T(
    'Plugg och ankare för infästning i betong, tegel och gips.',
    'Polyamid (nylon)',
    ['ETA-godkänd'],
    [0.1, 1],
    'anchor',
  ),
  'jarn-och-infastning/gangjarn-hakar-och-handtag': T(
    'Gångjärn, hakar och handtag för dörrar, luckor, grindar och skåp.',
    'Förzinkat stål',
    [],
    [0.05, 0.8],
    'hinge',
  ),
  'jarn-och-infastning/las-och-sakerhet': T(
    'Lås, kedjor och bultar för att säkra förråd, grindar och konstruktioner.',
    'Härdat stål',
    [],
    [0.1, 2],
    'padlock',
  ),
  // VVS
  'vvs/badrum': T(
    'Porslin, duschar och blandare för badrummet.',
    'Sanitetsporslin',
    ['CE-märkt enligt EN 997', 'Typgodkänd'],
    [2, 35],
    'toilet',
  ),
  'vvs/kok-och-tvatt': T(
    'Blandare, diskbänkar och tvättbänkar för kök och tvättstuga.',
    'Rostfritt stål',
    ['Typgodkänd', 'CE-märkt'],
    [1.5, 12],
    'tap',
  ),
  'vvs/ror-och-kopplingar': T(
    'Rör, kopplingar och ventiler för tappvatten och värme.',
    'PEX',
    ['Typgodkänd', 'Godkänd för installation enligt Säker Vatten'],
    [0.05, 2],
    'pipe',
  ),
  'vvs/avlopp': T(
    'Avloppsrör, golvbrunnar och vattenlås som leder bort spillvatten.',
    'Polypropen (PP)',
    ['CE-märkt enligt EN 1451'],
    [0.1, 3],
    'pipe',
  ),
  'vvs/varme': T(
    'Radiatorer, termostater, golvvärme och värmepumpar för ett jämnt varmt hem.',
    'Stål',
    [CE, 'Provad enligt EN 442'],
    [1, 40],
    'radiator',
  ),
  'vvs/ventilation': T(
    'Fläktar, ventiler och rör som ger bostaden frisk luft.',
    'Förzinkat stål',
    [CE],
    [0.2, 3],
    'fan',
  ),
  // El
  'el/installationsmaterial': T(
    'Installationsmaterial för fast elinstallation; installeras av behörig elinstallatör.',
    'PVC och koppar',
    [CE, 'S-märkt'],
    [0.05, 0.5],
    'socket',
  ),
  'el/belysning': T(
    'Belysning för inomhus, utomhus och arbetsplats.',
    'Aluminium och polykarbonat',
    [CE, 'Energiklass enligt EU 2019/2015'],
    [0.05, 2.5],
    'lamp',
  ),
  'el/skarvsladdar-och-grenuttag': T(
    'Skarvsladdar, grenuttag och kabelvindor för ström där den behövs.',
    'Gummi och koppar',
    [CE, 'S-märkt'],
    [0.3, 6],
    'cable',
  ),
  'el/brandskydd-och-sakerhet': T(
    'Brandskydd och säkerhet som varnar i tid och släcker en början till brand.',
    'ABS-plast',
    ['CE-märkt enligt EN 14604'],
    [0.1, 10],
    'alarm',
  ),
  // Mark & trädgård
  'mark-och-tradgard/markbelaggning': T(
    'Marksten och plattor för uppfarter, gångar och uteplatser.',
    'Betong',
    ['CE-märkt enligt EN 1338'],
    [2, 30],
    'paver',
  ),
  'mark-och-tradgard/grus-sand-och-jord': T(
    'Grus, sand och jord för grundläggning av marksten, plantering och fogning.',
    'Krossat berg',
    [],
    [15, 25],
    'sack',
  ),
  'mark-och-tradgard/staket-och-grindar': T(
    'Staket och grindar som ramar in tomten och ger insynsskydd.',
    'Tryckimpregnerad furu',
    ['NTR-certifierad impregnering'],
    [5, 30],
    'fence',
  ),
  'mark-och-tradgard/markduk-och-dranering': T(
    'Markduk och dränering som skiljer materiallager åt och leder bort vatten.',
    'Polypropen (PP)',
    ['CE-märkt enligt EN 13249'],
    [1, 15],
    'roll',
  ),
  'mark-och-tradgard/tradgardsredskap': T(
    'Trädgårdsredskap för grävning, krattning och beskärning.',
    'Härdat stål med skaft av trä',
    [],
    [0.3, 18],
    'shovel',
  ),
  'mark-och-tradgard/vattning': T(
    'Vattning med slang, munstycken och spridare för trädgård och odling.',
    'PVC',
    [],
    [0.2, 5],
    'hose',
  ),
  'mark-och-tradgard/snorojning': T(
    'Snöröjning med skyfflar, skjutor och halkbekämpning.',
    'Aluminium och plast',
    [],
    [0.8, 20],
    'shovel',
  ),
  // Arbetskläder & skydd
  'arbetsklader-och-skydd/arbetsbyxor': T(
    'Arbetsbyxor med förstärkta knän och fickor för verktyg.',
    'Bomull och polyester',
    ['Provad enligt EN ISO 13688'],
    [0.6, 1.2],
    'trousers',
  ),
  'arbetsklader-och-skydd/arbetsjackor-och-trojor': T(
    'Arbetsjackor och tröjor för arbete inne och ute i alla väder.',
    'Polyester och bomull',
    ['Provad enligt EN ISO 13688'],
    [0.4, 1.5],
    'jacket',
  ),
  'arbetsklader-och-skydd/skyddsskor': T(
    'Skyddsskor med tåhätta och spiktrampskydd för bygget.',
    'Läder och gummi',
    ['Provad enligt EN ISO 20345'],
    [1.2, 2],
    'boot',
  ),
  'arbetsklader-och-skydd/personlig-skyddsutrustning': T(
    'Personlig skyddsutrustning för hörsel, syn, andning och händer.',
    'Polykarbonat och textil',
    ['CE-märkt enligt förordning (EU) 2016/425'],
    [0.05, 0.6],
    'helmet',
  ),
};

/** The product type of a leaf category path (its second-level category). */
export function productTypeOf(categoryPath: string): ProductType {
  const middle = categoryPath.split('/').slice(0, 2).join('/');
  const type = PRODUCT_TYPES[middle];
  if (!type) throw new Error(`No product type for ${categoryPath}`);
  return type;
}

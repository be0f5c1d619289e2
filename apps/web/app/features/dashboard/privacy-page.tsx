import { CmsBlocks } from '~/components/cms-blocks/cms-blocks.tsx';
import type { CmsBlockData } from '~/components/cms-blocks/block-data.ts';
import './dashboard.css';

/** The privacy policy as the CMS keeps it (its page at /integritetspolicy). */
export type PrivacyContent = {
  title: string;
  description: string | null;
  blocks: readonly unknown[];
  blockData: CmsBlockData;
};

/**
 * The text shown when the CMS has no privacy page or does not answer: what the trade area
 * keeps about a company's users and why (GDPR articles 6 and 15–21; the Swedish bookkeeping
 * act's seven years for invoices).
 */
const DEFAULT_SECTIONS: { heading: string; text: string }[] = [
  {
    heading: 'Vilka uppgifter vi sparar',
    text: 'För varje användare i proffsområdet sparar vi namn, e-postadress, telefonnummer, vilket företag användaren hör till, roll, rättigheter och region. Vi sparar också vad användaren gör i proffsområdet: projekt, offerter, ordrar, meddelanden och när användaren senast loggade in.',
  },
  {
    heading: 'Varför vi sparar dem',
    text: 'Uppgifterna behövs för att företaget ska kunna handla på konto hos butiken: för att ta emot och leverera ordrar, fakturera, ge rätt nettopriser och låta företagets administratör styra vad varje användare får göra. Den rättsliga grunden är avtalet med företaget och vårt berättigade intresse av att hålla kontot säkert.',
  },
  {
    heading: 'Hur länge vi sparar dem',
    text: 'Fakturor och ordrar sparas i sju år enligt bokföringslagen. Uppgifter om en användare tas bort när företagets administratör tar bort användaren, utom det som bokföringen kräver.',
  },
  {
    heading: 'Vem som får se dem',
    text: 'Butiken som företaget är kund hos och företagets administratörer. Vi lämnar inte ut uppgifterna till andra än de leverantörer som behövs för att driva tjänsten, till exempel för e-post och drift, och de får bara använda dem för vår räkning.',
  },
  {
    heading: 'Dina rättigheter',
    text: 'Du har rätt att få veta vilka uppgifter vi har om dig, att få fel rättade och att få uppgifter raderade när de inte längre behövs. Kontakta butiken eller vårt dataskyddsombud. Du kan också vända dig till Integritetsskyddsmyndigheten (IMY).',
  },
];

/** Integritetspolicy in the trade area (trade-area §2): the CMS's page, or the default text. */
export function PrivacyPage({ page }: { page: PrivacyContent | null }) {
  return (
    <div className="container dashboard">
      <article className="dashboard-privacy" aria-labelledby="privacy-title">
        <header className="dashboard__header">
          <h1 id="privacy-title" className="dashboard__title">
            {page?.title ?? 'Integritetspolicy'}
          </h1>
          <p className="dashboard__lead">
            {page ? page.description : 'Så hanterar vi personuppgifter i proffsområdet.'}
          </p>
        </header>
        {page ? (
          <CmsBlocks blocks={page.blocks} data={page.blockData} />
        ) : (
          DEFAULT_SECTIONS.map((section) => (
            <section key={section.heading}>
              <h2 className="dashboard__card-title">{section.heading}</h2>
              <p>{section.text}</p>
            </section>
          ))
        )}
      </article>
    </div>
  );
}

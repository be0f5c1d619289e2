import { apiFor } from '~/lib/api.server.ts';
import type { NewsletterContent } from './newsletter-rule.ts';

/** The newsletter modal's content: the CMS node at newsletter:/modal, or null. */
export async function loadNewsletterContent(request: Request): Promise<NewsletterContent | null> {
  const reply = await apiFor(request).cmsPages({
    path: '/modal',
    namespace: 'newsletter',
    type: 'page',
  });
  const node = reply.nodes[0];
  return node
    ? {
        title: node.values.content.title,
        description: node.values.content.description,
        blocks: node.values.content.blocks,
      }
    : null;
}

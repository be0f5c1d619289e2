// The content context's public face: the content service (labels and their editing, under
// /djedi/ and api/djedi_pages/), CMS pages and blocks, and product images under /media/.
import path from 'node:path';
import { clearLocalResponseCaches } from '../../plugins/response-cache.ts';
import { defineContext, type ContextDeps } from '../define-context.ts';
import { cmsEditorRoutes } from './cms/editor-routes.ts';
import { CmsEditorTarget } from './cms/editor-target.ts';
import { CmsPageEditing } from './cms/page-editing.ts';
import { cmsPageRoutes } from './cms/page-routes.ts';
import { CmsRepository } from './cms/repository.ts';
import { cmsRoutes } from './cms/routes.ts';
export { DEFAULT_IFRAME_HOSTS } from './cms/block-sanitiser.ts';
import { CmsService } from './cms/service.ts';
import { ContentChanges } from './content-service/changes.ts';
import { ContentEditing } from './content-service/editing.ts';
import { ContentRepository } from './content-service/repository.ts';
import { contentRoutes } from './content-service/routes.ts';
import { ContentService } from './content-service/service.ts';
import { MediaRepository } from './media/repository.ts';
import { mediaRoutes } from './media/routes.ts';
import { MediaService } from './media/service.ts';

/** The content service, the CMS (with the editor overlay's calls) and product images. */
export const contentContext = defineContext(
  'content',
  async (app, deps: ContextDeps) => {
    const { db, config } = deps;
    // The editor overlay (issue 6) edits labels and, through the CMS target, menus and blocks.
    // Every publish drops cached content in this process and, via Redis when set, in the others.
    const contentChanges = new ContentChanges(deps.bus);
    const cms = new CmsRepository(db);
    const cmsService = new CmsService(
      cms,
      config.cmsIframeHosts ? { iframeHosts: config.cmsIframeHosts } : undefined,
    );
    // Rendered pages carry menus, labels and blocks: a publish drops them too (each process
    // hears the change itself, so only the local copies are cleared here).
    contentChanges.onChange(() => {
      cmsService.clearCaches();
      clearLocalResponseCaches();
    });
    const content = new ContentRepository(db);
    const editing = new ContentEditing(content, [new CmsEditorTarget(db)], (organisation, uri) =>
      contentChanges.publish({ organisation, uris: [uri] }),
    );
    await app.register(contentRoutes, { service: new ContentService(content), editing });
    await app.register(cmsEditorRoutes, { repository: cms });
    await app.register(cmsPageRoutes, {
      pages: new CmsPageEditing(db, editing, (organisation, uris) =>
        contentChanges.publish({ organisation, uris }),
      ),
    });
    await app.register(cmsRoutes, { service: cmsService });
    await app.register(mediaRoutes, {
      service: new MediaService(new MediaRepository(db), path.join(config.dataDir, 'media')),
    });
  },
  // Editing needs to know who is logged in (request.sessionUser).
  { dependencies: ['trade'] },
);

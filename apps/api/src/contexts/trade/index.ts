// The trade context's public face: the session (who is logged in, for every context) and,
// as the trade issues land, the api/proffs/{eid}/… area (see README.md).
import { CLIENT_OFFER_NOT_FOUND_MESSAGE } from '@bygg/contracts/trade/client-offers';
import type { PricingService } from '../pricing/index.ts';
import { NotFoundError } from '../../kernel/errors.ts';
import { defineContext, type ContextDeps } from '../define-context.ts';
import { registerSession } from './session/plugin.ts';
import { AuthRepository } from './session/repository.ts';
import { authRoutes } from './session/routes.ts';
import { PasswordLinks } from './session/password-links.ts';
import { AuthService } from './session/service.ts';
import { addressRoutes } from './addresses/routes.ts';
import { MessageNotices, NOTICE_SWEEP_INTERVAL_MS } from './conversations/notices.ts';
import { ConversationRepository } from './conversations/repository.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { ConversationService } from './conversations/service.ts';
import { MessageUploads } from './conversations/uploads.ts';
import { paymentRoutes } from './payments/routes.ts';
import { PaymentRepository } from './payments/repository.ts';
import { PaymentService } from './payments/service.ts';
import { staffDeskRoutes } from './staff/desk-routes.ts';
import { StaffRepository } from './staff/repository.ts';
import { staffRoutes } from './staff/routes.ts';
import { endCustomerConversationRoutes } from './conversations/end-customer-routes.ts';
import { endCustomerArea, endCustomerOf } from './end-customers/project-token.ts';
import { EndCustomerRepository } from './end-customers/repository.ts';
import { endCustomerProjectRoutes, endCustomerRoutes } from './end-customers/routes.ts';
import { EndCustomerService } from './end-customers/service.ts';
import { Sealer } from '../../lib/seal.ts';
import { StaffDeskService } from './staff/service.ts';
import { CreditRepository } from './credit/repository.ts';
import { creditRoutes } from './credit/routes.ts';
import { CreditService } from './credit/service.ts';
import { EventRepository } from './events/repository.ts';
import { eventRoutes } from './events/routes.ts';
import { EventService } from './events/service.ts';
import { orderPlacedHook, type OrderPlacedHook } from './invoices/order-placed.ts';
import { InvoiceRepository } from './invoices/repository.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { InvoiceService } from './invoices/service.ts';
import { TradePriceRepository } from './prices/repository.ts';
import { ProjectRepository } from './projects/repository.ts';
import { projectRoutes } from './projects/routes.ts';
import { ProjectService } from './projects/service.ts';
import { tradePriceRoutes } from './prices/routes.ts';
import { TradePriceService } from './prices/service.ts';
import { OrderAttachments, orderAttachmentRoutes } from './orders/attachments.ts';
import { ExportJobs } from './orders/export-jobs.ts';
import type { TradeOrderPlacer } from './quotes/order-placer.ts';
import { TradeOrderRepository } from './orders/repository.ts';
import { tradeOrderRoutes } from './orders/routes.ts';
import { TradeOrderService } from './orders/service.ts';
import { OfferRepository } from './offers/repository.ts';
import { offerRoutes } from './offers/routes.ts';
import { OfferService } from './offers/service.ts';
import { ClientOfferRepository } from './client-offers/repository.ts';
import { clientOfferRoutes } from './client-offers/routes.ts';
import { ClientOfferService } from './client-offers/service.ts';
import { QuoteRepository } from './quotes/repository.ts';
import { quoteRoutes } from './quotes/routes.ts';
import { QuoteService } from './quotes/service.ts';
import { proffsStoreArea } from './store-access/guard.ts';
import { StoreCustomerRepository } from './store-customer/repository.ts';
import { storeCustomerRoutes } from './store-customer/routes.ts';
import { StoreCustomerService } from './store-customer/service.ts';
import { CompanyUserRepository } from './users/repository.ts';
import { companyUserRoutes } from './users/routes.ts';
import { CompanyUserService } from './users/service.ts';
import { storageKeysInUse } from './uploads-in-use.ts';
import { StorageRemovals } from '../../lib/uploads/removals.ts';

export type { SessionUser } from './session/plugin.ts';
export { recordEvent, type NewTradeEvent } from './events/repository.ts';
export type { OrderPlacedHook } from './invoices/order-placed.ts';
export { addDemoProjectFiles } from './projects/demo-files.ts';
export {
  endCustomerArea,
  endCustomerOf,
  type EndCustomerAccess,
} from './end-customers/project-token.ts';
export type { PlacedTradeOrder } from './invoices/service.ts';
export type {
  PlaceItemsInput,
  PricedItem,
  PriceItemsInput,
  TradeOrderPlacer,
} from './quotes/order-placer.ts';

/**
 * The hook commerce calls in the transaction of an order placed by a trade user (events and
 * the invoice of an order paid by invoice). app.ts builds it once and hands it to commerce.
 */
export function tradeOrderHook(deps: Pick<ContextDeps, 'db' | 'clock'>): OrderPlacedHook {
  const now = () => (deps.clock ? deps.clock() : new Date());
  return orderPlacedHook(
    new InvoiceService(new InvoiceRepository(deps.db), now),
    new CreditService(new CreditRepository(deps.db)),
    new TradeOrderRepository(deps.db),
  );
}
export {
  NOT_A_MEMBER_MESSAGE,
  ownedByCompany,
  PROFFS_STORE_PREFIX,
  proffsStoreArea,
  requires,
  tradeAccess,
  type TradeAccess,
  type TradeRequirement,
  type TradeStore,
} from './store-access/guard.ts';

/**
 * Sessions and the trade area. Registered before the contexts that read
 * request.sessionUser: its session hook runs before every route of the app.
 */
export type TradeOptions = ContextDeps & {
  /** The trade user's net prices (price/) come from the one pricing service (ADR 024). */
  pricing: PricingService;
  /** The quote cart's orders are placed by commerce (its tradeOrderPlacer, issue 18). */
  orders: TradeOrderPlacer;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail notices of unread messages: a periodic task of the job runner (ADR 041); tests call sweep(). */
    messageNotices: MessageNotices;
    /** Files to delete from the upload storage (lib/uploads/removals.ts, ADR 041). */
    storageRemovals: StorageRemovals;
    /** The order-export queue (orders/export-jobs.ts). */
    tradeExports: ExportJobs;
  }
}

export const tradeContext = defineContext('trade', async (app, deps: TradeOptions) => {
  const users = new AuthRepository(deps.db);
  registerSession(app, {
    secret: deps.config.sessionSecret,
    users,
    publicUrl: deps.config.publicUrl,
  });
  const now = () => (deps.clock ? deps.clock() : new Date());
  const links = new PasswordLinks(deps.db, {
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    failures: deps.failures,
    log: app.log,
    now,
  });
  // Tests wait for the mails with app.passwordLinks.settle(); so does shutdown, before the
  // database closes.
  app.decorate('passwordLinks', links);
  app.addHook('onClose', () => links.settle());
  await app.register(authRoutes, {
    links,
    service: new AuthService(users, {
      secret: deps.config.sessionSecret,
      failures: deps.failures,
    }),
    secret: deps.config.sessionSecret,
    rateLimits: deps.rateLimits,
    publicUrl: deps.config.publicUrl,
  });
  const conversations = new ConversationRepository(deps.db);
  const conversationService = new ConversationService(conversations, now);
  // Orphan files (an interrupted upload, a deleted project's files) go by the job runner.
  const removals = new StorageRemovals(deps.db, deps.storage, {
    now,
    referenced: (keys) => storageKeysInUse(deps.db, keys),
  });
  deps.jobs.every({
    name: 'storage-removals',
    everyMs: 10 * 60_000,
    atStart: true,
    run: () => removals.removeDue(),
  });
  app.decorate('storageRemovals', removals);
  const uploads = new MessageUploads(deps.storage, conversationService, removals);
  const notices = new MessageNotices(conversations, {
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    now,
    log: app.log,
  });
  const quotes = new QuoteService(new QuoteRepository(deps.db), deps.orders, now);
  const orderRepository = new TradeOrderRepository(deps.db);
  // The export queue and its clean-up run in the API's job runner (lib/jobs, ADR 041).
  const exportJobs = new ExportJobs(deps.db, orderRepository, {
    mailer: deps.mailer,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: deps.config.publicUrl,
    now,
  });
  app.decorate('messageNotices', notices);
  // Due notices once the runner starts (server.ts, after the gate opens), then every minute.
  deps.jobs.every({
    name: 'message-notices',
    everyMs: NOTICE_SWEEP_INTERVAL_MS,
    atStart: true,
    run: () => notices.sweep(),
  });
  // Tests run the queue with app.tradeExports.runPending().
  app.decorate('tradeExports', exportJobs);
  const endCustomers = new EndCustomerService(
    new EndCustomerRepository(deps.db),
    new ProjectRepository(deps.db),
    {
      sealer: new Sealer('end-customer personal number seal', deps.config.sessionSecret),
      storage: deps.storage,
      mailer: deps.mailer,
      publicUrl: deps.config.publicUrl,
      now,
      log: app.log,
    },
  );
  // The end customer's calls: a project token, never a session (ADR 039).
  await app.register(
    endCustomerArea(deps.db, now, async (area) => {
      await area.register(endCustomerProjectRoutes, { service: endCustomers });
      await area.register(endCustomerConversationRoutes, { service: conversationService, uploads });
    }),
  );
  const offerRepository = new OfferRepository(deps.db);
  const offerService = new OfferService(offerRepository, {
    prices: new TradePriceService(deps.pricing, new TradePriceRepository(deps.db), now),
    quotes: new QuoteRepository(deps.db),
    orders: orderRepository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    now,
  });
  // The end customer's side of the offers: the same token, and the offer's hash (ADR 040).
  const clientOffers = new ClientOfferService(
    new ClientOfferRepository(deps.db),
    async (offerId) => {
      const row = await offerRepository.row(deps.db, offerId);
      if (!row) throw new NotFoundError(CLIENT_OFFER_NOT_FOUND_MESSAGE);
      return offerService.present(deps.db, row);
    },
    (offerIds) => offerService.totalsOf(offerIds),
    { mailer: deps.mailer, publicUrl: deps.config.publicUrl, now, log: app.log },
  );
  app.addHook('onClose', () => clientOffers.settle());
  await app.register(
    endCustomerArea(
      deps.db,
      now,
      async (area) => {
        await area.register(clientOfferRoutes, { service: clientOffers, endCustomerOf });
      },
      '/api/proffs/client-offer',
    ),
  );
  // Every store-scoped module in one area behind the guard (README.md).
  await app.register(
    proffsStoreArea(deps.db, async (area) => {
      await area.register(storeCustomerRoutes, {
        service: new StoreCustomerService(new StoreCustomerRepository(deps.db), now),
      });
      await area.register(companyUserRoutes, {
        service: new CompanyUserService(new CompanyUserRepository(deps.db), (user) =>
          links.invite(user),
        ),
      });
      await area.register(eventRoutes, { service: new EventService(new EventRepository(deps.db)) });
      await area.register(invoiceRoutes, {
        service: new InvoiceService(new InvoiceRepository(deps.db), now),
      });
      await area.register(addressRoutes, { accounts: new StoreCustomerRepository(deps.db) });
      await area.register(async (module) => {
        await uploads.parser(module);
        await module.register(conversationRoutes, { service: conversationService, uploads });
        await module.register(staffRoutes, { service: conversationService, uploads });
      });
      await area.register(creditRoutes, {
        service: new CreditService(new CreditRepository(deps.db)),
      });
      await area.register(tradePriceRoutes, {
        service: new TradePriceService(deps.pricing, new TradePriceRepository(deps.db), now),
      });
      await area.register(projectRoutes, {
        service: new ProjectService(new ProjectRepository(deps.db), deps.storage, now, removals),
      });
      await area.register(quoteRoutes, { service: quotes });
      await area.register(endCustomerRoutes, { service: endCustomers });
      const orders = new TradeOrderService(orderRepository, quotes, deps.orders);
      await area.register(tradeOrderRoutes, { service: orders, exports: exportJobs });
      await area.register(offerRoutes, {
        service: offerService,
      });
      await area.register(staffDeskRoutes, {
        service: new StaffDeskService(new StaffRepository(deps.db), orderRepository, deps.orders, {
          mailer: deps.mailer,
          publicUrl: deps.config.publicUrl,
          now,
          log: app.log,
        }),
      });
      await area.register(paymentRoutes, {
        service: new PaymentService(new PaymentRepository(deps.db), now),
      });
      await area.register(orderAttachmentRoutes, {
        attachments: new OrderAttachments(deps.db, deps.storage, orders, removals),
        storage: deps.storage,
      });
    }),
  );
});

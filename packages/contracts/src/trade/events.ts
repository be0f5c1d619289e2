import { z } from 'zod';
import { PageQuerySchema } from './common.ts';

/**
 * Events ("händelser", trade-area spec §7 "Notifications"): GET notification/ (newest first,
 * paginated, with the unseen count for the badge) and PUT notification/{id}/mark_as_seen/.
 */

export const EVENT_TYPES = [
  'order_placed',
  'invoice_issued',
  'quote_answered',
  'offer_approved',
  /** The end customer declined an offer by its link (issue 19). */
  'offer_declined',
  'message_received',
  /** A user was given access to a project (issue 18). */
  'project_access',
  /** An offer to an end customer was sent (issue 19). */
  'offer_sent',
  /** The store sent the company a quote (issue 20). */
  'quote_received',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: EventTypeSchema,
  title: z.string(),
  text: z.string(),
  /** What the event is about, for a link: e.g. { kind: 'invoice', id: '700012' }. */
  target: z.object({ kind: z.string(), id: z.string() }).nullable(),
  created_at: z.string(),
  is_seen: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = PageQuerySchema;

export const NotificationPageSchema = z.object({
  count: z.number().int().nonnegative(),
  /** Events of this page and the others not yet seen by the user: the badge. */
  unseen_count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(NotificationSchema),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationIdParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const EVENT_NOT_FOUND_MESSAGE = 'Händelsen finns inte';

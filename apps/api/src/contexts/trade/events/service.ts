import {
  EVENT_NOT_FOUND_MESSAGE,
  type Notification,
  type NotificationPage,
} from '@bygg/contracts/trade/events';
import { NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { EventReader, EventRepository, EventRow } from './repository.ts';

function reader(access: TradeAccess): EventReader {
  return {
    userId: access.user.id,
    companyId: companyOf(access),
    storeId: access.store.id,
    rights: access.account.rights,
  };
}

function toNotification(row: EventRow): Notification {
  return {
    id: row.id,
    type: row.type as Notification['type'],
    title: row.title,
    text: row.text,
    target: row.targetKind && row.targetId ? { kind: row.targetKind, id: row.targetId } : null,
    created_at: row.createdAt.toISOString(),
    is_seen: row.isSeen,
  };
}

/** notification/ (newest first, with the badge's unseen count) and mark_as_seen/. */
export class EventService {
  constructor(private readonly repository: EventRepository) {}

  async list(
    access: TradeAccess,
    query: { page: number; page_size: number },
    url: string,
  ): Promise<NotificationPage> {
    const { rows, count, unseen } = await this.repository.page(
      reader(access),
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      count,
      unseen_count: unseen,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map(toNotification),
    };
  }

  async markSeen(access: TradeAccess, id: number): Promise<void> {
    if (!(await this.repository.markSeen(reader(access), id))) {
      throw new NotFoundError(EVENT_NOT_FOUND_MESSAGE);
    }
  }
}

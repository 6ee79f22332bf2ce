import type {
  MailPage,
  MailUnread,
} from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

export const MAIL_PAGE_SIZE = 20;

/** Keys carry the session token: another session never sees this one's mail. */
export const mailKeys = {
  all: ['mail'] as const,
  unread: (token: string | null) => ['mail', token, 'unread'] as const,
  list: (token: string | null) => ['mail', token, 'list'] as const,
};

function useToken(): string | null {
  return useSessionStore((state) => state.token);
}

/** The unread count (the badge on 我的 and its mail tile); 0 for visitors. */
export function useUnreadMail(): number {
  const token = useToken();
  const q = useQuery({
    queryKey: mailKeys.unread(token),
    queryFn: () => api.call('mailUnread'),
    enabled: token !== null,
    staleTime: 60_000,
  });
  return token === null ? 0 : (q.data?.unread ?? 0);
}

export function useMailList() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: mailKeys.list(token),
    queryFn: ({ pageParam }) =>
      api.call('mailList', { query: { page: pageParam, pageSize: MAIL_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}

/** Every answer of a mail action carries the new unread count: the badge takes it at once. */
function setUnread(client: QueryClient, token: string | null, answer: MailUnread) {
  client.setQueryData(mailKeys.unread(token), answer);
}

/** Marks mails read (or deleted) in the cached list, so the list does not flash on refetch. */
function patchList(
  client: QueryClient,
  token: string | null,
  change: (m: MailPage['list'][number]) => MailPage['list'][number] | null,
) {
  client.setQueryData<InfiniteData<MailPage>>(mailKeys.list(token), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            list: p.list.flatMap((m) => {
              const next = change(m);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

export function useMailActions() {
  const client = useQueryClient();
  const token = useToken();
  const read = useMutation({
    mutationFn: (mailId: number) => api.call('mailRead', { params: { mailId }, body: {} }),
    onSuccess: (answer, mailId) => {
      setUnread(client, token, answer);
      patchList(client, token, (m) => (m.id === mailId ? { ...m, read: true } : m));
    },
  });
  const remove = useMutation({
    mutationFn: (mailId: number) => api.call('mailDelete', { params: { mailId }, body: {} }),
    onSuccess: (answer, mailId) => {
      setUnread(client, token, answer);
      patchList(client, token, (m) => (m.id === mailId ? null : m));
    },
  });
  const readAll = useMutation({
    mutationFn: () => api.call('mailReadAll', { body: {} }),
    onSuccess: (answer) => {
      setUnread(client, token, answer);
      patchList(client, token, (m) => ({ ...m, read: true }));
    },
  });
  return { read, remove, readAll };
}

/**
 * New mail announced over the socket (10018): the badge goes up by one at once (a new mail is
 * unread by definition), and an open list is refetched to show it.
 */
export function applyMailNotice(client: QueryClient, token: string | null): void {
  const key = mailKeys.unread(token);
  const current = client.getQueryData<MailUnread>(key);
  if (current) client.setQueryData<MailUnread>(key, { unread: current.unread + 1 });
  else void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: mailKeys.list(token) });
}

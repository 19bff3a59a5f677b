/**
 * Company membership seats (issue 30 item 6): the seats the caller bought and the one they hold, and the
 * owner's changes (invite by phone, remove, reassign). Every write answers the whole list again,
 * which replaces the cached one; the server's refusals (seats full, a colleague seated elsewhere)
 * come back as code 1 with their reason, shown by the screen.
 */
import type { MySeats, SeatInviteBody, SeatReassignBody } from '@steelport/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get, post, request } from './client.ts';

/** Query keys; the viewer is part of each, so another login never sees the last one's seats. */
export const seatKeys = {
  all: ['seats'] as const,
  mine: (viewer: Viewer) => [...seatKeys.all, 'mine', viewer] as const,
};

/** GET /api/web/seats. */
export function fetchMySeats(): Promise<MySeats> {
  return get<MySeats>('/api/web/seats');
}

/** The caller's seats; idle for a visitor. */
export function useMySeats() {
  const viewer = useViewer();
  return useQuery({
    queryKey: seatKeys.mine(viewer),
    queryFn: fetchMySeats,
    enabled: viewer !== 'visitor',
    staleTime: 15_000,
    retry: false,
  });
}

/** One change of the owner's seats; its answer replaces the cached list. */
function useSeatChange<A>(run: (args: A) => Promise<MySeats>) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (seats) => queryClient.setQueryData(seatKeys.mine(viewer), seats),
  });
}

/** POST /api/web/seats/invite (silent: the form shows the server's reason). */
export function useInviteSeat() {
  return useSeatChange((body: SeatInviteBody) =>
    post<MySeats>('/api/web/seats/invite', body, { silent: true }),
  );
}

/** DELETE /api/web/seats/{id}. */
export function useRemoveSeat() {
  return useSeatChange((id: number) =>
    request<MySeats>({ method: 'DELETE', url: `/api/web/seats/${id}`, silent: true }),
  );
}

/** POST /api/web/seats/{id}/reassign. */
export function useReassignSeat() {
  return useSeatChange(({ id, ...body }: SeatReassignBody & { id: number }) =>
    post<MySeats>(`/api/web/seats/${id}/reassign`, body, { silent: true }),
  );
}

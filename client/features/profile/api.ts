import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profilePaths, profileSchema, type ProfileUpdate } from '#contracts/profile.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { browserTimeZone, todayIn } from '#contracts/local-date.ts';

/** Clients that already sent the browser's zone: one request, however many screens ask. */
const zoneSent = new WeakSet<object>();

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiRequest(profileSchema, profilePaths.profile.href(), { signal }),
  staleTime: 5 * 60_000,
});

/**
 * The user's zone and today's date in it. The first time a profile is read unsaved, the browser's
 * zone is saved to it, so the server's days (the top three, the streak) are the user's days.
 */
export function useUserDay(): { timeZone: string; today: string } {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...profileQuery, meta: { silentError: true } });
  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (update: ProfileUpdate) =>
      apiRequest(profileSchema, profilePaths.profile.href(), { method: 'PUT', body: update }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // Today's lists were computed in the old zone.
      return queryClient.invalidateQueries({
        predicate: (query) => ['tasks', 'dashboard'].includes(String(query.queryKey[0])),
      });
    },
  });
  const { mutate } = save;
  useEffect(() => {
    if (!data || data.saved || zoneSent.has(queryClient)) return;
    zoneSent.add(queryClient);
    mutate({ timeZone: browserTimeZone() });
  }, [data, mutate, queryClient]);
  const timeZone = data?.saved ? data.timeZone : browserTimeZone();
  return { timeZone, today: todayIn(timeZone, new Date(), data?.dayStartHour ?? 0) };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountPaths,
  accountSessionDeletedSchema,
  accountSessionsResponseSchema,
  type AccountSession,
} from '#contracts/account.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const sessionsKey = ['account', 'sessions'] as const;

export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      apiRequest(accountSessionsResponseSchema, accountPaths.sessions.href(), { signal }).then(
        (body) => body.sessions,
      ),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(accountSessionDeletedSchema, accountPaths.session.href({ id }), {
        method: 'DELETE',
      }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AccountSession[]>(sessionsKey, (sessions) =>
        sessions?.filter((session) => session.id !== id),
      );
    },
  });
}

/** After "sign out other devices", only this session is left. */
export function useForgetOtherSessions() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData<AccountSession[]>(sessionsKey, (sessions) =>
      sessions?.filter((session) => session.current),
    );
    void queryClient.invalidateQueries({ queryKey: sessionsKey });
  };
}

/** "Firefox on Linux" from a user agent; good enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux|X11/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
